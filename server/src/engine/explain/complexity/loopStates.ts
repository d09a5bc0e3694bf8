// The states of a memoized recursion inside a loop whose calls pass a bit set or the loop's own
// value. `dfs(mask | 1 << j)` inside `for j in range(n)` ranges over the 2^n subsets of the values
// `j` takes (bit-mask DP: 2^n states, each running its loop of n); inside a loop over the ten
// digits the mask has at most 2^10 values, a constant. `dfs(i + 1, j)` (digit DP's previous digit)
// takes one of the values of `j`: a fixed count when the loop is fixed (a digit up to 9), a range
// the text does not bound otherwise — then no reading is given and the caller keeps its own.
import type { Unit } from '../model';
import { type Cost, constant, exponential, linear, multiply } from './cost';
import { loopsAroundSelfCalls } from './treeWalk';
import { argumentText } from './memoKeys';
import type { Estimator, Walk } from './walk';
import { escape } from '../extract/boundText';

function mentions(text: string, name: string): boolean {
  return new RegExp(`(^|[^\\w$.])${escape(name)}\\b`).test(text);
}

/** The names a loop binds, without types (`int j` → `j`; Go `_, j` → `j`). */
function boundNames(variable: string | undefined): string[] {
  return (variable ?? '')
    .split(',')
    .map((v) => /([A-Za-z_$][\w$]*)\s*$/.exec(v.replace(/\s*:.*$/, '').trim())?.[1] ?? '')
    .filter((v) => v && v !== '_');
}

const BIT_SET = /<<|\|\s*\(?\s*1\b|\^\s*\(?\s*1\b/;

/**
 * States × nothing: the number of distinct argument tuples the memoized calls of `unit` can pass,
 * the product over the parameters in `varying` of how many values each takes; undefined when a
 * parameter takes values the text does not bound.
 */
export function loopMemoStates(
  est: Estimator,
  unit: Unit,
  varying: string[],
  walk: Walk,
  why: string,
): Cost | undefined {
  const around = loopsAroundSelfCalls(unit.body, unit);
  if (around.length === 0) return undefined;
  const params = unit.params.map(
    (p) =>
      /([\w$]+)\s*$/.exec(
        p
          .replace(/^[.*&$]+/, '')
          .replace(/[:=].*$/, '')
          .trim(),
      )?.[1] ?? '',
  );
  const usable = params.filter((p) => !/^(self|this|cls)$/.test(p));
  const offset = params.length - usable.length;
  const factors: Cost[] = [];
  const notes: string[] = [];
  for (const param of varying) {
    const at = usable.indexOf(param);
    if (at < 0) return undefined;
    let factor: 'fixed' | 'linear' | { bits: string } | { positions: string } = 'fixed';
    for (const { loop, call } of around) {
      const written = call.args[at + (call.args.length > usable.length ? offset : 0)]?.trim();
      if (written === undefined || written === param) continue;
      // A local holding the argument (`int x = i + dirs[d]; dfs(x, …)`) is read as its value.
      const arg = argumentText(est, unit, written);
      const names = boundNames(loop.variable);
      // A loop fixed relative to a parameter (`for j := k - 1; j <= k + 1; j++`) has few values
      // per state but takes the parameter's range over all states: not a fixed set of values.
      const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === loop.line)?.code ?? '';
      const fixedLoop =
        !usable.some((p) => mentions(header, p)) &&
        (loop.bound.kind === 'constant' ||
          (loop.bound.kind === 'linear' &&
            (est.fixedSize(loop.bound.key, walk.unit) ||
              est.fixedSize(est.resolveKey(loop.bound.key, walk), walk.unit))));
      if (BIT_SET.test(arg) && mentions(arg, param)) {
        // A bit set gaining the bit of the loop's value: 2^(values of the loop).
        if (!names.some((n) => mentions(arg, n))) return undefined;
        if (fixedLoop) continue;
        if (loop.bound.kind !== 'linear') return undefined;
        factor = { bits: loop.bound.key };
      } else if (mentions(arg, param)) {
        if (factor === 'fixed' || (typeof factor === 'object' && 'positions' in factor)) factor = 'linear';
      } else {
        // A value not made from the parameter: the loop's own value is bounded by the loop — a
        // fixed set for a fixed loop, the positions up to its bound for a counter (`dfs(j + 1)`
        // inside `for j in range(i, n)` takes at most n values); an item's value is not.
        const others = (arg.match(/[A-Za-z_$][\w$]*/g) ?? []).filter(
          (n) => !names.includes(n) && !/^(true|false|True|False|None|null|nil|and|or|not)$/.test(n),
        );
        if (others.length || !names.some((n) => mentions(arg, n))) return undefined;
        if (fixedLoop) continue;
        const position = names.some((n) => new RegExp(`^${escape(n)}(?:\\s*[-+]\\s*\\d+)?$`).test(arg));
        if (!loop.counting || loop.bound.kind !== 'linear' || loop.bound.amortised || !position)
          return undefined;
        factor = typeof factor === 'object' ? factor : { positions: loop.bound.key };
      }
    }
    if (typeof factor === 'object' && 'positions' in factor) {
      factors.push(linear(est.resolveKey(factor.positions, walk), ''));
      notes.push(`\`${param}\` takes the positions of the loop over \`${factor.positions}\``);
    } else if (typeof factor === 'object') {
      const key = est.resolveKey(factor.bits, walk);
      factors.push(exponential(key, ''));
      notes.push(
        `\`${param}\` is a set of bits of the ${'`'}${factor.bits}${'`'} values the loop takes (2^n)`,
      );
    } else if (factor === 'linear') {
      factors.push(linear(est.resolveKey(param, walk), ''));
      notes.push(`\`${param}\` steps from itself`);
    } else notes.push(`\`${param}\` takes one of a fixed number of values`);
  }
  const states = factors.reduce((a, b) => multiply(a, b), constant());
  const text = `${why}; the states: ${notes.join(', ')}`;
  return { terms: states.terms.map((t) => ({ ...t, why: [text] })), unknown: states.unknown };
}
