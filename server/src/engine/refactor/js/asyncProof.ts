// A promise chain → async conversion accepted on a proof read from the program before the batch,
// instead of the region check on the program after it (regionCheck.ts). The region check exists to
// find two things: an error inside the converted function F, and a change of F's signature that
// code elsewhere could see. Both need TypeScript's inference on the new program, whose checker
// starts empty (return types through the callees' bodies: most of the check's cost). For the
// simplest shape of chain the conversion is safe by construction, and what the check would infer is
// already in the first program, cached by the suggestion walk that found the site:
//
//   function F(a, b) {                     async function F(a, b) {
//     return E0.then(function (p1) {         const p1 = await E0;
//       return E1;                   →       const p2 = await E1;
//     }).then((p2) => E2);                   return E2;
//   }                                      }
//
// Required, and why each suffices:
// - Shape (both texts): F's body is that one `return`; every `.then` has one callback with one plain
//   parameter and one returned expression; every E is names, property reads and calls/`new` with
//   plain or literal arguments (no function, assignment, operator, `this`, `arguments`). F after is
//   exactly the right-hand side, each E the same tree. So the only new syntax is `async`, `const` and
//   `await`, and control flow inside F has no branch or assignment a name could be narrowed by.
// - Names: each p_k occurs only in its own callback (not F's name, a parameter of F, another E) and is
//   no word `async`/strict code reserves: the new `const`s capture no name and clash with none. Every
//   other name of an E resolves (first program) to a function or class declaration, a `const`, or a
//   parameter of F — kinds whose type at F's body and inside a callback is the same (functions and
//   classes are never narrowed; a `const` or an unassigned parameter is narrowed alike across both
//   function boundaries, and F's own flow has nothing to narrow by) — and never to a function of the
//   batch (its type is what is being proven). So every E sees the same symbols with the same types.
// - Types (first program): the type of each p_k, as its callback receives it, is the awaited type of
//   E_{k-1} (what `const p_k = await E_{k-1}` gets); a call or `new` at the top of an E has no type
//   parameters (a callback's return and an `await` operand have different contextual types, which
//   only type-argument inference reads). By induction every expression has the same type after as
//   before, so it has the same errors (keys are code and message: verify.ts); `await` of a valid
//   awaited type reports nothing, and an async function in this target reports nothing.
// - Signature: F has no JSDoc and plain parameters (the same `any` before and after); its return
//   type before is the global `Promise<A>` with A the awaited type of the last E, and A is a type
//   return-type widening leaves alone (not a literal, object literal, `null`/`undefined`, union but
//   `boolean`), so the async function's inferred `Promise<A>` is the same type.
import ts from 'typescript';

/** Names `const` cannot bind, or that an async function reads differently. */
const RESERVED = new Set(['arguments', 'eval', 'await', 'yield', 'let', 'static', 'async']);

interface Chain {
  /** E0, E1 … En: the chain's base and each callback's returned expression. */
  values: ts.Expression[];
  /** p1 … pn: each callback's parameter. */
  params: ts.ParameterDeclaration[];
}

/**
 * Why the conversion of `before` into `after` is not proven safe from the first program (undefined
 * when it is). `converted` holds every function the batch converts.
 */
export function unsafeByConstruction(
  checker: ts.TypeChecker,
  before: ts.FunctionLikeDeclaration,
  after: ts.FunctionLikeDeclaration,
  converted: ReadonlySet<ts.Node>,
): string | undefined {
  const chain = chainOf(before);
  if (!chain) return 'not a plain promise chain';
  if (/\/\*\*/.test(statementText(before))) return 'JSDoc';
  if (!isConvertedText(after, before, chain)) return 'not the plain conversion';
  const names = namesOf(before, chain);
  if (!names) return 'a name the new declarations could capture';
  for (const [index, value] of chain.values.entries()) {
    for (const name of freeNames(value)) {
      if (index > 0 && name.text === paramName(chain.params[index - 1]!)) continue;
      const why = unstableName(checker, name, before, converted);
      if (why) return why;
    }
    if ((ts.isCallExpression(value) || ts.isNewExpression(value)) && !isMonomorphicCall(checker, value))
      return 'a generic call';
  }
  let awaited: ts.Type | undefined;
  for (const [index, value] of chain.values.entries()) {
    if (index > 0 && checker.getTypeAtLocation(chain.params[index - 1]!.name) !== awaited)
      return 'a callback parameter typed otherwise than the awaited value';
    awaited = checker.getAwaitedType(checker.getTypeAtLocation(value));
    if (!awaited) return 'an invalid awaited value';
    // `const p = null` is `any` in loose JavaScript: each awaited value keeps its type in a `const`.
    if (!keepsWidened(awaited)) return 'a type widening could change';
  }
  const signature = checker.getSignatureFromDeclaration(before);
  const returned = signature && checker.getReturnTypeOfSignature(signature);
  if (!returned || !isGlobalPromiseOf(checker, returned, awaited!)) return 'a return type other than Promise';
  return undefined;
}

/** F's parameters plain, not async/generator, its body one `return` of a plain `.then` chain. */
function chainOf(fn: ts.FunctionLikeDeclaration): Chain | undefined {
  if (!ts.isFunctionDeclaration(fn) && !ts.isFunctionExpression(fn)) return undefined;
  if (fn.asteriskToken || fn.modifiers?.length || !plainParameters(fn.parameters)) return undefined;
  const only =
    fn.body && ts.isBlock(fn.body) && fn.body.statements.length === 1 ? fn.body.statements[0] : undefined;
  if (!only || !ts.isReturnStatement(only) || !only.expression) return undefined;
  const values: ts.Expression[] = [];
  const params: ts.ParameterDeclaration[] = [];
  let node: ts.Expression = only.expression;
  while (
    ts.isCallExpression(node) &&
    !node.questionDotToken &&
    ts.isPropertyAccessExpression(node.expression) &&
    !node.expression.questionDotToken &&
    node.expression.name.text === 'then' &&
    node.arguments.length === 1
  ) {
    const callback = node.arguments[0]!;
    const returned = returnedBy(callback);
    if (!returned || !plain(returned)) return undefined;
    values.unshift(returned);
    params.unshift((callback as ts.FunctionExpression).parameters[0]!);
    node = node.expression.expression;
  }
  if (params.length === 0 || !plain(node)) return undefined;
  values.unshift(node);
  return { values, params };
}

/** The one expression a one-parameter, anonymous, plain callback returns. */
function returnedBy(callback: ts.Expression): ts.Expression | undefined {
  if (!ts.isFunctionExpression(callback) && !ts.isArrowFunction(callback)) return undefined;
  if (ts.isFunctionExpression(callback) && (callback.name || callback.asteriskToken)) return undefined;
  if (callback.modifiers?.length || callback.parameters.length !== 1 || !plainParameters(callback.parameters))
    return undefined;
  if (!ts.isBlock(callback.body)) return callback.body;
  const only = callback.body.statements.length === 1 ? callback.body.statements[0] : undefined;
  return only && ts.isReturnStatement(only) ? only.expression : undefined;
}

function plainParameters(params: readonly ts.ParameterDeclaration[]): boolean {
  return params.every(
    (param) =>
      ts.isIdentifier(param.name) &&
      !param.initializer &&
      !param.dotDotDotToken &&
      !param.questionToken &&
      !param.type &&
      !param.modifiers?.length,
  );
}

/** Names, property reads, and calls or `new` whose arguments are plain or literals. */
function plain(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return !RESERVED.has(node.text);
  if (ts.isPropertyAccessExpression(node))
    return !node.questionDotToken && ts.isIdentifier(node.name) && plain(node.expression);
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
    if ((ts.isCallExpression(node) && node.questionDotToken) || node.typeArguments) return false;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return false;
    return plain(node.expression) && (node.arguments ?? []).every((arg) => isLiteral(arg) || plain(arg));
  }
  return false;
}

function isLiteral(node: ts.Expression): boolean {
  return (
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword
  );
}

/** Identifiers that are references (not the property names of property reads). */
function freeNames(node: ts.Expression): ts.Identifier[] {
  if (ts.isIdentifier(node)) return [node];
  if (ts.isPropertyAccessExpression(node)) return freeNames(node.expression);
  if (ts.isCallExpression(node) || ts.isNewExpression(node))
    return [node.expression, ...(node.arguments ?? [])].flatMap(freeNames);
  return [];
}

function paramName(param: ts.ParameterDeclaration): string {
  return (param.name as ts.Identifier).text;
}

/**
 * Each callback parameter is a distinct name, not reserved, and no other identifier in F (its name,
 * its parameters, the other values) is spelled the same.
 */
function namesOf(fn: ts.FunctionLikeDeclaration, chain: Chain): boolean {
  const outer = new Set<string>(fn.parameters.map(paramName));
  if (fn.name && ts.isIdentifier(fn.name)) outer.add(fn.name.text);
  const seen = new Set<string>();
  for (const [index, param] of chain.params.entries()) {
    const name = paramName(param);
    if (RESERVED.has(name) || outer.has(name) || seen.has(name)) return false;
    seen.add(name);
    const elsewhere = chain.values.some(
      (value, at) => at !== index + 1 && freeNames(value).some((id) => id.text === name),
    );
    if (elsewhere) return false;
  }
  return true;
}

/** Why a name's type could differ between a callback and F's body, or be the one being proven. */
function unstableName(
  checker: ts.TypeChecker,
  name: ts.Identifier,
  fn: ts.FunctionLikeDeclaration,
  converted: ReadonlySet<ts.Node>,
): string | undefined {
  const symbol = checker.getSymbolAtLocation(name);
  const declarations = symbol?.declarations ?? [];
  if (!symbol || declarations.length === 0) return `\`${name.text}\` does not resolve`;
  const isConverted = (decl: ts.Declaration): boolean =>
    converted.has(decl) ||
    (ts.isVariableDeclaration(decl) && !!decl.initializer && converted.has(decl.initializer));
  if (declarations.some(isConverted)) return `\`${name.text}\` is converted in the same batch`;
  const stable = declarations.every(
    (decl) =>
      ts.isFunctionDeclaration(decl) ||
      ts.isClassDeclaration(decl) ||
      (ts.isParameter(decl) && decl.parent === fn) ||
      (ts.isVariableDeclaration(decl) && (ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) !== 0),
  );
  return stable ? undefined : `\`${name.text}\` may be narrowed`;
}

/** A call or `new` whose signature has no type parameters (its type does not read the context). */
function isMonomorphicCall(checker: ts.TypeChecker, node: ts.CallExpression | ts.NewExpression): boolean {
  const declaration = checker.getResolvedSignature(node)?.declaration;
  if (!declaration || ts.isJSDocSignature(declaration)) return false;
  const declared = checker.getSignatureFromDeclaration(declaration);
  return !!declared && (declared.getTypeParameters()?.length ?? 0) === 0;
}

/** Types return-type inference keeps as they are. */
function keepsWidened(type: ts.Type): boolean {
  const flags = ts.TypeFlags;
  if (type.flags & (flags.Any | flags.String | flags.Number | flags.BigInt | flags.ESSymbol)) return true;
  if (type.flags & flags.Boolean) return true;
  if (!(type.flags & flags.Object)) return false;
  const objectFlags = (type as ts.ObjectType).objectFlags;
  return (
    (objectFlags & ts.ObjectFlags.ClassOrInterface) !== 0 && !(objectFlags & ts.ObjectFlags.FreshLiteral)
  );
}

/** The global `Promise<awaited>` (what an async function's inferred return type is). */
function isGlobalPromiseOf(checker: ts.TypeChecker, type: ts.Type, awaited: ts.Type): boolean {
  if (
    !(type.flags & ts.TypeFlags.Object) ||
    !((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference)
  )
    return false;
  const symbol = type.getSymbol();
  const inLibrary = symbol?.declarations?.every((decl) =>
    /[\\/]lib\.[^\\/]*\.d\.ts$/.test(decl.getSourceFile().fileName),
  );
  const args = checker.getTypeArguments(type as ts.TypeReference);
  return symbol?.name === 'Promise' && !!inLibrary && args.length === 1 && args[0] === awaited;
}

/** The text of the statement holding F (JSDoc there could type F or its parameters). */
function statementText(fn: ts.Node): string {
  let node = fn;
  while (node.parent && !ts.isSourceFile(node.parent) && !ts.isBlock(node.parent)) node = node.parent;
  return node.getFullText().slice(0, fn.getStart() - node.getFullStart()) + fn.getText();
}

/** F after is `async` F with the same parameters and the straight-line body of the conversion. */
function isConvertedText(
  after: ts.FunctionLikeDeclaration,
  before: ts.FunctionLikeDeclaration,
  chain: Chain,
): boolean {
  if (!ts.isFunctionDeclaration(after) && !ts.isFunctionExpression(after)) return false;
  if (
    after.asteriskToken ||
    after.modifiers?.length !== 1 ||
    after.modifiers[0]!.kind !== ts.SyntaxKind.AsyncKeyword
  )
    return false;
  if (!plainParameters(after.parameters)) return false;
  if (after.parameters.map(paramName).join() !== before.parameters.map(paramName).join()) return false;
  const statements = after.body && ts.isBlock(after.body) ? after.body.statements : undefined;
  if (!statements || statements.length !== chain.params.length + 1) return false;
  for (const [index, param] of chain.params.entries()) {
    const statement = statements[index]!;
    if (!ts.isVariableStatement(statement) || statement.modifiers?.length) return false;
    const list = statement.declarationList;
    if (!(list.flags & ts.NodeFlags.Const) || list.declarations.length !== 1) return false;
    const declaration = list.declarations[0]!;
    if (!ts.isIdentifier(declaration.name) || declaration.name.text !== paramName(param) || declaration.type)
      return false;
    const init = declaration.initializer;
    if (!init || !ts.isAwaitExpression(init) || !sameTree(init.expression, chain.values[index]!))
      return false;
  }
  const last = statements[chain.params.length]!;
  return ts.isReturnStatement(last) && !!last.expression && sameTree(last.expression, chain.values.at(-1)!);
}

/** The same syntax tree: kinds, identifier and literal texts, children in order. */
function sameTree(a: ts.Node, b: ts.Node): boolean {
  if (a.kind !== b.kind) return false;
  if ((ts.isIdentifier(a) || ts.isLiteralExpression(a)) && a.text !== (b as typeof a).text) return false;
  const childrenA: ts.Node[] = [];
  const childrenB: ts.Node[] = [];
  ts.forEachChild(a, (child) => void childrenA.push(child));
  ts.forEachChild(b, (child) => void childrenB.push(child));
  return (
    childrenA.length === childrenB.length &&
    childrenA.every((child, index) => sameTree(child, childrenB[index]!))
  );
}
