// The performance_impact text: each function's estimated time complexity with what it is based on,
// then the notable costs, then the limits of the estimate.
import { type UnitComplexity } from './complexity/estimate';
import { type Cost, dominantReasons, formatCost, letterKeys } from './complexity/cost';
import { totalOf } from './complexity/itemTotals';
import { signature } from './describeUnit';

const MAX_FUNCTIONS = 25;

/** "n = size of `items`" for every key that is not already a one-letter name. */
export function legend(result: UnitComplexity): string[] {
  const letters = letterKeys(result.cost);
  return [...letters.entries()]
    .filter(([key, letter]) => key !== letter)
    .map(([key, letter]) =>
      result.valueKeys.has(key)
        ? `${letter} = \`${key}\``
        : totalOf(key)
          ? `${letter} = total size of ${totalOf(key)}`
          : `${letter} = size of \`${key}\``,
    );
}

export function basis(result: UnitComplexity): string {
  if (result.cost.unknown.length) return result.cost.unknown.join('; ');
  const reasons = dominantReasons(result.cost).filter((r) => r !== 'callback per element');
  if (reasons.length === 0) return 'no loops, recursion or costly library calls';
  return reasons.join(' → ');
}

/** What the extra memory is based on: the largest allocation, growth or call stack. */
export function spaceBasis(space: Cost): string {
  if (space.unknown.length) return space.unknown.join('; ');
  const reasons = dominantReasons(space);
  return reasons.length ? reasons.join(' → ') : 'no collections allocated or grown and no recursion';
}

export function describeComplexity(result: UnitComplexity): string {
  const names = result.cost.unknown.length ? [] : legend(result);
  const space = result.space ? ` Extra space ${formatCost(result.space)} — ${spaceBasis(result.space)}.` : '';
  return `${signature(result.unit)}: ${formatCost(result.cost)} — ${basis(result)}${names.length ? ` (${names.join(', ')})` : ''}.${space}`;
}

export function buildPerformance(results: UnitComplexity[], partial: boolean): string {
  if (results.length === 0) {
    return 'No named functions to estimate; top-level code runs once. Estimates are made per function from loops, recursion and known library calls.';
  }
  const lines: string[] = [];
  lines.push(
    'Estimated time complexity per function, read from the syntax tree (loop nesting and bounds, recursion shape, known library costs):',
  );
  for (const result of results.slice(0, MAX_FUNCTIONS)) lines.push(`- ${describeComplexity(result)}`);
  if (results.length > MAX_FUNCTIONS)
    lines.push(`- ... and ${results.length - MAX_FUNCTIONS} more functions.`);
  const notes = [...new Set(results.flatMap((r) => r.notes))];
  if (notes.length) {
    lines.push('Notable costs:');
    for (const note of notes.slice(0, 12)) lines.push(`- ${note}.`);
  }
  const worst = results.filter((r) => r.cost.terms.some((t) => t.exponential) && !r.cost.unknown.length);
  if (worst.length)
    lines.push(
      `Exponential: ${worst.map((r) => `\`${r.unit.name}\``).join(', ')} will be slow for all but small inputs.`,
    );
  lines.push(
    'Limits: calls to code outside this snippet count as O(1); a while-loop bound is inferred from its condition and body; recursion is classified by how its arguments shrink; "unknown" means the code does not show the bound.' +
      (partial ? ' The code has a syntax error, so the estimate covers only what parsed.' : ''),
  );
  return lines.join('\n');
}
