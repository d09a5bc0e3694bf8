// fixed_code: every fix it contains is proven by a second review — the code still parses, the
// fixed issues are gone, nothing new appears — and it is the input unchanged when nothing is fixable.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { reviewCode } from '../../../../server/src/engine/review';
import { applyEdits } from '../../../../server/src/engine/review/fixes';
import type { ReviewOutput } from '../../../../server/src/engine/contracts/review';
import { loadCorpus } from './corpusRunner';

const ALL = ['security', 'performance', 'best_practices'] as const;

async function review(code: string, language = 'javascript'): Promise<ReviewOutput> {
  return reviewCode({ code, language: language as never, check_types: [...ALL] });
}

function countBy(output: ReviewOutput): Map<string, number> {
  const counts = new Map<string, number>();
  for (const issue of output.issues) counts.set(issue.rule, (counts.get(issue.rule) ?? 0) + 1);
  return counts;
}

/** Re-reviews fixed_code and checks the contract: parses, fixed issues gone, nothing new. */
async function assertFixesHold(code: string, language = 'javascript'): Promise<ReviewOutput> {
  const first = await review(code, language);
  const second = await review(first.fixed_code, language);
  assert.ok(!second.issues.some((i) => i.type === 'syntax'), 'fixed_code parses');
  const before = countBy(first);
  for (const fixed of first.fixed_issues) before.set(fixed.rule, before.get(fixed.rule)! - 1);
  for (const [rule, count] of countBy(second)) {
    assert.ok(
      count <= (before.get(rule) ?? 0),
      `rule ${rule}: ${count} after fixing, expected at most ${before.get(rule) ?? 0}`,
    );
  }
  assert.equal(first.issues.filter((i) => i.fixable).length, first.fixed_issues.length);
  return first;
}

describe('review fixed_code', () => {
  it('applies safe fixes and re-review shows them gone', async () => {
    const code = [
      "const https = require('https');",
      'function get(host, cb) {',
      '  let path = "/status";',
      '  const agent = new https.Agent({ rejectUnauthorized: false });',
      '  if (!!cb) {',
      '    https.get({ host, path, agent }, cb);',
      '  }',
      '  return;',
      '}',
      'module.exports = { get };',
      '',
    ].join('\n');
    const output = await assertFixesHold(code);
    const fixedRules = output.fixed_issues.map((f) => f.rule).sort();
    assert.deepEqual(fixedRules, [
      'codewright/tls-verification-disabled',
      'no-extra-boolean-cast',
      'no-useless-return',
      'prefer-const',
    ]);
    assert.match(output.fixed_code, /rejectUnauthorized: true/);
    assert.match(output.fixed_code, /const path = "\/status"/);
    assert.match(output.fixed_code, /if \(cb\)/);
  });

  it('fixes TypeScript and keeps type annotations intact', async () => {
    const code =
      'export function isAdmin(role: string): boolean {\n  let admin: boolean = role === "admin" ? true : false;\n  return admin;\n}\n';
    const output = await assertFixesHold(code, 'typescript');
    assert.ok(output.fixed_issues.length >= 2);
    assert.match(output.fixed_code, /const admin: boolean = role === "admin";/);
  });

  it('returns the input unchanged when nothing is safely fixable', async () => {
    const code =
      "const { exec } = require('child_process');\napp.get('/x', (req, res) => exec('ls ' + req.query.dir));\n";
    const output = await assertFixesHold(code);
    assert.equal(output.fixed_code, code);
    assert.deepEqual(output.fixed_issues, []);
    assert.ok(output.issues.length > 0);
  });

  it('never fixes code that does not parse', async () => {
    const code = 'let x = 1;\nfunction broken( {\n';
    const output = await review(code);
    assert.equal(output.fixed_code, code);
    assert.deepEqual(output.fixed_issues, []);
  });

  it('fixes every JS/TS corpus sample without breaking it', async function () {
    this.timeout(120_000);
    for (const sample of loadCorpus().filter((s) => /script|react/.test(s.language))) {
      await assertFixesHold(readFileSync(sample.file, 'utf8'), sample.language);
    }
  });

  it('applyEdits applies sorted, non-overlapping edits', () => {
    assert.equal(
      applyEdits('abcdef', [
        { start: 4, end: 5, text: 'E' },
        { start: 0, end: 1, text: 'AA' },
      ]),
      'AAbcdEf',
    );
  });
});
