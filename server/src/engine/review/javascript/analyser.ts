// Reviews JavaScript/TypeScript (incl. JSX/TSX) with ESLint's Linter: typescript-eslint's parser,
// the chosen plugin and core rules, and our own rules, configured for the requested check types
// and review profile. ESLint messages become Findings; fixes are kept only for rules marked safe.
import type { ESLint } from 'eslint';
import { Linter } from 'eslint/universal';
import sonarjs from 'eslint-plugin-sonarjs';
import tseslint from 'typescript-eslint';
import type { LanguageId } from '../../languages';
import { StageBudget } from '../../stageBudget';
import { SYNTAX_RULE } from '../ruleIds';
import type { AnalyserOptions, Finding } from '../types';
import { reviewProfile, type ReviewProfile } from '../profile';
import { normalizedOrPlain, prepareNormalized } from './normalizedConfig';
import { CODEWRIGHT_PLUGIN, JS_RULES, JS_RULES_BY_ESLINT_ID } from './registry';
import { withBidiPrecheck } from './rules/bidi';
import { tracked, trackedRule } from './ruleTracking';

// eslint-plugin-security ships no type declarations.
const security = require('eslint-plugin-security') as ESLint.Plugin;

/** A rule that runs past its budget is turned off and ESLint runs again, at most this many times. */
const MAX_RULES_SKIPPED = 3;

export { SYNTAX_RULE };

const linter = new Linter({ configType: 'flat' });
const configs = new Map<string, Linter.Config[]>();

const FILE_NAMES: Partial<Record<LanguageId, string>> = {
  javascript: 'input.js',
  javascriptreact: 'input.jsx',
  typescript: 'input.ts',
  typescriptreact: 'input.tsx',
};

/** The ESLint rules enabled for the check types and profile (shared with the bench's baseline). */
export function enabledRules(options: AnalyserOptions): Linter.RulesRecord {
  const profile = reviewProfile(options.environment, options.projectType);
  const rules: Linter.RulesRecord = {};
  for (const rule of JS_RULES) {
    if (!options.checkTypes.includes(rule.meta.type)) continue;
    if (rule.appliesTo && !rule.appliesTo(profile)) continue;
    rules[rule.eslintId] = rule.options ? ['error', ...rule.options] : 'error';
  }
  return rules;
}

/** The flat config for a language, check types and profile; cached since the inputs repeat. */
export function eslintConfig(
  language: LanguageId,
  options: AnalyserOptions,
  sourceType: 'module' | 'commonjs' = 'module',
): Linter.Config[] {
  const key = [
    language,
    sourceType,
    [...options.checkTypes].sort().join(','),
    options.environment ?? '',
    options.projectType ?? '',
  ].join('|');
  let config = configs.get(key);
  if (!config) {
    config = [
      {
        files: ['**/*.js', '**/*.jsx', '**/*.ts', '**/*.tsx'],
        // Tracked copies: a rule that runs away can be named and left out (see reviewJavaScript).
        plugins: {
          codewright: tracked('codewright', CODEWRIGHT_PLUGIN),
          security: tracked('security', withBidiPrecheck(security)),
          sonarjs: tracked('sonarjs', sonarjs as never),
          '@typescript-eslint': tracked('@typescript-eslint', tseslint.plugin as never),
        },
        languageOptions: {
          // ESLint's own parser (espree) for plain JavaScript is about twice as fast as typescript-eslint's.
          ...(isTypeScript(language) ? { parser: tseslint.parser as Linter.Parser } : {}),
          ecmaVersion: 'latest',
          sourceType,
          parserOptions: { ecmaFeatures: { jsx: language !== 'typescript' } },
        },
        linterOptions: { reportUnusedDisableDirectives: 'off' },
        rules: enabledRules(options),
      },
    ];
    configs.set(key, config);
  }
  return config;
}

function isTypeScript(language: LanguageId): boolean {
  return language === 'typescript' || language === 'typescriptreact';
}

/**
 * Normalizes the module config of a review once per process (see normalizedConfig.ts); awaited
 * before `reviewJavaScript`, whose lint is synchronous. Until it is ready the plain config is used.
 */
export function prepareJavaScript(language: LanguageId, options: AnalyserOptions): Promise<void> {
  return prepareNormalized(eslintConfig(language, options), FILE_NAMES[language] ?? 'input.js');
}

/** Reviews one JS-family source text. A parse failure yields a single syntax finding. */
export function reviewJavaScript(code: string, language: LanguageId, options: AnalyserOptions): Finding[] {
  const filename = FILE_NAMES[language] ?? 'input.js';
  // A BOM is stripped by ESLint; offsets it reports are relative to the text after it.
  const offset = code.charCodeAt(0) === 0xfeff ? 1 : 0;
  const budget = options.budget ?? StageBudget.unlimited();
  const disabled = new Set<string>();
  const lint = (sourceType: 'module' | 'commonjs') =>
    lintWithinBudget(
      code,
      filename,
      withDisabled(eslintConfig(language, options, sourceType), disabled),
      budget,
      disabled,
    );
  let messages = lint('module');
  if (messages === undefined) return [];
  const fatal = messages.find((m) => m.fatal);
  if (fatal && /^(javascript|javascriptreact)$/.test(language)) {
    // Old scripts (`with`, octal literals) parse only as scripts, and a top-level `return` only in
    // Node's CommonJS wrapper (ESLint's `commonjs`, a script with a global return: NodeBB's CLI).
    const asScript = lint('commonjs');
    if (asScript && !asScript.some((m) => m.fatal)) messages = asScript;
  }
  const profile = reviewProfile(options.environment, options.projectType);
  return messages.map((message) => toFinding(message, profile, offset)).filter((f): f is Finding => !!f);
}

/**
 * Runs ESLint within the stage budget. A plugin rule that runs past it is named (see ruleTracking),
 * turned off and the lint runs again; runaway parsing or core rules leave the whole pass out
 * (undefined). Either way the budget records what was skipped.
 */
function lintWithinBudget(
  code: string,
  filename: string,
  configFor: () => Linter.Config[],
  budget: StageBudget,
  disabled: Set<string>,
): Linter.LintMessage[] | undefined {
  for (;;) {
    trackedRule.current = undefined;
    const result = budget.run(
      () => (trackedRule.current ? `rule ${trackedRule.current}` : 'ESLint (parser and core rules)'),
      () => verifyGuarded(code, configFor(), filename),
    );
    if (result !== StageBudget.TIMED_OUT) return result;
    const runaway = trackedRule.current;
    if (!runaway || disabled.size >= MAX_RULES_SKIPPED) return undefined;
    disabled.add(runaway);
  }
}

function verifyGuarded(code: string, config: Linter.Config[], filename: string): Linter.LintMessage[] {
  try {
    return linter.verify(code, config, filename);
  } catch (error) {
    // Nesting deep enough to exhaust the stack in a rule: say so instead of failing the request.
    if (!(error instanceof RangeError)) throw error;
    return [
      {
        fatal: true,
        ruleId: null,
        severity: 2,
        line: 1,
        column: 1,
        message: 'The code is nested too deeply to analyse.',
      },
    ];
  }
}

/**
 * The config with some rules turned off (rules that ran away earlier in this review), else its
 * normalized form when it is ready.
 */
function withDisabled(config: Linter.Config[], disabled: ReadonlySet<string>): () => Linter.Config[] {
  return () => {
    if (disabled.size === 0) return normalizedOrPlain(config);
    const rules = { ...config[0]!.rules };
    for (const id of disabled) rules[id] = 'off';
    return [{ ...config[0]!, rules }];
  };
}

function toFinding(message: Linter.LintMessage, profile: ReviewProfile, offset: number): Finding | undefined {
  if (message.fatal || !message.ruleId) {
    if (!message.fatal) return undefined;
    return {
      rule: SYNTAX_RULE,
      type: 'syntax',
      severity: 'high',
      message: message.message.replace(/^Parsing error: /, 'Syntax error: '),
      suggestion: 'Fix the syntax error; the rest of the file was not reviewed.',
      line: message.line,
      column: message.column,
      endLine: message.line,
      endColumn: message.column + 1,
    };
  }
  const rule = JS_RULES_BY_ESLINT_ID.get(message.ruleId);
  if (!rule) return undefined;
  let severity = (message.messageId && rule.severities?.[message.messageId]) || rule.meta.severity;
  if (rule.adjustSeverity) severity = rule.adjustSeverity(severity, profile);
  const finding: Finding = {
    rule: rule.meta.id,
    type: rule.meta.type,
    severity,
    message: message.message,
    suggestion: rule.meta.fix,
    line: message.line,
    column: message.column,
    endLine: message.endLine ?? message.line,
    endColumn: message.endColumn ?? message.column + 1,
  };
  if (rule.safeFix && message.fix) {
    finding.fix = [
      { start: message.fix.range[0] + offset, end: message.fix.range[1] + offset, text: message.fix.text },
    ];
  }
  return finding;
}
