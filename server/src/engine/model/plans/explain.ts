// explain with a model: the model writes the prose (summary, notes on lines, concepts) and states the
// time complexity of each function; the builtin tier's facts stay authoritative. A breakdown entry is
// kept only when its line exists and its `code` is that line's text; a complexity the model claims is
// compared with the one the builtin estimator measured, and where they differ the measured one is
// what the answer says (performance_impact is always the builtin tier's), and the check says so.
import { z } from 'zod';
import { BreakdownEntry, type ExplainOutput } from '../../contracts/explain';
import type { VerificationCheck } from '../../contracts/verification';
import { numbered, type ModelPlan } from '../tier';

export const ModelExplanation = z.object({
  summary: z.string().min(1),
  breakdown: z.array(BreakdownEntry),
  concepts: z.array(z.string()),
  complexity: z
    .array(z.object({ name: z.string(), big_o: z.string() }))
    .meta({ description: 'The time complexity of each named function, in big-O.' }),
});

export const explainPlan: ModelPlan<'explain', typeof ModelExplanation> = {
  name: 'code_explanation',
  schema: ModelExplanation,
  messages: (input) => [
    {
      role: 'system',
      content: [
        `You explain ${input.language} code to a developer (${input.detail_level} detail).`,
        'Answer with one JSON object {"summary", "breakdown", "concepts", "complexity"}.',
        "Each breakdown entry gives a line number (the numbers before each line), that line's code exactly, and what it does.",
        '"complexity" gives the time complexity of each named function as big-O in ASCII, e.g. O(n^2).',
      ].join(' '),
    },
    { role: 'user', content: numbered(input.code) },
  ],
  async verify(input, builtin, answer) {
    const first = input.first_line ?? 1;
    const lines = input.code.split('\n');
    const lineText = (line: number) => lines[line - first];
    const matches = (entry: z.output<typeof BreakdownEntry>) => {
      const text = lineText(entry.line);
      return text !== undefined && text.trim() !== '' && squash(text).includes(squash(entry.code));
    };
    const good = answer.breakdown.filter((e) => e.code.trim() !== '' && matches(e));
    const covered = new Set(builtin.explanation.breakdown.map((e) => e.line));
    const added = good.filter((e) => !covered.has(e.line));
    const checks: VerificationCheck[] = [
      {
        check: 'breakdown entries quote the line they name',
        target: 'response',
        outcome: good.length === answer.breakdown.length ? 'passed' : 'failed',
        detail: `${good.length} of ${answer.breakdown.length} matched their line; the others were dropped`,
      },
      ...complexityChecks(answer.complexity, builtin),
    ];
    const seen = new Set(builtin.explanation.concepts.map((c) => c.toLowerCase()));
    const output: ExplainOutput = {
      ...builtin,
      explanation: {
        summary: `${answer.summary.trim()}\n\n${builtin.explanation.summary}`,
        breakdown: [...builtin.explanation.breakdown, ...added].sort((a, b) => a.line - b.line),
        concepts: [
          ...builtin.explanation.concepts,
          ...answer.concepts.filter((c) => c.trim() && !seen.has(c.toLowerCase())),
        ],
        performance_impact: builtin.explanation.performance_impact,
      },
    };
    return {
      accepted: true,
      output,
      checks,
      merge:
        "the model's summary before the analysis summary; breakdown and concepts are the builtin's plus the model's verified additions; performance_impact and every complexity are the builtin estimator's",
    };
  },
};

/** One check per function whose complexity the model stated: agreed, disagreed (measured kept) or unmeasured. */
function complexityChecks(
  claims: z.output<typeof ModelExplanation>['complexity'],
  builtin: ExplainOutput,
): VerificationCheck[] {
  const units = builtin.details?.units ?? [];
  return claims.map((claim) => {
    const unit = units.find((u) => u.name === claim.name);
    const check = `complexity of ${claim.name}`;
    if (!unit?.complexity || /unknown/i.test(unit.complexity)) {
      return {
        check,
        target: 'response' as const,
        outcome: 'skipped' as const,
        detail: `the model says ${claim.big_o}; the builtin estimator has no measure for it, so the answer states none`,
      };
    }
    const agree = bigO(claim.big_o) === bigO(unit.complexity);
    return {
      check,
      target: 'response' as const,
      outcome: agree ? ('passed' as const) : ('failed' as const),
      detail: agree
        ? `the model and the builtin estimator agree: ${unit.complexity}`
        : `the model says ${claim.big_o}, the builtin estimator measured ${unit.complexity}; the measured one is kept`,
    };
  });
}

/** Big-O in one spelling: `O(n²)`, `O(n^2)` and `o( n * n )` are not all equal, but spacing and case are. */
function bigO(text: string): string {
  return text
    .toLowerCase()
    .replace(/²/g, '^2')
    .replace(/³/g, '^3')
    .replace(/[\s*·]/g, '')
    .replace(/log\(?(\w)\)?/g, 'log$1');
}

const squash = (text: string) => text.replace(/\s+/g, '');
