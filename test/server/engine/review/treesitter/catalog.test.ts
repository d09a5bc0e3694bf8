import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { TREE_SITTER_RULES } from '../../../../../server/src/engine/review/treesitter';
import { corpusSamples } from './corpusScore';

describe('tree-sitter rule catalog', () => {
  it('documents every rule with an id, what, why, how to fix and an example', () => {
    assert.ok(TREE_SITTER_RULES.length >= 12);
    for (const rule of TREE_SITTER_RULES) {
      assert.match(rule.id, /^codewright\/[a-z]+(?:-[a-z]+)*$/);
      for (const field of ['description', 'rationale', 'fix', 'example'] as const)
        assert.ok(rule[field].length > 10, `${rule.id}.${field}`);
    }
    assert.equal(new Set(TREE_SITTER_RULES.map((r) => r.id)).size, TREE_SITTER_RULES.length);
  });

  it('every rule the corpus expects is in the catalog', () => {
    const ids = new Set(TREE_SITTER_RULES.map((r) => r.id));
    for (const [, file, expected] of corpusSamples()) {
      for (const e of expected.expect) assert.ok(ids.has(e.rule), `${file}: ${e.rule}`);
      assert.ok(readFileSync(file, 'utf8').length > 200, `${file} should be a realistic sample`);
    }
  });
});
