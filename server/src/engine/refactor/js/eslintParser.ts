// ESLint's own parser for plain JavaScript (espree) with the scope analysis ESLint runs on its result,
// minus one cost of that analysis. eslint-scope gives every binding pattern it meets (each declared
// name, parameter and assigned identifier) a visitor of its own, and esrecurse copies the whole
// visitor-key table into every visitor that is given one — which ESLint always does. On a 10,000-line
// file that copying was three quarters of the scope analysis, in each of the refactor's four lint
// passes. Here the main visitor gets ESLint's table (copied once) and the per-pattern visitors none:
// esrecurse then reads estraverse's table, which lists the same keys as ESLint's for every node type
// a pattern visitor walks into (ObjectPattern, ObjectExpression; the other pattern forms have handlers
// of their own, and right-hand sides are handed back to the main visitor), with ESLint's
// `getKeys` as the fallback for types it does not know. The result is the scope manager ESLint would
// build (scopeParity.test.ts compares them).
import * as espree from 'espree';
import { Referencer, ScopeManager, type AnalyzeOptions } from 'eslint-scope';
import * as evk from 'eslint-visitor-keys';
import type { Linter } from 'eslint';

type VisitorOptions = NonNullable<ConstructorParameters<typeof Referencer>[0]>;

type ParserOptions = Linter.ParserOptions & {
  ecmaVersion?: number | 'latest';
  sourceType?: AnalyzeOptions['sourceType'];
};

/** A referencer whose pattern and import visitors share estraverse's key table instead of copying one. */
class SharedKeysReferencer extends Referencer {
  constructor(options: AnalyzeOptions, scopeManager: ScopeManager) {
    super(options as VisitorOptions, scopeManager);
    // `options` is what the referencer hands each PatternVisitor and Importer it creates.
    this.options = { ...(options as VisitorOptions), childVisitorKeys: undefined };
  }
}

/** The options ESLint's `analyzeScope` gives eslint-scope for these parser options. */
export function scopeOptions(options: ParserOptions): AnalyzeOptions {
  const features = options.ecmaFeatures ?? {};
  return {
    optimistic: false,
    ignoreEval: true,
    nodejsScope: features.globalReturn,
    impliedStrict: features.impliedStrict,
    ecmaVersion: typeof options.ecmaVersion === 'number' ? options.ecmaVersion : 6,
    sourceType: options.sourceType ?? 'script',
    childVisitorKeys: evk.KEYS,
    fallback: evk.getKeys,
    jsx: features.jsx,
  } as unknown as AnalyzeOptions;
}

/**
 * The referencer that built each scope manager, alive as long as that manager is: whoever keeps a
 * lint's SourceCode keeps the referencer's hidden class too (a pool worker's shape anchor,
 * server/src/pool/shapeAnchor.ts), so the optimized code of the referencer's visitors is not thrown
 * away when a request's own referencers die. For anyone else it dies with the manager.
 */
const referencers = new WeakMap<ScopeManager, Referencer>();

/** Scope analysis of an espree tree, as eslint-scope's `analyze` with ESLint's options would give it. */
export function analyzeScope(ast: ReturnType<typeof espree.parse>, options: ParserOptions): ScopeManager {
  const analysis = scopeOptions(options);
  const scopeManager = new ScopeManager(analysis);
  const referencer = new SharedKeysReferencer(analysis, scopeManager);
  referencer.visit(ast as never);
  referencers.set(scopeManager, referencer);
  return scopeManager;
}

/** The referencer that built `scopeManager` (by `analyzeScope`), if any. */
export function referencerOf(scopeManager: ScopeManager): Referencer | undefined {
  return referencers.get(scopeManager);
}

/** Espree for ESLint (`languageOptions.parser`), with the scope manager built above. */
export const espreeWithScope: Linter.Parser = {
  meta: { name: 'codewright/espree-shared-keys' },
  parseForESLint: parseWithScope,
} as Linter.Parser;

function parseWithScope(text: string, options?: ParserOptions) {
  const ast = espree.parse(text, options as espree.Options);
  return { ast, scopeManager: analyzeScope(ast, options ?? {}), visitorKeys: evk.KEYS };
}

/**
 * `espreeWithScope` remembering the options ESLint last gave it, so that a later text can get the
 * parse ESLint would give it (the same parser, options and shebang handling) without a lint: the
 * refactor's last ESLint batch is checked that way when nothing can be left to fix after it.
 */
export function recordingEspree(): {
  parser: Linter.Parser;
  /** The options of the last parse; undefined before the first. */
  options(): ParserOptions | undefined;
  /** Why ESLint could not parse `text` with the last options, or undefined when it can. */
  parseError(text: string): string | undefined;
} {
  let last: ParserOptions | undefined;
  const parser = {
    meta: espreeWithScope.meta,
    parseForESLint(text: string, options?: ParserOptions) {
      last = options;
      return parseWithScope(text, options);
    },
  } as Linter.Parser;
  return {
    parser,
    options: () => last,
    parseError(text) {
      try {
        // ESLint removes a byte-order mark and turns a shebang line into a comment before parsing.
        const parsed = text.replace(/^\uFEFF/, '').replace(/^#!([^\r\n\u2028\u2029]*)/u, '//$1');
        espree.parse(parsed, acceptanceOptions(last));
        return undefined;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
  };
}

/**
 * ESLint's parser options without what only shapes the result: tokens and comments (collected by
 * callbacks that never throw), `loc` and `range` (positions on nodes). Whether espree accepts a text
 * does not depend on them (its errors are acorn's, located from the input alone), and a check that
 * keeps no tree need not pay for them: without them the parse of the 10,000-line bench result takes
 * about half the CPU time and allocates no token list, comments or location objects.
 */
export function acceptanceOptions(options: ParserOptions | undefined): espree.Options {
  return { ...options, tokens: false, comment: false, loc: false, range: false } as espree.Options;
}
