// Reflected XSS through Express/Node responses, element- and property-level taint of locals, and
// branches that can never run.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function xssLines(body: string): number[] {
  const src = `app.get('/x', (req, res) => {\n${body}\n});\n`;
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === 'codewright/xss')
    .map((f) => f.line);
}

describe('review taint: responses and slots', () => {
  it('reports request text written with res.write/res.end even without markup', () => {
    assert.deepEqual(xssLines('  res.write(`${req.query.q}\\n`);\n  res.end(req.params.id);'), [2, 3]);
  });

  it('stays quiet when the handler declares a non-HTML type, or sends JSON', () => {
    assert.deepEqual(xssLines("  res.type('text/plain');\n  res.write(req.query.q);\n  res.end();"), []);
    assert.deepEqual(
      xssLines("  res.writeHead(200, { 'Content-Type': 'application/json' });\n  res.end(req.query.q);"),
      [],
    );
    assert.deepEqual(xssLines('  res.send({ q: req.query.q });'), []);
  });

  it('keeps the taint of each constant-key element and property', () => {
    const body = [
      '  const list = [req.query.name, "abc"];',
      '  res.write(list[1]);',
      '  res.write(list[0]);',
      '  const box = {};',
      '  box.safe = "x";',
      '  box.value = req.query.v;',
      '  res.write(box.safe);',
      '  res.write(box.value);',
    ].join('\n');
    assert.deepEqual(xssLines(body), [4, 9]);
  });

  it('ignores writes inside if (false)', () => {
    assert.deepEqual(xssLines('  if (false) {\n    res.write(req.query.q);\n  }'), []);
  });

  it('follows chains of response builders to the response they return', () => {
    assert.deepEqual(xssLines("  res.status(404).send('<b>' + req.query.q + '</b>');"), [2]);
    assert.deepEqual(xssLines("  res.status(200).set('X-Id', '1').end(req.params.id);"), [2]);
    assert.deepEqual(xssLines("  res.status(200).type('txt').send(req.query.q);"), []);
    assert.deepEqual(xssLines('  res.status(200).json(req.query.q);'), []);
    assert.deepEqual(xssLines('  cache.set(req.query.k).send(req.query.q);'), []);
  });

  it('treats a request member checked by an exit guard as validated from there on', () => {
    const body = [
      '  if (!/^\\w+$/.test(req.query.id)) return res.status(400).end();',
      '  res.send(req.query.id);',
      '  res.send(req.query.other);',
    ].join('\n');
    assert.deepEqual(xssLines(body), [4]);
    assert.deepEqual(xssLines('  if (/^\\w+$/.test(req.query.id)) log();\n  res.send(req.query.id);'), [3]);
  });

  it('reports a Koa body that starts with one request value (Koa sends it as HTML when it starts with <)', () => {
    const src = [
      'app.use(async (ctx) => { ctx.body = ctx.query.name; });',
      "app.use(async (ctx) => { ctx.body = 'Hello ' + ctx.query.name; });",
      'app.use(async (ctx) => { ctx.body = `${ctx.params.id}`; });',
      'app.use(async (ctx) => { ctx.body = ctx.request.body; });',
      'app.use(async (ctx) => { ctx.body = ctx.query; });',
      'app.use(async (ctx) => { ctx.body = { name: ctx.query.name }; });',
    ].join('\n');
    const lines = reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
      .filter((f) => f.rule === 'codewright/xss')
      .map((f) => f.line);
    assert.deepEqual(lines, [1, 3]);
  });

  it('reports input in the HTML of a nodemailer message, not in its text', () => {
    const body = [
      "  transporter.sendMail({ to: 'a', html: '<p>' + req.body.message + '</p>' });",
      "  transporter.sendMail({ to: 'a', text: req.body.message });",
      '  transporter.sendMail({ html: escapeHtml(req.body.message) });',
      "  transporter.sendMail({ html: '<p>Thanks</p>' });",
    ].join('\n');
    assert.deepEqual(xssLines(body), [2]);
  });
});
