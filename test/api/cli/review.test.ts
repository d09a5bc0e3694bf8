// `codewright review` driven as a user would: the built CLI in a child process over real folders.
// Formats, exit codes, SARIF against the official 2.1.0 schema (shipped by @microsoft/jest-sarif),
// --diff on a git repository with two commits, the baseline round trip, --fix twice, bad input.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { ReviewOutput } from '../../../server/src/engine/contracts/review';
import { buildCli, git, runBuiltCli, tempFolder } from './helpers';

const INJECTION = [
  "const { exec } = require('child_process');",
  'function run(req) {',
  "  exec('ls ' + req.query.dir);",
  '}',
  'module.exports = run;',
  '',
].join('\n');
const CLEAN = ['function add(a, b) {', '  return a + b;', '}', 'module.exports = add;', ''].join('\n');
const FIXABLE = [
  'function f(a) {',
  "  let name = 'x';",
  '  return a ? name : a;',
  '}',
  'module.exports = f;',
  '',
].join('\n');

describe('codewright review (built CLI)', function () {
  this.timeout(180_000);
  before(() => buildCli());

  it('prints text by default and exits 1 on findings, 0 under --fail-on above them, 2 on bad usage', async () => {
    const dir = tempFolder();
    writeFileSync(join(dir, 'app.js'), INJECTION);
    writeFileSync(join(dir, 'ok.js'), CLEAN);
    mkdirSync(join(dir, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'dep', 'index.js'), INJECTION);
    writeFileSync(join(dir, 'ignored.js'), INJECTION);
    writeFileSync(join(dir, '.codewrightignore'), 'ignored.js\n');

    const text = await runBuiltCli(['review'], dir);
    assert.equal(text.code, 1, text.stderr);
    assert.match(text.stdout, /^app\.js$/m);
    assert.match(text.stdout, /3:3\s+critical .*command injection.*codewright\/command-injection/);
    assert.match(text.stdout, /rules\.md#codewright-command-injection/);
    assert.doesNotMatch(text.stdout, /ignored\.js|node_modules/);
    assert.match(text.stdout, /1 issue \(1 critical\) in 1 of 2 files/);

    const none = await runBuiltCli(['review', 'ok.js'], dir);
    assert.equal(none.code, 0, none.stderr);
    assert.match(none.stdout, /No issues in 1 file/);
    assert.equal((await runBuiltCli(['review', '--fail-on', 'none'], dir)).code, 0);

    const github = await runBuiltCli(['review', '--format', 'github', 'app.js'], dir);
    assert.match(
      github.stdout,
      /^::error file=app\.js,line=3,col=3,.*title=codewright\/command-injection \(critical\)::/m,
    );

    for (const args of [['--format', 'xml'], ['--severity', 'urgent'], ['--bogus'], ['--diff']]) {
      const bad = await runBuiltCli(['review', ...args], dir);
      assert.equal(bad.code, 2, args.join(' '));
      assert.match(bad.stderr, /Usage: codewright review/);
    }
  });

  it('--format json carries the API review object of each file; --severity filters it', async () => {
    const dir = tempFolder();
    writeFileSync(join(dir, 'app.js'), INJECTION + FIXABLE.replace('function f', 'function g'));
    const all = JSON.parse((await runBuiltCli(['review', '--format', 'json'], dir)).stdout) as {
      files: { path: string; review: unknown; locations: { fingerprint: string }[] }[];
    };
    assert.equal(all.files.length, 1);
    const review = ReviewOutput.parse(all.files[0]!.review);
    assert.ok(review.issues.some((issue) => issue.rule === 'codewright/command-injection'));
    assert.ok(review.issues.some((issue) => issue.severity === 'low'));
    assert.equal(all.files[0]!.locations.length, review.issues.length);
    const high = JSON.parse(
      (await runBuiltCli(['review', '--format', 'json', '--severity', 'high'], dir)).stdout,
    ) as {
      files: { review: { issues: { severity: string }[] } }[];
    };
    assert.ok(high.files[0]!.review.issues.length > 0);
    assert.ok(high.files[0]!.review.issues.every((issue) => ['critical', 'high'].includes(issue.severity)));
  });

  it('--format sarif validates against the SARIF 2.1.0 schema, with rule metadata and verified fixes', async () => {
    const dir = tempFolder();
    writeFileSync(join(dir, 'app.js'), INJECTION);
    writeFileSync(join(dir, 'fix.js'), FIXABLE);
    const run = await runBuiltCli(['review', '--format', 'sarif', '--output', 'out.sarif'], dir);
    assert.equal(run.code, 1, run.stderr);
    const sarifText = readFileSync(join(dir, 'out.sarif'), 'utf8');
    const sarif = JSON.parse(sarifText);
    const schema = JSON.parse(
      readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'),
    );
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    assert.ok(validate(JSON.parse(sarifText)), JSON.stringify(validate.errors?.slice(0, 5), null, 2));
    // The validator does reject what SARIF forbids (so the pass above means something).
    const broken = JSON.parse(sarifText);
    broken.runs[0].results[0].level = 'fatal';
    assert.equal(validate(broken), false);

    const [runObject] = sarif.runs;
    const rule = runObject.tool.driver.rules.find(
      (r: { id: string }) => r.id === 'codewright/command-injection',
    );
    assert.equal(rule.defaultConfiguration.level, 'error');
    assert.equal(rule.properties['security-severity'], '9.5');
    assert.ok(rule.properties.tags.includes('security'));
    assert.ok(rule.properties.tags.includes('external/cwe/cwe-78'), 'the CWE, as code scanning reads it');
    assert.match(rule.help.text, /Why it matters: .+How to fix: /s);
    const injection = runObject.results.find(
      (r: { ruleId: string }) => r.ruleId === 'codewright/command-injection',
    );
    assert.deepEqual(injection.locations[0].physicalLocation.artifactLocation, {
      uri: 'app.js',
      uriBaseId: 'SRCROOT',
    });
    assert.equal(injection.locations[0].physicalLocation.region.startLine, 3);
    assert.match(injection.partialFingerprints['codewright/v1'], /^[0-9a-f]{32}$/);
    const fixed = runObject.results.find((r: { ruleId: string }) => r.ruleId === 'prefer-const');
    const replacement = fixed.fixes[0].artifactChanges[0].replacements[0];
    const source = FIXABLE;
    const { charOffset, charLength } = replacement.deletedRegion;
    const patched =
      source.slice(0, charOffset) + replacement.insertedContent.text + source.slice(charOffset + charLength);
    assert.match(patched, /const name = 'x';/);
  });

  it('--diff reports only findings on lines changed since the ref and in added files', async () => {
    const dir = tempFolder();
    git(dir, 'init', '-q');
    writeFileSync(join(dir, 'old.js'), INJECTION);
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'first');
    // Second commit: a new injection in old.js, and a new file.
    writeFileSync(
      join(dir, 'old.js'),
      INJECTION.replace(
        'module.exports = run;',
        "function two(req) {\n  exec('rm ' + req.body.path);\n}\nmodule.exports = { run, two };",
      ),
    );
    writeFileSync(join(dir, 'added.js'), INJECTION);
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'second');
    writeFileSync(join(dir, 'untracked.js'), INJECTION);
    const run = await runBuiltCli(['review', '--diff', 'HEAD~1', '--format', 'json'], dir);
    assert.equal(run.code, 1, run.stderr);
    const report = JSON.parse(run.stdout) as {
      files: { path: string; review: { issues: { line: number }[] } }[];
    };
    const lines = Object.fromEntries(report.files.map((f) => [f.path, f.review.issues.map((i) => i.line)]));
    assert.deepEqual(lines['old.js'], [6]);
    assert.deepEqual(lines['added.js'], [3]);
    assert.deepEqual(lines['untracked.js'], [3]);

    const notGit = tempFolder();
    writeFileSync(join(notGit, 'a.js'), INJECTION);
    const everything = await runBuiltCli(['review', '--diff', 'main', '--format', 'json'], notGit);
    assert.equal(everything.code, 1, 'outside git every file is reviewed, and its finding counts');
    assert.match(everything.stderr, /is not inside a git repository: reviewing every file instead/);
    assert.ok(everything.stdout.includes('a.js'));
    const badRef = await runBuiltCli(['review', '--diff', 'no-such-branch'], dir);
    assert.equal(badRef.code, 2);
    assert.match(badRef.stderr, /no such commit, branch or tag/);
  });

  it('baseline round trip: recorded findings stay hidden when lines move, new ones are reported', async () => {
    const dir = tempFolder();
    writeFileSync(join(dir, 'app.js'), INJECTION);
    const written = await runBuiltCli(['review', '--write-baseline', 'baseline.json'], dir);
    assert.equal(written.code, 0, written.stderr);
    assert.match(written.stderr, /Wrote 1 finding/);

    const unchanged = await runBuiltCli(['review', '--baseline', 'baseline.json'], dir);
    assert.equal(unchanged.code, 0, unchanged.stdout);
    assert.match(unchanged.stdout, /No issues/);

    // Lines above move the known finding down; a second injection is new.
    const moved = `// header\n// more\n${INJECTION.replace('}\n', "  exec('cat ' + req.query.file);\n}\n")}`;
    writeFileSync(join(dir, 'app.js'), moved);
    const after = await runBuiltCli(['review', '--baseline', 'baseline.json', '--format', 'json'], dir);
    assert.equal(after.code, 1);
    const issues = (JSON.parse(after.stdout) as { files: { review: { issues: { line: number }[] } }[] })
      .files[0]!.review.issues;
    assert.deepEqual(
      issues.map((i) => i.line),
      [6],
    );

    writeFileSync(join(dir, 'broken.json'), '{"tool":"eslint"}');
    const broken = await runBuiltCli(['review', '--baseline', 'broken.json'], dir);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /not a codewright baseline/);
  });

  it('--fix writes verified fixes, prints them, and a second run changes nothing', async () => {
    const dir = tempFolder();
    writeFileSync(join(dir, 'fix.js'), FIXABLE);
    const first = await runBuiltCli(['review', '--fix', 'fix.js'], dir);
    assert.match(first.stderr, /fixed fix\.js:2 prefer-const/);
    const once = readFileSync(join(dir, 'fix.js'), 'utf8');
    assert.match(once, /const name = 'x';/);
    const second = await runBuiltCli(['review', '--fix', 'fix.js'], dir);
    assert.doesNotMatch(second.stderr, /fixed/);
    assert.equal(readFileSync(join(dir, 'fix.js'), 'utf8'), once);
    assert.equal(second.code, 0, second.stdout);
  });

  it('bad input: each path explained, the rest still reviewed', async () => {
    const dir = tempFolder();
    writeFileSync(join(dir, 'app.js'), INJECTION);
    writeFileSync(join(dir, 'binary.js'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0]));
    writeFileSync(join(dir, 'huge.js'), `// big\n${'x = 1;\n'.repeat(1_500_000)}`);
    writeFileSync(join(dir, 'gen.js'), `// Code generated by protoc. DO NOT EDIT.\n${INJECTION}`);
    mkdirSync(join(dir, 'sub'));
    symlinkSync('..', join(dir, 'sub', 'up'));
    const run = await runBuiltCli(['review', '.', 'missing.js'], dir);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /^app\.js$/m);
    assert.match(run.stdout, /skipped binary\.js: binary/);
    assert.match(run.stdout, /skipped huge\.js: larger than the review limit/);
    assert.match(run.stdout, /skipped gen\.js: generated/);
    assert.match(run.stdout, /skipped sub\/up: symbolic-link loop/);
    assert.match(run.stdout, /skipped missing\.js: no such file or folder/);
  });
});
