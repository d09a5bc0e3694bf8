// Suggestions and code fixes for the conversions whose sites the language service finds by a walk
// of the syntax tree with on-demand type questions (80001 CommonJS → ES module, 80002 constructor →
// class, 80006 promise chain → async function), without the full type check of the file that the
// service's public entry points run first. The service's suggestion diagnostics, fix-alls and
// per-site fixes each start with `getSemanticDiagnostics`, which checks every function of the file
// (about a sixth of a 10,000-line `modernize`); these conversions never read its result, and every
// batch they propose is type-checked in full afterwards (pipeline.ts), which is where a check is
// needed. The entry points used here are the ones the service itself calls, given the same program
// with its two file-wide diagnostic queries answering nothing: TypeScript does not export them in
// its declarations, so each is looked up and, when missing, the public entry point is used instead.
import ts from 'typescript';
import { USER_PREFERENCES, type VirtualFile } from './virtualFile';

/** Diagnostic codes found without the check: the service's own walk reports them. */
const WALKED_CODES: ReadonlySet<number> = new Set([80001, 80002, 80006]);

interface FormatContext {
  readonly options: ts.FormatCodeSettings;
}

interface FixContext {
  sourceFile: ts.SourceFile;
  program: ts.Program;
  host: ts.LanguageServiceHost;
  cancellationToken: ts.CancellationToken;
  formatContext: FormatContext;
  preferences: ts.UserPreferences;
}

interface Internals {
  computeSuggestionDiagnostics(
    source: ts.SourceFile,
    program: ts.Program,
    token: ts.CancellationToken,
  ): ts.DiagnosticWithLocation[];
  codefix: {
    getAllFixes(context: FixContext & { fixId: string }): ts.CombinedCodeActions;
    getFixes(context: FixContext & { errorCode: number; span: ts.TextSpan }): readonly ts.CodeFixAction[];
  };
  formatting: {
    getFormatContext(options: ts.FormatCodeSettings, host: ts.LanguageServiceHost): FormatContext;
  };
}

const NEVER_CANCELLED: ts.CancellationToken = {
  isCancellationRequested: () => false,
  throwIfCancellationRequested: () => undefined,
};

function internals(): Internals | undefined {
  const candidate = ts as unknown as Partial<Internals>;
  return typeof candidate.computeSuggestionDiagnostics === 'function' &&
    typeof candidate.codefix?.getAllFixes === 'function' &&
    typeof candidate.codefix.getFixes === 'function' &&
    typeof candidate.formatting?.getFormatContext === 'function'
    ? (candidate as Internals)
    : undefined;
}

const INTERNALS = internals();

/** Whether every code can be found, and fixed, without the file's full type check. */
export function walkedWithoutCheck(codes: readonly number[]): boolean {
  return INTERNALS !== undefined && codes.every((code) => WALKED_CODES.has(code));
}

/**
 * The program with its file-wide semantic and checker-suggestion queries answering nothing. The
 * walk calls the first only to have the check done and adds the second's results (unused names and
 * the like, none of them `WALKED_CODES`); a fix-all reads both only to collect sites of its code.
 */
function withoutFileCheck(program: ts.Program): ts.Program {
  const nothing = { getSemanticDiagnostics: () => [], getSuggestionDiagnostics: () => [] };
  return { ...program, ...nothing };
}

function contextOf(file: VirtualFile, settings: ts.FormatCodeSettings): FixContext {
  const program = file.program();
  return {
    sourceFile: program.getSourceFile(file.fileName)!,
    program: withoutFileCheck(program),
    host: file.host,
    cancellationToken: NEVER_CANCELLED,
    formatContext: INTERNALS!.formatting.getFormatContext(settings, file.host),
    preferences: USER_PREFERENCES,
  };
}

/** The service's suggestion diagnostics; only `WALKED_CODES` when `walked` (then without the check). */
export function suggestionDiagnostics(file: VirtualFile, walked: boolean): readonly ts.Diagnostic[] {
  if (!walked) return file.service.getSuggestionDiagnostics(file.fileName);
  const program = file.program();
  return INTERNALS!
    .computeSuggestionDiagnostics(
      program.getSourceFile(file.fileName)!,
      withoutFileCheck(program),
      NEVER_CANCELLED,
    )
    .filter((diagnostic) => WALKED_CODES.has(diagnostic.code));
}

/** The service's fix-all for one fix id over the file (`getCombinedCodeFix`). */
export function combinedFix(
  file: VirtualFile,
  fixId: string,
  settings: ts.FormatCodeSettings,
  walked: boolean,
): ts.CombinedCodeActions {
  if (!walked)
    return file.service.getCombinedCodeFix(
      { type: 'file', fileName: file.fileName },
      fixId,
      settings,
      USER_PREFERENCES,
    );
  return INTERNALS!.codefix.getAllFixes({ ...contextOf(file, settings), fixId });
}

/** The service's fixes for one diagnostic code at a span (`getCodeFixesAtPosition`). */
export function fixesAt(
  file: VirtualFile,
  start: number,
  end: number,
  code: number,
  settings: ts.FormatCodeSettings,
  walked: boolean,
): readonly ts.CodeFixAction[] {
  if (!walked)
    return file.service.getCodeFixesAtPosition(file.fileName, start, end, [code], settings, USER_PREFERENCES);
  return INTERNALS!.codefix.getFixes({
    ...contextOf(file, settings),
    errorCode: code,
    span: ts.createTextSpanFromBounds(start, end),
  });
}
