// The refactor operation: `refactorCode` for the HTTP api, LSP and CLI, and `refactorRange` for the
// editor's code actions on a selection. JS/TS go through the TypeScript language service and
// ESLint's fixers (js/), Python through tree-sitter (python/); other languages are refused clearly.
import type { OperationContext } from '../engine';
import { CodewrightError, invalidField } from '../errors';
import type { RefactorInput, RefactorOutput, RefactorType } from '../contracts/refactor';
import { FILE_EXTENSIONS, isJsFamily, type LanguageId } from '../languages';
import { benefitsOf, type ChangeLog } from './changeLog';
import { offsetOfLine } from './edits';
import { extractFunction } from './js/extract';
import { contextFor, openChecked, refactorJs } from './js/index';
import { renameSymbol } from './js/rename';
import { selectPatterns, type LanguageFamily, type PatternName } from './patterns';
import { refactorPython } from './python/index';

/** Inputs larger than this are refused (the api's own body limit is 1 MiB too). */
export const MAX_CODE_BYTES = 1024 * 1024;
/** Work stops after this long; what was applied so far is returned and the rest said so. */
export const TIME_BUDGET_MS = 20_000;

export async function refactorCode(
  input: RefactorInput,
  context: Pick<OperationContext, 'signal'>,
): Promise<RefactorOutput> {
  return run(input, context.signal);
}

/** A selection in the editor: 1-based lines, optional 1-based columns (whole lines when absent). */
export interface SelectionRange {
  startLine: number;
  startColumn?: number;
  endLine: number;
  endColumn?: number;
}

export interface RefactorOffer {
  refactorType: RefactorType;
  /** For the LSP code action kind `refactor.rewrite.codewright.<refactorType>`. */
  title: string;
  result: RefactorOutput;
}

/**
 * For editor code actions: the refactors that would change something inside the selection (or on
 * the cursor's line when it is empty), each with its full result. `extract_function` is offered for
 * a selection of whole statements; modernize/simplify/remove_dead_code apply only the changes whose
 * line lies in the selection. The LSP feature maps each offer to a code action of kind
 * `refactor.rewrite.codewright.<refactorType>` whose edit replaces the document with `result.refactored_code`.
 */
export async function refactorRange(
  code: string,
  language: LanguageId,
  range: SelectionRange,
  types?: readonly RefactorType[],
  signal?: AbortSignal,
): Promise<RefactorOffer[]> {
  const wanted =
    types ??
    (['modernize', 'simplify', 'remove_dead_code', 'async_await', 'extract_function'] as RefactorType[]);
  let start = offsetOfLine(code, range.startLine) + (range.startColumn ?? 1) - 1;
  let end =
    range.endColumn === undefined
      ? offsetOfLine(code, range.endLine + 1)
      : offsetOfLine(code, range.endLine) + range.endColumn - 1;
  const cursor = end <= start;
  if (cursor) {
    start = offsetOfLine(code, range.startLine);
    end = offsetOfLine(code, range.startLine + 1);
  }
  const offers: RefactorOffer[] = [];
  for (const type of wanted) {
    if (type === 'rename' || (type === 'extract_function' && cursor)) continue;
    const input: RefactorInput = {
      code,
      language,
      refactor_type: type,
      options: { start_line: range.startLine, end_line: range.endLine },
    };
    try {
      const within = type === 'extract_function' ? undefined : { start, end };
      const result = await run(input, signal, within);
      if (result.refactored_code !== code)
        offers.push({ refactorType: type, title: titleOf(type, result), result });
    } catch (error) {
      if (!(error instanceof CodewrightError)) throw error;
    }
  }
  return offers;
}

async function run(
  input: RefactorInput,
  signal?: AbortSignal,
  within?: { start: number; end: number },
): Promise<RefactorOutput> {
  const { code, language, refactor_type: type } = input;
  if (Buffer.byteLength(code, 'utf8') > MAX_CODE_BYTES) {
    throw new CodewrightError('FILE_TOO_LARGE', `The code is larger than ${MAX_CODE_BYTES} bytes`, {
      field: 'code',
    });
  }
  if (code.trim() === '') throw invalidField('code', 'is empty', 'Nothing to refactor: the code is empty');
  const family = familyOf(language, type);
  const patterns = selectPatterns(
    type,
    family,
    type === 'extract_function' || type === 'rename' ? undefined : input.target_patterns,
  );
  const deadline = performance.now() + TIME_BUDGET_MS;
  let output: { code: string; log: ChangeLog };
  if (family === 'python') {
    output = await refactorPython({ code, patterns, within, signal });
  } else {
    output = runJs(input, patterns, deadline, signal, within);
  }
  return {
    refactored_code: output.code,
    changes: output.log.changes(patterns),
    benefits: benefitsOf(output.log),
  };
}

function runJs(
  input: RefactorInput,
  patterns: Set<PatternName>,
  deadline: number,
  signal?: AbortSignal,
  within?: { start: number; end: number },
): { code: string; log: ChangeLog } {
  const extension = FILE_EXTENSIONS[input.language] as 'js' | 'jsx' | 'ts' | 'tsx';
  if (input.refactor_type === 'rename' || input.refactor_type === 'extract_function') {
    const file = openChecked(input.code, extension);
    try {
      const { isTypeScript } = contextFor(file, extension, patterns);
      const log =
        input.refactor_type === 'rename'
          ? renameSymbol(file, input.options)
          : extractFunction(file, isTypeScript, input.options);
      return { code: file.text(), log };
    } finally {
      file.dispose();
    }
  }
  return refactorJs({ code: input.code, extension, patterns, signal, deadline, within });
}

const PYTHON_TYPES: readonly RefactorType[] = ['modernize', 'simplify'];

function familyOf(language: LanguageId, type: RefactorType): LanguageFamily {
  if (isJsFamily(language)) return 'js';
  if (language === 'python') {
    if (PYTHON_TYPES.includes(type)) return 'python';
    throw new CodewrightError(
      'UNPROCESSABLE',
      `refactor_type '${type}' is not available for Python; Python supports: ${PYTHON_TYPES.join(', ')} (f-strings, comprehensions, with-open, pathlib). JavaScript/TypeScript support every refactor_type.`,
      { field: 'refactor_type' },
    );
  }
  throw new CodewrightError(
    'UNPROCESSABLE',
    `Refactoring is not available for ${language}. Supported: JavaScript and TypeScript (all refactor types: modernize, async_await, extract_function, simplify, remove_dead_code, rename) and Python (modernize, simplify).`,
    { field: 'language' },
  );
}

function titleOf(type: RefactorType, result: RefactorOutput): string {
  const count = result.changes.filter(
    (change) => !change.includes('kept') && !change.startsWith('No changes'),
  ).length;
  const label = {
    modernize: 'Modernize',
    simplify: 'Simplify',
    remove_dead_code: 'Remove dead code',
    async_await: 'Convert to async/await',
    extract_function: 'Extract function',
    rename: 'Rename',
  }[type];
  return type === 'extract_function'
    ? `${label} (Codewright)`
    : `${label} selection: ${count} ${count === 1 ? 'change' : 'changes'} (Codewright)`;
}
