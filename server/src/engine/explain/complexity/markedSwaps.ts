// Cycles of an in-place permutation walked with marks: `for i in …: while nums[i] >= 0: j = …;
// nums[i], nums[j] = nums[j], ~nums[i]`. The inner loop runs while the element it tests is
// unmarked (not negative), and every pass swaps it with another element while storing the tested
// value complemented (`~x` is negative for x ≥ 0): one more element is marked on each pass, and
// inside the outer loop the elements are only moved and marked, never unmarked. So the inner
// passes over all outer passes add up to at most the number of elements: amortised.ts shares such
// a loop out like a drained work list (the in-place counting sort and the perfect shuffle of
// kamyu104). Any other write into the array inside the outer loop, or a swap that stores anything
// but elements of the array and the tested one complemented, keeps the product.
import type { LoopFlow, Statement } from '../model';
import { escape, splitArgs } from '../extract/boundText';
import { splitConjuncts } from '../extract/loopSteps';
import type { Estimator } from './walk';

const flat = (text: string) => text.replace(/\s+/g, '');

/** The tuple's parts (`a, b` or `(a, b)` / `[a, b]`), whitespace removed. */
function parts(text: string | undefined): string[] {
  const t = (text ?? '').trim().replace(/^[([](.*)[)\]]$/s, '$1');
  return splitArgs(t).map(flat);
}

const within = (s: Statement, flow: LoopFlow) => s.line > flow.line && s.line <= (flow.endLine ?? flow.line);

/** The statements inside `outer` that write into `array`: an element (`A[i] = …`, in a tuple too) or the name. */
function writesInto(statements: Statement[], array: string, outer: LoopFlow): Statement[] {
  const intoArray = new RegExp(`^${escape(array)}\\s*\\[`);
  return statements.filter(
    (s) =>
      within(s, outer) &&
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      parts(s.target).some((t) => intoArray.test(t) || t === array),
  );
}

/**
 * True when `inner` (a `while` directly inside `outer`) runs while an element of an array is not
 * negative (`A[x] >= 0`) and each pass marks it through a swap (`A[x], A[j] = A[j], ~A[x]`), with
 * no other write into `A` inside `outer`.
 */
export function markedSwaps(est: Estimator, inner: LoopFlow, outer: LoopFlow): boolean {
  if (inner.bound.kind !== 'unknown') return false;
  const statements = est.facts.statements;
  const header = statements.find((s) => s.kind === 'loop' && s.line === inner.line);
  if (header?.loopKind !== 'while' || !header.condition) return false;
  const tested = /^([A-Za-z_$][\w$]*)\s*\[([^[\]]+)\]\s*>=\s*0$/.exec(header.condition.trim());
  if (!tested) return false;
  const array = tested[1]!;
  const element = flat(`${array}[${tested[2]!}]`);
  const intoArray = new RegExp(`^${escape(array)}\\s*\\[`);
  const writes = writesInto(statements, array, outer);
  const element2 = new RegExp(`^~?${escape(array)}\\[[^[\\]]+\\]$`);
  const marks = (s: Statement) => {
    const targets = parts(s.target);
    const values = parts(s.value);
    if (s.operator !== '=' || targets.length !== values.length || targets.length < 2) return false;
    // (every part moves an element of the array; only the tested one is stored complemented)
    if (!targets.every((t) => intoArray.test(t)) || !values.every((v) => element2.test(v))) return false;
    const complemented = values.filter((v) => v.startsWith('~'));
    return complemented.length === 1 && complemented[0] === `~${element}` && targets.includes(element);
  };
  return writes.length > 0 && writes.every((s) => within(s, inner) && marks(s));
}

/**
 * Cyclic sort: `for i in range(n): while 1 <= nums[i] <= n and nums[nums[i] - 1] != nums[i]:
 * nums[nums[i] - 1], nums[i] = nums[i], nums[nums[i] - 1]`. The inner loop runs while the home
 * slot of the tested element (`nums[nums[i] - 1]`, the element's value shifted by a fixed amount)
 * does not hold it, and every pass swaps the element into that slot. A slot that holds its own
 * value is never written again: a later swap writes a home slot only when it does not hold its
 * value, or the tested slot only when its value is away from home. So each pass settles one more
 * slot, and the inner passes over all outer passes add up to at most the number of elements. Any
 * other write into the array inside the outer loop keeps the product.
 */
export function homedSwaps(est: Estimator, inner: LoopFlow, outer: LoopFlow): boolean {
  const statements = est.facts.statements;
  const header = statements.find((s) => s.kind === 'loop' && s.line === inner.line);
  if (header?.loopKind !== 'while' || !header.condition) return false;
  let array: string | undefined;
  let tested: string | undefined;
  let home: string | undefined;
  for (const part of splitConjuncts(header.condition.replace(/\band\b/g, '&&'))) {
    const sides = /^(.+?)\s*!=\s*(.+)$/.exec(part.trim());
    if (!sides) continue;
    for (const [a, b] of [
      [sides[1]!, sides[2]!],
      [sides[2]!, sides[1]!],
    ] as const) {
      // `A[I]` against `A[H]`, H the value `A[I]` shifted by a literal or a name (one slot per value).
      const el = /^([A-Za-z_$][\w$]*)\s*\[(.+)\]$/.exec(a.trim());
      if (!el) continue;
      const [e, h, open] = [flat(a), flat(b), `${el[1]!}[${flat(a)}`];
      const shift = h.startsWith(open) && h.endsWith(']') ? h.slice(open.length, -1) : undefined;
      if (shift !== undefined && /^(?:[-+](?:\d+|[A-Za-z_$][\w$]*))?$/.test(shift))
        [array, tested, home] = [el[1]!, e, h];
    }
  }
  if (!array || !tested || !home) return false;
  const writes = writesInto(statements, array, outer);
  // The home slot may be named by a local of the pass: `j = nums[i] - 1; nums[i], nums[j] = …`.
  const slot = home.slice(array.length + 1, -1);
  const aliases = statements
    .filter((s) => within(s, inner) && s.operator === '=' && flat(s.value ?? '') === slot)
    .map((s) => `${array}[${flat(s.target ?? '')}]`);
  const swaps = (s: Statement) => {
    const targets = parts(s.target);
    const values = parts(s.value);
    if (s.operator !== '=' || targets.length !== 2 || values.length !== 2) return false;
    const other = targets.find((t) => t !== tested);
    if (!other || !targets.includes(tested!) || !(other === home || aliases.includes(other))) return false;
    return values[0] === targets[1] && values[1] === targets[0];
  };
  return writes.length > 0 && writes.every((s) => within(s, inner) && swaps(s));
}
