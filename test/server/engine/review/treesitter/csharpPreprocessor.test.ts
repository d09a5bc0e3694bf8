// C# conditional compilation before parsing: one branch of each #if is kept, the rest blanked at the
// same lines and columns; conditions are evaluated with only the file's own #define symbols.
import assert from 'node:assert/strict';
import {
  activeBranches,
  evaluate,
} from '../../../../../server/src/engine/review/treesitter/csharpPreprocessor';

describe('review: C# preprocessor branches', () => {
  it('evaluates conditions with undefined symbols as false', () => {
    const none = new Set<string>();
    assert.equal(evaluate('!(NET20 || NET35 || PORTABLE) || NETSTANDARD2_0', none), true);
    assert.equal(evaluate('DNXCORE50', none), false);
    assert.equal(evaluate('A && !B', new Set(['A'])), true);
    assert.equal(evaluate('(A == true) != false', new Set(['A'])), true);
    assert.equal(evaluate('A &&', none), undefined);
    assert.equal(evaluate('A + 1', none), undefined);
  });

  it('keeps the active branch and blanks the others, keeping positions', () => {
    const src = ['var x = F(a', '#if DEBUG', '    , b', '#else', '    , c', '#endif', ');', ''].join('\n');
    const out = activeBranches(src)!;
    assert.equal(out.length, src.length);
    assert.deepEqual(
      out.split('\n').map((l) => l.trim()),
      ['var x = F(a', '', '', '', ', c', '', ');', ''],
    );
  });

  it('follows #define, #elif and nesting', () => {
    const src = [
      '#define FAST',
      '#if SLOW',
      'a',
      '#elif FAST',
      'b',
      '#if INNER',
      'c',
      '#endif',
      '#else',
      'd',
      '#endif',
      '',
    ].join('\n');
    assert.deepEqual(
      activeBranches(src)!
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
      ['#define FAST', 'b'],
    );
  });

  it('gives up on unbalanced or unreadable directives, and on code without them', () => {
    assert.equal(activeBranches('#if A\nx\n'), undefined);
    assert.equal(activeBranches('x\n#endif\n'), undefined);
    assert.equal(activeBranches('#if A +\nx\n#endif\n'), undefined);
    assert.equal(activeBranches('class C {}\n'), undefined);
  });
});
