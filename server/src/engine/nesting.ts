// A cheap pre-check before any parser sees the code: how deeply brackets, braces and template
// expressions nest. Recursive-descent parsers (espree, TypeScript, tree-sitter's queries and the
// rules that walk their trees) need stack in proportion to nesting; around 600 nested template
// literals V8 itself aborts inside ESLint's parser. Real code stays far below the limit, so deeper
// input is refused with a clear ANALYSIS_LIMIT instead of a crash or a half-answer. The worker
// pool's limits stay the backstop for whatever this scan misses.
//
// The scan is lexical and language-neutral: it skips string literals, comments and (for JS) the
// text of template literals, so brackets inside them do not count. Where it cannot tell (a regex
// literal, a Rust lifetime) it can only under- or over-count by a little, never by hundreds.
import { CodewrightError } from './errors';
import type { LanguageId } from './languages';

export const MAX_NESTING_DEPTH = 256;

const OPENERS = new Set(['(', '[', '{']);
const CLOSERS = new Set([')', ']', '}']);
const HASH_COMMENTS = new Set<LanguageId>(['python', 'ruby', 'php']);

/** The deepest nesting of (), [], {} and `${}` outside strings and comments. */
export function nestingDepth(code: string, language: LanguageId): number {
  const hashComments = HASH_COMMENTS.has(language);
  // Each entry is an open bracket, or 'tpl' for a `${` whose `}` returns into a template literal.
  const stack: string[] = [];
  let deepest = 0;
  let i = 0;
  const n = code.length;
  const inTemplate = (): void => {
    // Scans template text from i until the closing backtick or a `${`.
    while (i < n) {
      const c = code[i]!;
      if (c === '\\') i += 2;
      else if (c === '`') return void i++;
      else if (c === '$' && code[i + 1] === '{') {
        stack.push('tpl');
        deepest = Math.max(deepest, stack.length);
        return void (i += 2);
      } else i++;
    }
  };
  while (i < n) {
    const c = code[i]!;
    if (c === '/' && code[i + 1] === '/') i = lineEnd(code, i);
    else if (c === '/' && code[i + 1] === '*') i = closing(code, '*/', i + 2);
    else if (c === '#' && hashComments) i = lineEnd(code, i);
    else if ((c === '"' || c === "'") && code.startsWith(c.repeat(3), i))
      i = closing(code, c.repeat(3), i + 3);
    else if (c === '"' || c === "'") i = stringEnd(code, i + 1, c);
    else if (c === '`') {
      i++;
      inTemplate();
    } else if (OPENERS.has(c)) {
      stack.push(c);
      deepest = Math.max(deepest, stack.length);
      i++;
    } else if (CLOSERS.has(c)) {
      const top = stack.pop();
      i++;
      if (top === 'tpl') inTemplate();
    } else i++;
  }
  return deepest;
}

/** Refuses code nested deeper than the parsers can take. */
export function assertNestingWithinLimit(code: string, language: LanguageId, field = 'code'): void {
  const depth = nestingDepth(code, language);
  if (depth <= MAX_NESTING_DEPTH) return;
  throw new CodewrightError(
    'ANALYSIS_LIMIT',
    `The code nests ${depth} levels deep (brackets, braces, template expressions); the analysers take at most ${MAX_NESTING_DEPTH}.`,
    { field, issue: 'nested too deeply', limit: 'nesting', max_depth: MAX_NESTING_DEPTH, depth },
  );
}

function lineEnd(code: string, from: number): number {
  const end = code.indexOf('\n', from);
  return end < 0 ? code.length : end + 1;
}

function closing(code: string, token: string, from: number): number {
  const end = code.indexOf(token, from);
  return end < 0 ? code.length : end + token.length;
}

/** The end of a one-line string literal (an unterminated one ends at the line's end). */
function stringEnd(code: string, from: number, quote: string): number {
  let i = from;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (c === '\n') return i + 1;
    else i++;
  }
  return i;
}
