// Runs transforms one after another on the virtual file. Each round re-asks the transform for
// candidates on the current text (so edits are never stale), applies a non-overlapping batch,
// verifies it parses (and adds no compiler errors where asked), and bisects a batch that fails down
// to the candidates that fail alone. A candidate that cannot be verified is dropped and said so.
import { ChangeLog } from '../changeLog';
import { applyEdits, lineStarts, PositionMap, type Edit } from '../edits';
import { CodewrightError } from '../../errors';
import type { Candidate, JsContext, JsTransform, KeptNote } from './transform';
import type ts from 'typescript';
import { errorKeys, newError, programErrorKeys, syntaxError } from './verify';

// Whole-construct fixes land one per round, so they get more rounds; the deadline bounds both.
const MAX_ROUNDS = 12;
const MAX_SINGLE_ROUNDS = 200;

export interface PipelineState {
  readonly context: JsContext;
  readonly map: PositionMap;
  readonly log: ChangeLog;
  readonly signal?: AbortSignal;
  /** performance.now() after which no further round starts (the result so far is returned). */
  readonly deadline: number;
  /** Only candidates at offsets in [start, end] of the input text apply (an editor selection). */
  readonly within?: { start: number; end: number };
}

export function runTransforms(state: PipelineState, transforms: readonly JsTransform[]): void {
  for (const [index, transform] of transforms.entries()) {
    if (performance.now() > state.deadline) {
      const skipped = transforms
        .slice(index)
        .map((rest) => rest.name)
        .join(', ');
      state.log.keep(
        'const_let',
        1,
        `stopped early: the time budget ran out before ${skipped} (input too large)`,
      );
      return;
    }
    runTransform(state, transform);
  }
}

function runTransform(state: PipelineState, transform: JsTransform): void {
  const rejected = new Set<string>();
  let lastKept: KeptNote[] = [];
  for (let round = 0; round < (transform.oneAtATime ? MAX_SINGLE_ROUNDS : MAX_ROUNDS); round++) {
    if (state.signal?.aborted) throw new CodewrightError('UNPROCESSABLE', 'Refactoring was cancelled');
    if (performance.now() > state.deadline) {
      state.log.keep(
        'const_let',
        1,
        `stopped early: the time budget ran out during ${transform.name} (input too large)`,
      );
      break;
    }
    const proposals = transform.propose(state.context);
    lastKept = proposals.kept;
    // A candidate's key is its edits as JSON: built only once something was rejected.
    const fresh = proposals.candidates.filter(
      (candidate) =>
        !(rejected.size > 0 && rejected.has(keyOf(candidate))) && inSelection(state, candidate.at),
    );
    if (fresh.length === 0) break;
    const batch = transform.oneAtATime ? [fresh[0]!] : nonOverlapping(fresh);
    // A batch proven to leave nothing for the next round ends the rounds, checked by a parse alone.
    const settled = transform.parseErrorAlone ? proposals.settledBy?.(batch) : undefined;
    let batchFailure = tryApply(state, transform, settled?.batch ?? batch, settled !== undefined);
    if (batchFailure === undefined && settled) {
      lastKept = settled.notes;
      break;
    }
    // A batch standing for the next rounds' work too that does not parse: the plain one, as before.
    if (batchFailure !== undefined && settled && settled.batch !== batch)
      batchFailure = tryApply(state, transform, batch);
    if (batchFailure === undefined) continue;
    const reject = (candidate: Candidate, at: number, failure: string): void => {
      rejected.add(keyOf(candidate));
      const line = state.map.originalLine(at);
      state.log.keep(candidate.pattern, line, `not applied: ${candidate.message} — ${failure}`);
    };
    if (batch.length === 1) reject(batch[0]!, batch[0]!.at, batchFailure);
    else bisect(state, transform, batch, reject);
  }
  const toOriginalLines = originalLinesIn(state);
  for (const note of lastKept.filter((kept) => inSelection(state, kept.at))) {
    state.log.keep(note.pattern, state.map.originalLine(note.at), toOriginalLines(note.message));
  }
}

// The error keys of the last text whose errors were computed, so no text is checked twice.
const lastErrors = new WeakMap<PipelineState, { text: string; keys: Map<string, number> }>();

/**
 * The error keys of `text`, the text before a batch, from the program that was current for it. The
 * keys are needed only when the text after the batch has errors: a result without any adds none,
 * so a clean result is accepted without type-checking the text before it at all.
 */
function errorKeysBefore(state: PipelineState, text: string, program: ts.Program): Map<string, number> {
  const cached = lastErrors.get(state);
  if (cached && cached.text === text) return cached.keys;
  const keys = programErrorKeys(program, state.context.file.fileName, state.context.isTypeScript);
  lastErrors.set(state, { text, keys });
  return keys;
}

/**
 * After a batch failed verification: halves that verify land together and only a failing half is
 * split further, so one bad candidate among k costs about 2·log2(k) checks instead of k. Candidates
 * that land move the text under the rest, whose edits are shifted to match.
 */
function bisect(
  state: PipelineState,
  transform: JsTransform,
  batch: readonly Candidate[],
  reject: (candidate: Candidate, at: number, failure: string) => void,
): void {
  const landed: Edit[] = [];
  const settle = (group: readonly Candidate[]): void => {
    const rebased = group.map((candidate) => shifted(candidate, landed));
    const failure = tryApply(state, transform, rebased);
    if (failure === undefined) landed.push(...group.flatMap((candidate) => candidate.edits));
    else if (group.length === 1) reject(group[0]!, rebased[0]!.at, failure);
    else split(group).forEach(settle);
  };
  split(batch).forEach(settle);
}

function split<T>(items: readonly T[]): T[][] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}

/** The candidate with its offsets moved past the landed edits (which never overlap its own). */
function shifted(candidate: Candidate, landed: readonly Edit[]): Candidate {
  if (landed.length === 0) return candidate;
  const shift = (offset: number): number =>
    landed.reduce(
      (total, edit) => (edit.end <= offset ? total + edit.text.length - (edit.end - edit.start) : total),
      offset,
    );
  return {
    ...candidate,
    at: shift(candidate.at),
    edits: candidate.edits.map((edit) => ({ ...edit, start: shift(edit.start), end: shift(edit.end) })),
    ...(candidate.also && { also: candidate.also.map((step) => ({ ...step, at: shift(step.at) })) }),
  };
}

/** Applies a batch if it verifies; returns why not otherwise. */
function tryApply(
  state: PipelineState,
  transform: JsTransform,
  batch: Candidate[],
  last = false,
): string | undefined {
  const { file, isTypeScript } = state.context;
  const before = file.text();
  // Held until the batch is judged, in case the result has errors to compare with the text before.
  const programBefore = transform.checkSemantics ? file.program() : undefined;
  const edits = batch.flatMap((candidate) => candidate.edits);
  file.update(applyEdits(before, edits));
  // A transform that parses every version itself checks with that parse; others with the compiler's.
  const parseError = (last && transform.parseErrorAlone) || transform.parseError;
  const broken = parseError ? parseError(state.context) !== undefined : syntaxError(file) !== undefined;
  // A transform's cheaper proof that the batch adds no error, when it has one, spares the full check.
  const proven = !broken && programBefore && transform.addsNoError?.(state.context, programBefore, batch);
  const errorsAfter = !broken && programBefore && !proven ? errorKeys(file, isTypeScript) : undefined;
  const added =
    errorsAfter && errorsAfter.size > 0
      ? newError(errorKeysBefore(state, before, programBefore!), errorsAfter)
      : undefined;
  if (broken || added) {
    file.update(before);
    return broken
      ? 'the result would not parse'
      : `the compiler would then report "${added!.replace(/^\d+:/, '').slice(0, 120)}"`;
  }
  // Steps composed into a candidate are what later rounds would have logged: after the rest, the
  // next round's before the one after it.
  const also = batch.flatMap((candidate) => candidate.also ?? []);
  const later = also.sort((a, b) => (a.round ?? 1) - (b.round ?? 1));
  for (const step of [...batch, ...later])
    state.log.change(step.pattern, state.map.originalLine(step.at), step.message);
  state.map.record(edits, before);
  if (errorsAfter) lastErrors.set(state, { text: file.text(), keys: errorsAfter });
  return undefined;
}

/**
 * Notes name other lines of the current text ("line 12"); those become lines of the input. The
 * current text's line starts are found once for all notes (a scan from the top per mention is
 * quadratic in a large file with many notes).
 */
function originalLinesIn(state: PipelineState): (message: string) => string {
  const text = state.context.file.text();
  let starts: number[] | undefined;
  const offsetOf = (line: number): number => {
    starts ??= lineStarts(text);
    return line <= 1 ? 0 : line <= starts.length ? starts[line - 1]! : text.length;
  };
  return (message) =>
    message.replace(
      /\bline (\d+)\b/g,
      (_match, line: string) => `line ${state.map.originalLine(offsetOf(Number(line)))}`,
    );
}

function inSelection(state: PipelineState, at: number): boolean {
  if (!state.within) return true;
  const original = state.map.toOriginal(at);
  return original >= state.within.start && original <= state.within.end;
}

/**
 * The candidates, in order, that overlap (or touch) none chosen before them — what `editsOverlap`
 * against each chosen one would pick, with the chosen edits kept as sorted disjoint spans so each
 * test is a binary search instead of a scan of everything chosen so far.
 */
function nonOverlapping(candidates: Candidate[]): Candidate[] {
  const chosen: Candidate[] = [];
  const taken = new TakenSpans();
  for (const candidate of candidates) {
    if (candidate.edits.length === 0) continue;
    if (candidate.edits.some((edit) => taken.touches(edit.start, edit.end))) continue;
    chosen.push(candidate);
    for (const edit of candidate.edits) taken.add(edit.start, edit.end);
  }
  return chosen;
}

/** Closed spans [start, end], merged where they meet, sorted by start. */
class TakenSpans {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  /** Whether [start, end] shares a point with a taken span. */
  touches(start: number, end: number): boolean {
    const last = this.lastStartingBy(end);
    return last >= 0 && this.ends[last]! >= start;
  }

  add(start: number, end: number): void {
    let first = this.lastStartingBy(start);
    if (first < 0 || this.ends[first]! < start) first++;
    let low = start;
    let high = end;
    let count = 0;
    while (first + count < this.starts.length && this.starts[first + count]! <= high) {
      low = Math.min(low, this.starts[first + count]!);
      high = Math.max(high, this.ends[first + count]!);
      count++;
    }
    this.starts.splice(first, count, low);
    this.ends.splice(first, count, high);
  }

  /** Index of the last span starting at or before the offset, or -1. */
  private lastStartingBy(offset: number): number {
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.starts[middle]! <= offset) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }
}

function keyOf(candidate: Candidate): string {
  return JSON.stringify(candidate.edits);
}
