// Counts a file's lines as code, comment or blank with a small lexer driven by the language's
// syntax table: comment markers inside strings are text, strings inside comments are comment, block
// comments nest where the language nests them, and a Python docstring is documentation (comment).
// A line holding any code is code; one holding only comment is comment; whitespace only is blank —
// cloc's convention, so the two can be compared.
import type { Syntax } from './syntax';

export interface LineCounts {
  code: number;
  comment: number;
  blank: number;
}

type Mode =
  | { kind: 'code' }
  | { kind: 'block'; open: string; close: string; depth: number }
  | { kind: 'string'; close: string; raw: boolean; template: boolean; doc: boolean };

const CODE: Mode = { kind: 'code' };
// Words after which `/` starts a regular expression rather than a division.
const REGEX_AFTER_WORD = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);
const CHAR_LITERAL = /'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^\\'\n])'/y;

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 12 || c === 11 || c === 0xfeff;
}
function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

export function countLines(text: string, syntax: Syntax): LineCounts {
  const counts: LineCounts = { code: 0, comment: 0, blank: 0 };
  if (text.length === 0) return counts;
  if (syntax.allCode) return countAllCode(text);
  const starters = firstChars(syntax);
  let mode: Mode = CODE;
  let code = false;
  let comment = false;
  // Brace depth of each `${ ... }` we are inside, innermost last (template literals).
  const templates: number[] = [];
  let lastWord = '';
  let lastChar = '';
  const endLine = () => {
    if (code) counts.code++;
    else if (comment) counts.comment++;
    else counts.blank++;
    code = false;
    comment = false;
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      endLine();
      i++;
      continue;
    }
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (mode.kind === 'block') {
      comment = true;
      if (c === mode.close.charCodeAt(0) && text.startsWith(mode.close, i)) {
        i += mode.close.length;
        if (--mode.depth === 0) mode = CODE;
      } else if (syntax.nested && c === mode.open.charCodeAt(0) && text.startsWith(mode.open, i)) {
        mode.depth++;
        i += mode.open.length;
      } else i++;
      continue;
    }
    if (mode.kind === 'string') {
      if (mode.doc) comment = true;
      else code = true;
      if (!mode.raw && c === 92 /* \ */) {
        i += text.charCodeAt(i + 1) === 10 ? 1 : 2;
        continue;
      }
      if (mode.template && c === 36 && text.charCodeAt(i + 1) === 123) {
        templates.push(0);
        mode = CODE;
        i += 2;
        continue;
      }
      if (c === mode.close.charCodeAt(0) && text.startsWith(mode.close, i)) {
        i += mode.close.length;
        mode = CODE;
        lastChar = '"';
        lastWord = '';
        continue;
      }
      i++;
      continue;
    }
    if (c < 128 && starters[c] === 1) {
      const ch = text[i]!;
      const block = syntax.block?.find(([open]) => text.startsWith(open, i));
      if (block) {
        mode = { kind: 'block', open: block[0], close: block[1], depth: 1 };
        comment = true;
        i += block[0].length;
        continue;
      }
      const lineStart = syntax.line?.find((s) => text.startsWith(s, i));
      if (
        lineStart &&
        (!syntax.lineAtWordStart || i === 0 || isSpace(text.charCodeAt(i - 1)) || text[i - 1] === '\n')
      ) {
        comment = true;
        const end = text.indexOf('\n', i);
        i = end < 0 ? n : end;
        continue;
      }
      const multi = syntax.multiline?.find((m) => text.startsWith(m.open, i));
      if (multi) {
        const doc = Boolean(syntax.docstrings) && !code;
        if (doc) comment = true;
        else code = true;
        mode = {
          kind: 'string',
          close: multi.close,
          raw: Boolean(multi.raw),
          template: Boolean(multi.template),
          doc,
        };
        i += multi.open.length;
        continue;
      }
      if (syntax.quotes?.includes(ch)) {
        code = true;
        i = skipQuoted(text, i, ch);
        lastChar = '"';
        lastWord = '';
        continue;
      }
    }
    code = true;
    if (isWordCode(c)) {
      let j = i + 1;
      while (j < n && isWordCode(text.charCodeAt(j))) j++;
      if (syntax.regex) lastWord = text.slice(i, j);
      lastChar = 'a';
      i = j;
      continue;
    }
    const ch = text[i]!;
    if (syntax.charQuote && ch === "'") {
      CHAR_LITERAL.lastIndex = i;
      if (CHAR_LITERAL.test(text)) {
        i = CHAR_LITERAL.lastIndex;
        lastChar = '"';
        continue;
      }
    }
    if (syntax.regex && ch === '/' && regexMayStart(lastChar, lastWord)) {
      i = skipRegex(text, i);
      lastChar = '"';
      lastWord = '';
      continue;
    }
    if (templates.length > 0) {
      if (ch === '{') templates[templates.length - 1]!++;
      else if (ch === '}') {
        if (templates[templates.length - 1] === 0) {
          templates.pop();
          mode = { kind: 'string', close: '`', raw: false, template: true, doc: false };
          i++;
          continue;
        }
        templates[templates.length - 1]!--;
      }
    }
    lastChar = ch;
    lastWord = '';
    i++;
  }
  if (text.charCodeAt(n - 1) !== 10) endLine();
  return counts;
}

function countAllCode(text: string): LineCounts {
  const counts: LineCounts = { code: 0, comment: 0, blank: 0 };
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (text.slice(start, end).trim() === '') counts.blank++;
    else counts.code++;
    start = end + 1;
  }
  return counts;
}

/** A table by character code (ASCII) of the first characters of the syntax's markers. */
function firstChars(syntax: Syntax): Uint8Array {
  const all = [
    ...(syntax.line ?? []),
    ...(syntax.block ?? []).map(([open]) => open),
    ...(syntax.quotes ?? []),
    ...(syntax.multiline ?? []).map((m) => m.open),
  ];
  const table = new Uint8Array(128);
  for (const marker of all) if (marker.charCodeAt(0) < 128) table[marker.charCodeAt(0)] = 1;
  return table;
}

/** Index after a one-line string starting at `start` (an unclosed one stops at the newline). */
function skipQuoted(text: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\') i += 2;
    else if (ch === quote) return i + 1;
    else if (ch === '\n') return i;
    else i++;
  }
  return text.length;
}

function regexMayStart(lastChar: string, lastWord: string): boolean {
  if (lastChar === 'a') return REGEX_AFTER_WORD.has(lastWord);
  return !(lastChar === ')' || lastChar === ']' || lastChar === '}' || lastChar === '"');
}

/** Index after a regular expression literal (character classes may hold `/`). */
function skipRegex(text: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') return i;
    if (ch === '\\') i += 2;
    else {
      if (ch === '[') inClass = true;
      else if (ch === ']') inClass = false;
      else if (ch === '/' && !inClass) return i + 1;
      i++;
    }
  }
  return text.length;
}
