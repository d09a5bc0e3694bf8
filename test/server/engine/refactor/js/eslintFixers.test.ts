// The ESLint transform checks a batch with ESLint's own parse (at least as strict as the compiler's:
// it also refuses early errors such as a redeclared `let`), which its next round reuses.
import assert from 'node:assert/strict';
import { createEslintTransform } from '../../../../../server/src/engine/refactor/js/eslintFixers';
import { contextFor } from '../../../../../server/src/engine/refactor/js/index';
import { createVirtualFile } from '../../../../../server/src/engine/refactor/js/virtualFile';
import type { PatternName } from '../../../../../server/src/engine/refactor/patterns';

const PATTERNS = new Set<PatternName>(['const_let']);

describe('refactor/js/eslintFixers', () => {
  it('reports the parse error of the current text, including early errors the compiler parse accepts', () => {
    const transform = createEslintTransform(PATTERNS)!;
    const file = createVirtualFile('let a = 1;\nlet a = 2;\n', 'js');
    try {
      const context = contextFor(file, 'js', PATTERNS);
      assert.equal(
        file.sourceFile() &&
          (file.sourceFile() as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length,
        0,
      );
      assert.match(transform.parseError!(context) ?? '', /already been declared/);
      file.update('function f() {\n  var x = 1;\n  return x;\n}\nf();\n');
      assert.equal(transform.parseError!(context), undefined);
      assert.equal(transform.propose(context).candidates.length, 1);
    } finally {
      file.dispose();
    }
  });
});
