// The edit behind "Disable <rule> for this line": a `codewright-disable-next-line <rule>` comment in
// the language's line-comment syntax above the line, indented like it, or the rule appended to such
// a comment that is already there. The review engine honours it (engine/review/suppressions.ts).
import type { TextEdit } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DISABLE_NEXT_LINE } from '../engine/review/suppressions';
import type { LanguageId } from '../engine/languages';

const HASH_COMMENTS: ReadonlySet<LanguageId> = new Set(['python', 'ruby']);

export function lineCommentPrefix(language: LanguageId): string {
  return HASH_COMMENTS.has(language) ? '#' : '//';
}

function lineText(document: TextDocument, line: number): string {
  return document
    .getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } })
    .replace(/\r?\n$/, '');
}

/** Edit disabling `rule` on the 0-based `line`. */
export function disableRuleEdit(
  document: TextDocument,
  language: LanguageId,
  line: number,
  rule: string,
): TextEdit {
  const prefix = lineCommentPrefix(language);
  if (line > 0) {
    const above = lineText(document, line - 1);
    const directive = new RegExp(`^\\s*${escape(prefix)}\\s*${DISABLE_NEXT_LINE}\\s+[^\\s].*$`);
    // Only a plain rule list can be extended; a `-- reason` or block comment is left alone.
    if (directive.test(above) && !/\s--\s|\*\//.test(above)) {
      const end = above.trimEnd().length;
      return {
        range: { start: { line: line - 1, character: end }, end: { line: line - 1, character: end } },
        newText: `, ${rule}`,
      };
    }
  }
  const indent = /^\s*/.exec(lineText(document, line))![0];
  const eol = document.getText().includes('\r\n') ? '\r\n' : '\n';
  return {
    range: { start: { line, character: 0 }, end: { line, character: 0 } },
    newText: `${indent}${prefix} ${DISABLE_NEXT_LINE} ${rule}${eol}`,
  };
}

function escape(text: string): string {
  return text.replace(/[/#]/g, (c) => `\\${c}`);
}
