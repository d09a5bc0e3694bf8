import { z } from 'zod';
import { Framework, Language, RequestContext } from './common';
import { Verification } from './verification';

/** Longest prompt in characters: a generation request is a description, not a document. */
export const MAX_PROMPT_CHARS = 20_000;

export const GenerateInput = z.object({
  prompt: z
    .string()
    .max(MAX_PROMPT_CHARS)
    .refine((text) => text.trim().length > 0, 'must not be empty')
    .meta({ description: `What to generate, in words (at most ${MAX_PROMPT_CHARS} characters).` }),
  language: Language,
  framework: Framework.optional().meta({
    description:
      'express, fastify, react or vue pick recipes of that framework; any other name is accepted and the answer says it was not used.',
  }),
  context: RequestContext.optional(),
  options: z
    .object({ include_tests: z.boolean().default(false), include_docs: z.boolean().default(false) })
    .optional(),
  stream: z
    .boolean()
    .optional()
    .meta({ description: 'Answer with Server-Sent Events (code deltas, then the full response).' }),
});

export const GenerateOutput = z.object({
  code: z.string(),
  explanation: z.string(),
  tests: z.string(),
  metadata: z.object({
    language: z.string(),
    framework: z.string(),
    estimated_lines: z.int().min(0).meta({ description: 'The number of lines of `code`.' }),
    complexity: z
      .string()
      .meta({ description: 'low/moderate/high from the cyclomatic complexity of `code` (in brackets).' }),
    source: z
      .enum(['recipe', 'scaffold', 'model'])
      .optional()
      .meta({ description: 'A builtin recipe, a scaffold (nothing fitted), or the model.' }),
    recipe: z.string().optional().meta({ description: 'The id of the builtin recipe used.' }),
  }),
  verification: Verification.optional(),
});

export type GenerateInput = z.output<typeof GenerateInput>;
export type GenerateOutput = z.output<typeof GenerateOutput>;
