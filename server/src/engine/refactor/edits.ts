// Text edits, and a map from positions in the current text back to lines of the original input, so
// every change can name the line the user wrote even after earlier steps moved the text around.

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping edits (any order) to text. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let result = text;
  for (const edit of sorted) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

/** True when two groups of edits touch overlapping (or adjacent-insert) ranges. */
export function editsOverlap(a: readonly Edit[], b: readonly Edit[]): boolean {
  return a.some((x) => b.some((y) => x.start <= y.end && y.start <= x.end));
}

/** The 1-based line of an offset. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Offset of the start of a 1-based line (clamped to the text). */
export function offsetOfLine(text: string, line: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return offset;
}

/** Records the edit batches applied so far and maps current offsets to original offsets. */
interface RecordedEdit extends Edit {
  /** The text the edit replaced, to find where a line inside a large rewrite came from. */
  replaced: string;
}

export class PositionMap {
  private readonly batches: RecordedEdit[][] = [];
  private readonly lineStarts: number[];

  constructor(original: string) {
    this.lineStarts = [0];
    for (let i = 0; i < original.length; i++) if (original.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  /** Records a batch of edits applied to `before`. */
  record(edits: readonly Edit[], before: string): void {
    const recorded = edits.map((edit) => ({ ...edit, replaced: before.slice(edit.start, edit.end) }));
    this.batches.push(recorded.sort((a, b) => a.start - b.start));
  }

  /**
   * The original offset a position in the current text came from. Inside an edit, a line the edit
   * kept verbatim (a method body moved into a class) maps to where that line was; anything else maps
   * to the edit's start.
   */
  toOriginal(offset: number): number {
    let position = offset;
    for (let i = this.batches.length - 1; i >= 0; i--) {
      let delta = 0;
      let inside: number | undefined;
      for (const edit of this.batches[i]!) {
        const newStart = edit.start + delta;
        if (position < newStart) break;
        if (position < newStart + edit.text.length) {
          inside = movedLine(this.batches[i]!, edit, position - newStart) ?? edit.start;
          break;
        }
        delta += edit.text.length - (edit.end - edit.start);
      }
      position = inside ?? position - delta;
    }
    return position;
  }

  originalLine(offset: number): number {
    const target = this.toOriginal(offset);
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= target) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}

/**
 * Where the line at `offset` of an edit's new text was before the batch, when the batch replaced
 * exactly one occurrence of it (code fixes move text between their edits, e.g. methods into a class).
 */
function movedLine(batch: readonly RecordedEdit[], edit: RecordedEdit, offset: number): number | undefined {
  const lineStart = edit.text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = edit.text.indexOf('\n', offset);
  const line = squeeze(edit.text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd));
  if (line.text.length < 8) return undefined;
  const column = line.index.findIndex((at) => at >= offset - lineStart);
  let found: number | undefined;
  for (const other of batch) {
    const replaced = squeeze(other.replaced);
    const at = replaced.text.indexOf(line.text);
    if (at < 0) continue;
    if (found !== undefined || replaced.text.indexOf(line.text, at + 1) >= 0) return undefined;
    found = other.start + replaced.index[at + Math.max(0, column)]!;
  }
  return found;
}

/** The text without whitespace (formatters move spaces), with each kept character's position. */
function squeeze(text: string): { text: string; index: number[] } {
  let squeezed = '';
  const index: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i]!)) continue;
    squeezed += text[i];
    index.push(i);
  }
  return { text: squeezed, index };
}
