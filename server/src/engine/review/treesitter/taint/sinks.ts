// Reports input that reaches a sink of the language's taint table, with a message naming the
// source and the sink. Runs after the language's own rules; a sink they already reported under the
// same rule is not reported twice (the collector keys findings by rule and node).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { Finding } from '../../types';
import type { AnalysisContext } from '../analyser';
import { ruleSpec } from '../catalog';
import { TAINT_TABLES } from './tables';
import { TaintTracker } from './tracker';

/** One tracker per review, shared by the language's rules (they may ask whether a value is input). */
export function taintTracker(context: AnalysisContext): TaintTracker | undefined {
  const table = TAINT_TABLES[context.language];
  return table ? new TaintTracker(context, table) : undefined;
}

export function reportTaintedSinks(context: AnalysisContext, tracker = taintTracker(context)): void {
  const table = TAINT_TABLES[context.language];
  if (!table || !tracker || !context.findings.wants('codewright/sql-injection')) return;
  for (const call of context.nodes([...table.callTypes])) {
    const head = tracker.head(call);
    for (const sink of table.sinks) {
      if (!sink.callee.test(head)) continue;
      const args = argumentsOf(call);
      if (sink.when && !sink.when.text.test(args[sink.when.arg]?.text ?? '')) continue;
      const checked = sink.args ? sink.args.map((i) => args[i]).filter((a) => a !== undefined) : args;
      for (const arg of checked) {
        const source = tracker.taint(arg);
        if (!source) continue;
        const local = table.localSource?.test(source) && SEVERE.has(ruleSpec(sink.rule).severity);
        context.findings.report(call, sink.rule, {
          message: `Input from \`${source}\` reaches \`${head}\`, which ${sink.does}.`,
          ...(local ? { severity: 'medium' as const } : {}),
        });
        break;
      }
    }
  }
}

const SEVERE = new Set(['high', 'critical']);

function argumentsOf(call: SyntaxNode): SyntaxNode[] {
  const list = call.childForFieldName('arguments');
  if (!list) return [];
  // C# wraps each argument in an `argument` node; the value is its last named child.
  return list.namedChildren
    .filter((a): a is SyntaxNode => a !== null && a.type !== 'comment')
    .map((a) => (a.type === 'argument' ? (a.namedChildren.at(-1) ?? a) : a));
}

const FILTERED = new Set([
  'codewright/sql-injection',
  'codewright/command-injection',
  'codewright/code-injection',
]);

/**
 * The language rules report SQL, shell and eval calls whose text is built from non-constant parts.
 * Where the language has a taint table, such a finding stands only when a part of the call can carry
 * input: a source, or a parameter no call in the file explains (the caller is out of sight). A value
 * made only of constants, dead branches, other keys of a map or fields is not input.
 */
export function withoutCleanInjections(context: AnalysisContext, findings: Finding[]): Finding[] {
  const table = TAINT_TABLES[context.language];
  if (!table) return findings;
  const tracker = new TaintTracker(context, table, true);
  return findings.filter((finding) => {
    if (!FILTERED.has(finding.rule)) return true;
    let node: SyntaxNode | null = context.root.descendantForPosition({
      row: finding.line - 1,
      column: finding.column - 1,
    });
    while (node && !table.callTypes.has(node.type)) node = node.parent;
    if (!node) return true;
    return (
      argumentsOf(node).some((arg) => tracker.taint(arg) !== undefined) ||
      tracker.taint(node.childForFieldName('object')) !== undefined
    );
  });
}
