// Conditions that vouch for a value inside their branch: character-class predicates, set membership
// and anchored regexes, combined with || (each alternative must check it) and && (one is enough).
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function xssLines(body: string): number[] {
  const src = `app.get('/x', (req, res) => {\n  const v = req.query.v;\n${body}\n});\n`;
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === 'codewright/xss')
    .map((f) => f.line);
}

describe('review taint: validating if-branches', () => {
  it('treats the checked value as safe inside the branch of a predicate', () => {
    assert.deepEqual(xssLines("  if (isAlphanumeric(v) || v === '-') res.write(v);"), []);
    assert.deepEqual(xssLines('  if (ALLOWED.has(v)) res.write(v);'), []);
    assert.deepEqual(xssLines('  if (/^[a-z]+$/.test(v)) res.write(v);'), []);
  });

  it('keeps the value tainted after the branch and in branches that do not check it', () => {
    assert.deepEqual(xssLines('  if (isAlphanumeric(v)) res.write(v);\n  res.write(v);'), [4]);
    assert.deepEqual(xssLines('  if (isAlphanumeric(v) || other) res.write(v);'), [3]);
    assert.deepEqual(xssLines("  if (v.includes('a')) res.write(v);"), [3]);
    assert.deepEqual(xssLines('  if (/[a-z]/.test(v)) res.write(v);'), [3]);
  });

  it('does not take type tests for validation', () => {
    assert.deepEqual(xssLines('  if (_.isString(v)) res.write(v);'), [3]);
  });
});
