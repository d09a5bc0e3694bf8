import assert from 'node:assert/strict';
import { reviewDetailed } from '../../../../server/src/engine/review';
import { findSuppressions } from '../../../../server/src/engine/review/suppressions';

const ALL = ['security', 'performance', 'best_practices'] as const;

async function rulesAt(code: string, language: 'javascript' | 'python' = 'javascript') {
  const { findings } = await reviewDetailed({ code, language, check_types: [...ALL] });
  return findings.map((f) => `${f.line}:${f.rule}`);
}

const handler = (line: string) =>
  `const app = require('express')();\napp.get('/run', (req, res) => {\n${line}\n  eval(req.query.code);\n  res.send('ok');\n});\n`;

describe('review/suppressions', () => {
  it('reads next-line and same-line directives with one or several rules, or none', () => {
    const code = [
      '// codewright-disable-next-line a/b, c',
      'x();',
      'y(); // codewright-disable-line d -- reviewed by hand',
      '# codewright-disable-next-line',
      'z',
      '{/* codewright-disable-next-line e */}',
      '<div/>',
    ].join('\n');
    const found = findSuppressions(code);
    assert.deepEqual([...(found.get(2) as Set<string>)], ['a/b', 'c']);
    assert.deepEqual([...(found.get(3) as Set<string>)], ['d']);
    assert.equal(found.get(5), 'all');
    assert.deepEqual([...(found.get(7) as Set<string>)], ['e']);
  });

  it('ignores the words outside a comment', () => {
    assert.equal(findSuppressions('const codewright_disable = 1; // codewright-disable-lines x').size, 0);
    assert.equal(findSuppressions('let s = "codewright-disable-next-line";').size, 0);
  });

  it('silences the named rule on the next line and nothing else', async () => {
    assert.ok((await rulesAt(handler(''))).includes('4:codewright/code-injection'));
    const silenced = await rulesAt(handler('  // codewright-disable-next-line codewright/code-injection'));
    assert.ok(!silenced.some((r) => r.endsWith('codewright/code-injection')), silenced.join());
    const other = await rulesAt(handler('  // codewright-disable-next-line no-var'));
    assert.ok(other.includes('4:codewright/code-injection'));
  });

  it('works with Python comments through the tree-sitter rules', async () => {
    const code =
      'import os\ndef run(cmd):\n    # codewright-disable-next-line codewright/command-injection\n    os.system(cmd)\n';
    assert.ok(!(await rulesAt(code, 'python')).some((r) => r.endsWith('command-injection')));
  });

  it('never silences a syntax error', async () => {
    const rules = await rulesAt('// codewright-disable-next-line\nconst = ;\n');
    assert.ok(
      rules.some((r) => r.endsWith('syntax-error')),
      rules.join(),
    );
  });
});
