// POST /v1/code/review end to end through the real api: the contract's fields, validation errors
// in the spec's envelope, and the same answer as the engine gives directly.
import assert from 'node:assert/strict';
import { ReviewOutput } from '../../../../server/src/engine/contracts/review';
import { reviewCode } from '../../../../server/src/engine/review';
import { createTestApi, type TestApi } from '../../../api/helpers';

const CODE = [
  "const { exec } = require('child_process');",
  "app.get('/ls', (req, res) => exec('ls ' + req.query.dir, (e, out) => res.type('text').send(out)));",
  'let retries = 3;',
  'module.exports = { retries };',
  '',
].join('\n');

describe('POST /v1/code/review', () => {
  let api: TestApi;
  before(async () => {
    api = await createTestApi({ unlimited: true });
  });
  after(async () => api.close());

  const review = (payload: unknown) =>
    api.call({ method: 'POST', url: '/v1/code/review', payload: payload as object });

  it('answers 200 with score, issues, suggestions and a verified fixed_code', async () => {
    const response = await review({
      code: CODE,
      language: 'JavaScript',
      check_types: ['security', 'best_practices'],
    });
    assert.equal(response.statusCode, 200);
    const body = ReviewOutput.parse(response.json());
    const injection = body.issues.find((i) => i.rule === 'codewright/command-injection')!;
    assert.deepEqual([injection.type, injection.severity, injection.line], ['security', 'critical', 2]);
    assert.ok(body.score < 100);
    assert.ok(body.suggestions.length > 0);
    assert.match(body.fixed_code, /const retries = 3;/);
    assert.deepEqual(
      body.fixed_issues.map((f) => f.rule),
      ['prefer-const'],
    );
    const direct = await reviewCode({
      code: CODE,
      language: 'javascript',
      check_types: ['security', 'best_practices'],
    });
    assert.deepEqual(body, direct);
  });

  it('defaults check_types to all three', async () => {
    const body = ReviewOutput.parse(
      (await review({ code: 'for (const id of ids) { await load(id); }\n', language: 'ts' })).json(),
    );
    assert.ok(body.issues.some((i) => i.type === 'performance'));
  });

  it('rejects an unknown check type with a ValidationError naming the field', async () => {
    const response = await review({ code: CODE, language: 'js', check_types: ['style'] });
    assert.equal(response.statusCode, 400);
    const { error } = response.json() as {
      error: { type: string; code: string; details: { field: string } };
    };
    assert.equal(error.type, 'ValidationError');
    assert.equal(error.details.field, 'check_types.0');
  });

  it('rejects an unsupported language with INVALID_LANGUAGE', async () => {
    const response = await review({ code: CODE, language: 'brainfuck' });
    assert.equal(response.statusCode, 400);
    assert.equal((response.json() as { error: { code: string } }).error.code, 'INVALID_LANGUAGE');
  });

  it('reports a syntax error as an issue, not an error response', async () => {
    const response = await review({ code: 'function (', language: 'javascript' });
    assert.equal(response.statusCode, 200);
    const body = ReviewOutput.parse(response.json());
    assert.equal(body.issues[0]!.type, 'syntax');
    assert.equal(body.issues[0]!.line, 1);
  });
});
