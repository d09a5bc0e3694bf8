// Every review rule's documentation, across the JS/TS analyser and the tree-sitter languages. One
// id may have several entries (one per analyser family) that share the id and differ in detail.
import { JS_RULES } from './javascript/registry';
import { TREE_SITTER_RULES } from './treesitter';
import type { RuleMeta } from './types';

export function allRuleMetas(): RuleMeta[] {
  return [...JS_RULES.map((rule) => rule.meta), ...TREE_SITTER_RULES];
}

export { ruleAnchor } from './ruleIds';
