// The code action kinds Codewright offers, and LSP's rule for matching them against `context.only`.
import { CodeActionKind } from 'vscode-languageserver/node';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.codewright`;
export const REFACTOR_KIND = `${CodeActionKind.RefactorRewrite}.codewright`;

/** True when `kind` was asked for: `only` absent, or an entry equal to it or a parent of it. */
export function isRequested(kind: string, only: readonly string[] | undefined): boolean {
  return !only || only.some((wanted) => kind === wanted || kind.startsWith(`${wanted}.`));
}
