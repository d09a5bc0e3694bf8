// Explanation latency (standard detail) on real JavaScript of about 1,000 and 5,000 lines — whole
// ESLint rule files concatenated from node_modules — against the plain `ts.createSourceFile`
// parse of the same text in the same run, runs interleaved. The ratio says what the analysis costs on
// top of parsing.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { explainCode } from '../server/src/engine/explain/index';
import { type BenchResult, percentile } from './harness';

const SAMPLE_MS = 6000;

/**
 * Alternates subject and baseline runs so both see the same machine load (other processes on a
 * shared machine otherwise skew a ratio measured in two separate windows).
 */
async function interleaved(
  subject: () => Promise<unknown>,
  baseline: () => unknown,
  ms: number,
): Promise<[number[], number[]]> {
  const a: number[] = [];
  const b: number[] = [];
  const end = performance.now() + ms;
  while (a.length < 5 || performance.now() < end) {
    let start = performance.now();
    await subject();
    a.push(performance.now() - start);
    start = performance.now();
    baseline();
    b.push(performance.now() - start);
  }
  return [a, b];
}

/** Whole rule files adding up to about `lines` lines, so the text is real code that parses. */
function realCode(lines: number): string {
  const rules = join(dirname(require.resolve('eslint/package.json')), 'lib', 'rules');
  const parts: string[] = [];
  let count = 0;
  for (const file of readdirSync(rules)
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    const text = readFileSync(join(rules, file), 'utf8');
    const size = text.split('\n').length;
    if (count + size > lines * 1.05) continue;
    parts.push(text);
    count += size;
    if (count >= lines * 0.95) break;
  }
  return parts.join('\n');
}

export default async function explainBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const target of [1000, 5000]) {
    const code = realCode(target);
    const lineCount = code.split('\n').length;
    await explainCode({ code, language: 'javascript', detail_level: 'standard' }); // warm up grammars and JIT
    const [subject, baseline] = await interleaved(
      () => explainCode({ code, language: 'javascript', detail_level: 'standard' }),
      () => ts.createSourceFile('bench.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS),
      SAMPLE_MS,
    );
    results.push({
      name: `explain ${lineCount}-line JS file (p50)`,
      value: percentile(subject, 50),
      unit: 'ms',
      baseline: { name: 'ts.createSourceFile (p50)', value: percentile(baseline, 50) },
      aim: 'lower is better; analysis should stay within ~10x of a plain parse',
    });
  }
  return results;
}
