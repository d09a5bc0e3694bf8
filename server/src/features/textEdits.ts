// Turns engine results into LSP edits: the engine speaks in UTF-16 offsets and whole texts, LSP in
// line/character ranges. Edits are tied to the document version they were computed for, so VS Code
// refuses to apply them to a document that has changed since.
import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';

export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

export function toLspEdits(document: TextDocument, edits: readonly OffsetEdit[]): TextEdit[] {
  return edits.map((edit) => ({
    range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) },
    newText: edit.text,
  }));
}

/**
 * One edit replacing only the part of the document that differs from `next` (common prefix and
 * suffix kept), so folding, cursors and undo stay where they were. Undefined when nothing changes.
 */
export function minimalEdit(document: TextDocument, next: string): TextEdit | undefined {
  const current = document.getText();
  if (current === next) return undefined;
  let start = 0;
  const shorter = Math.min(current.length, next.length);
  while (start < shorter && current.charCodeAt(start) === next.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  )
    end++;
  // Never split a surrogate pair: move the cut points outwards onto whole characters.
  if (start > 0 && isHighSurrogate(current.charCodeAt(start - 1))) start--;
  if (end > 0 && isLowSurrogate(current.charCodeAt(current.length - end))) end--;
  return {
    range: { start: document.positionAt(start), end: document.positionAt(current.length - end) },
    newText: next.slice(start, next.length - end),
  };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** A workspace edit of one document at its current version. */
export function documentEdit(document: TextDocument, edits: TextEdit[]): WorkspaceEdit {
  return {
    documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits }],
  };
}
