// A running gcd: `g = gcd(g, x)` on each pass of a loop (`for x in nums: g = gcd(g, x)`, the gcd
// of every prefix or of every subarray starting at `i`), with `gcd` a function of the file that
// takes Euclid's remainder steps. One call `gcd(a, b)` takes O(1 + log(min(a, b) / gcd(a, b)))
// steps (Lamé), and its result replaces `g`: with min(g, x) ≤ g, a call costs O(1 + log(g / g'))
// for the new value g'. `g` only ever shrinks to a divisor of itself, so over all the passes of
// the loop these logs telescope to log of its first non-zero value — O(passes + log M), not
// O(passes · log M). Read per pass: O(1), plus log M once per run of the loop.
import type { Flow, Unit } from '../model';
import { type Cost, add, multiply } from './cost';
import { writesOf } from '../extract/loopSteps';
import { escape } from '../extract/boundText';
import { blockEnd, statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

/** True when `callee` costs only its own Euclid's steps: logarithmic terms whose basis is a remainder step. */
function euclidOnly(est: Estimator, callee: Unit): boolean {
  if (callee.params.length !== 2) return false;
  const { cost } = est.of(callee);
  return (
    !cost.unknown.length &&
    // (its own remainder steps: an `lcm` calling `gcd` grows its value instead of shrinking it)
    cost.terms.some((t) => /\bEuclid\b/.test(t.why[0] ?? '')) &&
    cost.terms.every((t) => !t.exponential && Object.values(t.powers).every((p) => p === 0))
  );
}

/** Whole-loop passes `iterations` as one term of sizes only, inverted (1 / passes), or undefined. */
function perPassShare(iterations: Cost | undefined): Cost | undefined {
  const term =
    iterations?.unknown.length === 0 && iterations.terms.length === 1 ? iterations.terms[0] : undefined;
  if (!term || term.exponential || Object.values(term.logs).some((l) => l !== 0)) return undefined;
  const powers = Object.fromEntries(Object.entries(term.powers).map(([k, p]) => [k, -p]));
  return { terms: [{ powers, logs: {}, why: [] }], unknown: [] };
}

/**
 * The cost per pass of `call` when it is a running gcd (see above): `acc = gcd(acc, x)` (either
 * argument order) directly in the innermost loop, `acc` written nowhere else in that loop, and the
 * callee a function of the file that only takes Euclid's steps. `euclid` is the callee's cost in
 * the caller's sizes (log M); it is shared out over the loop's passes.
 */
export function runningGcdCost(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  callee: Unit,
  euclid: Cost,
  walk: Walk,
): Cost | undefined {
  const loopLine = walk.loopLines.at(-1);
  if (loopLine === undefined || call.args.length !== 2 || !euclidOnly(est, callee)) return undefined;
  const statements = statementsIn(est.facts, walk.unit);
  const at = statements.find(
    (s) =>
      s.line === call.line && s.kind === 'assignment' && /^[A-Za-z_$][\w$]*$/.test(s.target?.trim() ?? ''),
  );
  const acc = at?.target?.trim();
  if (!at || !acc || !call.args.some((a) => a.trim() === acc)) return undefined;
  // The assignment's whole value is the call: `g = gcd(g, x)` (not `g = gcd(g, x) * 2`).
  const value = (at.value ?? '').trim().replace(/;$/, '');
  if (!new RegExp(`^(?:[\\w$]+(?:\\.|::|->))?${escape(callee.name)}\\s*\\(.*\\)$`).test(value))
    return undefined;
  const header = statements.find((s) => s.kind === 'loop' && s.line === loopLine);
  if (!header) return undefined;
  const end = blockEnd(statements, header);
  const body = statements.filter((s) => s.line > header.line && s.line <= end);
  // The only write of `acc` in the loop (its header included) is the running gcd itself.
  const written = body.filter(
    (s) =>
      ((s.kind === 'assignment' || s.kind === 'declaration') &&
        (s.target ?? '').split(',').some((t) => t.trim() === acc)) ||
      writesOf(acc, s.code) > 0,
  );
  if (written.length !== 1 || written[0] !== at || writesOf(acc, header.code) > 0) return undefined;
  const share = perPassShare(walk.iterations.at(-1));
  if (!share) return undefined;
  const why = `\`${acc}\` is replaced by \`${callee.name}(${call.args.join(', ')})\` on each pass (line ${call.line}): a running gcd only shrinks to a divisor of itself, so Euclid's steps over all passes of the loop at line ${loopLine} add up to one pass each plus log of the first value`;
  return add(
    { terms: [{ powers: {}, logs: {}, why: [why] }], unknown: [] },
    multiply(share, {
      terms: euclid.terms.map((t) => ({ ...t, why: [why, ...t.why] })),
      unknown: euclid.unknown,
    }),
  );
}
