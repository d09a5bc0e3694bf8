// ESLint configs normalized once per process: the same messages as the plain config, for every
// language; the plain config until the normalization is ready, and for reruns with rules turned off.
import assert from 'node:assert/strict';
import { Linter } from 'eslint/universal';
import { CHECK_TYPES } from '../../../../../server/src/engine/contracts/review';
import type { LanguageId } from '../../../../../server/src/engine/languages';
import { reviewDetailed } from '../../../../../server/src/engine/review/index';
import { StageBudget } from '../../../../../server/src/engine/stageBudget';
import {
  eslintConfig,
  prepareJavaScript,
  reviewJavaScript,
} from '../../../../../server/src/engine/review/javascript/analyser';
import {
  normalizedOrPlain,
  prepareNormalized,
} from '../../../../../server/src/engine/review/javascript/normalizedConfig';

const SAMPLE = [
  "const express = require('express');",
  "const { exec } = require('child_process');",
  'const app = express();',
  "app.get('/run', (req, res) => {",
  '  const unused = 1;',
  '  const flags = { a: 1, a: 2 };',
  '  exec(`ls ${req.query.dir}`);',
  '  if (flags.a === flags.a) res.send(String(flags.a));',
  '});',
].join('\n');

const FILE_NAMES: Record<string, string> = {
  javascript: 'input.js',
  javascriptreact: 'input.jsx',
  typescript: 'input.ts',
  typescriptreact: 'input.tsx',
};

describe('review: ESLint config normalized once', () => {
  const options = { checkTypes: [...CHECK_TYPES] };

  for (const language of Object.keys(FILE_NAMES) as LanguageId[]) {
    it(`gives the plain config's messages for ${language}`, async () => {
      const plain = eslintConfig(language, options);
      await prepareJavaScript(language, options);
      const normalized = normalizedOrPlain(plain);
      assert.notEqual(normalized, plain);
      assert.equal(typeof (normalized as unknown as { getConfig: unknown }).getConfig, 'function');
      const linter = new Linter({ configType: 'flat' });
      const expected = linter.verify(SAMPLE, plain, FILE_NAMES[language]);
      assert.ok(expected.length >= 4, 'the sample triggers several rules');
      assert.deepEqual(linter.verify(SAMPLE, normalized, FILE_NAMES[language]), expected);
    });
  }

  it('uses the plain config until the normalization is ready, and prepares it once', async () => {
    const config: Linter.Config[] = [{ files: ['**/*.js'], rules: { 'no-dupe-keys': 'error' } }];
    assert.equal(normalizedOrPlain(config), config);
    const first = prepareNormalized(config, 'input.js');
    assert.equal(prepareNormalized(config, 'input.js'), first);
    assert.equal(normalizedOrPlain(config), config);
    await first;
    const normalized = normalizedOrPlain(config);
    assert.notEqual(normalized, config);
    assert.deepEqual(
      new Linter({ configType: 'flat' })
        .verify('({ a: 1, a: 2 });', normalized, 'input.js')
        .map((m) => m.ruleId),
      ['no-dupe-keys'],
    );
  });

  it('leaves a config ESLint refuses plain, so that verify reports it as before', async () => {
    const config = [{ files: ['**/*.js'], rules: { 'no-such-plugin/rule': 'error' } }] as Linter.Config[];
    await prepareNormalized(config, 'input.js');
    assert.equal(normalizedOrPlain(config), config);
  });

  it('reviews with the same findings before and after the normalization', async () => {
    // A profile no other test prepared: its config is still plain on the first review.
    const fresh = { checkTypes: [...CHECK_TYPES], environment: 'test-normalized-config' };
    const config = eslintConfig('javascript', fresh);
    assert.equal(normalizedOrPlain(config), config);
    const before = reviewJavaScript(SAMPLE, 'javascript', fresh);
    await prepareJavaScript('javascript', fresh);
    assert.notEqual(normalizedOrPlain(config), config);
    assert.ok(before.length >= 4);
    assert.deepEqual(reviewJavaScript(SAMPLE, 'javascript', fresh), before);
  });

  it('reruns without a runaway rule (plain config, rule off) once the normalized one is in use', async () => {
    await prepareJavaScript('javascript', options);
    // Nested quantifiers that sonarjs/slow-regex backtracks on for far longer than the budget.
    let pattern = 'a*';
    for (let i = 0; i < 30; i++) pattern = `(${pattern})*`;
    const code = `const flags = { a: 1, a: 2 };\nconst r = /^${pattern}$/;\nmodule.exports = { flags, r };\n`;
    const budget = new StageBudget({ deadline: Date.now() + 4000 });
    const { output, findings } = await reviewDetailed(
      { code, language: 'javascript', check_types: [...CHECK_TYPES] },
      { budget },
      { fixedCode: false },
    );
    assert.deepEqual(
      output.skipped?.map((s) => s.stage),
      ['rule sonarjs/slow-regex'],
    );
    assert.deepEqual(
      findings.map((f) => f.rule),
      ['no-dupe-keys'],
    );
  });
});
