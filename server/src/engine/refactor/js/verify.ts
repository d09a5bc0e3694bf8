// Checks a step before it is kept: the text must parse, and (for compiler code fixes) must not add
// errors that show a broken program, such as a name that no longer resolves or a redeclaration.
import ts from 'typescript';
import type { VirtualFile } from './virtualFile';

// Errors that mean a transform broke the program even in loosely typed JavaScript.
const BREAKING_JS_ERRORS = new Set([
  2300, 2304, 2348, 2349, 2448, 2449, 2450, 2451, 2454, 2552, 2582, 2588, 2630, 2662, 2663, 2729, 2540, 18004,
  1308,
]);

/**
 * The first syntax error of the current text. It comes from the language service's own parse, which
 * the next question about the text (candidates, checks) reuses, rather than from a second standalone
 * parse of the whole file per step.
 */
export function syntaxError(file: VirtualFile): ts.Diagnostic | undefined {
  const source = file.sourceFile() as ts.SourceFile & { parseDiagnostics?: ts.Diagnostic[] };
  return source.parseDiagnostics?.[0];
}

/** The multiset of error keys that matter, to compare before and after a step. */
export function errorKeys(file: VirtualFile, isTypeScript: boolean): Map<string, number> {
  return programErrorKeys(file.program(), file.fileName, isTypeScript);
}

/**
 * The same for a program the service may since have replaced (its checker stays usable): what the
 * service's `getSemanticDiagnostics` answers, which with `noEmit` is the program's own. With
 * `nodes`, the checker checks only those statements (TypeScript's region check, the one its editor
 * server runs first); the answer then also holds whatever errors elsewhere the check happened to
 * find on the way, and every binder error of the file.
 */
export function programErrorKeys(
  program: ts.Program,
  fileName: string,
  isTypeScript: boolean,
  nodes?: readonly ts.Node[],
): Map<string, number> {
  const keys = new Map<string, number>();
  // The third parameter is internal (an older compiler ignores it and checks the whole file).
  const semanticDiagnostics = program.getSemanticDiagnostics as (
    source?: ts.SourceFile,
    token?: ts.CancellationToken,
    nodes?: readonly ts.Node[],
  ) => readonly ts.Diagnostic[];
  const source = program.getSourceFile(fileName);
  for (const diagnostic of semanticDiagnostics.call(program, source, undefined, nodes)) {
    if (diagnostic.category !== ts.DiagnosticCategory.Error) continue;
    if (!isTypeScript && diagnostic.code >= 2000 && !BREAKING_JS_ERRORS.has(diagnostic.code)) continue;
    const key = `${diagnostic.code}:${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
    keys.set(key, (keys.get(key) ?? 0) + 1);
  }
  return keys;
}

/** The first error key that `after` has more of than `before`. */
export function newError(before: Map<string, number>, after: Map<string, number>): string | undefined {
  for (const [key, count] of after) if (count > (before.get(key) ?? 0)) return key;
  return undefined;
}
