// Reviews many files in the engine's worker pool, a few at a time (the caller's concurrency), with a
// progress line on a terminal. `--fix` writes each file's verified fixed_code and reviews the
// result again, so what is reported is what is left (like `eslint --fix`).
import { readFile, writeFile } from 'node:fs/promises';
import { ReviewInput, type CheckType, type ReviewOutput } from '../../../server/src/engine/contracts/review';
import type { Finding } from '../../../server/src/engine/review/types';
import type { Engine } from '../../../server/src/pool/pooledEngine';
import type { CliSourceFile } from './files';

export interface ReviewedFile {
  file: CliSourceFile;
  /** The code the findings are about (after --fix, the fixed code). */
  code: string;
  output: ReviewOutput;
  findings: Finding[];
  /** With --fix: the issues whose fixes were written to the file. */
  fixed: ReviewOutput['fixed_issues'];
}

export interface FailedReview {
  file: CliSourceFile;
  errorCode: string;
  message: string;
  /** True for a crash of the engine (exit 3), false for a limit or a refusal about this file. */
  internal: boolean;
}

export interface RunOptions {
  checkTypes: CheckType[];
  /** Build and verify fixed_code (needed for --fix and for the fixes SARIF carries). */
  fixedCode: boolean;
  fix: boolean;
  progress?: (done: number, total: number, path: string) => void;
}

/** Error codes that say something about the file, not about the engine being broken. */
const FILE_ERRORS = new Set([
  'FILE_TOO_LARGE',
  'ANALYSIS_LIMIT',
  'UNPROCESSABLE',
  'VALIDATION_ERROR',
  'INVALID_LANGUAGE',
]);

async function reviewOne(
  engine: Engine,
  file: CliSourceFile,
  options: RunOptions,
): Promise<ReviewedFile | FailedReview> {
  try {
    const code = await readFile(file.path, 'utf8');
    const review = (text: string, fixedCode: boolean) =>
      engine.task('reviewFindings', {
        input: ReviewInput.parse({ code: text, language: file.language, check_types: options.checkTypes }),
        fixedCode,
      });
    const first = await review(code, options.fixedCode || options.fix);
    if (!options.fix || first.output.fixed_code === code || first.output.fixed_issues.length === 0) {
      return { file, code, output: first.output, findings: first.findings, fixed: [] };
    }
    await writeFile(file.path, first.output.fixed_code);
    const after = await review(first.output.fixed_code, options.fixedCode);
    return {
      file,
      code: first.output.fixed_code,
      output: after.output,
      findings: after.findings,
      fixed: first.output.fixed_issues,
    };
  } catch (error) {
    const errorCode = (error as { code?: string }).code ?? 'INTERNAL_ERROR';
    const fileError = FILE_ERRORS.has(errorCode) || (error as NodeJS.ErrnoException).syscall !== undefined;
    return { file, errorCode, message: (error as Error).message, internal: !fileError };
  }
}

/** Reviews every file, at most `concurrency` at a time; results in the files' order. */
export async function reviewFiles(
  engine: Engine,
  files: readonly CliSourceFile[],
  concurrency: number,
  options: RunOptions,
): Promise<(ReviewedFile | FailedReview)[]> {
  const results = new Array<ReviewedFile | FailedReview>(files.length);
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < files.length) {
      const index = next++;
      results[index] = await reviewOne(engine, files[index]!, options);
      options.progress?.(++done, files.length, files[index]!.path);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, files.length)) }, lane));
  return results;
}

export function isFailure(result: ReviewedFile | FailedReview): result is FailedReview {
  return 'internal' in result;
}
