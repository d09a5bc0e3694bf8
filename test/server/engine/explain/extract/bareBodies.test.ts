// A statement standing without braces as the body of an `if`, `else` or loop (`if (c) x = f(x);`)
// is one of the function's statements, as it is inside a block: the size and write readings consult
// the statements, and such writes were missing from them in every C-family language. Written here.
import assert from 'node:assert/strict';
import { treeSitterFacts } from '../../../../../server/src/engine/explain/extract/treeSitterFacts';
import type { LanguageId } from '../../../../../server/src/engine/languages';

async function writes(language: string, code: string): Promise<string[]> {
  const facts = await treeSitterFacts(code, language as LanguageId);
  return facts.statements
    .filter((s) => s.kind === 'assignment')
    .map((s) => `${s.target?.trim()} = ${s.value?.trim()} @${s.depth}`);
}

describe('explain extract: bodies without braces', () => {
  it('reads the assignment of a braceless `if` in C, C++, Java and C#', async () => {
    const bodies: Record<string, string> = {
      c: 'int f(int* a, int n) { int x = 0; for (int i = 0; i < n; i++) { if (a[i] > 0) x = g(x); } return x; }',
      cpp: 'int f(vector<int>& a) { int x = 0; for (int v : a) { if (v > 0) x = g(x); } return x; }',
      java: 'class S { int f(int[] a) { int x = 0; for (int v : a) { if (v > 0) x = g(x); } return x; } }',
      csharp:
        'class S { int F(int[] a) { int x = 0; foreach (var v in a) { if (v > 0) x = G(x); } return x; } }',
    };
    for (const [language, code] of Object.entries(bodies)) {
      const found = await writes(language, code);
      assert.equal(found.length, 1, `${language}: ${found.join(', ')}`);
      assert.match(found[0]!, /^x = [gG]\(x\)/, language);
    }
  });

  it('reads an `else` arm and a loop body without braces, one level deeper than their head', async () => {
    const code = `int f(int* a, int n) {
  int s = 0, t = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  if (s > 0) { t = 1; } else t = 2;
  return s + t;
}`;
    // (the loop and the `if` sit at depth 1, their bodies at 2, braced or not)
    assert.deepEqual(await writes('c', code), ['s = a[i] @2', 't = 1 @2', 't = 2 @2']);
  });

  it('near miss: a braced body is read once, as before', async () => {
    const found = await writes(
      'java',
      'class S { int f(int[] a) { int x = 0; for (int v : a) { if (v > 0) { x = g(x); } } return x; } }',
    );
    assert.deepEqual(
      found.map((w) => w.replace(/ @.*/, '')),
      ['x = g(x)'],
    );
  });
});
