// An excerpt of a file (first_line > 1): every line the explanation names is a file line, the
// summary's prose included, and the line count is the excerpt's. Error-handling words follow the
// language (Python has try/except, not try/catch).
import assert from 'node:assert/strict';
import { explainCode } from '../../../../server/src/engine/explain/index';

describe('explain: excerpts and language words', () => {
  const excerpt = [
    'def load(path):',
    '    try:',
    '        return open(path).read()',
    '    except OSError:',
    '        raise ValueError(path)',
  ].join('\n');

  it('reports file lines everywhere when first_line is given', async () => {
    const out = await explainCode({
      code: excerpt,
      language: 'python',
      detail_level: 'standard',
      first_line: 40,
    });
    assert.match(out.explanation.summary, /\(5 lines\)/);
    assert.match(out.explanation.summary, /lines 40-44/);
    assert.match(out.explanation.summary, /catches errors at line 43/);
    assert.match(out.explanation.summary, /throws\/raises at line 44/);
    assert.ok(out.explanation.breakdown.every((entry) => entry.line >= 40 && entry.line <= 44));
    assert.equal(out.details!.units[0]!.line, 40);
  });

  it('says try/except for Python and try/catch for JavaScript', async () => {
    const python = await explainCode({ code: 'x = 1\n', language: 'python', detail_level: 'brief' });
    assert.match(python.explanation.summary, /no try\/except and no raise/);
    const js = await explainCode({ code: 'let x = 1;\n', language: 'javascript', detail_level: 'brief' });
    assert.match(js.explanation.summary, /no try\/catch and no throw/);
  });
});
