// The operations of the spec: each with its zod input and output contract. These are the single
// source of the TypeScript types, the HTTP validation and the OpenAPI document.
import { z } from 'zod';
import { CodewrightError, invalidField } from '../errors';
import { INVALID_LANGUAGE_PARAM } from './common';
import { DocsInput, DocsOutput } from './docs';
import { ExplainInput, ExplainOutput } from './explain';
import { GenerateInput, GenerateOutput } from './generate';
import { ProjectAnalyzeInput, ProjectAnalyzeOutput, ProjectInitInput, ProjectInitOutput } from './project';
import { RefactorInput, RefactorOutput } from './refactor';
import { ReviewInput, ReviewOutput } from './review';
import { TestGenInput, TestGenOutput } from './tests';

export const OPERATIONS = {
  generate: { input: GenerateInput, output: GenerateOutput, summary: 'Generate code from a prompt' },
  review: { input: ReviewInput, output: ReviewOutput, summary: 'Review code' },
  explain: { input: ExplainInput, output: ExplainOutput, summary: 'Explain code' },
  refactor: { input: RefactorInput, output: RefactorOutput, summary: 'Refactor code' },
  initProject: { input: ProjectInitInput, output: ProjectInitOutput, summary: 'Initialize a project' },
  analyzeProject: { input: ProjectAnalyzeInput, output: ProjectAnalyzeOutput, summary: 'Analyze a project' },
  generateDocs: { input: DocsInput, output: DocsOutput, summary: 'Generate documentation' },
  generateTests: { input: TestGenInput, output: TestGenOutput, summary: 'Generate unit tests' },
} as const;

export type OperationName = keyof typeof OPERATIONS;
export type OperationInput<K extends OperationName> = z.output<(typeof OPERATIONS)[K]['input']>;
export type OperationOutput<K extends OperationName> = z.output<(typeof OPERATIONS)[K]['output']>;

/**
 * Validates untrusted input against a contract. Throws a CodewrightError: INVALID_LANGUAGE for an
 * unsupported language, otherwise VALIDATION_ERROR naming the first offending field.
 */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data, { reportInput: true }); // input tells "missing" from "wrong type"
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.') || '(body)';
  if (issue.code === 'custom' && issue.params?.errorCode === INVALID_LANGUAGE_PARAM) {
    throw new CodewrightError('INVALID_LANGUAGE', issue.message, { field, issue: 'unsupported language' });
  }
  throw invalidField(field, describeIssue(issue), `Invalid request: '${field}' ${describeIssue(issue)}`);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const received = (issue as { input?: unknown }).input === undefined ? 'missing' : 'wrong type';
    return received === 'missing' ? `is required (${issue.expected})` : `must be ${issue.expected}`;
  }
  if (issue.code === 'invalid_value') return `must be one of: ${issue.values.map(String).join(', ')}`;
  return issue.message;
}
