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

export async function conceptsOf(code: string, language: string): Promise<string[]> {
  return (await explain(code, language)).explanation.concepts;
}
