// The shape every JS/TS transform has: it looks at the current file and proposes candidate changes
// (each a group of edits) and notes on what it deliberately keeps. The pipeline decides what lands.
import type ts from 'typescript';
import type { Edit } from '../edits';
import type { PatternName } from '../patterns';
import type { VirtualFile } from './virtualFile';

export interface Candidate {
  pattern: PatternName;
  edits: Edit[];
  /** Offset (current text) whose line the change is reported at. */
  at: number;
  message: string;
  /** Further changes the edits make, logged with this one (two fixes composed into one edit). */
  also?: readonly LoggedStep[];
}

export interface LoggedStep {
  pattern: PatternName;
  /** Offset (current text) whose line the change is reported at. */
  at: number;
  message: string;
  /** How many lints later ESLint's rounds would have logged it (1 when unset): the log's order. */
  round?: number;
}

export interface KeptNote {
  pattern: PatternName;
  at: number;
  message: string;
}

export interface Proposals {
  candidates: Candidate[];
  kept: KeptNote[];
  /**
   * When landing this batch — or the batch returned, which stands for it and what the next rounds
   * would add to it — is proven to leave the next round nothing to propose: that batch and the notes
   * the round would keep, at their offsets after it. Undefined when the next round must look.
   */
  settledBy?: (batch: Candidate[]) => { batch: Candidate[]; notes: KeptNote[] } | undefined;
}

export interface JsContext {
  readonly file: VirtualFile;
  readonly isTypeScript: boolean;
  readonly jsx: boolean;
  readonly patterns: ReadonlySet<PatternName>;
  /** Receives what a pass built (JsRefactorRequest.keep); unset for requests. */
  readonly keep?: (built: object) => void;
}

export interface JsTransform {
  readonly name: string;
  /** Also reject a step that adds compiler errors (needed for whole-file rewrites by code fixes). */
  readonly checkSemantics: boolean;
  /** Apply one candidate per round: its siblings' edits go stale once it lands. */
  readonly oneAtATime: boolean;
  propose(context: JsContext): Proposals;
  /**
   * For a `checkSemantics` transform: whether a batch, already applied to the file, certainly adds
   * no compiler error, proven more cheaply than by the full check of the result (false: not proven,
   * and the full check decides). `programBefore` is the program of the text before the batch.
   */
  addsNoError?(context: JsContext, programBefore: ts.Program, batch: readonly Candidate[]): boolean;
  /**
   * Why the current text does not parse, from the transform's own parser, or undefined when it
   * parses. A transform that parses every version anyway (ESLint) checks its batches with that
   * parse, which its next round then reuses; the others are checked with the compiler's parse.
   */
  parseError?(context: JsContext): string | undefined;
  /** The same check for a batch after which the transform stops, without the work of a round. */
  parseErrorAlone?(context: JsContext): string | undefined;
}

export const NO_PROPOSALS: Proposals = { candidates: [], kept: [] };
