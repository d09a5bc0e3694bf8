// Valid code the bundled grammars do not read yet, rewritten at the same lines and columns into an
// equivalent shape they do read. source.ts parses the rewrite only when the file has an error and
// keeps it only when it parses without one, so a real error stays where it is.
//
// - Java 21 record patterns with a qualified type (`pt instanceof Cache.Some(int n)`, `case
//   Shape.Circle(var r) ->`): tree-sitter-java reads `Some(int n)` but not `Cache.Some(...)`. The
//   dots become `_` (one name of the same length; a pattern's type is no value review follows).
// - C# 12 collection expressions whose first element is named like an attribute target
//   (`[type]`, `[field, other]`): tree-sitter-c-sharp reads `[type` as the start of `[type: Attr]`.
//   The brackets become parentheses (`(type)`, `(field, other)`), which carry the same values.
// - Rust macros named like a primitive type (snapbox's `str![[...]]`): tree-sitter-rust reads `str`
//   as the type and stops at `!`. The name's last letter becomes `_` (`st_!`), a macro review does
//   not know either way.
// - Go 1.26 `new` of an expression (`Weight: new(1)`, `new(int(x))`, `new(a.b.c - d)`):
//   tree-sitter-go reads `new`'s argument as a type only. The name becomes `ne_` where the argument
//   cannot spell a type, an ordinary call of the same value (a pointer to it) that review follows as
//   any unknown call; `new(T)`, `new(pkg.T)`, `new([]int)` stay.
// - Ruby 3.1's anonymous block argument passed last on a line of its own (`File.open(path, mode,
//   \n &\n)`): tree-sitter-ruby reads `f(a, &)` but not a `&` followed by a line break. The `&`
//   becomes `_`, a plain argument (the block is the caller's, no value review follows).
// - Ruby heredocs opened inside the interpolation of another heredoc's body: the inner one becomes
//   an empty string `''` and its lines spaces.
// - Java type annotations on a varargs parameter (`String @NonNull... names`): tree-sitter-java
//   reads annotations before the type only. The annotation becomes spaces.
// - PHP's short echo tag with several expressions (`<?= _t('ok'), $detail ?>`, as `echo a, b`):
//   tree-sitter-php reads one expression there. The commas between them become `.`, which writes
//   the same text.
import type { LanguageId } from '../../languages';

const JAVA_VARARGS_ANNOTATION = /(?<=[\w>\]]\s+)@[A-Za-z_$][\w$.]*(?=\s*\.\.\.)/g;
const JAVA_QUALIFIED_PATTERN = /\b(instanceof|case)(\s+)([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+)(?=\s*\()/g;

function javaView(code: string): string | undefined {
  const view = code
    .replace(
      JAVA_QUALIFIED_PATTERN,
      (_all, keyword: string, space: string, type: string) => `${keyword}${space}${type.replace(/\./g, '_')}`,
    )
    .replace(JAVA_VARARGS_ANNOTATION, (annotation: string) => ' '.repeat(annotation.length));
  return view === code ? undefined : view;
}

const CSHARP_TARGET_FIRST =
  /\[(?=\s*(?:assembly|module|field|event|method|param|property|return|type|typevar)\s*[\],])/g;

function csharpView(code: string): string | undefined {
  const chars = code.split('');
  let changed = false;
  for (const match of code.matchAll(CSHARP_TARGET_FIRST)) {
    const open = match.index;
    const close = matchingBracket(code, open);
    if (close === undefined) continue;
    chars[open] = '(';
    chars[close] = ')';
    changed = true;
  }
  return changed ? chars.join('') : undefined;
}

/**
 * The `]` (or `pair[1]`) closing the `[` (`pair[0]`) at `open`, skipping nested ones and string or
 * character literals; undefined past a statement or block boundary.
 */
function matchingBracket(code: string, open: number, pair = '[]'): number | undefined {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'") {
      const end = literalEnd(code, i);
      if (end === undefined) return undefined;
      i = end;
    } else if (c === pair[0]) depth++;
    else if (c === pair[1] && --depth === 0) return i;
    else if (c === ';' || c === '{' || c === '}') return undefined;
  }
  return undefined;
}

/** The index of the quote closing the literal opened at `start`, past escaped quotes. */
function literalEnd(code: string, start: number): number | undefined {
  for (let i = start + 1; i < code.length; i++) {
    if (code[i] === '\\') i++;
    else if (code[i] === code[start]) return i;
    else if (code[i] === '\n') return undefined;
  }
  return undefined;
}

const RUST_PRIMITIVE_MACRO = /(?<![\w:])(str|bool|char|[iu](?:8|16|32|64|128|size)|f32|f64)(?=!\s*[[({])/g;

function rustView(code: string): string | undefined {
  const view = code.replace(RUST_PRIMITIVE_MACRO, (name: string) => `${name.slice(0, -1)}_`);
  return view === code ? undefined : view;
}

const RUBY_LAST_BLOCK_ARGUMENT = /(?<=[(,]\s*)&(?=[ \t]*\r?\n\s*\))/g;

function rubyView(code: string): string | undefined {
  const view = blankNestedHeredocs(code.replace(RUBY_LAST_BLOCK_ARGUMENT, '_'));
  return view === code ? undefined : view;
}

const RUBY_HEREDOC_OPENER = /<<([~-]?)(["'`]?)([A-Za-z_]\w*)\2/g;

/**
 * A heredoc opened inside the interpolation of another heredoc's body (`#{ f(<<~MD) ... MD }`, as
 * huginn's agent descriptions write): tree-sitter-ruby loses the outer body there. The inner opener
 * becomes `''` and its body and closing line spaces: an empty string in its place, every line kept.
 */
function blankNestedHeredocs(code: string): string {
  const lines = code.split('\n');
  const open: string[] = [];
  let nested: string | undefined;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    const trimmed = line.trim();
    if (nested !== undefined) {
      lines[n] = ' '.repeat(line.length);
      if (trimmed === nested) nested = undefined;
      continue;
    }
    if (open.length > 0 && trimmed === open[open.length - 1]) {
      open.pop();
      continue;
    }
    const openers = [...line.matchAll(RUBY_HEREDOC_OPENER)];
    if (open.length > 0 && openers.length === 1) {
      const [opener, , , id] = openers[0];
      lines[n] =
        line.slice(0, openers[0].index) +
        "''" +
        ' '.repeat(opener.length - 2) +
        line.slice(openers[0].index + opener.length);
      nested = id;
      continue;
    }
    // Bodies follow in the order their openers stand: the first on top.
    for (const opener of openers.reverse()) open.push(opener[3]);
  }
  return lines.join('\n');
}

const PHP_SHORT_ECHO = /<\?=/g;

function phpView(code: string): string | undefined {
  const chars = code.split('');
  let changed = false;
  for (const match of code.matchAll(PHP_SHORT_ECHO)) {
    let depth = 0;
    for (let i = match.index + 3; i < code.length; i++) {
      const c = code[i];
      if (c === '"' || c === "'") {
        const end = literalEnd(code, i);
        if (end === undefined) break;
        i = end;
      } else if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (c === '?' && code[i + 1] === '>') break;
      else if (c === ';' || c === '{' || c === '}') break;
      else if (c === ',' && depth === 0) {
        chars[i] = '.';
        changed = true;
      }
    }
  }
  return changed ? chars.join('') : undefined;
}

const GO_NEW = /(?<![\w.])new(?=\s*\()/g;
/**
 * What `new`'s argument may be as a type: a pointer, array, slice, map, channel, function, struct or
 * interface type, or a (qualified, instantiated) type name.
 */
const GO_TYPE_SHAPE =
  /^(?:[*[]|map\s*\[|(?:<-\s*)?chan\b|func\s*\(|struct\s*\{|interface\s*\{|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?(?:\s*\[[^()]*\])?\s*$)/;

function goView(code: string): string | undefined {
  const chars = code.split('');
  let changed = false;
  for (const match of code.matchAll(GO_NEW)) {
    const open = code.indexOf('(', match.index);
    const close = matchingBracket(code, open, '()');
    if (close === undefined || GO_TYPE_SHAPE.test(code.slice(open + 1, close).trim())) continue;
    chars[match.index + 2] = '_';
    changed = true;
  }
  return changed ? chars.join('') : undefined;
}

/** The rewrite of `code` around the grammar's known gaps, or undefined when there is none. */
export const GRAMMAR_GAPS: Partial<Record<LanguageId, (code: string) => string | undefined>> = {
  java: javaView,
  csharp: csharpView,
  rust: rustView,
  go: goView,
  ruby: rubyView,
  php: phpView,
};
