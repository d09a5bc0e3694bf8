import { z } from 'zod';
import { Language, SkippedStages, SourceCode } from './common';
import { Verification } from './verification';

export const DETAIL_LEVELS = ['brief', 'standard', 'detailed'] as const;

export const ExplainInput = z.object({
  code: SourceCode,
  language: Language,
  detail_level: z.enum(DETAIL_LEVELS).default('standard'),
  /** The file line the code starts at (an excerpt): every line number in the output is then a file line. */
  first_line: z.int().min(1).max(1_000_000).optional().meta({
    description: 'File line of the first line of `code` (default 1), so reported lines are file lines.',
  }),
});

export const BreakdownEntry = z.object({
  line: z.int().min(1),
  code: z.string(),
  explanation: z.string(),
});

/** Structured facts behind the prose (added to the spec's fields, for the editor and for tests). */
export const ExplainDetails = z.object({
  language: z.string(),
  analyzer: z.enum(['typescript', 'tree-sitter']),
  detail_level: z.enum(DETAIL_LEVELS),
  syntax_error: z.object({ line: z.int(), column: z.int(), message: z.string() }).optional(),
  breakdown_truncated: z.boolean(),
  units: z.array(
    z.object({
      name: z.string(),
      kind: z.string(),
      description: z.string(),
      line: z.int(),
      end_line: z.int(),
      params: z.array(z.string()),
      inputs: z.string().optional(),
      output: z.string().optional(),
      complexity: z.string().optional().meta({ description: "ASCII big-O, e.g. 'O(n^2)', or 'unknown'." }),
      complexity_basis: z.string().optional(),
      complexity_legend: z.array(z.string()).optional(),
      space_complexity: z
        .string()
        .optional()
        .meta({ description: "Extra memory beyond the inputs, ASCII big-O (e.g. 'O(n)'), or 'unknown'." }),
      space_basis: z.string().optional(),
    }),
  ),
  concepts: z.array(z.object({ concept: z.string(), lines: z.array(z.int()) })),
  side_effects: z.array(z.object({ kind: z.string(), what: z.string(), line: z.int() })),
});

export const ExplainOutput = z.object({
  explanation: z.object({
    summary: z.string(),
    breakdown: z.array(BreakdownEntry),
    concepts: z.array(z.string()),
    performance_impact: z.string(),
  }),
  details: ExplainDetails.optional(),
  skipped: SkippedStages.optional(),
  verification: Verification.optional(),
});

export type ExplainInput = z.output<typeof ExplainInput>;
export type ExplainOutput = z.output<typeof ExplainOutput>;
