// A sort of an array allocated once with a size written as a product of the input's sizes: Java
// `int[] arr = new int[n * (n + 1) / 2]; … Arrays.sort(arr);`, JS/TS `let arr = Array((n * (n +
// 1)) / 2).fill(0); … arr.sort(…)`, Go `make([]int, m*n)`. The array holds that many entries, so
// the sort costs P log P in those sizes (n² log n here) — not `m log m` in a letter of its own,
// which the reader takes for one more input. Only a size whose factors are sizes the function is
// given (parameters or names resolved to one), literals dividing or offsetting them aside, and only
// an array written nowhere else as a whole (entries may be written; the sort's own statement may
// keep its result: `arr = arr.sort(…).slice(…)`).
import type { Flow } from '../model';
import type { Cost } from './cost';
import { splitArgs } from '../extract/boundText';
import { closingParen } from './gridCells';
import { statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

/** The text inside the brackets that open at `text[0]`, or undefined when they do not close. */
function bracketed(text: string): string | undefined {
  const end = closingParen(text.slice(1));
  return end < 0 ? undefined : text.slice(1, end + 1);
}

/** The size an allocation is given: `new int[S]`, `Array(S)`/`new Array(S)` (a `.fill(…)` after it), `make([]T, S)`. */
function allocatedSize(value: string): string | undefined {
  const java = /^new\s+[\w$.]+\s*(?=\[)/.exec(value);
  if (java) return bracketed(value.slice(java[0].length));
  const js = /^(?:new\s+)?Array\s*(?=\()/.exec(value);
  if (js) return bracketed(value.slice(js[0].length));
  const go = /^make\s*\(\s*\[\][\w$.*]+\s*,\s*(.+)\)$/.exec(value);
  return go && !go[1]!.includes(',') ? go[1] : undefined;
}

/** The powers of the sizes a size expression multiplies (`n * (n + 1) / 2` → n²), or undefined. */
function productPowers(est: Estimator, size: string, walk: Walk): Record<string, number> | undefined {
  let text = size.replace(/\s+/g, '');
  for (let prev = ''; prev !== text;) {
    prev = text;
    text = text.replace(/\/\d+$/, '');
    const inner = text.startsWith('(') ? bracketed(text) : undefined;
    if (inner !== undefined && inner.length === text.length - 2) text = inner;
  }
  const factors = splitArgs(text, '*');
  if (factors.length < 2) return undefined;
  const powers: Record<string, number> = {};
  for (const factor of factors) {
    if (/^\d+$/.test(factor)) continue;
    const name = /^\(?([A-Za-z_$][\w$]*)(?:[-+]\d+)?\)?$/.exec(factor)?.[1];
    if (!name) return undefined;
    const key = est.resolveKey(name, walk);
    if (!walk.unit.params.includes(name) && key === name) return undefined;
    powers[key] = (powers[key] ?? 0) + 1;
  }
  return Object.values(powers).reduce((a, b) => a + b, 0) >= 2 ? powers : undefined;
}

/** The cost of sorting `key` when it is such an array (see above), outside every loop; else undefined. */
export function sizedSort(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  key: string,
  walk: Walk,
  target: string,
): Cost | undefined {
  if (walk.loopLines.length || !/^[A-Za-z_$][\w$]*$/.test(key)) return undefined;
  const writes = statementsIn(est.facts, walk.unit).filter(
    (s) =>
      (s.kind === 'declaration' || s.kind === 'assignment') &&
      s.line !== call.line &&
      s.target?.trim().split(/\s+/).at(-1) === key,
  );
  if (writes.length !== 1 || writes[0]!.line > call.line) return undefined;
  const size = allocatedSize((writes[0]!.value ?? '').trim().replace(/;$/, ''));
  const powers = size ? productPowers(est, size, walk) : undefined;
  if (!powers) return undefined;
  const why = `\`${target}\` sorts \`${key}\`, allocated with \`${size!.trim()}\` entries (line ${writes[0]!.line}): O(P log P) in those sizes (line ${call.line})`;
  return {
    terms: Object.keys(powers).map((k) => ({ powers: { ...powers }, logs: { [k]: 1 }, why: [why] })),
    unknown: [],
  };
}
