// Regular expressions built from input: `new RegExp(x)`, and string methods that compile a string
// argument (`match`, `matchAll`, `search`), next to safe look-alikes: escaped input (lodash,
// escape-string-regexp under any name, a complete backslash-escaping replace), router `match`
// methods, and regex literals.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function found(src: string, rule = 'codewright/regex-injection'): number[] {
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === rule)
    .map((f) => f.line)
    .sort((a, b) => a - b);
}

describe('review taint: regex injection', () => {
  it('reports patterns from input, not escaped input', () => {
    const src = [
      "const _ = require('lodash');",
      "const quoteRe = require('escape-string-regexp');",
      "app.get('/s', (req, res) => {",
      '  const q = req.query.q;',
      '  new RegExp(q);',
      "  new RegExp('^' + _.escapeRegExp(q) + '$');",
      '  new RegExp(quoteRe(q));',
      "  new RegExp(q.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&'));",
      "  new RegExp(q.replace(/[.*+]/g, '\\\\$&'));",
      "  RegExp(`(${q})+`, 'g');",
      '});',
    ].join('\n');
    assert.deepEqual(found(src), [5, 9, 10]);
  });

  it('reports string methods compiling input, not routers or regex literals', () => {
    const src = [
      "app.get('/m', (req, res) => {",
      '  const name = req.query.name;',
      "  'hello world'.match(name);",
      '  const title = String(req.body.title);',
      '  title.search(req.query.term);',
      '  [...title.matchAll(req.query.term)];',
      '  router.match(req.url);',
      '  title.match(/^[a-z]+$/);',
      "  title.match(new RegExp('^a'));",
      '});',
    ].join('\n');
    assert.deepEqual(found(src), [3, 5, 6]);
  });

  it('reports match/search on values of unknown type, not on search clients, indexes or with options', () => {
    const src = [
      "app.get('/f', (req, res) => {",
      '  const term = req.query.term;',
      '  const line = readLine();',
      '  line.match(term);',
      '  items.filter((item) => item.title.search(term) >= 0);',
      '  index.search(term);',
      '  searchClient.search(term);',
      '  this.router.match(term);',
      '  engine.search({ query: term });',
      '  line.match(term, { flags: 1 });',
      '});',
    ].join('\n');
    assert.deepEqual(found(src), [4, 5]);
  });

  it('follows the groups of a regex match on input', () => {
    const src = [
      'const pattern = /redirect=([^&]*)/;',
      'const m = pattern.exec(document.location.href);',
      'if (m) window.location = m[1];',
      'const fixed = /a/.exec("abc");',
      'window.location = fixed[0];',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/open-redirect'), [3]);
  });
});

describe('review taint: escapes that leave a pattern open', () => {
  it('reports input escaped for HTML or URLs compiled as a regex, not regex escapes or other sinks', () => {
    const src = [
      "const _ = require('lodash');",
      "app.get('/e', (req, res) => {",
      '  const q = req.query.q;',
      '  new RegExp(escape(q));',
      "  new RegExp('^' + encodeURIComponent(q) + '$');",
      '  req.body.text.match(_.escape(q));',
      '  new RegExp(escapeRegExp(q));',
      '  new RegExp(String(parseInt(q, 10)));',
      '  res.send(_.escape(q));',
      '});',
    ].join('\n');
    assert.deepEqual(found(src), [4, 5, 6]);
    assert.deepEqual(found(src, 'codewright/xss'), []);
  });
});
