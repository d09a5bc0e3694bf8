// Counts a file's lines as code, comment or blank with a small lexer driven by the language's
// syntax table: comment markers inside strings are text, strings inside comments are comment, block
// comments nest where the language nests them, and a Python docstring is documentation (comment).
// A line holding any code is code; one holding only comment is comment; whitespace only is blank —
// cloc's convention, so the two can be compared.
import { lexiconOf, type Lexicon } from './lexicon';
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

/** The next character that is not a space; a newline is not a space. The set is isSpace's. */
const NOT_SPACE = /[^ \t\r\f\v\ufeff]/g;

function isSpace(c: number): boolean {
  return c < 128 ? CLASSES[c] === SPACE : c === 0xfeff;
}

const enum Mode {
  Code,
  Block,
  String,
}

// The lexer keeps its state in plain local variables and reads a lexicon of one fixed shape (see
// lexicon.ts). Runs of ordinary characters — indentation, identifiers, operators, the inside of
// comments and strings — are crossed with one regular-expression search each instead of a loop per
// character: the search runs as compiled code from the first file of a fresh worker, where a
// character loop would still be interpreted. Only newlines and the first characters of markers are
// looked at one by one; the word before a `/` (regular expression or division) is found by looking
// back from the end of the run.
export function countLines(text: string, syntax: Syntax): LineCounts {
  const counts: LineCounts = { code: 0, comment: 0, blank: 0 };
  if (text.length === 0) return counts;
  const lexicon = lexiconOf(syntax);
  if (lexicon.allCode) return countAllCode(text, counts);
  return lex(text, lexicon, counts);
}

function lex(text: string, lexicon: Lexicon, counts: LineCounts): LineCounts {
  const { starters, regex, charQuote } = lexicon;
  let mode = Mode.Code;
  // Block comment: closing delimiter, its search and depth. String: closing delimiter, search, flags.
  let close = '';
  let ends = NOT_SPACE;
  let depth = 0;
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
    if (isSpace(c)) {
      NOT_SPACE.lastIndex = i;
      i = NOT_SPACE.test(text) ? NOT_SPACE.lastIndex - 1 : n;
      continue;
    }
    if (mode === Mode.Block) {
      comment = true;
      ends.lastIndex = i;
      if (!ends.test(text)) {
        i = n;
        continue;
      }
      const end = ends.lastIndex;
      if (text.charCodeAt(end - 1) === 10) i = end - 1;
      else if (text.startsWith(close, end - close.length)) {
        i = end;
        if (--depth === 0) mode = Mode.Code;
      } else {
        depth++; // a nested opening delimiter
        i = end;
      }
      continue;
    }
    if (mode === Mode.String) {
      if (doc) comment = true;
      else code = true;
      ends.lastIndex = i;
      if (!ends.test(text)) {
        i = n;
        continue;
      }
      const end = ends.lastIndex;
      const last = text.charCodeAt(end - 1);
      if (last === 10) i = end - 1;
      else if (last === 92 /* \ */) {
        // An escaped newline still ends the line (it is counted); any other escaped character is text.
        i = text.charCodeAt(end) === 10 ? end : end + 1;
      } else if (last === 123 && text.charCodeAt(end - 2) === 36 && ends === templateEnds(lexicon)) {
        templates.push(0);
        mode = Mode.Code;
        i = end;
      } else {
        mode = Mode.Code;
        lastChar = AFTER_STRING;
        i = end;
      }
      continue;
    }
    if (c < 128 && starters[c] === 1) {
      const block = startingAt(text, i, lexicon.blockOpens);
      if (block >= 0) {
        mode = Mode.Block;
        close = lexicon.blockCloses[block]!;
        ends = lexicon.blockEnds[block]!;
        depth = 1;
        comment = true;
        i += lexicon.blockOpens[block]!.length;
        continue;
      }
      if (
        startingAt(text, i, lexicon.lineStarts) >= 0 &&
        (!lexicon.lineAtWordStart ||
          i === 0 ||
          isSpace(text.charCodeAt(i - 1)) ||
          text.charCodeAt(i - 1) === 10)
      ) {
        // A `#!` interpreter line that opens the file is code (cloc's convention), not a comment.
        if (i === 0 && c === 35 && text.charCodeAt(1) === 33) code = true;
        else comment = true;
        const end = text.indexOf('\n', i);
        i = end < 0 ? n : end;
        continue;
      }
      const m = startingAt(text, i, lexicon.multiOpens);
      if (m >= 0) {
        doc = lexicon.docstrings && !code;
        if (doc) comment = true;
        else code = true;
        mode = Mode.String;
        ends = lexicon.multiEnds[m]!;
        i += lexicon.multiOpens[m]!.length;
        continue;
      }
      const q = lexicon.quotes.indexOf(c);
      if (q >= 0) {
        code = true;
        i = skipQuoted(text, i, c, lexicon.quoteEnds[q]!);
        lastChar = AFTER_STRING;
        continue;
      }
    }
    code = true;
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
    if (templates.length > 0 && (c === 123 || c === 125)) {
      if (c === 123) templates[templates.length - 1]!++;
      else if (templates[templates.length - 1] === 0) {
        templates.pop();
        mode = Mode.String;
        ends = templateEnds(lexicon);
        doc = false;
        i++;
        continue;
      } else templates[templates.length - 1]!--;
      lastChar = c;
      i++;
      continue;
    }
    // A run of ordinary code up to the next newline or marker character (at least this character).
    const plain = templates.length > 0 ? lexicon.plainEndInTemplate : lexicon.plainEnd;
    plain.lastIndex = i + 1;
    const runEnd = plain.test(text) ? plain.lastIndex - 1 : n;
    if (regex) {
      // What the run ends with decides a following `/`: a word (is it `return`, `typeof`, ...?) or
      // punctuation. The character at i is not a space, so the look-back stops inside the run.
      let k = runEnd - 1;
      while (isSpace(text.charCodeAt(k))) k--;
      const last = text.charCodeAt(k);
      if (last < 128 && CLASSES[last] === WORD) {
        wordEnd = k + 1;
        while (k > i && isWord(text.charCodeAt(k - 1))) k--;
        wordStart = k;
        lastChar = AFTER_WORD;
      } else lastChar = last;
    }
    i = runEnd;
  }
  if (text.charCodeAt(n - 1) !== 10) {
    if (code) counts.code++;
    else if (comment) counts.comment++;
    else counts.blank++;
  }
  return counts;
}

function isWord(c: number): boolean {
  return c < 128 && CLASSES[c] === WORD;
}

/** The search inside a template literal (only syntaxes with one open it). */
function templateEnds(lexicon: Lexicon): RegExp {
  return lexicon.template >= 0 ? lexicon.multiEnds[lexicon.template]! : NOT_SPACE;
}

/** Every line with a non-space character is code (JSON); spaces are the lexer's. */
function countAllCode(text: string, counts: LineCounts): LineCounts {
  const n = text.length;
  let start = 0;
  while (start < n) {
    NOT_SPACE.lastIndex = start;
    const first = NOT_SPACE.test(text) ? NOT_SPACE.lastIndex - 1 : n;
    if (first === n) {
      counts.blank++; // trailing spaces without a final newline
      break;
    }
    const end = text.charCodeAt(first) === 10 ? first : text.indexOf('\n', first);
    if (end === first) counts.blank++;
    else counts.code++;
    if (end < 0) break;
    start = end + 1;
  }
  return counts;
}

/** The first of these markers that starts at `i`, or -1. */
function startingAt(text: string, i: number, markers: string[]): number {
  for (let k = 0; k < markers.length; k++) if (text.startsWith(markers[k]!, i)) return k;
  return -1;
}

/**
 * Index after a one-line string starting at `start`. An unclosed one stops at the newline, and so
 * does one whose line ends in a backslash: the newline is left for the caller to count.
 */
function skipQuoted(text: string, start: number, quote: number, ends: RegExp): number {
  let i = start + 1;
  for (;;) {
    ends.lastIndex = i;
    if (!ends.test(text)) return text.length;
    const k = ends.lastIndex - 1;
    const c = text.charCodeAt(k);
    if (c === quote) return k + 1;
    if (c === 10) return k;
    // A backslash escapes the next character, unless that is the newline.
    if (text.charCodeAt(k + 1) === 10) return k + 1;
    i = k + 2;
  }
}

const REGEX_ENDS = /[\n\\[\]/]/g;

/** Index after a regular expression literal (character classes may hold `/`); it stops at a newline. */
function skipRegex(text: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  for (;;) {
    REGEX_ENDS.lastIndex = i;
    if (!REGEX_ENDS.test(text)) return text.length;
    const k = REGEX_ENDS.lastIndex - 1;
    const c = text.charCodeAt(k);
    if (c === 10) return k;
    if (c === 92) {
      if (text.charCodeAt(k + 1) === 10) return k + 1;
      i = k + 2;
      continue;
    }
    if (c === 91) inClass = true;
    else if (c === 93) inClass = false;
    else if (!inClass) return k + 1; // the closing `/`
    i = k + 1;
  }
}
