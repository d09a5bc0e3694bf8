// What counts as a caller's or a user's text: the Node executable and script path in
// `process.argv[0]`/`[1]` (not the arguments after them), and TypeScript parameters declared as
// numbers, booleans or literal unions (not `string`). Each case sits next to a look-alike that stays.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';
import type { LanguageId } from '../../../../../../server/src/engine/languages';

function found(src: string, rule: string, language: LanguageId = 'javascript'): string[] {
  return reviewJavaScript(src, language, { checkTypes: ['security'] })
    .filter((f) => f.rule === rule)
    .map((f) => `${f.line}:${f.severity}`);
}

describe('review taint: sources', () => {
  it('runs Node again from process.argv[0] without a finding, not a program named by an argument', () => {
    const src = [
      "const { spawnSync } = require('child_process');",
      "spawnSync(process.argv[0], process.argv.slice(1), { stdio: 'inherit' });",
      "spawnSync(process.argv[1], [], { stdio: 'inherit' });",
      "spawnSync(process.argv[2], [], { stdio: 'inherit' });",
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/command-injection'), ['4:critical']);
  });

  it('reads a parameter declared a number, a boolean or a literal union as no text, not a string one', () => {
    const src = [
      'class Runner {',
      '  records(kind: "table" | "index", limit: number, all?: boolean) {',
      "    return this.query(`SELECT * FROM sqlite_master WHERE type = '${kind}' LIMIT ${limit} ${all}`);",
      '  }',
      '  named(kind: string) {',
      "    return this.query(`SELECT * FROM sqlite_master WHERE type = '${kind}'`);",
      '  }',
      '  rows(kind: "table" | string) {',
      "    return this.query(`SELECT * FROM sqlite_master WHERE type = '${kind}'`);",
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/sql-injection', 'typescript'), ['6:medium', '9:medium']);
  });

  describe('read on a real web application (NodeBB)', () => {
    it("reads a (req, res) helper's further parameters as its caller's, not a registered handler's", () => {
      const src = [
        'const helpers = module.exports;',
        'helpers.noScriptErrors = function (req, res, error, httpStatus) {',
        '  res.status(httpStatus).send(error);',
        '};',
        "app.param('id', function (req, res, next, id) { res.send(id); });",
        'helpers.echo = function (req, res) { res.send(req.query.q); };',
      ].join('\n');
      // Near misses: a registered callback's fourth parameter and the request's own field.
      assert.deepEqual(found(src, 'codewright/xss'), ['5:high', '6:high']);
    });

    it("reads a forked process's message from its parent as the program's, a page's message as input", () => {
      const src = [
        "const fs = require('fs');",
        "process.on('message', (msg) => { fs.writeFileSync('/srv/' + msg.uid, 'x'); });",
        "window.addEventListener('message', (e) => { fs.writeFileSync('/srv/' + e.data, 'x'); });",
      ].join('\n');
      assert.deepEqual(found(src, 'codewright/path-traversal'), ['3:high']);
    });
  });

  it("reads where the server stored an upload (formidable's filepath) as its own, not the client's name", () => {
    const src = [
      "import fs from 'fs';",
      'router.post("/import", async (req, res) => {',
      '  const file = req.files.document;',
      '  await fs.promises.readFile(file.filepath);',
      '  await fs.promises.readFile(file.tempFilePath);',
      '  await fs.promises.readFile(file.originalFilename);',
      '  await fs.promises.readFile(req.body.filepath);',
      '  res.end();',
      '});',
    ].join('\n');
    assert.deepEqual(found(src, 'codewright/path-traversal'), ['6:high', '7:high']);
  });
});
