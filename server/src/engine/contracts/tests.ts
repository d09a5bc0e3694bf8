import { z } from 'zod';
import { Language } from './common';
import { Verification } from './verification';

export const TEST_FRAMEWORKS = [
  'mocha',
  'jest',
  'vitest',
  'node:test',
  'pytest',
  'unittest',
  'go test',
] as const;

export const TestGenInput = z.object({
  source_code: z.string().min(1),
  language: Language.optional(),
  test_framework: z.enum(TEST_FRAMEWORKS).optional(),
  coverage_target: z.int().min(0).max(100).default(80),
  include_edge_cases: z.boolean().default(true),
  module_path: z
    .string()
    .min(1)
    .max(200)
    .regex(/^\.{1,2}\/[\w./-]+$/, 'must be a relative path such as ./slugify')
    .optional()
    .meta({
      description:
        "Path the test imports the module under test by, relative to the test file (JS/TS: './name', Python: the module name is its last segment). Default './subject'.",
    }),
});

export const TestGenOutput = z.object({
  test_code: z.string(),
  coverage_info: z.object({
    estimated_coverage: z.int().min(0).max(100),
    test_cases: z.int().min(0),
    edge_cases: z.int().min(0),
    measured: z.boolean().optional().meta({
      description: 'True when the coverage was measured by running the suite; false for a static estimate.',
    }),
    method: z
      .string()
      .optional()
      .meta({ description: 'How the coverage figure was obtained (instrumentation tool, or the estimate).' }),
    statement_coverage: z.number().min(0).max(100).optional(),
    branch_coverage: z.number().min(0).max(100).optional(),
    verified_runs: z
      .int()
      .min(0)
      .optional()
      .meta({ description: 'How many times the final suite ran green with the chosen framework.' }),
    dropped_tests: z.int().min(0).optional().meta({
      description: 'Cases dropped because they failed, were flaky, timed out or were not reproducible.',
    }),
  }),
  module_path: z
    .string()
    .optional()
    .meta({ description: 'The path the test code imports the module under test by.' }),
  source_file: z.string().optional().meta({
    description: 'File name the source must be saved as, beside the test file, for the import to resolve.',
  }),
  test_file: z.string().optional().meta({ description: 'Suggested file name of the test file.' }),
  test_framework: z.string().optional().meta({ description: 'The framework the test code is written for.' }),
  targets: z
    .array(z.object({ name: z.string(), kind: z.string(), test_cases: z.int().min(0) }))
    .optional()
    .meta({
      description: 'Every exported/public function, class and method found, with its number of cases.',
    }),
  notes: z
    .array(z.string())
    .optional()
    .meta({ description: 'What was not done or not checked, and why (e.g. code_execution disabled).' }),
  verification: Verification.optional(),
});

export type TestGenInput = z.output<typeof TestGenInput>;
export type TestGenOutput = z.output<typeof TestGenOutput>;
