// Recognises a function's recursive calls and how they shrink the input, from the call sites.
import type { CallFlow, Flow, Unit } from '../model';
import { escape } from '../extract/boundText';

const SELF_RECEIVERS = /^(this|self|Self|\$this|static|cls)$/;
const HALVING_ARG =
  /(\/\s*2\b|\/\/\s*2\b|>>>?\s*1\b|\bmid\b|\bmiddle\b|\bhalf\b|\bpivot\b|:\s*mid\]|\[\s*mid\s*:|\bleft\b|\bright\b|\.Left\b|\.Right\b)/;

export function isSelfCall(call: CallFlow, unit: Unit): boolean {
  if (call.name !== unit.name || unit.name === '<anonymous>') return false;
  // `std::min` inside a method `min`, `Math.max` inside `max`: a library function of the same name.
  if (/::/.test(call.callee) && !/^(Self|self|static|this)::/.test(call.callee)) return false;
  if (!sameArity(call, unit)) return false;
  return (
    call.receiver === undefined ||
    SELF_RECEIVERS.test(call.receiver) ||
    /^(Self|self)::/.test(call.callee) ||
    // Go: `t.modify(u<<1, x, v)` inside `func (t *segmentTree) modify(u, x, v int)`.
    (unit.receiverName !== undefined && call.receiver === unit.receiverName)
  );
}

/** The recursive calls of `unit` in `flows`: through loops, branches and callbacks. */
export function selfCallsOf(flows: Flow[], unit: Unit, out: CallFlow[] = []): CallFlow[] {
  for (const flow of flows) {
    if (flow.kind === 'call') {
      if (isSelfCall(flow, unit)) out.push(flow);
      flow.callbacks.forEach((c) => selfCallsOf(c, unit, out));
    } else if (flow.kind === 'loop') selfCallsOf(flow.body, unit, out);
    else if (flow.kind === 'branch') flow.arms.forEach((arm) => selfCallsOf(arm, unit, out));
  }
  return out;
}

/**
 * A call with more arguments than the function takes, or fewer than it requires, is another
 * overload or a library function of the same name (`max(a, b)` inside a one-argument `max`).
 * Rest/variadic parameters accept any number.
 */
function sameArity(call: CallFlow, unit: Unit): boolean {
  const params = unit.params.filter((p) => !/^(self|this|cls|&?self|&mut self)$/.test(p.trim()));
  if (params.some((p) => /^\s*(\*|\.\.\.|&\s*rest)|\.\.\./.test(p))) return true;
  if (call.args.some((a) => /^\s*(\*|\.\.\.)/.test(a))) return true;
  const required = params.filter((p) => !/=|\?\s*:|^\s*\w+\?$/.test(p)).length;
  return call.args.length <= params.length && call.args.length >= required;
}

export interface RecursionShape {
  /** Every recursive call passes the parameters themselves, reordered (`f(b, a)`): runs once more, no recursion depth. */
  redispatch: boolean;
  /** Most recursive calls one invocation can make (branches count their largest arm). */
  callsPerInvocation: number;
  /** A recursive call sits inside a loop: the number of calls multiplies per level. */
  insideLoop: boolean;
  /** Every recursive call passes a halved range (`mid`, `n / 2`) or a subtree (`node.left`). */
  halving: boolean;
  /** The halves are a tree node's subtrees rather than computed midpoints. */
  subtrees: boolean;
  /** The calls pass a midpoint of a range (`mid`, a variable assigned one), not `n / 2` of a number. */
  midpoint: boolean;
  /**
   * Some call passes a parameter stepped by an amount (`n - 1`, `i + 1`, `xs[1:]`, `s.substr(1)`,
   * `node.next`): the sub-problems visibly shrink, so the recursion depth grows with the input.
   */
  constantStep: boolean;
  /** The parameter whose size drives the recursion. */
  key: string;
  /**
   * Parameters some recursive call passes a new value that is not a literal (`i + 1`, `j - 1`,
   * `nums[i]`): the memoized states range over their product. A parameter only passed through or
   * reset to literals (`k` in `f(i + 1, j, 0)`) takes a fixed number of values.
   */
  varying: string[];
  /**
   * Every call passes a remainder of two parameters (`gcd(b, a % b)`): Euclid's step, the arguments
   * at least halve every two calls, so the depth is logarithmic in their values.
   */
  remainder: boolean;
  /**
   * Every argument a call changes is a parameter moved by a literal (`i + 1`, `n - 1`, `k - 2`) or
   * a literal: each call's input is measurably "slightly smaller". False when a call passes
   * computed sizes (`k - i`, `n - k - 1`) or values built in the body: parts of a split.
   */
  constantSteps: boolean;
  /**
   * A varying parameter receives a value not computed from itself (`f(i + 1, j)` inside
   * `for j in …`, `f(i + 1, nums[i])`): its range is a range of values the text does not bound.
   */
  valueParams: boolean;
  /** A call passes a bit set built with bit operators (`mask | 1 << j`): 2^k states, not a size. */
  bitState: boolean;
  /** A call passes a child index of an implicit binary tree (`u << 1`, `2 * u + 1`): a heap-ordered tree. */
  doubling: boolean;
  lines: number[];
}

function endsInReturn(flows: Flow[]): boolean {
  return flows.at(-1)?.kind === 'return';
}

/**
 * The most recursive calls one pass through `flows` can make. A branch arm that returns makes the
 * rest of the block its alternative (`if (x) return f(a); return f(b);` makes one call, not two).
 */
function count(
  flows: Flow[],
  unit: Unit,
  inLoop: boolean,
  found: { calls: CallFlow[]; inLoop: boolean },
): number {
  let total = 0;
  for (let i = 0; i < flows.length; i++) {
    const flow = flows[i]!;
    if (flow.kind === 'loop') total += count(flow.body, unit, true, found) > 0 ? 1 : 0;
    else if (flow.kind === 'branch') {
      const arms = flow.arms.map((arm) => ({
        calls: count(arm, unit, inLoop, found),
        returns: endsInReturn(arm),
      }));
      if (arms.some((arm) => arm.returns)) {
        const rest = count(flows.slice(i + 1), unit, inLoop, found);
        const falling = Math.max(0, ...arms.filter((arm) => !arm.returns).map((arm) => arm.calls));
        const returning = Math.max(0, ...arms.filter((arm) => arm.returns).map((arm) => arm.calls));
        // When no arm falls through (if/else both return), the rest is unreachable.
        const fallsThrough = arms.some((arm) => !arm.returns) || arms.length < 2;
        return total + Math.max(returning, fallsThrough ? falling + rest : falling);
      }
      total += Math.max(0, ...arms.map((arm) => arm.calls));
    } else if (flow.kind === 'call') {
      if (isSelfCall(flow, unit)) {
        found.calls.push(flow);
        if (inLoop) found.inLoop = true;
        total++;
      }
      for (const callback of flow.callbacks) total += count(callback, unit, true, found) > 0 ? 1 : 0;
    } else if (flow.kind === 'return') return total;
  }
  return total;
}

export function recursionShape(
  unit: Unit,
  halved: Set<string> = new Set(),
  reassigned: Set<string> = new Set(),
): RecursionShape | undefined {
  const found = { calls: [] as CallFlow[], inLoop: false };
  const callsPerInvocation = count(unit.body, unit, false, found);
  if (found.calls.length === 0) return undefined;
  // Parameters lose a leading `$` below, so the arguments do too: PHP's `$this->dfs($l + 1, $r)`
  // steps `l` (the patterns below match names after a non-name character, which `$` is not).
  found.calls = found.calls.map((call) => ({
    ...call,
    args: call.args.map((arg) => arg.replace(/(?<![\w$])\$(?=[A-Za-z_])/g, '')),
  }));
  const params = unit.params.map((p) =>
    p
      .replace(/^[.*&$]+/, '')
      .replace(/[:=].*$/, '')
      .trim(),
  );
  const paramNames = new Set(params.map((p) => /([\w$]+)\s*$/.exec(p)?.[1] ?? p));
  // A parameter passed on unchanged (`go(i + 1, left)` in `go(i, left)`) is not a half of anything,
  // whatever its name.
  const halves = (arg: string) =>
    (HALVING_ARG.test(arg) && !paramNames.has(arg.trim())) ||
    [...halved].some((name) => new RegExp(`(^|[^\\w$.])${escape(name)}\\b`).test(arg));
  const halving = found.calls.every((call) => call.args.some(halves));
  const subtrees =
    halving &&
    found.calls.every((call) => call.args.some((arg) => /(\.|->)(left|right|Left|Right)\b/.test(arg)));
  // `if (a.size() < b.size()) return f(b, a);`: the call passes the same parameters in another
  // order — a one-time re-dispatch, not a smaller sub-problem.
  // The receiver parameter (`self`, `this`) is not an argument of `self.f(b, a)`.
  const passed = params.filter((p) => !/^(self|this|cls)$/.test(p));
  const redispatch = found.calls.every(
    (call) =>
      call.args.length === passed.length &&
      [...call.args.map((a) => a.trim())].sort().join(',') === [...passed].sort().join(',') &&
      call.args.some((a, i) => a.trim() !== passed[i]),
  );
  return {
    callsPerInvocation,
    redispatch,
    insideLoop: found.inLoop,
    halving,
    subtrees,
    midpoint:
      halving &&
      found.calls.every((call) =>
        call.args.some(
          (arg) =>
            /\bmid\b|\bmiddle\b/.test(arg) || [...halved].some((n) => new RegExp(`\\b${n}\\b`).test(arg)),
        ),
      ),
    constantStep: found.calls.some((call) => call.args.some((arg) => stepsParameter(arg, passed))),
    key: drivingParameter(params, found.calls, halving),
    varying: varyingParameters(params, found.calls, reassigned),
    constantSteps: constantSteps(params, found.calls, drivingParameter(params, found.calls, halving)),
    valueParams: valueParameters(params, found.calls),
    bitState: found.calls.some((call) =>
      call.args.some((arg) => /(?<![|&])[|^&](?![|&=])|<<|>>/.test(arg.replace(/\s+/g, ''))),
    ),
    doubling: found.calls.some((call) =>
      call.args.some((arg) =>
        /^\(?\s*(?:[\w$]+\s*<<\s*1|2\s*\*\s*[\w$]+|[\w$]+\s*\*\s*2)\s*\)?\s*(?:[|+]\s*1)?$/.test(arg.trim()),
      ),
    ),
    remainder: found.calls.every((call) =>
      call.args.some((arg) => {
        const parts = /^\(?\s*([\w$]+)\s*%\s*([\w$]+)\s*\)?$/.exec(arg.trim());
        return !!parts && params.includes(parts[1]!) && params.includes(parts[2]!);
      }),
    ),
    lines: [...new Set(found.calls.map((c) => c.line))],
  };
}

/** `n - 1`, `i + k`, `xs[1:]`, `s.slice(1)`, `head.next`: an argument made from a parameter by a step. */
function stepsParameter(arg: string, params: string[]): boolean {
  return params.some((p) => {
    const name = escape(p);
    return new RegExp(
      `(^|[^\\w$.])${name}\\s*([-+]\\s*[\\w(]|\\[\\s*-?\\d*\\s*:|\\.\\.|(\\.|->)(slice|substr|substring|subList|subSequence|next|Next|tail|rest)\\b)`,
    ).test(arg.trim());
  });
}

/** Every call passes the driving parameter's position a parameter moved by a literal, or a literal. */
function constantSteps(params: string[], calls: CallFlow[], key: string): boolean {
  const usable = params.filter((p) => !/^(self|this|cls)$/.test(p));
  const offset = params.length - usable.length;
  const at = usable.indexOf(key);
  if (at < 0) return true;
  const names = usable.map((p) => escape(p)).join('|');
  const step = new RegExp(`^(?:${names})(?:\\s*[-+]\\s*\\d+)?$`);
  return calls.every((call) => {
    const arg = call.args[at + (call.args.length > usable.length ? offset : 0)]?.trim();
    return arg === undefined || LITERAL.test(arg) || step.test(arg);
  });
}

const LITERAL = /^(-?\d+(\.\d+)?[LlUu]?|true|false|True|False|'.'|"[^"]*"|null|nil|None)$/;

/**
 * `reassigned`: parameters the body assigns before passing them on by name (`k += grid[i][j]; …
 * dfs(i + 1, j, k)`): the call passes a new value, so the parameter varies as `f(i, j, k + x)` would.
 */
function varyingParameters(
  params: string[],
  calls: CallFlow[],
  reassigned: Set<string> = new Set(),
): string[] {
  const usable = params.filter((p) => !/^(self|this|cls)$/.test(p));
  const offset = params.length - usable.length;
  return usable.filter((param, i) =>
    calls.some((call) => {
      const arg = call.args[i + (call.args.length > usable.length ? offset : 0)]?.trim();
      // `min(l + 1, 2)` caps the parameter at a literal: a fixed number of values.
      const capped = /^(?:Math\.)?min\s*\(.*,\s*\d+\s*\)$|^(?:Math\.)?min\s*\(\s*\d+\s*,/.test(arg ?? '');
      // `limit && j == up`, `!lead`: a flag takes two values.
      const flag =
        /&&|\|\||\band\b|\bor\b|\bnot\b|^!/.test(arg ?? '') ||
        // (`<<`/`>>` shift a bit set, they compare nothing: `mask | 1 << j` is a state, not a flag)
        (/[=!]=|(?<![<>])[<>](?![<>])/.test(arg ?? '') && !/[-+*/%]/.test(arg ?? ''));
      return (
        arg !== undefined &&
        (arg !== param || reassigned.has(param)) &&
        !LITERAL.test(arg) &&
        !capped &&
        !flag
      );
    }),
  );
}

function valueParameters(params: string[], calls: CallFlow[]): boolean {
  const usable = params.filter((p) => !/^(self|this|cls)$/.test(p));
  const offset = params.length - usable.length;
  const varying = new Set(varyingParameters(params, calls));
  return usable.some(
    (param, i) =>
      varying.has(param) &&
      calls.some((call) => {
        const arg = call.args[i + (call.args.length > usable.length ? offset : 0)]?.trim() ?? param;
        return !LITERAL.test(arg) && !new RegExp(`(^|[^\\w$.])${escape(param)}\\b`).test(arg);
      }),
  );
}

/**
 * The parameter whose size drives the recursion: the one a call halves itself (`n / 2`), else the
 * first one a call changes; a halving search over indexes (`lo`, `mid`) keeps its collection (first)
 * parameter.
 */
function drivingParameter(params: string[], calls: CallFlow[], halving: boolean): string {
  const usable = params.filter((p) => !/^(self|this|cls)$/.test(p));
  const offset = params.length - usable.length;
  if (usable.length === 0) return 'recursion depth';
  const first = calls[0]!;
  const argOf = (i: number) => first.args[i + (first.args.length > usable.length ? offset : 0)]?.trim();
  const halvedItself = usable.find((param, i) => {
    const arg = argOf(i);
    return (
      arg !== undefined &&
      arg !== param &&
      new RegExp(`\\b${escape(param)}\\b`).test(arg) &&
      HALVING_ARG.test(arg)
    );
  });
  if (halving && halvedItself) return halvedItself;
  const changed = usable.findIndex((param, i) => argOf(i) !== param);
  if (halving && changed > 0) return usable[0]!;
  return usable[changed >= 0 ? changed : 0]!;
}
