// What was checked about the code an answer carries, shared by every operation that can use the model
// tier. A model's code is never returned unchecked: each check names its target and its outcome, and
// a check that could not run says `skipped` and why, never `passed`.
import { z } from 'zod';

export const VerificationCheck = z.object({
  check: z.string().meta({ description: 'What was checked, e.g. `parses (TypeScript compiler)`.' }),
  target: z.enum(['code', 'tests', 'response']),
  outcome: z.enum(['passed', 'failed', 'skipped']),
  detail: z
    .string()
    .meta({ description: 'The evidence: the first syntax error, the test summary, why skipped.' }),
});

export const Verification = z
  .object({
    tier: z.enum(['builtin', 'model']).meta({ description: 'The tier whose answer this is.' }),
    model: z.string().optional().meta({ description: 'The model that answered (model tier only).' }),
    checks: z.array(VerificationCheck),
    fallback: z
      .string()
      .optional()
      .meta({ description: 'Why the builtin tier answered although a model is configured.' }),
    merge: z.string().optional().meta({
      description: "How the model's answer and the builtin tier's were combined (review, explain, ...).",
    }),
  })
  .meta({ description: 'What was checked about the code in this answer, and the outcome.' });

export type VerificationCheck = z.output<typeof VerificationCheck>;
export type Verification = z.output<typeof Verification>;
