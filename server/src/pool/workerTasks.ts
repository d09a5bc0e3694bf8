// What the worker processes can run: every operation of the engine, plus the editor's own reads of
// it (findings with ranges and fixes, refactor offers for a selection, a document's outline). Each
// task is a plain engine function; this table is the only place the pool meets the engine, and it
// is loaded only inside the workers (the front process imports its types, never its code).
import { BUILTIN_OPERATIONS, type OperationContext } from '../engine/engine';
import type { ReviewInput } from '../engine/contracts/review';
import type { RefactorType } from '../engine/contracts/refactor';
import { outline } from '../engine/explain/outline';
import type { LanguageId } from '../engine/languages';
import { refactorRange, type SelectionRange } from '../engine/refactor/index';
import { reviewDetailed } from '../engine/review/index';

const EDITOR_TASKS = {
  /** Review with the findings' ranges and fixes (diagnostics, quick fixes, workspace review). */
  reviewFindings: (payload: { input: ReviewInput; fixedCode: boolean }, context: OperationContext) =>
    reviewDetailed(payload.input, context, { fixedCode: payload.fixedCode }),
  /** The refactors that would change something in a selection (code actions). */
  refactorOffers: (payload: {
    code: string;
    language: LanguageId;
    range: SelectionRange;
    types?: RefactorType[];
  }) => refactorRange(payload.code, payload.language, payload.range, payload.types),
  /** Named functions, methods and classes with their lines (code lenses). */
  outline: (payload: { code: string; language: LanguageId }) => outline(payload.code, payload.language),
};

export const TASKS = { ...BUILTIN_OPERATIONS, ...EDITOR_TASKS } as Required<typeof BUILTIN_OPERATIONS> &
  typeof EDITOR_TASKS;

export type Tasks = typeof TASKS;
export type TaskName = keyof Tasks;
export type TaskPayload<K extends TaskName> = Parameters<Tasks[K]>[0];
export type TaskResult<K extends TaskName> = Awaited<ReturnType<Tasks[K]>>;
