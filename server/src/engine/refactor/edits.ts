// Text edits, and a map from positions in the current text back to lines of the original input, so
// every change can name the line the user wrote even after earlier steps moved the text around.

export interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies non-overlapping edits (any order) to text. The result is built once from the pieces
 * (splicing edit by edit would copy the whole text per edit: quadratic on a large file).
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let cursor = 0;
  for (const edit of sorted) {
    if (edit.start < cursor) return applyOneByOne(text, edits);
    parts.push(text.slice(cursor, edit.start), edit.text);
    cursor = edit.end;
  }
  parts.push(text.slice(cursor));
  return parts.join('');
}

/** Overlapping edits: applied from the end, each splicing the text (the original behaviour). */
function applyOneByOne(text: string, edits: readonly Edit[]): string {
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

/** The offset where each line of the text starts (index 0: line 1). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** Records the edit batches applied so far and maps current offsets to original offsets. */
interface RecordedEdit extends Edit {
  /** The text the edit replaced, to find where a line inside a large rewrite came from. */
  replaced: string;
  /** Where the edit's text starts in the text after its batch. */
  newStart: number;
  /** Length change of this edit and every earlier one in its batch. */
  deltaThrough: number;
}

interface RecordedBatch {
  edits: RecordedEdit[];
  /** The batch's replaced texts without whitespace, one per line, built when first needed. */
  squeezed?: SqueezedBatch;
}

export class PositionMap {
  private readonly batches: RecordedBatch[] = [];
  private readonly lineStarts: number[];

  constructor(original: string) {
    this.lineStarts = lineStarts(original);
  }

  /** Records a batch of edits applied to `before`. */
  record(edits: readonly Edit[], before: string): void {
    const sorted = [...edits].sort((a, b) => a.start - b.start);
    let delta = 0;
    const recorded = sorted.map((edit) => {
      const newStart = edit.start + delta;
      delta += edit.text.length - (edit.end - edit.start);
      return { ...edit, replaced: before.slice(edit.start, edit.end), newStart, deltaThrough: delta };
    });
    this.batches.push({ edits: recorded });
  }

  /**
   * The original offset a position in the current text came from. Inside an edit, a line the edit
   * kept verbatim (a method body moved into a class) maps to where that line was; anything else maps
   * to the edit's start. Each batch is searched by bisection, so a lookup costs log(edits) per batch.
   */
  toOriginal(offset: number): number {
    let position = offset;
    for (let i = this.batches.length - 1; i >= 0; i--) {
      const batch = this.batches[i]!;
      const index = lastStartingAtOrBefore(batch.edits, position);
      if (index < 0) continue;
      const edit = batch.edits[index]!;
      position =
        position < edit.newStart + edit.text.length
          ? (movedLine(batch, edit, position - edit.newStart) ?? edit.start)
          : position - edit.deltaThrough;
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

/** Index of the last edit whose new text starts at or before `position`, or -1. */
function lastStartingAtOrBefore(edits: readonly RecordedEdit[], position: number): number {
  let low = 0;
  let high = edits.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (edits[middle]!.newStart <= position) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * Where the line at `offset` of an edit's new text was before the batch, when the batch replaced
 * exactly one occurrence of it (code fixes move text between their edits, e.g. methods into a class).
 */
function movedLine(batch: RecordedBatch, edit: RecordedEdit, offset: number): number | undefined {
  const lineStart = edit.text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = edit.text.indexOf('\n', offset);
  const line = squeeze(edit.text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd));
  if (line.text.length < 8) return undefined;
  const column = line.index.findIndex((at) => at >= offset - lineStart);
  // Squeezed texts hold no whitespace, so joining them with newlines lets one search find every
  // occurrence in the batch, and a match can never span two edits.
  batch.squeezed ??= joinSqueezed(batch.edits);
  const { text, starts, parts, found } = batch.squeezed;
  // Lookups repeat the same few lines (on the bench file ~2,500 lookups, 18 distinct lines, each
  // search a scan of the whole batch): the unique occurrence, or -1, is kept per line.
  let at = found.get(line.text);
  if (at === undefined) {
    const first = text.indexOf(line.text);
    at = first < 0 || text.indexOf(line.text, first + 1) >= 0 ? -1 : first;
    found.set(line.text, at);
  }
  if (at < 0) return undefined;
  let which = 0;
  for (let low = 0, high = starts.length - 1; low <= high;) {
    const middle = (low + high) >> 1;
    if (starts[middle]! <= at) {
      which = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return batch.edits[which]!.start + parts[which]!.index[at - starts[which]! + Math.max(0, column)]!;
}

interface SqueezedBatch {
  text: string;
  starts: number[];
  parts: Squeezed[];
  /** Squeezed line → where its one occurrence in `text` starts, or -1 (none, or several). */
  found: Map<string, number>;
}

function joinSqueezed(edits: readonly RecordedEdit[]): SqueezedBatch {
  const parts = edits.map((edit) => squeeze(edit.replaced));
  const starts: number[] = [];
  let length = 0;
  for (const part of parts) {
    starts.push(length);
    length += part.text.length + 1;
  }
  return { text: parts.map((part) => part.text).join('\n'), starts, parts, found: new Map() };
}

interface Squeezed {
  text: string;
  index: number[];
}

/** The text without whitespace (formatters move spaces), with each kept character's position. */
function squeeze(text: string): Squeezed {
  const kept: string[] = [];
  const index: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isWhitespace(code)) continue;
    kept.push(text[i]!);
    index.push(i);
  }
  return { text: kept.join(''), index };
}

// What the regular expression \s matches.
function isWhitespace(code: number): boolean {
  return (
    (code >= 9 && code <= 13) ||
    code === 32 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
