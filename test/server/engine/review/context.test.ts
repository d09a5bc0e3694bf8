// context.environment and context.project_type tune the rules, as documented in docs/review.md.
import assert from 'node:assert/strict';
import { reviewCode } from '../../../../server/src/engine/review';
import { reviewProfile } from '../../../../server/src/engine/review/profile';
import type { ReviewOutput } from '../../../../server/src/engine/contracts/review';

const CODE = `
const fs = require('fs');
const { execSync } = require('child_process');
const apiToken = 'tok_8fK2mQ9xLp4RzT7vW1yB3nC6';

async function publish(version) {
  const notes = fs.readFileSync('CHANGELOG.md', 'utf8');
  console.log('publishing', version);
  execSync('npm publish --tag ' + version);
  const inviteCode = Math.random().toString(36).slice(2);
  return { notes, inviteCode, apiToken };
}

module.exports = { publish };
`;

async function review(environment?: string, projectType?: string): Promise<ReviewOutput> {
  return reviewCode({
    code: CODE,
    language: 'javascript',
    check_types: ['security', 'performance', 'best_practices'],
    context: { environment, project_type: projectType },
  });
}

const rules = (output: ReviewOutput): string[] => output.issues.map((i) => i.rule);
const severity = (output: ReviewOutput, rule: string): string | undefined =>
  output.issues.find((i) => i.rule === rule)?.severity;

describe('review context', () => {
  it('reads environment and project type words', () => {
    assert.deepEqual(reviewProfile('browser production'), {
      browser: true,
      node: false,
      production: true,
      test: false,
      cli: false,
      library: false,
    });
    assert.deepEqual(reviewProfile(undefined, 'cli'), {
      browser: false,
      node: true,
      production: false,
      test: false,
      cli: true,
      library: false,
    });
    const unknown = reviewProfile();
    assert.ok(unknown.browser && unknown.node && !unknown.production && !unknown.test);
  });

  it('with no context applies security and performance rules but not production-only ones', async () => {
    const output = await review();
    assert.ok(rules(output).includes('codewright/insecure-random'));
    assert.ok(rules(output).includes('codewright/sync-io-in-async'));
    assert.ok(rules(output).includes('codewright/hardcoded-secret'));
    assert.equal(severity(output, 'codewright/command-injection'), 'high');
    assert.ok(!rules(output).includes('no-console'));
  });

  it('production reports leftover console output', async () => {
    assert.ok(rules(await review('production')).includes('no-console'));
  });

  it('test code relaxes randomness, secrets and performance rules', async () => {
    const output = await review('test');
    assert.ok(!rules(output).includes('codewright/insecure-random'));
    assert.ok(!rules(output).includes('codewright/sync-io-in-async'));
    assert.equal(severity(output, 'codewright/hardcoded-secret'), 'low');
  });

  it('a CLI keeps sync I/O and console, and grades argv-style command building lower', async () => {
    const output = await review('node', 'cli');
    assert.ok(!rules(output).includes('codewright/sync-io-in-async'));
    assert.ok(!rules(output).includes('no-console'));
    assert.equal(severity(output, 'codewright/command-injection'), 'medium');
  });

  it('browser code skips Node-only rules', async () => {
    const output = await review('browser');
    assert.ok(!rules(output).includes('codewright/sync-io-in-async'));
    assert.ok(rules(output).includes('codewright/insecure-random'));
  });

  it('a library in production reports console output too', async () => {
    assert.ok(rules(await review(undefined, 'library')).includes('no-console'));
  });
});
