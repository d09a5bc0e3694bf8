import { z } from 'zod';
import { Language, SkippedStages, SourceCode } from './common';
import { Verification } from './verification';

export const REFACTOR_TYPES = [
  'modernize',
  'async_await',
  'extract_function',
  'simplify',
  'remove_dead_code',
  'rename',
] as const;

export const RefactorOptions = z
  .object({
    from: z.string().min(1).max(200).optional().meta({ description: 'rename: the current name.' }),
    to: z.string().min(1).max(200).optional().meta({ description: 'rename: the new name.' }),
    line: z
      .number()
      .int()
      .min(1)
      .optional()
      .meta({ description: 'rename: a line where `from` occurs, to pick one binding.' }),
    start_line: z
      .number()
      .int()
      .min(1)
      .optional()
      .meta({ description: 'extract_function: first line (1-based).' }),
    end_line: z
      .number()
      .int()
      .min(1)
      .optional()
      .meta({ description: 'extract_function: last line (inclusive).' }),
    name: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'extract_function: name of the new function.' }),
  })
  .meta({
    description: 'Parameters of rename (from, to, line) and extract_function (start_line, end_line, name).',
  });

export const RefactorInput = z.object({
  code: SourceCode,
  language: Language,
  refactor_type: z.enum(REFACTOR_TYPES),
  target_patterns: z
    .array(z.string().min(1).max(100))
    .max(50)
    .optional()
    .meta({
      description:
        'Narrows which transforms apply (e.g. const_let, arrow_functions, template_literals, optional_chaining, ' +
        'async_await, destructuring, es_modules, classes; Python: f_strings, comprehensions, with_open, pathlib). ' +
        'Unknown names are a ValidationError listing the known ones.',
    }),
  options: RefactorOptions.optional(),
});

export const RefactorOutput = z.object({
  refactored_code: z.string(),
  changes: z.array(z.string()),
  benefits: z.array(z.string()),
  skipped: SkippedStages.optional(),
  verification: Verification.optional(),
});

export type RefactorInput = z.output<typeof RefactorInput>;
export type RefactorOutput = z.output<typeof RefactorOutput>;
export type RefactorOptions = z.output<typeof RefactorOptions>;
export type RefactorType = (typeof REFACTOR_TYPES)[number];
