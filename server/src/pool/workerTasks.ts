// What the worker processes can run: every operation of the engine, plus the editor's own reads of
// it (findings with ranges and fixes, refactor offers for a selection, a document's outline). Each
// task is a plain engine function; this table is the only place the pool meets the engine, and it
// is loaded only inside the workers (the front process imports its types, never its code).
import { BUILTIN_OPERATIONS, type OperationContext } from '../engine/engine';
import type { ReviewInput } from '../engine/contracts/review';
import type { RefactorType } from '../engine/contracts/refactor';
import type { LanguageId } from '../engine/languages';
import type { SelectionRange } from '../engine/refactor/index';

// Required on first use, like the operations in engine.ts: a worker loads only what it runs.
const review = (): typeof import('../engine/review/index') => require('../engine/review/index');
const refactor = (): typeof import('../engine/refactor/index') => require('../engine/refactor/index');
const outline = (): typeof import('../engine/explain/outline') => require('../engine/explain/outline');
const rules = (): typeof import('../engine/review/rules') => require('../engine/review/rules');
const cwe = (): typeof import('../engine/review/cwe') => require('../engine/review/cwe');

const EDITOR_TASKS = {
  /** Review with the findings' ranges and fixes (diagnostics, quick fixes, workspace review). */
  reviewFindings: (payload: { input: ReviewInput; fixedCode: boolean }, context: OperationContext) =>
    review().reviewDetailed(payload.input, context, { fixedCode: payload.fixedCode }),
  /** The refactors that would change something in a selection (code actions). */
  refactorOffers: (payload: {
    code: string;
    language: LanguageId;
    range: SelectionRange;
    types?: RefactorType[];
  }) => refactor().refactorRange(payload.code, payload.language, payload.range, payload.types),
  /** Named functions, methods and classes with their lines (code lenses). */
  outline: (payload: { code: string; language: LanguageId }) =>
    outline().outline(payload.code, payload.language),
  /** Every review rule's documentation (the CLI's SARIF rule metadata), without the example code. */
  ruleMetadata: async (_payload: Record<string, never>) =>
    rules()
      .allRuleMetas()
      .map(({ id, type, severity, languages, description, rationale, fix }) => ({
        id,
        type,
        severity,
        languages,
        description,
        rationale,
        fix,
        cwe: cwe().cweOf(id),
      })),
};

export const TASKS = { ...BUILTIN_OPERATIONS, ...EDITOR_TASKS } as Required<typeof BUILTIN_OPERATIONS> &
  typeof EDITOR_TASKS;

export type Tasks = typeof TASKS;
export type TaskName = keyof Tasks;
export type TaskPayload<K extends TaskName> = Parameters<Tasks[K]>[0];
export type TaskResult<K extends TaskName> = Awaited<ReturnType<Tasks[K]>>;
