// The review operation as the doors see it: dispatch per language, findings with ranges and
// per-finding fixes for the editor, the engine registration, and check-type filtering.
import assert from 'node:assert/strict';
import { validate } from '../../../../server/src/engine/contracts';
import { ReviewInput, ReviewOutput } from '../../../../server/src/engine/contracts/review';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';
import { BUILTIN_OPERATIONS } from '../../../../server/src/engine/engine';
import { reviewCode, reviewDetailed } from '../../../../server/src/engine/review';

const JS = [
  "const https = require('https');",
  "app.get('/go', (req, res) => res.redirect(req.query.to));",
  'const agent = new https.Agent({ rejectUnauthorized: false });',
  'module.exports = { agent };',
  '',
].join('\n');

describe('review operation', () => {
  it('returns findings with ranges and the fix edits of fixable ones', async () => {
    const { output, findings } = await reviewDetailed(validate(ReviewInput, { code: JS, language: 'js' }));
    ReviewOutput.parse(output);
    const tls = findings.find((f) => f.rule === 'codewright/tls-verification-disabled')!;
    assert.equal(tls.line, 3);
    assert.ok(tls.endColumn > tls.column);
    assert.deepEqual(
      tls.fix!.map((e) => JS.slice(e.start, e.end)),
      ['false'],
    );
    const redirect = findings.find((f) => f.rule === 'codewright/open-redirect')!;
    assert.equal(redirect.fix, undefined);
    assert.equal(output.issues.find((i) => i.rule === 'codewright/open-redirect')!.fixable, false);
  });

  it('can skip building fixed_code (editor diagnostics) while keeping per-finding fixes', async () => {
    const { output, findings } = await reviewDetailed(
      validate(ReviewInput, { code: JS, language: 'js' }),
      {},
      { fixedCode: false },
    );
    assert.equal(output.fixed_code, JS);
    assert.deepEqual(output.fixed_issues, []);
    assert.ok(findings.some((f) => f.fix));
  });

  it('runs only the requested check types', async () => {
    const output = await reviewCode(
      validate(ReviewInput, { code: JS, language: 'js', check_types: ['performance'] }),
    );
    assert.deepEqual(output.issues, []);
    assert.equal(output.score, 100);
  });

  it('reviews the other languages through tree-sitter', async () => {
    const code = 'import subprocess\n\ndef run(name):\n    subprocess.call("ls " + name, shell=True)\n';
    const output = await reviewCode(
      validate(ReviewInput, { code, language: 'python', check_types: ['security'] }),
    );
    ReviewOutput.parse(output);
    assert.ok(output.issues.some((i) => i.rule === 'codewright/command-injection' && i.line === 4));
    assert.ok(output.score < 100);
  });

  it('reviews `language: erb` as a template, tags or none; the same text as Ruby stays an error', async () => {
    const ignore = '*.gem\n.bundle\n.jekyll-cache\n_site\nGemfile.lock\n';
    const rules = async (language: string, code = ignore) =>
      (await reviewDetailed(validate(ReviewInput, { code, language }))).findings.map((f) => f.rule);
    assert.equal(validate(ReviewInput, { code: ignore, language: 'ERB' }).template, true);
    assert.equal(validate(ReviewInput, { code: ignore, language: 'ruby' }).template, undefined);
    assert.deepEqual(await rules('erb'), []);
    assert.deepEqual(await rules('ruby'), ['codewright/syntax-error']);
    assert.ok((await rules('erb', '<%= raw params[:q] %>\n')).includes('codewright/xss'));
  });

  it('is registered as the engine operation `review`', async () => {
    const input = validate(ReviewInput, { code: JS, language: 'javascript' });
    const output = await BUILTIN_OPERATIONS.review!(input, { config: DEFAULT_CONFIG, roots: [] });
    assert.ok(output.issues.length >= 2);
    assert.match(output.fixed_code, /rejectUnauthorized: true/);
  });
});
