import { z } from 'zod';
import { isTemplateLanguage } from '../languages';
import { Language, RequestContext, SkippedStages, SourceCode } from './common';
import { CHECK_TYPES, ISSUE_TYPES, SEVERITIES } from './reviewTerms';
import { Verification } from './verification';

export { CHECK_TYPES, ISSUE_TYPES, MAX_REVIEW_SIZE, SEVERITIES } from './reviewTerms';
export type { CheckType, Severity } from './reviewTerms';

/** `language: "erb"` marks the input a template before the id resolves to `ruby`. */
function markTemplate(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const { language } = raw as { language?: unknown };
  return typeof language === 'string' && isTemplateLanguage(language) ? { ...raw, template: true } : raw;
}

export const ReviewInput = z.preprocess(
  markTemplate,
  z.object({
    code: SourceCode,
    language: Language,
    check_types: z
      .array(z.enum(CHECK_TYPES))
      .min(1)
      .default([...CHECK_TYPES])
      .meta({ description: 'Which checks to run (default: all).' }),
    context: RequestContext.optional(),
    template: z.boolean().optional().meta({
      description:
        'The code is an ERB template, reviewed as the Ruby of its tags (set by `language: erb`; a template without tags has no Ruby).',
    }),
  }),
);

export const ReviewIssue = z.object({
  type: z.enum(ISSUE_TYPES),
  severity: z.enum(SEVERITIES),
  line: z.int().min(1).meta({ description: '1-based line of the offending code.' }),
  column: z.int().min(1),
  rule: z.string().meta({ description: 'Rule id; see docs/rules.md.' }),
  message: z.string(),
  suggestion: z.string(),
  fixable: z.boolean().meta({ description: 'True when fixed_code contains a safe fix for this issue.' }),
});

export const FixedIssue = z.object({ rule: z.string(), line: z.int().min(1), message: z.string() });

export const ReviewOutput = z.object({
  score: z.number().min(0).max(100),
  issues: z.array(ReviewIssue),
  suggestions: z.array(z.string()),
  fixed_code: z.string(),
  fixed_issues: z.array(FixedIssue).meta({ description: 'The issues whose fixes fixed_code contains.' }),
  skipped: SkippedStages.optional(),
  verification: Verification.optional(),
});

export type ReviewInput = z.output<typeof ReviewInput>;
export type ReviewIssue = z.output<typeof ReviewIssue>;
export type ReviewOutput = z.output<typeof ReviewOutput>;
