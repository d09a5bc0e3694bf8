// Web handlers' parameters as sources (table `handlers`): a function a framework registers as a
// handler — by a decorator (`@app.route('/u/<name>')`), a registering call (`app.MapGet("/x/{id}",
// (string id) => ...)`) or its class's convention (a Django view's `get(self, request, slug)`) —
// receives its parameters from the request. The engine leaves out the receiver, the request object
// itself (the table's `sourceObject`), parameters whose declared type holds no text (the table's
// `scalarType`) and handlers the file calls itself (a helper too: its callers decide what its
// parameters carry); the table says which of the others the framework fills from the request (a URL
// placeholder names it, its type can hold text, it is no injected dependency).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';

export interface Handlers {
  /** Node types of anonymous functions a call may register (C#'s lambdas), besides the dialect's functions. */
  lambdaTypes?: ReadonlySet<string>;
  /** What registers `fn` as a handler (its decorator, the registering call, its class), or undefined. */
  registered: (fn: SyntaxNode, context: AnalysisContext) => SyntaxNode | undefined;
  /**
   * Whether the framework fills `parameter` of a handler so registered from the request; `segment`
   * when with one segment of the URL's path (a route placeholder that holds no `/`).
   */
  receives: (
    parameter: SyntaxNode,
    registration: SyntaxNode,
    context: AnalysisContext,
  ) => boolean | 'segment';
}

/** The functions (and lambdas) around `use`, nearest first. */
export function* enclosingFunctions(use: SyntaxNode, types: ReadonlySet<string>): Generator<SyntaxNode> {
  for (let p = use.parent; p; p = p.parent) if (types.has(p.type)) yield p;
}

/** The first string literal among a call's arguments, without its quotes (a route's path). */
export function routeText(call: SyntaxNode | null | undefined, stringTypes: RegExp): string | undefined {
  const args = call?.childForFieldName('arguments') ?? undefined;
  for (const arg of args?.namedChildren ?? []) {
    const value = arg?.type === 'argument' ? arg.namedChildren.at(-1) : arg;
    if (value && stringTypes.test(value.type)) return value.text;
  }
  return undefined;
}

const imports = new WeakMap<SyntaxNode, string>();

/** The text of the file's import statements of `types` (cached per file). */
export function importText(context: AnalysisContext, types: readonly string[]): string {
  let text = imports.get(context.root);
  if (text === undefined) {
    text = context
      .nodes(types)
      .map((n) => n.text)
      .join('\n');
    imports.set(context.root, text);
  }
  return text;
}
