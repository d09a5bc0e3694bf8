import { z } from 'zod';
import { Framework, Language, RequestContext } from './common';

export const GenerateInput = z.object({
  prompt: z.string().min(1),
  language: Language,
  framework: Framework.optional(),
  context: RequestContext.optional(),
  options: z
    .object({ include_tests: z.boolean().default(false), include_docs: z.boolean().default(false) })
    .optional(),
  stream: z.boolean().optional(),
});

export const GenerateOutput = z.object({
  code: z.string(),
  explanation: z.string(),
  tests: z.string(),
  metadata: z.object({
    language: z.string(),
    framework: z.string(),
    estimated_lines: z.int().min(0),
    complexity: z.string(),
  }),
});

export type GenerateInput = z.output<typeof GenerateInput>;
export type GenerateOutput = z.output<typeof GenerateOutput>;
