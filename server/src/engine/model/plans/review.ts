// review with a model: the model reads the numbered code and the builtin findings and adds the issues
// the analysers missed. Its issues are kept only where they point at a real line and a requested
// check type, and are dropped where the builtin tier already reports that line for the same type or
// rule (the builtin finding, with its rule id and safe fix, stands). The score and fixed_code stay
// the builtin tier's: they are measured and verified, the model's issues are not.
import { z } from 'zod';
import { ReviewIssue, type ReviewOutput } from '../../contracts/review';
import type { VerificationCheck } from '../../contracts/verification';
import { checkParses } from '../verify';
import { numbered, type ModelPlan } from '../tier';

const ModelIssue = ReviewIssue.pick({
  type: true,
  severity: true,
  line: true,
  message: true,
  suggestion: true,
})
  .extend({ rule: z.string().meta({ description: 'A short kebab-case name of the problem.' }) })
  .extend({ type: z.enum(['security', 'performance', 'best_practices']) });

export const ModelReview = z.object({
  issues: z.array(ModelIssue),
  suggestions: z.array(z.string()),
});
type ModelReview = z.output<typeof ModelReview>;

/** Model rules are namespaced so a reader never mistakes them for the analysers' rules (docs/rules.md). */
export const MODEL_RULE_PREFIX = 'model/';

export const reviewPlan: ModelPlan<'review', typeof ModelReview> = {
  name: 'code_review',
  schema: ModelReview,
  messages: (input, builtin) => [
    {
      role: 'system',
      content: [
        `You review ${input.language} code for ${input.check_types.join(', ')} problems.`,
        'Answer with one JSON object {"issues": [...], "suggestions": [...]}.',
        'Each issue names the 1-based line it is on (the numbers before each line), a type, a severity, a short kebab-case rule name, a message and a concrete suggestion.',
        'Report only real problems; static analysis already found the ones listed, do not repeat them.',
        input.context?.environment ? `The code runs in: ${input.context.environment}.` : '',
      ]
        .filter(Boolean)
        .join(' '),
    },
    {
      role: 'user',
      content: `${numbered(input.code)}\n\nAlready found:\n${
        builtin.issues.map((i) => `line ${i.line} ${i.type} ${i.rule}: ${i.message}`).join('\n') ||
        '(nothing)'
      }`,
    },
  ],
  async verify(input, builtin, answer) {
    const lines = input.code.split('\n');
    const wanted = new Set<string>(input.check_types);
    const outside = answer.issues.filter((i) => i.line > lines.length || !lines[i.line - 1]!.trim());
    const offType = answer.issues.filter((i) => !wanted.has(i.type));
    const kept = answer.issues.filter((i) => !outside.includes(i) && !offType.includes(i));
    const fresh = kept.filter((issue) => !duplicates(issue, builtin.issues));
    const added = dedupeAmong(fresh).map((issue) => toIssue(issue, lines[issue.line - 1]!));
    const checks: VerificationCheck[] = [
      {
        check: "the model's issues point at lines of the code",
        target: 'response',
        outcome: outside.length ? 'failed' : 'passed',
        detail: outside.length
          ? `${outside.length} of ${answer.issues.length} issues named a line that is blank or past the end (${lines.length} lines); they were dropped`
          : `${answer.issues.length} issues, all on lines of the code`,
      },
      {
        check: 'de-duplicated against the builtin findings (same line and type or rule)',
        target: 'response',
        outcome: 'passed',
        detail: `${kept.length - added.length} duplicates dropped, ${offType.length} of unrequested types dropped, ${added.length} added`,
      },
    ];
    if (builtin.fixed_code !== input.code)
      checks.push(await checkParses(builtin.fixed_code, input.language, 'code'));
    const issues = [...builtin.issues, ...added].sort(
      (a, b) => a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule),
    );
    const seen = new Set(builtin.suggestions.map(normal));
    const suggestions = [
      ...builtin.suggestions,
      ...answer.suggestions.filter((s) => s.trim() && !seen.has(normal(s))),
    ];
    const output: ReviewOutput = { ...builtin, issues, suggestions };
    return {
      accepted: true,
      output,
      checks,
      merge:
        "builtin findings, plus the model issues on other lines or of other types and rules (marked model/...); score and fixed_code are the builtin tier's",
    };
  },
};

function duplicates(
  issue: ModelReview['issues'][number],
  builtin: readonly ReviewOutput['issues'][number][],
) {
  const rule = issue.rule.toLowerCase();
  return builtin.some(
    (b) =>
      b.line === issue.line &&
      (b.type === issue.type || b.rule.toLowerCase() === rule || b.rule.toLowerCase().endsWith(`/${rule}`)),
  );
}

/** A model that repeats itself: one issue per line and type. */
function dedupeAmong(issues: ModelReview['issues']): ModelReview['issues'] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.line}:${i.type}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toIssue(issue: ModelReview['issues'][number], lineText: string): ReviewOutput['issues'][number] {
  const slug = issue.rule
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    type: issue.type,
    severity: issue.severity,
    line: issue.line,
    column: lineText.length - lineText.trimStart().length + 1,
    rule: MODEL_RULE_PREFIX + (slug || issue.type),
    message: issue.message,
    suggestion: issue.suggestion,
    fixable: false,
  };
}

const normal = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
