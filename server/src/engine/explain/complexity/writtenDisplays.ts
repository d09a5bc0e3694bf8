// Matrices and rows written out in the code: braced displays (`{{1, 1}, {1, 0}}`, Go `[][]int{…}`,
// Java `new int[][]{…}`), JS/TS/PHP/Rust displays read as braced ones (rowDisplays.ts) and Python
// list displays (`[[1, 1], [1, 0]]`), also as the model cut them, read by fixedArguments.ts to tell
// a size the file fixes from one the input sets.
import { clausesEnd } from '../extract/comprehensions';
import { splitArgs } from '../extract/boundText';
import { BRACKET_DISPLAYS, CUT_SHORT, asBraced } from './rowDisplays';

/** `vector<vector<int>>{{cnt}}` → `{{cnt}}`: a braced display with its type written before it. */
export function display(text: string, language: string): string | undefined {
  const t = asBraced(text, language)
    .trim()
    .replace(/^(?:std::)?[A-Za-z_]\w*\s*<.*>\s*(?=\{)/s, '')
    // Go `[][]int{…}`, Java `new int[][]{…}`: the written type before the braces.
    .replace(/^(?:new\s+[\w$.]+\s*)?(?:\[\d*\]\s*)+[\w$.]*\s*(?=\{)/, '')
    .trim();
  if (t.startsWith('{') && t.endsWith('}')) return t;
  // A Python list display (`[[1, 1], [1, 0]]`), not a comprehension or a repeated list (the
  // languages of BRACKET_DISPLAYS were converted above, spreads and repetitions left out).
  if (BRACKET_DISPLAYS.test(language)) return undefined;
  return t.startsWith('[') && t.endsWith(']') && closes(t) && !clausesEnd(t) ? t : undefined;
}

/** True when the bracket opening `text` is the one closing it. */
function closes(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if ('([{'.includes(text[i]!)) depth++;
    else if (')]}'.includes(text[i]!) && --depth === 0) return i === text.length - 1;
  }
  return false;
}

/** A display cut short by the model (`{{0, m - 1, …`, `[[0, 0, 1, …`): its first row is written out. */
export function cutRows(value: string): boolean {
  return CUT_SHORT.test(value.trim()) && value.trim().endsWith('...') && !clausesEnd(value);
}

/**
 * A row written out: a display of two or more elements, or of one literal (`{1, 0}`, `{0, m - 1}`,
 * `{7}`); `{cnt}` may copy a whole collection, so it fixes nothing.
 */
export function writtenRow(text: string, language: string): boolean {
  const shown = display(text, language);
  if (!shown) return false;
  const elements = elementsOf(shown);
  return elements.length > 1 || (elements.length === 1 && /^-?\d+$/.test(elements[0]!.trim()));
}

/** Top-level elements of a braced display. */
export function elementsOf(braced: string): string[] {
  const inner = braced.slice(1, -1).trim();
  return inner ? splitArgs(inner) : [];
}
