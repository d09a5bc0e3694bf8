// The review engine's internal vocabulary, shared by the JS/TS analysers, the tree-sitter rules and
// the editor door (which needs ranges and per-finding fixes that the HTTP contract does not carry).
import type { LanguageId } from '../languages';
import type { StageBudget } from '../stageBudget';
import type { CheckType, ReviewIssue, Severity } from '../contracts/review';

/** A replacement of source text between two 0-based UTF-16 offsets. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** One finding, with its full range and, when safe, the edits that fix it. */
export interface Finding {
  rule: string;
  type: ReviewIssue['type'];
  severity: Severity;
  message: string;
  suggestion: string;
  /** 1-based start line and column. */
  line: number;
  column: number;
  /** 1-based end line and column (exclusive column). */
  endLine: number;
  endColumn: number;
  /** Edits that fix this finding and only this finding; absent when no fix is safe. */
  fix?: TextEdit[];
}

/** Documentation of a rule: rendered into docs/rules.md and linked from editor diagnostics. */
export interface RuleMeta {
  id: string;
  type: CheckType;
  severity: Severity;
  languages: readonly LanguageId[] | 'all';
  /** What it catches. */
  description: string;
  /** Why it matters. */
  rationale: string;
  /** How to fix it. */
  fix: string;
  /** A short example of code the rule reports. */
  example: string;
}

/** Options every analyser receives. */
export interface AnalyserOptions {
  checkTypes: readonly CheckType[];
  environment?: string;
  projectType?: string;
  signal?: AbortSignal;
  /** Time budgets of the synchronous stages; a stage over budget is skipped and reported. */
  budget?: StageBudget;
  /** The code is an ERB template (`language: erb`): reviewed as the Ruby of its tags, even when it has none. */
  template?: boolean;
}
