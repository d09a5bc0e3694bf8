import assert from 'node:assert/strict';
// Shared helpers for the explain tests: explain a snippet and read one function's complexity.
import { explainCode } from '../../../../server/src/engine/explain/index';
import type { ExplainOutput } from '../../../../server/src/engine/contracts/explain';

export async function explain(
  code: string,
  language: string,
  detail_level: 'brief' | 'standard' | 'detailed' = 'standard',
): Promise<ExplainOutput> {
  return explainCode({ code, language: language as never, detail_level });
}

export async function complexityOf(
  code: string,
  language: string,
  name: string,
): Promise<string | undefined> {
  const out = await explain(code, language);
  return out.details!.units.find((u) => u.name === name)?.complexity;
}

/**
 * The basis of the complexity claimed for the unit called `name`; fails the test when there is no
 * such unit, and is empty when the claim has no basis.
 */
export async function basisOf(code: string, language: string, name: string): Promise<string> {
  return (await unitOf(code, language, name)).complexity_basis ?? '';
}

/** The complexity claimed for the unit called `name` and its basis (neither when there is no unit). */
export async function claimOf(code: string, language: string, name: string): Promise<[string?, string?]> {
  const unit = (await explain(code, language)).details!.units.find((u) => u.name === name);
  return [unit?.complexity, unit?.complexity_basis];
}

/** The unit called `name` in the explanation of `code`; fails the test when there is none. */
export async function unitOf(code: string, language: string, name: string) {
  const out = await explain(code, language);
  const unit = out.details!.units.find((u) => u.name === name);
  assert.ok(unit, `no unit ${name} in ${out.details!.units.map((u) => u.name).join(', ')}`);
  return unit;
}

export async function conceptsOf(code: string, language: string): Promise<string[]> {
  return (await explain(code, language)).explanation.concepts;
}
