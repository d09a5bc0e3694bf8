// docs/rules.md is generated from the rules' metadata; this fails when it is stale, and checks that
// every rule the engine can report is documented.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { JS_RULES } from '../../../../server/src/engine/review/javascript/registry';
import {
  formattedRuleDocs,
  RULE_DOCS_PATH,
  renderRuleDocs,
} from '../../../../server/src/engine/review/ruleDocs';
import { allRuleMetas, ruleAnchor } from '../../../../server/src/engine/review/rules';
import { TREE_SITTER_RULES } from '../../../../server/src/engine/review/treesitter';

describe('review rule docs', () => {
  it('docs/rules.md is up to date (regenerate: npx tsx server/src/engine/review/ruleDocs.ts)', async () => {
    assert.equal(readFileSync(RULE_DOCS_PATH, 'utf8'), await formattedRuleDocs());
  });

  it('documents every JS/TS and tree-sitter rule with all fields', () => {
    const docs = renderRuleDocs();
    for (const meta of [...JS_RULES.map((r) => r.meta), ...TREE_SITTER_RULES]) {
      assert.ok(docs.includes(`<a id="${ruleAnchor(meta.id)}"></a>`), `${meta.id} has a section`);
      for (const field of [meta.description, meta.rationale, meta.fix, meta.example])
        assert.ok(field.trim().length > 0, meta.id);
    }
    assert.equal(allRuleMetas().length, JS_RULES.length + TREE_SITTER_RULES.length);
  });

  it('gives each JS/TS rule id one entry and one ESLint rule', () => {
    const ids = JS_RULES.map((r) => r.meta.id);
    assert.equal(new Set(ids).size, ids.length);
    const eslintIds = JS_RULES.map((r) => r.eslintId);
    assert.equal(new Set(eslintIds).size, eslintIds.length);
    // A rule runs under its own id, or (a wrapper extending a plugin rule) under a codewright/ id of ours.
    for (const rule of JS_RULES)
      assert.ok(rule.meta.id === rule.eslintId || (rule.eslintId.startsWith('codewright/') && rule.module));
  });

  it('contains no raw bidirectional control characters', () => {
    assert.ok(!/[\u202A-\u202E\u2066-\u2069]/.test(renderRuleDocs()));
  });
});
