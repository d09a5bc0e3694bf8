import { z } from 'zod';

export const ANALYSIS_TYPES = ['full', 'quality', 'dependencies', 'architecture', 'size'] as const;

export const ProjectInitInput = z.object({
  name: z
    .string()
    .min(1)
    .max(214)
    .regex(
      /^[a-z0-9][a-z0-9._-]*$/,
      'lowercase letters, digits, ".", "_" and "-", starting with a letter or digit',
    ),
  template: z.string().min(1),
  options: z
    .object({
      include_tests: z.boolean().default(true),
      include_docs: z.boolean().default(true),
      use_eslint: z.boolean().default(true),
      use_prettier: z.boolean().default(true),
    })
    .optional(),
});

export const ProjectInitOutput = z.object({
  project_path: z.string(),
  template: z.string(),
  files: z.array(z.string()),
  next_steps: z.array(z.string()),
});

export const ProjectAnalyzeInput = z.object({
  project_path: z.string().min(1),
  analysis_type: z.enum(ANALYSIS_TYPES).default('full'),
  include_dependencies: z.boolean().default(true),
});

export const ProjectAnalyzeOutput = z.object({
  project_info: z.object({
    name: z.string(),
    type: z.string(),
    language: z.string(),
    framework: z.string(),
    size: z.object({ files: z.int(), lines: z.int(), size_mb: z.number() }),
  }),
  code_quality: z.object({ score: z.number(), issues: z.int(), warnings: z.int(), suggestions: z.int() }),
  dependencies: z.object({ total: z.int(), outdated: z.int().nullable(), vulnerable: z.int().nullable() }),
  architecture: z.object({ complexity: z.string(), maintainability: z.string(), testability: z.string() }),
});

export type ProjectInitInput = z.output<typeof ProjectInitInput>;
export type ProjectInitOutput = z.output<typeof ProjectInitOutput>;
export type ProjectAnalyzeInput = z.output<typeof ProjectAnalyzeInput>;
export type ProjectAnalyzeOutput = z.output<typeof ProjectAnalyzeOutput>;
