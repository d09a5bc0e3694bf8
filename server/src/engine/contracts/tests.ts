import { z } from 'zod';
import { Language } from './common';

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
});

export const TestGenOutput = z.object({
  test_code: z.string(),
  coverage_info: z.object({
    estimated_coverage: z.int().min(0).max(100),
    test_cases: z.int().min(0),
    edge_cases: z.int().min(0),
  }),
});

export type TestGenInput = z.output<typeof TestGenInput>;
export type TestGenOutput = z.output<typeof TestGenOutput>;
