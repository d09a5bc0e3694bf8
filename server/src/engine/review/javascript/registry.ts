// Every JS/TS review rule in one list, and the ESLint plugin object holding our own rules.
import type { ESLint, Rule } from 'eslint';
import { BEST_PRACTICE_RULES } from './bestPractices';
import { PLUGIN_SECURITY_RULES } from './pluginRules';
import { JSON_PARSE_IN_LOOP_RULE } from './rules/jsonParseInLoop';
import { PERFORMANCE_RULES } from './rules/performance';
import { POLLUTION_RULE } from './rules/pollution';
import { SECRET_RULE } from './rules/secrets';
import { SECURITY_RULES } from './rules/security';
import type { JsRule } from './rule';
import { TAINT_RULES } from './taint/rules';

export const JS_RULES: readonly JsRule[] = [
  ...TAINT_RULES,
  POLLUTION_RULE,
  ...SECURITY_RULES,
  SECRET_RULE,
  ...PLUGIN_SECURITY_RULES,
  ...PERFORMANCE_RULES,
  JSON_PARSE_IN_LOOP_RULE,
  ...BEST_PRACTICE_RULES,
];

export const JS_RULES_BY_ESLINT_ID: ReadonlyMap<string, JsRule> = new Map(
  JS_RULES.map((rule) => [rule.eslintId, rule]),
);

/** Our own rules as an ESLint plugin named `codewright`. */
export const CODEWRIGHT_PLUGIN: ESLint.Plugin = {
  meta: { name: 'codewright' },
  rules: Object.fromEntries(
    JS_RULES.filter((rule) => rule.module).map((rule) => [
      rule.eslintId.replace(/^codewright\//, ''),
      rule.module as Rule.RuleModule,
    ]),
  ),
};
