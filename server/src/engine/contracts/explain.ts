import { z } from 'zod';
import { Language, SourceCode } from './common';

export const DETAIL_LEVELS = ['brief', 'standard', 'detailed'] as const;

export const ExplainInput = z.object({
  code: SourceCode,
  language: Language,
  detail_level: z.enum(DETAIL_LEVELS).default('standard'),
});

export const BreakdownEntry = z.object({
  line: z.int().min(1),
  code: z.string(),
  explanation: z.string(),
});

export const ExplainOutput = z.object({
  explanation: z.object({
    summary: z.string(),
    breakdown: z.array(BreakdownEntry),
    concepts: z.array(z.string()),
    performance_impact: z.string(),
  }),
});

export type ExplainInput = z.output<typeof ExplainInput>;
export type ExplainOutput = z.output<typeof ExplainOutput>;
