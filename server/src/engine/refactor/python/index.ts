// Python refactoring over tree-sitter: each transform proposes edits on the current tree; a
// non-overlapping batch is applied, the text re-parsed, and a batch that breaks parsing is dropped.
import { CodewrightError } from '../../errors';
import { firstSyntaxError, parse, type SyntaxNode } from '../../parsing/treeSitter';
import { ChangeLog } from '../changeLog';
import { applyEdits, editsOverlap, PositionMap } from '../edits';
import type { PatternName } from '../patterns';
import type { Candidate, Proposals } from '../js/transform';
import { comprehensionCandidates } from './comprehensions';
import { fStringCandidates } from './fStrings';
import { pathlibCandidates, pathImportCandidate } from './pathlib';
import { withOpenCandidates } from './withOpen';

const MAX_ROUNDS = 12;

type PythonTransform = (root: SyntaxNode, text: string) => Proposals;

const TRANSFORMS: [PatternName, PythonTransform][] = [
  ['f_strings', fStringCandidates],
  ['comprehensions', comprehensionCandidates],
  ['with_open', withOpenCandidates],
  ['pathlib', pathlibCandidates],
  ['pathlib', pathImportCandidate],
];

export interface PythonRefactorRequest {
  code: string;
  patterns: ReadonlySet<PatternName>;
  within?: { start: number; end: number };
  signal?: AbortSignal;
}

export async function refactorPython(
  request: PythonRefactorRequest,
): Promise<{ code: string; log: ChangeLog }> {
  await assertParses(request.code);
  const log = new ChangeLog();
  const map = new PositionMap(request.code);
  let text = request.code;
  for (const [pattern, transform] of TRANSFORMS) {
    if (!request.patterns.has(pattern)) continue;
    let kept: Proposals['kept'] = [];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      if (request.signal?.aborted) throw new CodewrightError('UNPROCESSABLE', 'Refactoring was cancelled');
      const tree = await parse(text, 'python');
      const proposals = transform(tree.rootNode, text);
      tree.delete();
      kept = proposals.kept;
      const selected = proposals.candidates.filter((candidate) => inSelection(request, map, candidate.at));
      const batch = nonOverlapping(selected);
      if (batch.length === 0) break;
      const next = applyEdits(
        text,
        batch.flatMap((candidate) => candidate.edits),
      );
      if (!(await parses(next))) {
        for (const candidate of batch)
          log.keep(
            pattern,
            map.originalLine(candidate.at),
            `not applied: ${candidate.message} — the result would not parse`,
          );
        break;
      }
      for (const candidate of batch)
        log.change(candidate.pattern, map.originalLine(candidate.at), candidate.message);
      map.record(
        batch.flatMap((candidate) => candidate.edits),
        text,
      );
      text = next;
    }
    for (const note of kept.filter((entry) => inSelection(request, map, entry.at)))
      log.keep(note.pattern, map.originalLine(note.at), note.message);
  }
  return { code: text, log };
}

async function assertParses(code: string): Promise<void> {
  const tree = await parse(code, 'python');
  const error = firstSyntaxError(tree);
  tree.delete();
  if (error) {
    throw new CodewrightError(
      'VALIDATION_ERROR',
      `The code does not parse: line ${error.line}, column ${error.column}: ${error.message}`,
      {
        field: 'code',
        issue: 'syntax error',
        line: error.line,
        column: error.column,
      },
    );
  }
}

async function parses(code: string): Promise<boolean> {
  const tree = await parse(code, 'python');
  const ok = !tree.rootNode.hasError;
  tree.delete();
  return ok;
}

function inSelection(request: PythonRefactorRequest, map: PositionMap, at: number): boolean {
  if (!request.within) return true;
  const original = map.toOriginal(at);
  return original >= request.within.start && original <= request.within.end;
}

function nonOverlapping(candidates: Candidate[]): Candidate[] {
  const chosen: Candidate[] = [];
  for (const candidate of candidates) {
    if (chosen.every((other) => !editsOverlap(other.edits, candidate.edits))) chosen.push(candidate);
  }
  return chosen;
}
