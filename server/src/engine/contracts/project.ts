import { z } from 'zod';
import { SkippedStages } from './common';

export const ANALYSIS_TYPES = ['full', 'quality', 'dependencies', 'architecture', 'size'] as const;

/** The templates of /v1/project/init (a test keeps this equal to the engine's template table). */
export const TEMPLATE_IDS = [
  'node-typescript',
  'express-api',
  'fastify-api',
  'react-vite',
  'vscode-extension',
  'cli',
  'python-package',
] as const;

export const ProjectInitInput = z.object({
  name: z
    .string()
    .min(1)
    .max(214)
    .regex(
      /^[a-z0-9][a-z0-9._-]*$/,
      'lowercase letters, digits, ".", "_" and "-", starting with a letter or digit',
    ),
  template: z.enum(TEMPLATE_IDS),
  directory: z.string().min(1).optional().meta({
    description:
      'Folder (under a workspace root) to create the project in; default: the first workspace root.',
  }),
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

const Counts = z.object({ files: z.int(), code: z.int(), comment: z.int(), blank: z.int() });
const Unchecked = z.object({
  name: z.string(),
  ecosystem: z.string(),
  check: z.enum(['outdated', 'vulnerable']),
  reason: z.string(),
});

export const ProjectAnalyzeOutput = z.object({
  project_info: z.object({
    name: z.string(),
    type: z.string().meta({
      description: 'library, web app, API, CLI, extension, desktop app, application, or unknown.',
    }),
    language: z.string().meta({ description: 'The programming language with the most code lines.' }),
    framework: z
      .string()
      .meta({ description: "Detected from the runtime dependencies; 'none' when none is." }),
    size: z.object({
      files: z.int().meta({ description: 'Files of a recognised language (see docs/project.md).' }),
      lines: z.int(),
      size_mb: z.number(),
      languages: z
        .record(z.string(), Counts)
        .optional()
        .meta({ description: 'Per language (cloc names): files and code, comment and blank lines.' }),
      largest: z.array(z.object({ path: z.string(), language: z.string(), lines: z.int() })).optional(),
      excluded: z
        .object({
          ignored: z.int(),
          skipped_folders: z.int(),
          symlinks: z.int(),
          binary: z.int(),
          unrecognised: z.int(),
          too_large: z.int(),
          unreadable: z.array(z.object({ path: z.string(), reason: z.string() })),
        })
        .optional()
        .meta({
          description: 'What the count left out and why (.gitignore, dependency and build folders, ...).',
        }),
      truncated: z.object({ files_seen: z.int(), reason: z.string() }).optional().meta({
        description: 'Present when the walk stopped early (time): the counts cover files_seen files.',
      }),
    }),
  }),
  code_quality: z
    .object({
      score: z
        .number()
        .nullable()
        .meta({ description: 'Line-weighted mean review score; null when nothing was reviewed.' }),
      issues: z.int().meta({ description: 'Review findings of severity critical or high.' }),
      warnings: z.int().meta({ description: 'Findings of severity medium.' }),
      suggestions: z.int().meta({ description: 'Findings of severity low.' }),
      reviewed_files: z.int().optional(),
      cached_files: z.int().optional(),
      not_reviewed: z.array(z.object({ files: z.int(), reason: z.string() })).optional(),
      by_folder: z
        .array(z.object({ folder: z.string(), files: z.int(), score: z.number(), issues: z.int() }))
        .optional(),
    })
    .optional()
    .meta({ description: 'Present when analysis_type is full or quality.' }),
  dependencies: z
    .object({
      total: z.int(),
      outdated: z.int().nullable().meta({
        description:
          'null unless every dependency was checked (see checked and unchecked); also listed in outdated_packages.',
      }),
      vulnerable: z.int().nullable(),
      checked: z
        .object({ registry: z.boolean(), reason: z.string().optional() })
        .optional()
        .meta({ description: 'Whether the registries were asked (needs the web_search tool).' }),
      by_ecosystem: z.record(z.string(), z.int()).optional(),
      manifests: z.array(z.string()).optional(),
      malformed_manifests: z.array(z.object({ path: z.string(), reason: z.string() })).optional(),
      outdated_packages: z
        .array(
          z.object({ name: z.string(), ecosystem: z.string(), declared: z.string(), latest: z.string() }),
        )
        .optional(),
      vulnerable_packages: z
        .array(
          z.object({
            name: z.string(),
            ecosystem: z.string(),
            version: z.string(),
            advisories: z.array(z.string()),
          }),
        )
        .optional(),
      unchecked: z.array(Unchecked).optional(),
    })
    .optional()
    .meta({
      description: 'Present when analysis_type is full or dependencies and include_dependencies is true.',
    }),
  architecture: z
    .object({
      complexity: z.string(),
      maintainability: z.string(),
      testability: z.string(),
      metrics: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ description: 'The metric values behind the ratings.' }),
      most_complex: z
        .array(z.object({ path: z.string(), function: z.string(), line: z.int(), complexity: z.int() }))
        .optional(),
    })
    .optional()
    .meta({
      description:
        'Present when analysis_type is full or architecture. Ratings are low, medium, high or unknown.',
    }),
  skipped: SkippedStages.optional(),
});

export type ProjectInitInput = z.output<typeof ProjectInitInput>;
export type ProjectInitOutput = z.output<typeof ProjectInitOutput>;
export type ProjectAnalyzeInput = z.output<typeof ProjectAnalyzeInput>;
export type ProjectAnalyzeOutput = z.output<typeof ProjectAnalyzeOutput>;
