// The review operation: dispatches JS/TS to the ESLint-based analyser and every other language to
// tree-sitter, then scores the findings, derives whole-code suggestions and builds a verified
// fixed_code. `reviewDetailed` also returns the findings with ranges and fixes for the editor.
import type { OperationContext } from '../engine';
import { CodewrightError } from '../errors';
import { isJsFamily, type LanguageId } from '../languages';
import { MAX_REVIEW_SIZE, type ReviewInput, type ReviewIssue, type ReviewOutput } from '../contracts/review';
import { applySafeFixes } from './fixes';
import { prepareJavaScript, reviewJavaScript, SYNTAX_RULE } from './javascript/analyser';
import { reviewScore } from './score';
import { reviewSuggestions } from './suggestions';
import { reviewWithTreeSitter } from './treesitter';
import { withoutSuppressed } from './suppressions';
import type { AnalyserOptions, Finding } from './types';
import { StageBudget } from '../stageBudget';

export { MAX_REVIEW_SIZE };

export interface ReviewOptions {
  /**
   * Build and verify fixed_code (default true). The editor turns this off for diagnostics, where
   * each finding's own `fix` is enough and the verifying second review would double the latency.
   */
  fixedCode?: boolean;
}

export interface DetailedReview {
  output: ReviewOutput;
  findings: Finding[];
}

/** Runs the analysers for a language. */
async function analyse(code: string, language: LanguageId, options: AnalyserOptions): Promise<Finding[]> {
  if (options.signal?.aborted)
    throw new CodewrightError('UNPROCESSABLE', 'Review cancelled.', { issue: 'cancelled' });
  let findings: Finding[];
  if (isJsFamily(language)) {
    await prepareJavaScript(language, options);
    findings = reviewJavaScript(code, language, options);
  } else {
    findings = await reviewWithTreeSitter(code, language, options);
  }
  return withoutSuppressed(code, findings)
    .filter((f) => f.type === 'syntax' || options.checkTypes.includes(f.type))
    .sort((a, b) => a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule));
}

/** Text that is not source code: NUL bytes or mostly control characters. */
function binaryInputFinding(code: string): Finding | undefined {
  const sample = code.slice(0, 8192);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return notText();
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd) control++;
  }
  return sample.length > 0 && control / sample.length > 0.1 ? notText() : undefined;
}

function notText(): Finding {
  return {
    rule: SYNTAX_RULE,
    type: 'syntax',
    severity: 'high',
    message: 'The input is binary data, not source text; it was not reviewed.',
    suggestion: 'Send the source file as UTF-8 text.',
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 2,
  };
}

const EMPTY_NOTE = 'The code is empty: there is nothing to review.';
const MINIFIED_NOTE =
  'The code looks minified or generated: only security rules ran and no fixes were applied. Review the original sources for performance and best practices.';

/** Minified bundles: long and with very long lines. Style and performance advice on them is noise. */
function looksMinified(code: string): boolean {
  if (code.length < 20_000) return false;
  let lines = 1;
  for (let i = code.indexOf('\n'); i >= 0; i = code.indexOf('\n', i + 1)) lines++;
  return code.length / lines > 300;
}

function toIssue(finding: Finding, fixable: boolean): ReviewIssue {
  return {
    type: finding.type,
    severity: finding.severity,
    line: finding.line,
    column: finding.column,
    rule: finding.rule,
    message: finding.message,
    suggestion: finding.suggestion,
    fixable,
  };
}

export async function reviewDetailed(
  input: ReviewInput,
  context?: Partial<OperationContext>,
  reviewOptions: ReviewOptions = {},
): Promise<DetailedReview> {
  const { code, language } = input;
  if (code.length > MAX_REVIEW_SIZE) {
    throw new CodewrightError(
      'FILE_TOO_LARGE',
      `Code is ${code.length} characters; the review limit is ${MAX_REVIEW_SIZE}.`,
      {
        field: 'code',
        issue: 'too large',
      },
    );
  }
  const options: AnalyserOptions = {
    checkTypes: [...input.check_types],
    environment: input.context?.environment,
    projectType: input.context?.project_type,
    signal: context?.signal,
    budget: context?.budget ?? StageBudget.unlimited(),
    template: input.template,
  };
  const budget = options.budget!;
  const binary = binaryInputFinding(code);
  const minified = !binary && looksMinified(code);
  if (minified) options.checkTypes = options.checkTypes.filter((type) => type === 'security');
  const empty = code.trim() === '' || options.checkTypes.length === 0;
  const findings = binary ? [binary] : empty ? [] : await analyse(code, language, options);
  const { fixedCode, fixed } =
    minified || reviewOptions.fixedCode === false || budget.skipped.length > 0
      ? { fixedCode: code, fixed: [] }
      : await verifiedFixes(code, findings, (next) => analyse(next, language, options), budget);
  const notes = minified ? [MINIFIED_NOTE] : code.trim() === '' ? [EMPTY_NOTE] : [];
  const fixedSet = new Set(fixed);
  const output: ReviewOutput = {
    score: reviewScore(findings, code),
    issues: findings.map((f) => toIssue(f, fixedSet.has(f))),
    suggestions: [...notes, ...reviewSuggestions(findings)],
    fixed_code: fixedCode,
    fixed_issues: fixed.map((f) => ({ rule: f.rule, line: f.line, message: f.message })),
    ...budget.report(),
  };
  return { output, findings };
}

/**
 * Safe fixes, verified by reviewing the fixed code again. A verification that had to skip a stage
 * proves nothing, so its fixes are dropped (fixed_code stays the input) and the skip is reported.
 */
async function verifiedFixes(
  code: string,
  findings: Finding[],
  reanalyse: (next: string) => Promise<Finding[]>,
  budget: StageBudget,
): Promise<{ fixedCode: string; fixed: Finding[] }> {
  const before = budget.skipped.length;
  const result = await applySafeFixes(code, findings, reanalyse);
  if (budget.skipped.length === before) return result;
  for (const skip of budget.skipped.splice(before)) {
    budget.skip('fixed_code', `its verification left out ${skip.stage}, which ${skip.reason}`);
  }
  return { fixedCode: code, fixed: [] };
}

/** The `review` operation of the engine. */
export async function reviewCode(
  input: ReviewInput,
  context?: Partial<OperationContext>,
): Promise<ReviewOutput> {
  return (await reviewDetailed(input, context)).output;
}
