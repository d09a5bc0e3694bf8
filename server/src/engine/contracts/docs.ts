import { z } from 'zod';
import { Verification } from './verification';

export const DOC_TYPES = ['api', 'readme', 'reference'] as const;
export const DOC_FORMATS = ['markdown', 'html', 'json'] as const;

export const DocsInput = z.object({
  source_files: z.array(z.string().min(1)).min(1).max(1000),
  doc_type: z.enum(DOC_TYPES).default('api'),
  format: z.enum(DOC_FORMATS).default('markdown'),
  include_examples: z.boolean().default(false),
});

export const DocsOutput = z.object({
  documentation: z.string(),
  files_processed: z.int().min(0),
  total_functions: z.int().min(0),
  total_components: z.int().min(0),
  total_classes: z.int().min(0).optional(),
  total_types: z
    .int()
    .min(0)
    .optional()
    .meta({ description: 'Interfaces, type aliases and enums documented.' }),
  skipped_files: z
    .array(z.object({ path: z.string(), reason: z.string() }))
    .optional()
    .meta({ description: 'Files that could not be documented (unreadable, binary, unsupported) and why.' }),
  verification: Verification.optional(),
});

export type DocsInput = z.output<typeof DocsInput>;
export type DocsOutput = z.output<typeof DocsOutput>;
