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

// Character classes (ASCII) for the lexer's hot loop: a table look-up instead of comparisons.
const SPACE = 1;
const WORD = 2;
const CLASSES = (() => {
  const table = new Uint8Array(128);
  for (const c of [32, 9, 13, 12, 11]) table[c] = SPACE;
  for (let c = 0; c < 128; c++) {
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36)
      table[c] = WORD;
  }
  return table;
})();
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
/** `lastChar` after a word and after a string, regular expression or char literal. */
const AFTER_WORD = 97; // 'a'
const AFTER_STRING = 34; // '"'

function isSpace(c: number): boolean {
  return c < 128 ? CLASSES[c] === SPACE : c === 0xfeff;
}

const enum Mode {
  Code,
  Block,
  String,
}

// The lexer keeps its state in plain local variables (numbers, booleans, strings) rather than a
// mode object, and runs a tight inner loop per mode: it is the hot path of the size analysis (a
// large tree is mostly this loop), so it avoids allocating anything per token — the word before a
// `/` is sliced only when it decides between a regular expression and a division.
export function countLines(text: string, syntax: Syntax): LineCounts {
  const counts: LineCounts = { code: 0, comment: 0, blank: 0 };
  if (text.length === 0) return counts;
  if (syntax.allCode) return countAllCode(text);
  const { starters, blocks, lineStarts, multiOpens, quotes } = compile(syntax);
  const nested = Boolean(syntax.nested);
  const regex = Boolean(syntax.regex);
  const charQuote = Boolean(syntax.charQuote);
  let mode = Mode.Code;
  // Block comment: delimiters and depth. String: closing delimiter and flags.
  let open = '';
  let close = '';
  let depth = 0;
  let raw = false;
  let template = false;
  let doc = false;
  let code = false;
  let comment = false;
  // Brace depth of each `${ ... }` we are inside, innermost last (template literals).
  const templates: number[] = [];
  let lastChar = 0;
  let wordStart = 0;
  let wordEnd = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      if (code) counts.code++;
      else if (comment) counts.comment++;
      else counts.blank++;
      code = false;
      comment = false;
      i++;
      continue;
    }
    if (mode === Mode.Block) {
      const close0 = close.charCodeAt(0);
      const open0 = open.charCodeAt(0);
      for (; i < n;) {
        const d = text.charCodeAt(i);
        if (d === 10) break;
        if (isSpace(d)) {
          i++;
          continue;
        }
        comment = true;
        if (d === close0 && text.startsWith(close, i)) {
          i += close.length;
          if (--depth === 0) {
            mode = Mode.Code;
            break;
          }
        } else if (nested && d === open0 && text.startsWith(open, i)) {
          depth++;
          i += open.length;
        } else i++;
      }
      continue;
    }
    if (mode === Mode.String) {
      const close0 = close.charCodeAt(0);
      for (; i < n;) {
        const d = text.charCodeAt(i);
        if (d === 10) break;
        if (isSpace(d)) {
          i++;
          continue;
        }
        if (doc) comment = true;
        else code = true;
        if (!raw && d === 92 /* \ */) {
          i += text.charCodeAt(i + 1) === 10 ? 1 : 2;
        } else if (template && d === 36 && text.charCodeAt(i + 1) === 123) {
          templates.push(0);
          mode = Mode.Code;
          i += 2;
          break;
        } else if (d === close0 && text.startsWith(close, i)) {
          i += close.length;
          mode = Mode.Code;
          lastChar = AFTER_STRING;
          break;
        } else i++;
      }
      continue;
    }
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c < 128 && starters[c] === 1) {
      const block = startingAt(text, i, blocks);
      if (block >= 0) {
        mode = Mode.Block;
        open = blocks[block]!;
        close = syntax.block![block]![1];
        depth = 1;
        comment = true;
        i += open.length;
        continue;
      }
      if (
        startingAt(text, i, lineStarts) >= 0 &&
        (!syntax.lineAtWordStart ||
          i === 0 ||
          isSpace(text.charCodeAt(i - 1)) ||
          text.charCodeAt(i - 1) === 10)
      ) {
        comment = true;
        const end = text.indexOf('\n', i);
        i = end < 0 ? n : end;
        continue;
      }
      const m = startingAt(text, i, multiOpens);
      if (m >= 0) {
        const multi = syntax.multiline![m]!;
        doc = Boolean(syntax.docstrings) && !code;
        if (doc) comment = true;
        else code = true;
        mode = Mode.String;
        close = multi.close;
        raw = Boolean(multi.raw);
        template = Boolean(multi.template);
        i += multi.open.length;
        continue;
      }
      if (quotes.includes(c)) {
        code = true;
        i = skipQuoted(text, i, c);
        lastChar = AFTER_STRING;
        continue;
      }
    }
    code = true;
    if (c < 128 && CLASSES[c] === WORD) {
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d >= 128 || CLASSES[d] !== WORD) break;
        j++;
      }
      wordStart = i;
      wordEnd = j;
      lastChar = AFTER_WORD;
      i = j;
      continue;
    }
    if (charQuote && c === 39) {
      CHAR_LITERAL.lastIndex = i;
      if (CHAR_LITERAL.test(text)) {
        i = CHAR_LITERAL.lastIndex;
        lastChar = AFTER_STRING;
        continue;
      }
    }
    if (
      regex &&
      c === 47 &&
      (lastChar === AFTER_WORD
        ? REGEX_AFTER_WORD.has(text.slice(wordStart, wordEnd))
        : !(lastChar === 41 || lastChar === 93 || lastChar === 125 || lastChar === AFTER_STRING))
    ) {
      i = skipRegex(text, i);
      lastChar = AFTER_STRING;
      continue;
    }
    if (templates.length > 0) {
      if (c === 123) templates[templates.length - 1]!++;
      else if (c === 125) {
        if (templates[templates.length - 1] === 0) {
          templates.pop();
          mode = Mode.String;
          close = '`';
          raw = false;
          template = true;
          doc = false;
          i++;
          continue;
        }
        templates[templates.length - 1]!--;
      }
    }
    lastChar = c;
    i++;
  }
  if (text.charCodeAt(n - 1) !== 10) {
    if (code) counts.code++;
    else if (comment) counts.comment++;
    else counts.blank++;
  }
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

interface Compiled {
  /** By character code (ASCII): 1 where a marker of the syntax may start. */
  starters: Uint8Array;
  blocks: string[];
  lineStarts: string[];
  multiOpens: string[];
  quotes: number[];
}
const compiled = new WeakMap<Syntax, Compiled>();

/** The syntax's markers as flat arrays, built once per syntax. */
function compile(syntax: Syntax): Compiled {
  const known = compiled.get(syntax);
  if (known) return known;
  const result: Compiled = {
    starters: new Uint8Array(128),
    blocks: (syntax.block ?? []).map(([open]) => open),
    lineStarts: syntax.line ?? [],
    multiOpens: (syntax.multiline ?? []).map((m) => m.open),
    quotes: (syntax.quotes ?? []).map((q) => q.charCodeAt(0)),
  };
  for (const marker of [
    ...result.blocks,
    ...result.lineStarts,
    ...result.multiOpens,
    ...(syntax.quotes ?? []),
  ])
    if (marker.charCodeAt(0) < 128) result.starters[marker.charCodeAt(0)] = 1;
  compiled.set(syntax, result);
  return result;
}

/** The index of the first marker that starts at `i`, or -1. */
function startingAt(text: string, i: number, markers: string[]): number {
  for (let k = 0; k < markers.length; k++) if (text.startsWith(markers[k]!, i)) return k;
  return -1;
}

/** Index after a one-line string starting at `start` (an unclosed one stops at the newline). */
function skipQuoted(text: string, start: number, quote: number): number {
  let i = start + 1;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 92) i += 2;
    else if (c === quote) return i + 1;
    else if (c === 10) return i;
    else i++;
  }
  return n;
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
