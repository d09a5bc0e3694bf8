// A loop over one block of a strided range: the outer loop jumps by a stride
// (`for (i = 0; i < n; i += 2 * k)`, `for i in (0..n).step_by(m)`) and the inner loop works only
// between the outer counter and a width no larger than the stride past it
// (`for (j = i; j < i + k; ++j)`, two pointers `l = i, r = min(i + k - 1, n - 1)` closing in,
// `for j in i..i + k`). The blocks do not overlap, so all the inner passes together visit each
// position of the range about once: O(n), not O(n·k). Read as nested loops the pair was charged
// n × the block's end (hash-divided strings, reversing every other block of k, reversing k
// subarrays in place).
import type { Flow, LoopFlow, Statement, Unit } from '../model';
import { loopAround } from './traversal';
import { escape, splitArgs } from '../extract/boundText';
import { counterOf } from '../extract/loopSteps';
import { type Cost, linear } from './cost';
import type { Estimator, Walk } from './walk';

const NAME = /^[A-Za-z_$][\w$]*$/;

export function header(est: Estimator, line: number): Statement | undefined {
  return est.facts.statements.find((s) => s.kind === 'loop' && s.line === line);
}

const squeeze = (text: string) => text.replace(/\s+/g, '');

/** Strips one pair of brackets around the whole text (`(i + k)` → `i + k`). */
function unwrap(text: string): string {
  const t = text.trim();
  if (!t.startsWith('(') || !t.endsWith(')')) return t;
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '(') depth++;
    else if (t[i] === ')') depth--;
    if (depth === 0 && i < t.length - 1) return t;
  }
  return t.slice(1, -1).trim();
}

/**
 * Names and their first values in a declaration or a loop's initialiser: `int l = i, r = f(x)`,
 * `l, r := i, min(i+k-1, n-1)`, `let mut r = i + m - 1;`, `j := i`.
 */
function initialValues(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const body = text.trim().replace(/;$/, '');
  // Go and Python tuples: names on the left, values on the right, paired in order.
  const tuple = /^([A-Za-z_$][\w$]*(?:\s*,\s*[A-Za-z_$][\w$]*)+)\s*:?=(?!=)\s*(.+)$/.exec(body);
  if (tuple) {
    const names = tuple[1]!.split(',').map((n) => n.trim());
    const values = splitArgs(tuple[2]!);
    if (names.length === values.length) names.forEach((n, i) => out.set(n, values[i]!.trim()));
    return out;
  }
  for (const part of splitArgs(body)) {
    const m = /([A-Za-z_$][\w$]*)\s*(?::\s*[\w<>&\s]+)?\s*:?=(?!=)\s*(.+)$/.exec(part);
    if (m) out.set(m[1]!, m[2]!.trim());
  }
  return out;
}

/** The outer loop's counter and the stride it jumps by (`i += 2 * k`, `(0..n).step_by(m)`). */
export function strideOf(s: Statement): { counter: string; stride: string } | undefined {
  if (s.loopKind === 'counter') {
    const update = (s.value ?? '').trim();
    const counter = counterOf(update);
    if (!counter) return undefined;
    const c = escape(counter);
    const stride =
      new RegExp(`^${c}\\s*\\+=\\s*(.+)$`).exec(update)?.[1] ??
      new RegExp(`^${c}\\s*=\\s*${c}\\s*\\+\\s*(.+)$`).exec(update)?.[1];
    return stride ? { counter, stride } : undefined;
  }
  if (s.loopKind === 'for-each' && s.item && NAME.test(s.item.trim())) {
    const stride =
      /\.step_by\((.+)\)\s*$/.exec(s.collection ?? '')?.[1] ??
      /^\s*x?range\((.+)\)\s*$/.exec(s.collection ?? '')?.[1];
    if (!stride) return undefined;
    const args = /step_by/.test(s.collection ?? '') ? [stride] : splitArgs(stride);
    if (/range/.test(s.collection ?? '') && args.length !== 3) return undefined;
    return { counter: s.item.trim(), stride: args[args.length - 1]! };
  }
  return undefined;
}

/** The width `w` of an end written `i + w`, `i + w - 1`, `min(i + w - 1, n - 1)`, `min(i + w, n) - 1` or `(i + w).min(n)`. */
function widthPast(end: string, counter: string): string | undefined {
  // (`min(i + k, n) - 1`: the last index of the block, one less than its end)
  let e = unwrap(squeeze(end).replace(/^((?:[\w$.:]*\b)?min\(.*\))-1$/, '$1'));
  const call = /^(?:[\w$.:]*\b)?min\s*\((.*)\)$/.exec(e);
  if (call) e = splitArgs(call[1]!)[0] ?? '';
  const method = /^(\(.*\))\.min\(.*\)$/.exec(e);
  if (method) e = method[1]!;
  e = squeeze(unwrap(e));
  const m = new RegExp(`^${escape(counter)}\\+(.+?)(?:-1)?$`).exec(e);
  return m?.[1];
}

/** True when a block `width` wide fits in one stride (`k` in `k`, `2 * k`, `k * 2`, `k << 1`). */
export function fitsStride(width: string, stride: string): boolean {
  const w = squeeze(width);
  const s = squeeze(unwrap(stride));
  if (/^\d+$/.test(w)) return false;
  if (w === s) return true;
  const e = escape(w);
  return new RegExp(`^(?:\\d+\\*${e}|${e}\\*\\d+|${e}<<\\d+|\\(${e}\\)\\*\\d+|\\d+\\*\\(${e}\\))$`).test(s);
}

/** Where the inner loop starts and ends, when it walks a stretch from a start to an end by one. */
function innerStretch(
  est: Estimator,
  inner: Statement,
  outerLine: number,
): { start: string; end: string } | undefined {
  const values = new Map<string, string>();
  for (const s of est.facts.statements)
    if (s.line > outerLine && s.line < inner.line && (s.kind === 'declaration' || s.kind === 'assignment'))
      for (const [k, v] of initialValues(s.code)) values.set(k, v);
  if (inner.loopKind === 'for-each') {
    const range = /^\s*(.+?)\s*\.\.=?\s*(.+)$/.exec(inner.collection ?? '');
    const py = /^\s*x?range\((.+)\)\s*$/.exec(inner.collection ?? '');
    const args = py ? splitArgs(py[1]!) : [];
    if (range && !/\.\./.test(range[2]!)) return { start: range[1]!, end: range[2]! };
    if (args.length === 2) return { start: args[0]!, end: args[1]! };
    return undefined;
  }
  // The initialiser from the header's text: the statement's `item` is cut when it is long.
  const init = /^\s*for\s*\(?([^;{]*);/.exec(inner.code)?.[1] ?? inner.item ?? '';
  if (inner.loopKind === 'counter') for (const [k, v] of initialValues(init)) values.set(k, v);
  const condition = unwrap(inner.condition ?? '');
  const cmp = /^([A-Za-z_$][\w$]*)\s*(<=?|!=)\s*(.+)$/.exec(condition);
  if (!cmp) return undefined;
  const [, left, , right] = cmp;
  // Two pointers closing in: `l < r` with both ends set before the loop.
  if (NAME.test(right!.trim()) && values.has(left!) && values.has(right!.trim()))
    return { start: values.get(left!)!, end: values.get(right!.trim())! };
  // A counter stepped up by one from its start: `for (j = i; j < i + k; ++j)`.
  const update = squeeze(inner.value ?? '');
  const byOne = new RegExp(`^(?:\\+\\+${escape(left!)}|${escape(left!)}\\+\\+|${escape(left!)}\\+=1)$`);
  if (inner.loopKind === 'counter' && byOne.test(update) && values.has(left!))
    return { start: values.get(left!)!, end: right! };
  return undefined;
}

/**
 * The total passes of `inner` over all passes of `outer` when `inner` works on one block of the
 * range `outer` jumps through (see above); undefined for any other pair of loops.
 */
export function blockTotal(est: Estimator, inner: LoopFlow, outer: LoopFlow, walk: Walk): Cost | undefined {
  if (outer.bound.kind !== 'linear' || outer.bound.amortised || outer.bound.alsoKeys?.length)
    return undefined;
  const outerHeader = header(est, outer.line);
  const innerHeader = header(est, inner.line);
  if (!outerHeader || !innerHeader) return undefined;
  const stride = strideOf(outerHeader);
  if (!stride) return undefined;
  const stretch = innerStretch(est, innerHeader, outer.line);
  if (!stretch || squeeze(unwrap(stretch.start)) !== stride.counter) return undefined;
  const width = widthPast(stretch.end, stride.counter);
  if (!width || !fitsStride(width, stride.stride)) return undefined;
  const key = est.resolveKey(outer.bound.key, walk);
  return linear(
    key,
    `the loop at line ${inner.line} works on the block from \`${stride.counter}\` to \`${squeeze(stretch.end)}\`, and the loop at line ${outer.line} jumps past it by \`${squeeze(stride.stride)}\`: together they visit each position of \`${outer.bound.key}\` about once`,
  );
}

/**
 * For a call of a function of the file inside a strided loop: the callee's parameters that receive
 * one block of the stride — the counter and an end no more than a stride past it
 * (`for i in range(0, n, l): reverse(i, i + l - 1)`) — or undefined. The blocks do not overlap, so
 * the callee's work over them adds up to one pass of the range, as an inner loop's does above.
 */
export function strideCall(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  params: string[],
  unit: Unit,
): { pair: [string, string]; stride: string } | undefined {
  const statements = est.facts.statements;
  const at = statements.find((s) => s.line === call.line && s.line > unit.line && s.line <= unit.endLine);
  const outer = at && loopAround(statements, at);
  const stride = outer && strideOf(outer);
  if (!stride) return undefined;
  const args = call.args.map((a) => squeeze(unwrap(a)));
  const a = args.indexOf(stride.counter);
  const b = args.findIndex((arg, i) => {
    const width = i !== a ? widthPast(arg, stride.counter) : undefined;
    return !!width && fitsStride(width, stride.stride);
  });
  if (a < 0 || b < 0 || !params[a] || !params[b]) return undefined;
  return { pair: [params[a]!, params[b]!], stride: squeeze(stride.stride) };
}
