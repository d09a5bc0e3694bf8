// Calls the taint analysis follows: same-file helpers run with their arguments' taint (sinks inside
// them, chains of helpers, recursion), methods of the file's classes run for their instance, and
// listeners on input receive input. Each case has a safe look-alike next to it.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function lines(src: string, rule = 'codewright/xss'): number[] {
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === rule)
    .map((f) => f.line)
    .sort((a, b) => a - b);
}

describe('review taint: calls into the file', () => {
  it("reads an array callback's index as a number, not its element", () => {
    const src = [
      'function ids(names) {',
      "  const marks = names.map((_, i) => `@param${i}`).join(', ');",
      '  return db.query(`SELECT * FROM t WHERE name IN (${marks})`, names);',
      '}',
      'function byName(names) {',
      "  const marks = names.map((name, i) => `'${name}'`).join(', ');",
      '  return db.query(`SELECT * FROM t WHERE name IN (${marks})`);',
      '}',
    ].join('\n');
    assert.deepEqual(lines(src, 'codewright/sql-injection'), [7]);
  });

  it('reports a sink inside a helper when the handler passes input to it, not for constants', () => {
    const src = [
      'function show(res, text) {',
      '  res.write(`<p>${text}</p>`);',
      '}',
      "app.get('/a', (req, res) => {",
      '  show(res, req.query.name);',
      '});',
      "app.get('/b', (req, res) => {",
      "  show(res, 'static');",
      '});',
    ].join('\n');
    assert.deepEqual(lines(src), [2]);
  });

  it('follows a chain of helpers to what the last one returns', () => {
    const src = [
      'const unwrap = (v) => v;',
      'const pass = (v) => unwrap(v);',
      'const outer = (v) => pass(v);',
      "const fixed = () => pass('ok');",
      "app.get('/c', (req, res) => {",
      '  res.send(outer(req.params.id));',
      '  res.send(fixed());',
      '});',
    ].join('\n');
    assert.deepEqual(lines(src), [6]);
  });

  it('reports a sink reached through a recursive helper once', () => {
    const src = [
      'function countdown(text, n, res) {',
      '  if (n > 0) countdown(text, n - 1, res);',
      '  else res.end(text);',
      '}',
      "app.get('/d', (req, res) => countdown(req.query.t, 3, res));",
    ].join('\n');
    assert.deepEqual(lines(src), [3]);
  });

  it('passes a SQL sink inside a helper the input, at full severity', () => {
    const src = [
      'function byName(db, name) {',
      '  return db.query("SELECT * FROM users WHERE name = \'" + name + "\'");',
      '}',
      "app.get('/e', (req, res) => byName(db, req.query.n));",
    ].join('\n');
    const found = reviewJavaScript(src, 'javascript', { checkTypes: ['security'] }).filter(
      (f) => f.rule === 'codewright/sql-injection',
    );
    assert.deepEqual(
      found.map((f) => [f.line, f.severity]),
      [[2, 'critical']],
    );
  });

  it('runs setter and getter methods for the instance they are called on', () => {
    const src = [
      'class Box {',
      '  constructor(initial) { this.value = initial; }',
      '  put(v) { this.value = v; }',
      '  take() { return this.value; }',
      '}',
      "app.get('/f', (req, res) => {",
      '  const dirty = new Box();',
      '  dirty.put(req.query.v);',
      "  const clean = new Box('fixed');",
      '  const seeded = new Box(req.query.w);',
      '  res.write(dirty.take());',
      '  res.write(clean.take());',
      '  res.write(seeded.take());',
      '});',
    ].join('\n');
    assert.deepEqual(lines(src), [11, 13]);
  });

  it('gives listeners on input the data they receive, not error listeners', () => {
    const src = [
      "app.post('/g', (req, res) => {",
      "  let body = '';",
      "  req.on('data', (chunk) => { body += chunk; });",
      "  req.on('error', (err) => res.end(String(err.code)));",
      "  req.on('end', () => res.end(body));",
      '});',
    ].join('\n');
    assert.deepEqual(lines(src), [5]);
  });
});
