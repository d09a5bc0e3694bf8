// Sink families recognised by module or framework: NoSQL filters, outbound requests (SSRF), XPath,
// deserialisers, AngularJS expressions, redirects through headers and the Fetch API, and redirects
// that only fill a query string. Each case sits next to a safe look-alike.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';
import type { LanguageId } from '../../../../../../server/src/engine/languages';

function found(src: string, rule: string, language: LanguageId = 'javascript'): number[] {
  return reviewJavaScript(src, language, { checkTypes: ['security'] })
    .filter((f) => f.rule === rule)
    .map((f) => f.line)
    .sort((a, b) => a - b);
}

describe('review taint: framework and module sinks', () => {
  it('reports NoSQL filters with body or query values, not route params or non-collections', () => {
    const src = [
      "const { MongoClient } = require('mongodb');",
      "app.post('/login', async (req, res) => {",
      "  const users = db.collection('users');",
      '  await users.findOne({ name: req.body.name, password: req.body.password });',
      '  const filter = {};',
      '  filter.email = req.query.email;',
      '  await users.find(filter);',
      '  await users.findOne({ _id: req.params.id });',
      '  await users.find({ $where: "this.age > " + req.params.age });',
      '  const names = [req.body.name];',
      '  names.find((n) => n === req.body.name);',
      '  await users.findOne({ name: String(req.body.name) });',
      '});',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/nosql-injection'), [4, 7, 9]);
  });

  it('reports requests to a URL from input, not to a fixed host', () => {
    const src = [
      "import axios from 'axios';",
      "import https from 'https';",
      "app.get('/p', async (req, res) => {",
      '  await axios.get(req.query.url);',
      '  https.get(req.query.target, () => {});',
      '  await fetch(`${req.query.base}/status`);',
      '  await axios.get(`https://api.example.com/items/${req.query.id}`);',
      "  await fetch('/api/search?q=' + req.query.q);",
      '});',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/ssrf', 'typescript'), [4, 5, 6]);
  });

  it('reports XPath expressions and full-schema YAML or node-serialize input', () => {
    const src = [
      "const xpath = require('xpath');",
      "const yaml = require('js-yaml');",
      "const serialize = require('node-serialize');",
      "app.get('/x', (req, res) => {",
      "  xpath.select(`//user[name='${req.query.name}']`, doc);",
      "  xpath.select('//user', doc);",
      '  document.evaluate(req.query.path, doc);',
      '  yaml.load(req.body.doc, { schema: yaml.DEFAULT_FULL_SCHEMA });',
      '  yaml.load(req.body.doc);',
      '  serialize.unserialize(req.cookies.profile);',
      '});',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/xpath-injection'), [5, 7]);
    assert.deepEqual(found(src, 'codewright/unsafe-deserialization'), [8, 10]);
  });

  it('reports AngularJS expressions and WebAssembly built from the page address', () => {
    const src = [
      "angular.module('m', []).controller('C', function ($scope, $compile) {",
      '  const scope = $scope;',
      '  scope.$eval(location.hash);',
      "  $scope.$watch('items.length');",
      '  $compile(document.cookie);',
      '  WebAssembly.compile(location.search);',
      '  $scope.$on(location.hash);',
      '});',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/code-injection'), [3, 5, 6]);
  });

  it('reports templates and modules named by input, not constant ones', () => {
    const src = [
      "app.get('/v/:page', (req, res) => {",
      '  res.render(req.params.page);',
      "  res.render('home', { page: req.params.page });",
      '  require(req.query.plugin);',
      "  require('./plugins/' + 'base');",
      '});',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/path-traversal'), [2, 4]);
  });

  it('reads location.protocol and location.host as the site, not input', () => {
    assert.deepEqual(
      found('setTimeout(location.protocol);\nsetTimeout(location.hash);', 'codewright/code-injection'),
      [2],
    );
  });
});

describe('review taint: redirects', () => {
  it('reports Location headers and Response.redirect with input', () => {
    const src = [
      "const url = require('url');",
      'http.createServer((req, res) => {',
      '  const target = url.parse(req.url, true).query.target;',
      '  res.writeHead(302, { Location: target });',
      "  res.writeHead(302, { Location: '/local/' + target });",
      "  res.writeHead(302, { Location: '//localhost/' + target });",
      "  res.writeHead(302, { Location: '/' + target });",
      '});',
      'export async function GET(request) {',
      "  return Response.redirect(new URL(request.url).searchParams.get('next'));",
      '}',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/open-redirect'), [4, 7, 10]);
  });

  it('does not report input that only fills the query string or fragment', () => {
    const src = [
      "const q = () => '?';",
      "app.get('/r', (req, res) => {",
      "  res.redirect(home() + '?from=' + req.query.from);",
      '  res.redirect(home() + q() + req.query.from);',
      "  res.redirect(home() + '#' + req.query.tab);",
      '  res.redirect(req.query.to + "?from=home");',
      '});',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/open-redirect'), [6]);
  });

  it('treats allow-list lookups as validation in the branch they guard', () => {
    const src = [
      "app.get('/r', (req, res) => {",
      '  const to = req.query.to;',
      '  if (to in SAFE) res.redirect(to);',
      '  if (SAFE.hasOwnProperty(to)) res.redirect(to);',
      '  if (SAFE[to] !== undefined) res.redirect(to);',
      "  if (void 0 == SAFE[to]) res.send('no');",
      '  else res.redirect(to);',
      '  if (SAFE[to] === undefined) res.redirect(to);',
      '});',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/open-redirect'), [8]);
  });

  it('reads a request parameter given whole to a text sink as another value, not its fields', () => {
    const src = [
      'function hotRequire(request) {',
      '  return require(request);',
      '}',
      'function load(request) {',
      '  return require(request.query.name);',
      '}',
      "app.get('/f', (req, res) => {",
      "  fs.readFile('/data/' + req.params.file, () => {});",
      '  require(req.param("module"));',
      '});',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/path-traversal'), [5, 8, 9]);
  });

  it("evaluates a caller's parameter at medium, as the other languages do, and input at critical", () => {
    const src = [
      'function compile(exp) {',
      '  return new Function(`return (${exp})`)();',
      '}',
      "app.get('/calc', (req, res) => {",
      '  res.json(eval(req.query.expr));',
      '});',
    ].join('\n');
    const severities = reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
      .filter((f) => f.rule === 'codewright/code-injection')
      .map((f) => [f.line, f.severity]);
    assert.deepEqual(severities, [
      [2, 'medium'],
      [5, 'critical'],
    ]);
  });

  it("builds SQL from a caller's parameter at medium, as PHP reports it, and from input at critical", () => {
    const src = [
      'class Runner {',
      '  loadViews(names) {',
      "    const condition = names.map((name) => `name = '${name}'`).join(' OR ');",
      '    return this.query(`SELECT * FROM information_schema.views WHERE ${condition}`);',
      '  }',
      '}',
      "app.get('/v', (req, res) => {",
      '  db.query(`SELECT * FROM views WHERE name = ${req.query.name}`);',
      '});',
    ].join('\n');
    const severities = reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
      .filter((f) => f.rule === 'codewright/sql-injection')
      .map((f) => [f.line, f.severity]);
    assert.deepEqual(severities, [
      [4, 'medium'],
      [8, 'critical'],
    ]);
  });
});
