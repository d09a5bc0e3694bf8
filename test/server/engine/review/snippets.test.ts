// Reviews of snippets: code pasted without its require/import lines, top-level helpers whose callers
// are elsewhere, and browser code that reads input from the page.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../server/src/engine/review/javascript/analyser';
import type { CheckType } from '../../../../server/src/engine/contracts/review';

function rules(code: string, checkType: CheckType = 'security'): string[] {
  return reviewJavaScript(code, 'javascript', { checkTypes: [checkType] }).map(
    (f) => `${f.rule}:${f.line}:${f.severity}`,
  );
}

const route = (body: string): string => `app.get('/x', (req, res) => {\n${body}\n  res.end();\n});\n`;

describe('review of snippets without imports', () => {
  it('takes undeclared fs and path for the modules', () => {
    assert.deepEqual(rules(route("  fs.readFile(path.join(__dirname, 'up', req.query.name), () => {});")), [
      'codewright/path-traversal:2:high',
    ]);
    assert.deepEqual(rules(route("  fs.readFileSync('./files/' + req.params.f);")), [
      'codewright/path-traversal:2:high',
    ]);
  });

  it('takes undeclared cp, child_process and bare exec for child_process', () => {
    assert.deepEqual(
      rules(route("  cp.exec('ls ' + req.query.d);\n  child_process.execSync('cat ' + req.query.f);")),
      ['codewright/command-injection:2:critical', 'codewright/command-injection:3:critical'],
    );
    assert.deepEqual(rules(route("  exec('ls ' + req.query.d);\n  /a/.exec(req.query.d);")), [
      'codewright/command-injection:2:critical',
    ]);
  });

  it('does not take a name the file binds to something else for the module', () => {
    const code = `const fs = memoryStore();\nfunction exec(q) { return q; }\n${route("  fs.readFileSync('./f/' + req.query.f);\n  exec('ls ' + req.query.d);")}`;
    assert.deepEqual(rules(code), []);
    const param = `function handle(req, res, cp) {\n  cp.exec('ls ' + req.query.d);\n}\napp.get('/x', handle);\n`;
    assert.deepEqual(rules(param), []);
  });

  it('reports sync fs in a handler when fs is undeclared', () => {
    assert.deepEqual(rules(route("  const d = fs.readFileSync('./a.txt');"), 'performance'), [
      'codewright/sync-io-in-async:2:medium',
    ]);
  });
});

describe('review of code evaluation', () => {
  it('reports eval of browser input as critical', () => {
    assert.deepEqual(rules("const userInput = prompt('x');\neval(userInput);\n"), [
      'codewright/code-injection:2:critical',
    ]);
    assert.deepEqual(
      rules(
        "eval(document.cookie);\nnew Function(localStorage.getItem('f'))();\nsetTimeout(window.name, 1);\neval(new URLSearchParams(location.search).get('c'));\n",
      ),
      [
        'codewright/code-injection:1:critical',
        'codewright/code-injection:2:critical',
        'codewright/code-injection:3:critical',
        'codewright/code-injection:4:critical',
      ],
    );
  });

  it('reports eval of a non-constant string of unknown origin or a parameter as medium', () => {
    assert.deepEqual(rules('eval(x);\nnew Function(body);\nvm.runInNewContext(script);\n'), [
      'codewright/code-injection:1:medium',
      'codewright/code-injection:2:medium',
      'codewright/code-injection:3:medium',
    ]);
    // A caller's parameter: medium, as in Python, Ruby and PHP (high before s38-h9wb).
    assert.deepEqual(rules('function run(x) {\n  return eval(x);\n}\n'), [
      'codewright/code-injection:2:medium',
    ]);
  });

  it('does not report constant code or callbacks', () => {
    const code =
      "eval('1 + 2');\nconst src = 'return ' + '1';\nnew Function('a', src);\nsetTimeout(tick, 5);\nsetTimeout(() => tick(), 5);\n";
    assert.deepEqual(rules(code), []);
    // A local function named like a browser source is not one: its result is merely not a constant.
    assert.deepEqual(rules("const prompt = (q) => q;\neval(prompt('x'));\n"), [
      'codewright/code-injection:2:medium',
    ]);
  });
});

describe('review of unused declarations in snippets', () => {
  it('does not report unused top-level functions and constants', () => {
    const code =
      "function run(cmd) {\n  return spawnSync('make', [cmd]);\n}\nconst LIMIT = 3;\nexport const used = 1;\n";
    assert.deepEqual(rules(code, 'best_practices'), []);
  });

  it('still reports unused imports, locals and trailing parameters', () => {
    const code =
      "import { readFile } from 'fs';\nfunction run(cmd, extra) {\n  const started = Date.now();\n  return cmd;\n}\n";
    assert.deepEqual(rules(code, 'best_practices'), [
      '@typescript-eslint/no-unused-vars:1:low',
      '@typescript-eslint/no-unused-vars:2:low',
      '@typescript-eslint/no-unused-vars:3:low',
    ]);
  });
});
