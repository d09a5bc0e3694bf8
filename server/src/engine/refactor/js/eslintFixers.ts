// Transforms backed by ESLint's own autofixers. Each rule's fixer already refuses the cases it cannot
// prove safe (no-var keeps loop variables captured by closures, prefer-arrow-callback keeps functions
// that use `this` or `arguments`, eqeqeq only fixes same-type comparisons), so we apply exactly what
// ESLint would, one non-overlapping batch per round, and explain what it left alone.
import { Linter } from 'eslint';
import ts from 'typescript';
import tseslint from 'typescript-eslint';
import type { PatternName } from '../patterns';
import { templateConversionRisk, templateRiskFromText } from './safety/templateSafety';
import { tidyTemplateLiteral } from './templateTidy';
import type { Candidate, JsContext, JsTransform, KeptNote, Proposals } from './transform';
import { callbackReasonRule, CALLBACK_REASON_RULE } from './callbackReasons';
import { withCompositions, type RuleFix } from './eslintCompose';
import { recordingEspree } from './eslintParser';
import { notesAfter, settles, SETTLING_RULE_SET, type SiteVerdict } from './eslintSettled';
import { settlingBatch, varVerdicts, type VarVerdict } from './eslintVarConst';
import { varReasonRule, VAR_REASON_RULE } from './varReasons';

type RuleSetting = 'error' | ['error', ...unknown[]];

const RULES: Partial<Record<PatternName, Record<string, RuleSetting>>> = {
  const_let: { 'no-var': 'error', 'prefer-const': ['error', { destructuring: 'all' }] },
  arrow_functions: { 'prefer-arrow-callback': 'error' },
  template_literals: { 'prefer-template': 'error' },
  object_shorthand: {
    'object-shorthand': ['error', 'always', { avoidQuotes: true, ignoreConstructors: true }],
  },
  destructuring: {
    'prefer-destructuring': [
      'error',
      {
        VariableDeclarator: { array: false, object: true },
        AssignmentExpression: { array: false, object: false },
      },
    ],
  },
  spread: { 'prefer-object-spread': 'error' },
  exponentiation: { 'prefer-exponentiation-operator': 'error' },
  else_return: { 'no-else-return': ['error', { allowElseIf: false }], 'no-lonely-if': 'error' },
  boolean_simplify: { 'no-extra-boolean-cast': 'error', 'no-unneeded-ternary': 'error' },
  useless_code: {
    'no-useless-return': 'error',
    'no-useless-rename': 'error',
    'no-useless-computed-key': 'error',
  },
  dot_notation: { 'dot-notation': 'error' },
  operator_assignment: { 'operator-assignment': 'error' },
  strict_equality: { eqeqeq: ['error', 'always', { null: 'ignore' }] },
  yoda_conditions: { yoda: 'error' },
};

const MESSAGES: Record<string, string> = {
  'prefer-const': 'never reassigned',
  'prefer-arrow-callback': 'callback function → arrow function',
  'prefer-template': 'string concatenation → template literal',
  'object-shorthand': 'object property shorthand',
  'prefer-destructuring': 'property read → destructuring',
  'prefer-object-spread': '`Object.assign({}, …)` → object spread',
  'prefer-exponentiation-operator': '`Math.pow` → `**`',
  'no-else-return': 'removed `else` after `return`',
  'no-lonely-if': '`else { if … }` → `else if …`',
  'no-extra-boolean-cast': 'removed redundant boolean cast',
  'no-unneeded-ternary': 'simplified ternary',
  'no-useless-return': 'removed useless `return;`',
  'no-useless-rename': 'removed rename to the same name',
  'no-useless-computed-key': 'computed key → plain key',
  'dot-notation': 'bracket access → dot notation',
  'operator-assignment': 'assignment → compound operator',
  eqeqeq: '`==` → `===` (both sides have the same type)',
  yoda: 'comparison reordered subject-first',
};

export function eslintPatterns(): PatternName[] {
  return Object.keys(RULES) as PatternName[];
}

/** One transform running every selected ESLint-backed pattern's rules together. */
export function createEslintTransform(patterns: ReadonlySet<PatternName>): JsTransform | undefined {
  const ruleToPattern = new Map<string, PatternName>();
  const rules: Record<string, RuleSetting> = {};
  for (const pattern of patterns) {
    for (const [rule, setting] of Object.entries(RULES[pattern] ?? {})) {
      rules[rule] = setting;
      ruleToPattern.set(rule, pattern);
    }
  }
  if (Object.keys(rules).length === 0) return undefined;
  if (rules['no-var']) rules[`codewright/${VAR_REASON_RULE}`] = 'error';
  if (rules['prefer-arrow-callback']) rules[`codewright/${CALLBACK_REASON_RULE}`] = 'error';
  // The messages of the last text linted: the pass that checks a batch parses is the next round's.
  let last: ({ text: string } & Lint) | undefined;
  // Fix texts tidied by a parse of their own, by rule and text: each round reports again every site
  // the previous one did not change (kept concatenations, fixes that overlapped one that landed).
  const reparsed = new Map<string, string>();
  const espree = recordingEspree();
  // What prefer-const will do with the `let`s no-var makes is read from the lint's scopes (plain JS).
  const judgeVars = rules['no-var'] !== undefined && rules['prefer-const'] !== undefined;
  const lintOf = (context: JsContext): Lint => {
    const text = context.file.text();
    if (last?.text !== text)
      last = {
        text,
        ...lintMessages(context, text, rules, espree.parser, judgeVars && !context.isTypeScript),
      };
    return last;
  };
  const messagesFor = (context: JsContext): Linter.LintMessage[] => lintOf(context).messages;
  // Whether a batch can end the rounds unlinted: the argument of eslintSettled.ts covers these rules.
  const canSettle = Object.keys(rules).every(
    (rule) => SETTLING_RULE_SET.has(rule) || rule.startsWith('codewright/'),
  );
  return {
    name: 'eslint fixers',
    checkSemantics: false,
    oneAtATime: false,
    propose: (context) => {
      const proposals = proposalsFrom(context, lintOf(context), ruleToPattern, reparsed);
      return canSettle && !context.isTypeScript ? proposals : { ...proposals, settledBy: undefined };
    },
    // ESLint's parser (espree, or typescript-eslint's for TypeScript) is at least as strict as the
    // compiler's parse, and each round parses the text anyway: checking a batch with it saves the
    // compiler a parse of every version no compiler question is asked about.
    parseError: (context) => messagesFor(context).find((message) => message.fatal)?.message,
    // After the last batch nothing is linted: espree as ESLint would call it, when the text's
    // source type (and so the options ESLint would pass) is the one of the last lint.
    parseErrorAlone: (context) => {
      const text = context.file.text();
      if (espree.options()?.sourceType !== sourceTypeOf(text))
        return messagesFor(context).find((message) => message.fatal)?.message;
      return espree.parseError(text);
    },
  };
}

interface Lint {
  messages: Linter.LintMessage[];
  /** What prefer-const will do with each `var` declaration once no-var made it `let`. */
  verdicts: ReadonlyMap<number, VarVerdict>;
}

function lintMessages(
  context: JsContext,
  text: string,
  rules: Record<string, RuleSetting>,
  parser: Linter.Parser,
  judgeVars: boolean,
): Lint {
  // A linter per pass: a Linter keeps its last pass's SourceCode (AST, tokens, scopes, traversal
  // steps: ~100 MB for 10,000 lines) until its next pass, so one kept across rounds would hold it
  // through this round's compiler checks and the next round's parse. Creating one costs < 1 ms.
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    text,
    configFor(context, text, rules, parser),
    `file.${context.isTypeScript ? 'ts' : 'js'}${context.jsx ? 'x' : ''}`,
  );
  const sourceCode = judgeVars || context.keep ? linter.getSourceCode() : null;
  if (sourceCode) context.keep?.(sourceCode);
  return { messages, verdicts: sourceCode && judgeVars ? varVerdicts(sourceCode) : new Map() };
}

function proposalsFrom(
  context: JsContext,
  { messages, verdicts }: Lint,
  ruleToPattern: ReadonlyMap<string, PatternName>,
  reparsed: Map<string, string>,
): Proposals {
  const text = context.file.text();
  const starts = lineStarts(text);
  const spacedBraces = usesSpacedBraces(text);
  const fixes: RuleFix[] = [];
  const kept: KeptNote[] = [];
  // What the lint said, site by site, to judge whether a batch leaves the next lint nothing new.
  const sites: SiteVerdict[] = [];
  const varNotes = new Set<KeptNote>();
  for (const message of messages) {
    const at = (starts[message.line - 1] ?? 0) + message.column - 1;
    if (message.ruleId === `codewright/${VAR_REASON_RULE}`) {
      const note = { pattern: 'const_let' as const, at, message: message.message };
      kept.push(note);
      varNotes.add(note);
      sites.push({ kind: 'var-note', start: at, end: at, note });
      continue;
    }
    if (!message.fix || !message.ruleId || message.fatal) sites.push({ kind: 'other', start: at, end: at });
    if (message.ruleId === `codewright/${CALLBACK_REASON_RULE}`) {
      kept.push({ pattern: 'arrow_functions', at, message: message.message });
      continue;
    }
    if (message.fatal) {
      kept.push({
        pattern: firstPattern(ruleToPattern),
        at,
        message: `ESLint could not parse the code (${message.message}); its fixers were not applied`,
      });
      continue;
    }
    if (!message.fix || !message.ruleId) continue;
    const [start, end] = message.fix.range;
    const replacement = tidy(
      message.ruleId,
      text.slice(start, end),
      message.fix.text,
      spacedBraces,
      reparsed,
    );
    const risk = preconditionRisk(context, message.ruleId, start, end, replacement);
    if (risk) {
      const pattern = ruleToPattern.get(message.ruleId) ?? firstPattern(ruleToPattern);
      const note = { pattern, at, message: `kept \`${snippetOf(text.slice(start, end))}\` — ${risk}` };
      kept.push(note);
      const byText = templateRiskFromText(context.file, start, end, replacement) !== undefined;
      sites.push(byText ? { kind: 'kept-by-text', start, end, note } : { kind: 'other', start, end });
      continue;
    }
    const described = describe(message.ruleId, text.slice(start, end), replacement);
    const pattern = ruleToPattern.get(message.ruleId);
    if (!pattern) {
      sites.push({ kind: 'other', start, end });
      continue;
    }
    const candidate = { pattern, edits: [{ start, end, text: replacement }], at, message: described };
    fixes.push({ rule: message.ruleId, start, end, text: replacement, candidate });
    sites.push({ kind: 'candidate', rule: message.ruleId, candidate });
  }
  const { candidates, parts } = withCompositions(text, fixes, describe);
  const settledBy = (batch: Candidate[]): { batch: Candidate[]; notes: KeptNote[] } | undefined => {
    if (settles(sites, parts, batch)) return { batch, notes: notesAfter(kept, batch) };
    // Or, with the `var`s that become `const` composed, one lint earlier (eslintVarConst.ts).
    const constPattern = ruleToPattern.get('prefer-const');
    const lint = { text, sites, verdicts, constPattern, describe };
    const final = settlingBatch(lint, parts, batch);
    if (!final) return undefined;
    const notes = kept.filter((note) => !varNotes.has(note));
    return { batch: final, notes: notesAfter(notes, final) };
  };
  return { candidates, kept, settledBy };
}

/** A precondition of ours on top of the rule's own (the rule assumes what we must prove). */
function preconditionRisk(
  context: JsContext,
  rule: string,
  start: number,
  end: number,
  replacement: string,
): string | undefined {
  if (rule === 'prefer-template') return templateConversionRisk(context.file, start, end, replacement);
  return undefined;
}

function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 50 ? flat : `${flat.slice(0, 47)}...`;
}

// ESLint's fixers keep surrounding whitespace: `${  a}` from prefer-template, `f () {}` from object-shorthand.
function tidy(
  rule: string,
  before: string,
  text: string,
  spacedBraces: boolean,
  reparsed: Map<string, string>,
): string {
  if (rule === 'prefer-template' || rule === 'prefer-exponentiation-operator') {
    // Both parse the fix text alone, so the result depends on nothing else.
    const key = `${rule}\0${text}`;
    let tidied = reparsed.get(key);
    if (tidied === undefined) {
      tidied = rule === 'prefer-template' ? tidyTemplateLiteral(text) : spacedExponent(text);
      reparsed.set(key, tidied);
    }
    return tidied;
  }
  if (rule === 'no-else-return') return tidyUnwrappedBlock(before, text);
  if (rule === 'object-shorthand') return text.replace(/^((?:async\s+|\*\s*)?[\w$]+) \(/, '$1(');
  if (rule === 'prefer-destructuring' && spacedBraces)
    return text.replace(/^\{([^{}\s][^{}]*[^{}\s]|[^{}\s])\}/, '{ $1 }');
  if (rule === 'prefer-object-spread' && text.startsWith('{ ')) return text.replace(/([^\s])\}$/, '$1 }');
  return text;
}

/** `a**b` → `a ** b` (the fixer joins the operands without spaces). */
function spacedExponent(text: string): string {
  const source = ts.createSourceFile('fix.ts', text, ts.ScriptTarget.Latest, true);
  const statement = source.statements[0];
  let expression = statement && ts.isExpressionStatement(statement) ? statement.expression : undefined;
  while (expression && ts.isParenthesizedExpression(expression)) expression = expression.expression;
  if (
    !expression ||
    !ts.isBinaryExpression(expression) ||
    expression.operatorToken.kind !== ts.SyntaxKind.AsteriskAsteriskToken
  )
    return text;
  const operator = expression.operatorToken;
  return `${text.slice(0, operator.getStart(source)).trimEnd()} ** ${text.slice(operator.getEnd()).trimStart()}`;
}

/** Whether the code writes object braces with inner spaces (`{ a }`) rather than `{a}`. */
function usesSpacedBraces(text: string): boolean {
  return (text.match(/(?<!\$)\{ [^\s}]/g) ?? []).length >= (text.match(/(?<!\$)\{[^\s}]/g) ?? []).length;
}

/**
 * no-else-return leaves the else body at its old depth with blank lines where `else {` and `}` were;
 * this dedents the unwrapped lines by one level and drops those leftovers.
 */
export function tidyUnwrappedBlock(before: string, after: string): string {
  let prefix = 0;
  while (prefix < before.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix++;
  const middle = after.slice(prefix, after.length - suffix);
  const unit = /\n([ \t]+)\S/.exec(before.slice(prefix)) ? indentStep(before) : '  ';
  const eol = before.includes('\r\n') ? '\r\n' : '\n';
  const lines = middle.split(/\r?\n/);
  if (lines.length < 2) return after;
  lines[0] = lines[0]!.trimEnd();
  if (lines.at(-1)!.trim() === '' && lines.length > 2) lines.pop();
  const body = lines.slice(1).map((line) => (line.startsWith(unit) ? line.slice(unit.length) : line));
  const head = after.slice(0, prefix).replace(/[ \t]+$/, '');
  return `${head}${lines[0]}${eol}${body.join(eol)}${after.slice(after.length - suffix)}`;
}

function indentStep(text: string): string {
  const indents = (text.match(/^[ \t]+(?=\S)/gm) ?? []).map((indent) => indent.length);
  const sorted = [...new Set(indents)].sort((a, b) => a - b);
  const step = sorted.length > 1 ? sorted[1]! - sorted[0]! : (sorted[0] ?? 2);
  return text.includes('\t') ? '\t' : ' '.repeat(step || 2);
}

function describe(rule: string, before: string, after: string): string {
  if (rule === 'no-var' || rule === 'prefer-const') {
    const declared = /^\s*(?:var|let)\s+([\w$]+|[{[][^=]*?[}\]])/.exec(before)?.[1] ?? '';
    const keyword = rule === 'no-var' ? 'let' : 'const';
    const from = rule === 'no-var' ? 'var' : 'let';
    const base = `\`${from} ${declared.trim()}\` → \`${keyword} ${declared.trim()}\``;
    return rule === 'prefer-const' ? `${base} (${MESSAGES[rule]})` : base;
  }
  const general = MESSAGES[rule] ?? rule;
  const short = (value: string): boolean => value.length <= 60 && !value.includes('\n');
  if (short(before) && short(after) && before.trim().length > 3)
    return `${general}: \`${before.trim()}\` → \`${after.trim()}\``;
  return general;
}

function sourceTypeOf(text: string): 'module' | 'commonjs' | 'script' {
  return /^\s*(import|export)\b/m.test(text)
    ? 'module'
    : /\brequire\s*\(|\bmodule\.exports\b|\bexports\.[\w$]+\s*=/.test(text)
      ? 'commonjs'
      : 'script';
}

function configFor(
  context: JsContext,
  text: string,
  rules: Record<string, RuleSetting>,
  parser: Linter.Parser,
): Linter.Config[] {
  const languageOptions: Linter.LanguageOptions = {
    ecmaVersion: 'latest',
    sourceType: sourceTypeOf(text),
    // Plain JS may hold JSX (TypeScript accepts it too); only .ts must not, because of `<T>x` casts.
    parserOptions: { ecmaFeatures: { jsx: context.jsx || !context.isTypeScript } },
  };
  languageOptions.parser = context.isTypeScript ? (tseslint.parser as Linter.Parser) : parser;
  return [
    {
      files: ['**/*.js', '**/*.jsx', '**/*.ts', '**/*.tsx'],
      languageOptions,
      plugins: {
        codewright: {
          rules: { [VAR_REASON_RULE]: varReasonRule, [CALLBACK_REASON_RULE]: callbackReasonRule },
        },
      },
      linterOptions: { reportUnusedDisableDirectives: 'off' },
      rules,
    },
  ];
}

function firstPattern(ruleToPattern: ReadonlyMap<string, PatternName>): PatternName {
  return ruleToPattern.values().next().value ?? 'const_let';
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}
