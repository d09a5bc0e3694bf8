// The shape every per-language rule set has, and the context it works in.
import type { LanguageId } from '../../languages';
import { query, type SyntaxNode } from '../../parsing/treeSitter';
import type { FindingCollector } from './findings';
import type { Dialect, ValueClassifier } from './values';

/** Everything a rule set needs about the file under review. The tree is parsed once per review. */
export interface AnalysisContext {
  language: LanguageId;
  code: string;
  root: SyntaxNode;
  values: ValueClassifier;
  findings: FindingCollector;
  /** Nodes of the given types anywhere in the file (indexed once per review). */
  nodes(types: string | readonly string[]): SyntaxNode[];
  /**
   * Ruby: the project's Rails (1 or 2, without rails_xss) writes `<%= %>` and the content of tag
   * helpers unescaped (`escapingViews`).
   */
  unescapedViews?: boolean;
}

export interface LanguageAnalyser {
  dialect: Dialect;
  /** Node types the rules read from the whole file, fetched together in one walk. */
  nodeTypes: readonly string[];
  analyse(context: AnalysisContext): Promise<void>;
}

/** The captures of each match of a (cached, compile-once) query, keyed by capture name. */
export async function matches(context: AnalysisContext, source: string): Promise<Map<string, SyntaxNode>[]> {
  const compiled = await query(context.language, source);
  return compiled.matches(context.root).map((match) => {
    const byName = new Map<string, SyntaxNode>();
    for (const capture of match.captures)
      if (!byName.has(capture.name)) byName.set(capture.name, capture.node);
    return byName;
  });
}
