// The performance rules' boundaries: what is a per-element cost worth reporting, and what is
// sequential or bounded on purpose.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../server/src/engine/review/javascript/analyser';

function performanceRules(code: string): string[] {
  return reviewJavaScript(code, 'typescript', { checkTypes: ['performance'] }).map(
    (f) => `${f.rule}:${f.line}`,
  );
}

describe('review performance rules', () => {
  it('reports each await in a loop over independent items', () => {
    const code =
      'export async function f(ids: string[]) {\n  for (const id of ids) {\n    await load(id);\n    await save(id);\n  }\n}\n';
    assert.deepEqual(performanceRules(code), ['codewright/await-in-loop:3', 'codewright/await-in-loop:4']);
  });

  it('leaves loops that are sequential on purpose', () => {
    const code = [
      'export async function f(stream: AsyncIterable<string>, jobs: string[], client: { next(c?: string): Promise<{ c?: string }> }) {',
      '  for await (const chunk of stream) await handle(chunk);',
      '  for (const job of jobs) { await run(job); await sleep(100); }',
      '  let cursor: string | undefined;',
      '  for (let i = 0; i < 10; i++) { cursor = (await client.next(cursor)).c; }',
      '  for (const job of jobs) { if (await failed(job)) break; }',
      '}',
    ].join('\n');
    assert.deepEqual(performanceRules(code), []);
  });

  it('reports membership scans of growing arrays, not of small constant lists or strings', () => {
    const code = [
      'export function f(orders: { id: string }[], paid: string[], text: string) {',
      "  const FLAGS = ['a', 'b'];",
      '  const seen: string[] = [];',
      '  for (const o of orders) {',
      '    if (paid.includes(o.id)) count++;',
      '    if (FLAGS.includes(o.id)) count++;',
      '    if (text.includes(o.id)) count++;',
      '    if (seen.indexOf(o.id) < 0) seen.push(o.id);',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(performanceRules(code), [
      'codewright/quadratic-membership:5',
      'codewright/quadratic-membership:8',
    ]);
  });

  it('reports Promise.all over input-sized arrays but not over batches or limited tasks', () => {
    const code = [
      'export async function f(urls: string[], limit: (fn: () => Promise<unknown>) => Promise<unknown>) {',
      '  await Promise.all(urls.map((u) => fetch(u)));',
      '  for (let i = 0; i < urls.length; i += 10) {',
      '    const batch = urls.slice(i, i + 10);',
      '    await Promise.all(batch.map((u) => fetch(u)));',
      '  }',
      '  await Promise.all(urls.map((u) => limit(() => fetch(u))));',
      '  await Promise.all([fetch(urls[0]), fetch(urls[1])]);',
      '}',
    ].join('\n');
    assert.deepEqual(performanceRules(code), ['codewright/unbounded-promise-all:2']);
  });

  it('reports loop-invariant regexes and closures, not ones that use the loop variable', () => {
    const code = [
      'export function f(lines: string[], word: string) {',
      '  for (const line of lines) {',
      "    const fixed = new RegExp('^ERROR');",
      '    const perLine = new RegExp(line);',
      '    const trim = (s: string) => s.trim();',
      '    const tag = () => `${line}!`;',
      '    use(fixed, perLine, trim, tag, word);',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(performanceRules(code), ['codewright/regex-in-loop:3', 'codewright/closure-in-loop:5']);
  });
});
