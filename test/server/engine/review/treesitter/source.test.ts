// Parsing for review: current C# (collection expressions), `#if` inside expressions and
// initializers, a directive on the last line, and syntax errors reported where they are.
import assert from 'node:assert/strict';
import { code, review } from './reviewHelper';

async function syntaxErrors(src: string): Promise<string[]> {
  return (await review(src, 'csharp'))
    .filter((f) => f.rule === 'codewright/syntax-error')
    .map((f) => `${f.line}:${f.column} ${f.message}`);
}

describe('review: parsing C# for review', () => {
  it('accepts C# 12 collection expressions', async () => {
    const src = code`
      class A {
          private readonly List<int> xs = [];
          public List<string> Names { get; } = [];
          int[] M(int[] b) { _cache ??= []; F(a, []); return [1, 2, ..b]; }
      }
    `;
    assert.deepEqual(await syntaxErrors(src), []);
  });

  it('accepts #if inside arguments, initializers and half-open statements', async () => {
    const src = code`
      class A {
          void M(bool a) {
              var o = new JObject(
                  new JProperty("a", 1)
      #if !(NET20 || NET35)
                  , new JProperty("b", 2)
      #endif
                  );
      #if NET20
              if (a) {
      #else
              if (!a) {
      #endif
                  Run();
              }
          }
      }
    `;
    assert.deepEqual(await syntaxErrors(src), []);
  });

  it('accepts a directive on the last line without a line break', async () => {
    assert.deepEqual(
      await syntaxErrors('#pragma warning disable 618\nclass A { }\n#pragma warning restore 618'),
      [],
    );
  });

  it('reports a real error at its line, not at line 1', async () => {
    const src = code`
      using System;
      #if DEBUG
      using System.Text;
      #endif
      class A {
          void M() {
              int x = ;
          }
      }
    `;
    const errors = await syntaxErrors(src);
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /^7:/);
  });
});
