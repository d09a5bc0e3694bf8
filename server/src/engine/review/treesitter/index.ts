// Review of every non-JavaScript language through tree-sitter: parse once, report the first
// syntax error, run the language's rule set and the language-neutral secret scan, and keep only
// the requested check types. The review engine core merges these findings with the JS/TS ones.
import { CodewrightError } from '../../errors';
import { isJsFamily, type LanguageId } from '../../languages';
import { firstSyntaxError } from '../../parsing/treeSitter';
import { escapingViews } from '../railsVersion';
import type { AnalyserOptions, Finding } from '../types';
import type { AnalysisContext, LanguageAnalyser } from './analyser';
import { FindingCollector } from './findings';
import { parseForReview } from './source';
import { NodeIndex } from './nodeIndex';
import { reportHardcodedSecrets } from './hardcodedSecrets';
import { reportLoopPerformance } from './performance';
import { cppAnalyser } from './languages/cpp';
import { csharpAnalyser } from './languages/csharp';
import { goAnalyser } from './languages/go';
import { javaAnalyser } from './languages/java';
import { phpAnalyser } from './languages/php';
import { pythonAnalyser } from './languages/python';
import { rubyAnalyser } from './languages/ruby';
import { rustAnalyser } from './languages/rust';
import { reportTaintedSinks, withoutCleanInjections } from './taint/sinks';
import { TAINT_TABLES } from './taint/tables';
import { ValueClassifier } from './values';

export { TREE_SITTER_RULES } from './catalog';

const ANALYSERS: Partial<Record<LanguageId, LanguageAnalyser>> = {
  python: pythonAnalyser,
  go: goAnalyser,
  java: javaAnalyser,
  rust: rustAnalyser,
  csharp: csharpAnalyser,
  c: cppAnalyser,
  cpp: cppAnalyser,
  ruby: rubyAnalyser,
  php: phpAnalyser,
};

export { escapingViews } from '../railsVersion';

/** The languages this module reviews. */
export function supportsTreeSitterReview(language: LanguageId): boolean {
  return !isJsFamily(language) && ANALYSERS[language] !== undefined;
}

/**
 * Reviews `code` written in a non-JS language. Findings come sorted by position. A file that does
 * not parse gets one `syntax` finding at its first error; rules still run on the recovered tree.
 */
export async function reviewWithTreeSitter(
  code: string,
  language: LanguageId,
  options: AnalyserOptions,
): Promise<Finding[]> {
  const analyser = ANALYSERS[language];
  if (!analyser || isJsFamily(language)) {
    throw new CodewrightError('INVALID_LANGUAGE', `Tree-sitter review does not handle ${language}.`, {
      field: 'language',
    });
  }
  throwIfAborted(options.signal);
  // The tree may come from the code with inactive `#if` branches blanked (C#): same positions.
  const escapes = language !== 'ruby' || escapingViews(options.projectType);
  const { tree, code: parsedCode } = await parseForReview(code, language, escapes, options.template);
  try {
    const findings = new FindingCollector(new Set(options.checkTypes));
    const { dialect } = analyser;
    const index = new NodeIndex(tree.rootNode, [
      ...new Set([
        ...analyser.nodeTypes,
        ...dialect.stringTypes,
        ...dialect.bindingTypes,
        ...(dialect.helpers?.declarationTypes ?? []),
        ...dialect.functionTypes,
        ...(TAINT_TABLES[language]?.callTypes ?? []),
        ...(TAINT_TABLES[language]?.operandSinks?.flatMap((sink) => sink.types) ?? []),
      ]),
    ]);
    const nodes = (types: string | readonly string[]) => index.of(types);
    const context: AnalysisContext = {
      language,
      code: parsedCode,
      root: tree.rootNode,
      values: new ValueClassifier(dialect, tree.rootNode, nodes),
      findings,
      nodes,
      ...(escapes ? {} : { unescapedViews: true }),
    };
    await analyser.analyse(context);
    reportLoopPerformance(context);
    findings.retain(withoutCleanInjections(context, findings.findings));
    reportTaintedSinks(context);
    throwIfAborted(options.signal);
    reportHardcodedSecrets(context);
    const syntax = syntaxFinding(tree, language);
    const all = syntax ? [syntax, ...findings.findings] : findings.findings;
    return all.sort((a, b) => a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule));
  } finally {
    tree.delete();
  }
}

/** Languages parsed without their preprocessor: an error may be a macro the parser cannot expand. */
const PREPROCESSED = new Set<LanguageId>(['c', 'cpp']);

function syntaxFinding(
  tree: Parameters<typeof firstSyntaxError>[0],
  language: LanguageId,
): Finding | undefined {
  const error = firstSyntaxError(tree);
  if (!error) return undefined;
  // Valid C and C++ can fail to parse where a macro from a header hides its shape (`container_of(p,
  // struct T, f)`, a top-level `DEFINE_LIST(int)`): not certain enough to be a high finding there.
  const macros = PREPROCESSED.has(language);
  return {
    rule: 'codewright/syntax-error',
    type: 'syntax',
    severity: macros ? 'medium' : 'high',
    message: error.message,
    suggestion: macros
      ? 'Fix the syntax error, or, if the code compiles, a macro the review cannot expand (it does not read headers) is used here; findings after it may be incomplete.'
      : 'Fix the syntax error; findings after it may be incomplete.',
    line: error.line,
    column: error.column,
    endLine: error.line,
    endColumn: error.column + 1,
  };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw new CodewrightError('UNPROCESSABLE', 'Review cancelled.', { issue: 'cancelled' });
}
