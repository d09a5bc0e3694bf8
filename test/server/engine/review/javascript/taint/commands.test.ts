// Command injection through child_process and the libraries that wrap it, each next to a safe
// look-alike: shells given `-c`, `shell: true` options (also held in a variable), programs chosen by
// input, execa/shelljs/cross-spawn under any local name, and argument lists without a shell.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function found(src: string, rule = 'codewright/command-injection'): number[] {
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === rule)
    .map((f) => f.line)
    .sort((a, b) => a - b);
}

describe('review taint: command execution', () => {
  it('reports shells given a command built from input, not argument lists without a shell', () => {
    const src = [
      "const cp = require('child_process');",
      "const http = require('http');",
      "const url = require('url');",
      'http.createServer((req, res) => {',
      '  const file = url.parse(req.url, true).query.file;',
      "  cp.spawn('sh', ['-c', 'cat ' + file]);",
      "  const shell = '/bin/bash';",
      "  cp.execFileSync(shell, ['-c', `ls ${file}`]);",
      "  cp.spawn('cmd.exe', ['/c', 'type ' + file]);",
      "  cp.spawn('cat', [file]);",
      "  cp.execFile('/usr/bin/file', ['--', file], () => {});",
      "  cp.spawn('sh', ['./build.sh', file]);",
      '  const options = { shell: true };',
      "  cp.spawn('grep ' + file, [], options);",
      "  cp.spawn('grep', [file], { shell: false });",
      '  cp.execFile(file);',
      "  cp.exec('ls -l', () => {});",
      '});',
    ].join('\n');
    assert.deepEqual(found(src), [6, 8, 9, 14, 16]);
  });

  it('reports execa, shelljs and cross-spawn under any name', () => {
    const src = [
      "const run = require('execa');",
      "const sh = require('shelljs');",
      "const spawn = require('cross-spawn');",
      "const { execaCommand } = require('execa');",
      "app.post('/build', async (req, res) => {",
      '  const { target } = req.body;',
      '  await run.command(`make ${target}`);',
      '  await execaCommand(`make ${target}`);',
      "  await run('make', [target]);",
      "  await run('make ' + target, { shell: true });",
      "  sh.exec('git checkout ' + target);",
      "  sh.exec('git status');",
      "  spawn('make', [target], { stdio: 'inherit' });",
      "  spawn('make ' + target, { shell: true });",
      "  spawn.sync('bash', ['-c', target]);",
      '});',
    ].join('\n');
    assert.deepEqual(found(src), [7, 8, 10, 11, 14, 15]);
  });

  it('reports shells chosen by input and argument arrays filled element by element', () => {
    const src = [
      "const cp = require('child_process');",
      "app.get('/r', (req, res) => {",
      '  const cmd = req.query.cmd;',
      '  const args = [];',
      "  args[0] = '-c';",
      '  args[1] = cmd;',
      "  cp.execFile('/bin/bash', args);",
      "  const plain = ['./build.sh', 'release'];",
      "  cp.execFile('/bin/bash', plain);",
      "  cp.exec('make', { shell: req.query.shell });",
      "  cp.exec('make', { shell: '/bin/bash' });",
      '});',
    ].join('\n');
    assert.deepEqual(found(src), [7, 10]);
  });

  it('reports commands built through arrays, format and helpers', () => {
    const src = [
      "const { exec, execSync } = require('child_process');",
      "const util = require('util');",
      'function runTool(name) {',
      "  return execSync(['tool', '--name', name].join(' '));",
      '}',
      "app.get('/t', (req, res) => {",
      "  exec(util.format('ping -c 1 %s', req.query.host));",
      '  runTool(req.query.name);',
      "  exec('ping -c 1 ' + shellQuote.quote([req.query.host]));",
      "  exec('ping -c 1 ' + parseInt(req.query.count, 10));",
      '});',
    ].join('\n');
    // The helper's body is reported (a caller's value reaches a shell) where input reaches it.
    assert.deepEqual(found(src), [4, 7]);
  });

  it('reports input where git reads options, not after -- or behind a constant start', () => {
    const src = [
      "const { execFile, spawn } = require('child_process');",
      "app.post('/clone', (req, res) => {",
      '  const repo = req.body.repo;',
      "  execFile('git', ['clone', repo, '/tmp/work']);",
      "  spawn('git', ['ls-remote', '--', repo]);",
      "  execFile('git', ['clone', 'https://github.com/' + repo]);",
      "  spawn('hg', ['pull', repo]);",
      "  execFile('git', ['log', repo]);",
      '});',
    ].join('\n');
    assert.deepEqual(found(src), [4, 7]);
  });
});

describe('review taint: command wrappers', () => {
  it('does not report a caller’s whole command run as given, only commands built from its values', () => {
    const src = [
      "const child = require('child_process');",
      'function run(cmd, opts) {',
      '  return child.exec(cmd, opts);',
      '}',
      'function clone(url) {',
      "  return child.exec('git clone ' + url);",
      '}',
      "app.get('/r', (req, res) => run(req.query.cmd));",
    ].join('\n');
    const lines = reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
      .filter((f) => f.rule === 'codewright/command-injection')
      .map((f) => `${f.line}:${f.severity}`);
    // The wrapper is reported where request input reaches it (followed into its body), not alone.
    assert.deepEqual(lines, ['3:critical', '6:high']);
  });
});
