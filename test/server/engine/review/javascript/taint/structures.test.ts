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

  it('taints an object written under a key known only at run time, not one written under constant keys', () => {
    const body = [
      '  const params = {};',
      "  req.query.pairs.split('&').forEach((p) => { const kv = p.split('='); params[kv[0]] = kv[1]; });",
      '  res.write(params.name);',
      '  const fixed = {};',
      "  fixed[String(1)] = 'constant';",
      '  res.write(fixed.name);',
    ].join('\n');
    assert.deepEqual(xssLines(body), [4]);
  });

  it('passes a promise of input to its then callback', () => {
    const body = [
      '  Promise.resolve(req.query.q).then((v) => res.write(v));',
      "  Promise.resolve('static').then((v) => res.write(v));",
    ].join('\n');
    assert.deepEqual(xssLines(body), [2]);
  });

  it('passes what a promise executor resolves to its then callbacks, not what it rejects', () => {
    const body = [
      '  new Promise((resolve) => resolve(req.query.q)).then((v) => res.write(v));',
      '  const later = new Promise(function (done, fail) {',
      '    setTimeout(() => done(req.body.text), 10);',
      '  });',
      '  later.then((text) => res.send(text));',
      "  new Promise((resolve, reject) => { resolve('fixed'); reject(req.query.e); }).then((v) => res.send(v));",
    ].join('\n');
    assert.deepEqual(xssLines(body), [2, 6]);
  });

  it('follows a function declared inside a handler when its name is the only one of its kind', () => {
    const src = [
      "app.get('/a', (req, res) => {",
      '  function page(text) { res.write(text); }',
      '  page(req.query.q);',
      "  page('static');",
      '});',
    ].join('\n');
    const lines = reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
      .filter((f) => f.rule === 'codewright/xss' && f.severity === 'high')
      .map((f) => f.line);
    assert.deepEqual(lines, [2]);
  });
});
