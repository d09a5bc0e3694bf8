// Collects the findings of one review: builds ranges from syntax nodes, fills wording from the
// rule catalog and drops findings of check types the caller did not ask for.
import type { CheckType, Severity } from '../../contracts/review';
import type { SyntaxNode } from '../../parsing/treeSitter';
import type { Finding, TextEdit } from '../types';
import { ruleSpec } from './catalog';

export interface ReportDetails {
  message?: string;
  suggestion?: string;
  severity?: Severity;
  fix?: TextEdit[];
  /**
   * Where the finding starts when that is not the node's own start: the line of a multi-line SQL
   * string where input is interpolated (the node, which keys the finding, stays the call).
   */
  at?: SyntaxNode;
}

export class FindingCollector {
  readonly findings: Finding[] = [];
  private readonly seen = new Set<string>();
  private readonly keys = new Map<Finding, string>();

  constructor(private readonly checkTypes: ReadonlySet<CheckType>) {}

  /** True when the rule's check type was requested (lets analysers skip work). */
  wants(ruleId: string): boolean {
    return this.checkTypes.has(ruleSpec(ruleId).type);
  }

  report(node: SyntaxNode, ruleId: string, details: ReportDetails = {}): void {
    const spec = ruleSpec(ruleId);
    if (!this.checkTypes.has(spec.type)) return;
    // One finding per rule and node: overlapping patterns (e.g. a sink matched twice) must not duplicate.
    const key = `${ruleId}:${node.startIndex}:${node.endIndex}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const start = (details.at ?? anchor(node)).startPosition;
    const finding: Finding = {
      rule: ruleId,
      type: spec.type,
      severity: details.severity ?? spec.severity,
      message: details.message ?? spec.message,
      suggestion: details.suggestion ?? spec.suggestion,
      line: start.row + 1,
      column: start.column + 1,
      endLine: node.endPosition.row + 1,
      endColumn: node.endPosition.column + 1,
      ...(details.fix ? { fix: details.fix } : {}),
    };
    this.keys.set(finding, key);
    this.findings.push(finding);
  }

  /**
   * Keeps only `kept` (what a filter let through): a dropped finding's rule and node may be
   * reported again, by a check that judges them otherwise (a taint sink with context-specific
   * sanitizers after the language rules' finding was dropped as clean).
   */
  retain(kept: Finding[]): void {
    const keep = new Set(kept);
    for (const finding of this.findings) {
      const key = this.keys.get(finding);
      if (!keep.has(finding) && key) this.seen.delete(key);
    }
    this.findings.splice(0, this.findings.length, ...kept);
  }
}

/**
 * Where a finding starts. In a call chain spread over lines (`Client::builder()\n  .danger(true)`)
 * the offending line is the method's, not the chain's first line.
 */
function anchor(node: SyntaxNode): SyntaxNode {
  const fn = node.childForFieldName('function');
  const name =
    node.childForFieldName('method') ??
    (node.type === 'method_invocation' || node.type === 'member_call_expression'
      ? node.childForFieldName('name')
      : null) ??
    fn?.childForFieldName('field') ??
    fn?.childForFieldName('attribute') ??
    (fn?.type === 'member_access_expression' ? fn.childForFieldName('name') : null);
  return name && name.startPosition.row > node.startPosition.row ? name : node;
}
