// The intra-procedural taint analysis: sources, propagation (assignments, templates, concatenation,
// destructuring, string methods), sanitizers and validation guards, and each sink kind.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../server/src/engine/review/javascript/analyser';
import type { LanguageId } from '../../../../server/src/engine/languages';

function securityRules(code: string, language: LanguageId = 'javascript'): string[] {
  return reviewJavaScript(code, language, { checkTypes: ['security'] }).map(
    (f) => `${f.rule}:${f.line}:${f.severity}`,
  );
}

const handler = (body: string): string =>
  `const db = require('./db');\nconst cp = require('child_process');\nconst fs = require('fs');\napp.post('/x', async (req, res) => {\n${body}\n});\n`;

describe('review taint analysis', () => {
  it('follows request data through assignments, concatenation and templates into SQL', () => {
    const code = handler(
      `  const id = req.body.id;\n  let where = 'id = ' + id;\n  const sql = \`SELECT * FROM t WHERE \${where}\`;\n  await db.query(sql);`,
    );
    assert.deepEqual(securityRules(code), ['codewright/sql-injection:8:critical']);
  });

  it('follows destructuring and string methods', () => {
    const code = handler(
      `  const { dir } = req.query;\n  const clean = dir.trim().toLowerCase();\n  cp.exec('ls ' + clean);`,
    );
    assert.deepEqual(securityRules(code), ['codewright/command-injection:7:critical']);
  });

  it('stops at sanitizers and numeric conversion', () => {
    const code = handler(
      `  const id = Number(req.query.id);\n  await db.query('SELECT * FROM t WHERE id = ' + id);\n  cp.exec('ls ' + shellEscape(req.query.dir));`,
    );
    assert.deepEqual(securityRules(code), []);
  });

  it('clears a variable after a validation guard that exits', () => {
    const code = handler(
      `  const file = req.params.file;\n  if (!/^[\\w.-]+$/.test(file)) return res.status(400).end();\n  fs.readFile('/srv/' + file, () => {});`,
    );
    assert.deepEqual(securityRules(code), []);
  });

  it('keeps taint when the guard does not exit', () => {
    const code = handler(
      `  const file = req.params.file;\n  if (!/^[\\w.-]+$/.test(file)) console.warn('odd name');\n  fs.readFile('/srv/' + file, () => {});`,
    );
    assert.deepEqual(securityRules(code), ['codewright/path-traversal:7:high']);
  });

  it('treats caller-supplied parameters as dynamic, at medium (as PHP reports an open parameter)', () => {
    const code = `function byName(db, name) {\n  return db.query("SELECT * FROM users WHERE name = '" + name + "'");\n}\nmodule.exports = { byName };\n`;
    assert.deepEqual(securityRules(code), ['codewright/sql-injection:2:medium']);
  });

  it('does not report parameterized queries or constant commands', () => {
    const code = handler(
      `  await db.query('SELECT * FROM t WHERE id = $1', [req.body.id]);\n  cp.execFile('git', ['log', req.body.ref]);\n  cp.exec('git status');`,
    );
    assert.deepEqual(securityRules(code), []);
  });

  it('finds browser sources: location, URLSearchParams, message events', () => {
    const code = [
      "const q = new URLSearchParams(location.search).get('q');",
      "document.querySelector('#out').innerHTML = q;",
      "window.addEventListener('message', (e) => { eval(e.data.code); });",
      'location.href = q;',
    ].join('\n');
    assert.deepEqual(securityRules(code), [
      'codewright/xss:2:high',
      'codewright/code-injection:3:critical',
      'codewright/open-redirect:4:medium',
    ]);
  });

  it('reports process.argv into a shell but not into file paths', () => {
    const code =
      "const { execSync } = require('child_process');\nconst fs = require('fs');\nconst target = process.argv[2];\nfs.writeFileSync(target, 'x');\nexecSync(`rm -rf ${target}`);\n";
    assert.deepEqual(securityRules(code), ['codewright/command-injection:5:critical']);
  });

  it('handles TypeScript route handlers with typed parameters', () => {
    const code =
      "import type { Request, Response } from 'express';\nexport function show(req: Request, res: Response): void {\n  res.redirect(req.query.next as string);\n}\n";
    assert.deepEqual(securityRules(code, 'typescript'), ['codewright/open-redirect:3:medium']);
  });

  it('reports deep merges of request bodies and regexes built from input', () => {
    const code = handler('  _.merge(settings, req.body);\n  const re = new RegExp(req.query.pattern);');
    assert.deepEqual(securityRules(code), [
      'codewright/prototype-pollution:5:high',
      'codewright/regex-injection:6:high',
    ]);
  });

  it('reports a path setter whose path is input, not one that stores input at a constant path', () => {
    // Golden: `_.set` walks the path's keys; near miss: input only as the value stored at the end.
    const code = handler(
      "  _.set(settings, req.body.key, 1);\n  _.set(settings, 'site.host', req.body.host);",
    );
    assert.deepEqual(securityRules(code), ['codewright/prototype-pollution:5:high']);
  });

  it('judges a same-file merge by its body, also when it walks keys with Object.entries().forEach', () => {
    const merge = (guard: string) =>
      `function mergeInto(t, p) {\n  Object.entries(p).forEach(([key, value]) => {\n${guard}    if (value && typeof value === 'object') mergeInto(t[key] = t[key] || {}, value);\n    else t[key] = value;\n  });\n}\napp.put('/s', (req, res) => res.json(mergeInto({}, req.body)));\n`;
    assert.deepEqual(securityRules(merge('')), ['codewright/prototype-pollution:4:high']);
    assert.deepEqual(
      securityRules(merge("    if (key === '__proto__' || key === 'constructor') return;\n")),
      [],
    );
  });

  it('does not report redirects pinned to this site or one host by a constant prefix', () => {
    const code = [
      "app.get('/a', (req, res) => res.redirect('/users/' + req.params.id));",
      "app.get('/b', (req, res) => res.redirect(`https://shop.example.com/p/${req.query.p}`));",
      "app.get('/c', (req, res) => res.redirect('/' + req.query.next));",
      "app.get('/d', (req, res) => res.redirect(`https://${req.query.host}/x`));",
    ].join('\n');
    assert.deepEqual(securityRules(code), [
      'codewright/open-redirect:3:medium',
      'codewright/open-redirect:4:medium',
    ]);
  });

  it('follows request data through a same-file helper that builds the query', () => {
    const code = [
      "const db = require('./db');",
      "const byName = (name) => `SELECT * FROM users WHERE name = '${name}'`;",
      "const constant = () => 'SELECT * FROM users WHERE name = ?';",
      "app.get('/u', async (req, res) => {",
      '  await db.query(byName(req.query.name));',
      '  await db.query(constant(), [req.query.name]);',
      '});',
    ].join('\n');
    assert.deepEqual(securityRules(code), ['codewright/sql-injection:5:critical']);
  });

  it('follows data pushed into an array that is joined into a query', () => {
    const code = handler(
      "  const where = [];\n  where.push(`name = '${req.query.name}'`);\n  await db.query('SELECT * FROM t WHERE ' + where.join(' AND '));\n" +
        "  const conds = [];\n  const values = [req.query.name];\n  conds.push('name = $1');\n  await db.query('SELECT * FROM t WHERE ' + conds.join(' AND '), values);",
    );
    assert.deepEqual(securityRules(code), ['codewright/sql-injection:7:critical']);
  });
});
