// Fields shared by several operations. `language` validates and resolves to a canonical id; an
// unsupported one is marked so the doors report INVALID_LANGUAGE rather than a generic ValidationError.
import { z } from 'zod';
import { acceptedLanguageNames, resolveLanguage } from '../languages';

export const INVALID_LANGUAGE_PARAM = 'INVALID_LANGUAGE';

export const Language = z
  .string()
  .min(1)
  .transform((value, ctx) => {
    const id = resolveLanguage(value);
    if (!id) {
      ctx.addIssue({
        code: 'custom',
        message: `Unsupported language '${value.slice(0, 40)}'. Accepted: ${acceptedLanguageNames().join(', ')}`,
        params: { errorCode: INVALID_LANGUAGE_PARAM },
      });
      return z.NEVER;
    }
    return id;
  })
  .meta({ description: 'Programming language (VS Code language id or a common alias, case-insensitive).' });

export const SourceCode = z.string().meta({ description: 'Source code to process.' });

export const RequestContext = z
  .object({
    project_type: z.string().max(100).optional(),
    styling: z.string().max(100).optional(),
    environment: z.string().max(100).optional(),
  })
  .meta({ description: 'Hints about where the code runs; each used by some operations.' });

export const Framework = z.string().max(100).meta({ description: 'Framework name.' });

export const SkippedStage = z.object({
  stage: z
    .string()
    .meta({ description: 'The part of the analysis left out, e.g. `rule sonarjs/slow-regex`.' }),
  reason: z.string().meta({ description: 'Why, e.g. the time budget it ran past.' }),
});

export const SkippedStages = z.array(SkippedStage).meta({
  description:
    'Parts of the analysis that ran away (time) and were left out: the rest of the result stands. Absent when everything ran.',
});

export type SkippedStage = z.output<typeof SkippedStage>;
