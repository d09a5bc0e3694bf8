// Slots: what a chain of constant-key members stores is what it reads back (nested elements,
// fields linked through other objects, session data), and aliases of objects (`const w = res`).
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function xssLines(body: string): number[] {
  const src = `app.get('/x', (req, res) => {\n${body}\n});\n`;
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === 'codewright/xss')
    .map((f) => f.line);
}

describe('review taint: slots and aliases', () => {
  it('keeps nested elements apart', () => {
    const body = [
      '  const grid = [[], []];',
      '  grid[0][1] = req.query.a;',
      "  grid[1][1] = 'b';",
      '  res.write(grid[0][1]);',
      '  res.write(grid[1][1]);',
    ].join('\n');
    assert.deepEqual(xssLines(body), [5]);
  });

  it('reads a field through the object another field points to', () => {
    const body = [
      '  const head = {};',
      '  const tail = {};',
      '  head.next = tail;',
      '  tail.value = req.query.v;',
      "  head.label = 'list';",
      '  res.write(head.next.value);',
      '  res.write(head.label);',
    ].join('\n');
    assert.deepEqual(xssLines(body), [7]);
  });

  it('treats session data as the server’s, except what the request stored there', () => {
    const body = [
      '  req.session.last = req.query.q;',
      '  res.write(req.session.last);',
      '  res.write(req.session.userId);',
    ].join('\n');
    assert.deepEqual(xssLines(body), [3]);
  });

  it('judges a response alias as the response, and a reassigned alias as what it now is', () => {
    const body = [
      '  const out = res;',
      '  out.write(req.query.a);',
      '  let log = res;',
      '  log = console;',
      '  log.log(req.query.b);',
    ].join('\n');
    assert.deepEqual(xssLines(body), [3]);
  });
});
