// What kinds of value (object, function, null, undefined, number, string, ...) an expression can
// evaluate to, from facts that hold for plain JavaScript at run time:
// - the syntax itself (literals, `new`, operators whose result kind is fixed);
// - a binding whose only value is its initializer (`const o = {}`, never written again);
// - declared types (TypeScript annotations, JSDoc `@param`/`@type`), on the binding or on the
//   property and every receiver before it — the author's contract;
// - `typeof x === '...'` guards around the use, when nothing in between can write `x`;
// - built-in functions of the standard library (`String(x)`, `Math.max(...)`).
// Types the checker merely inferred (from one assignment, an object literal other code can mutate,
// a prototype default) are never used: `undefined` means "not proven" and callers keep the code.
import ts from 'typescript';
import type { VirtualFile } from '../virtualFile';
import { isSingleValued, isScriptGlobal, isWrite, neverReassigned, ownerOf, referencesOf } from './bindings';
import { typeofGuardKinds } from './typeofGuards';
import { declaredKinds, typeKinds } from './typeKinds';
import { sealedPropertyInitializer } from './sealedLiterals';

/** `callable` is a function (also an object); `object` is any other non-primitive. */
export type Kind =
  'object' | 'callable' | 'null' | 'undefined' | 'boolean' | 'number' | 'string' | 'bigint' | 'symbol';
export type Kinds = ReadonlySet<Kind>;

export const PRIMITIVE_KINDS: readonly Kind[] = [
  'null',
  'undefined',
  'boolean',
  'number',
  'string',
  'bigint',
  'symbol',
];
const NUMERIC: Kinds = new Set<Kind>(['number', 'bigint']);
const ADDITION: Kinds = new Set<Kind>(['number', 'bigint', 'string']);

const MAX_DEPTH = 8;

/** The kinds the expression can have at run time, or undefined when that is not proven. */
export function kindsOf(file: VirtualFile, node: ts.Expression, depth = 0): Kinds | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const inner = skipParentheses(node);
  return (
    syntacticKinds(file, inner, depth) ?? bindingKinds(file, inner, depth) ?? declaredAccessKinds(file, inner)
  );
}

export function skipParentheses(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current)) current = current.expression;
  return current;
}

function one(kind: Kind): Kinds {
  return new Set([kind]);
}

export function union(...sets: (Kinds | undefined)[]): Kinds | undefined {
  if (sets.some((set) => set === undefined)) return undefined;
  return new Set(sets.flatMap((set) => [...set!]));
}

function syntacticKinds(file: VirtualFile, node: ts.Expression, depth: number): Kinds | undefined {
  if (
    ts.isObjectLiteralExpression(node) ||
    ts.isArrayLiteralExpression(node) ||
    ts.isRegularExpressionLiteral(node) ||
    ts.isNewExpression(node)
  )
    return one('object');
  if (ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isClassExpression(node))
    return one('callable');
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node))
    return one('string');
  if (ts.isNumericLiteral(node)) return one('number');
  if (ts.isBigIntLiteral(node)) return one('bigint');
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword)
    return one('boolean');
  if (node.kind === ts.SyntaxKind.NullKeyword) return one('null');
  if (ts.isVoidExpression(node)) return one('undefined');
  if (ts.isTypeOfExpression(node)) return one('string');
  if (ts.isPrefixUnaryExpression(node))
    return node.operator === ts.SyntaxKind.ExclamationToken ? one('boolean') : NUMERIC;
  if (ts.isPostfixUnaryExpression(node)) return NUMERIC;
  if (ts.isConditionalExpression(node))
    return union(kindsOf(file, node.whenTrue, depth + 1), kindsOf(file, node.whenFalse, depth + 1));
  if (ts.isBinaryExpression(node)) return binaryKinds(file, node, depth);
  if (ts.isCallExpression(node) && isStandardLibrary(file, node.expression))
    return typeKinds(file.checker(), file.checker().getTypeAtLocation(node));
  if (
    ts.isIdentifier(node) &&
    ['undefined', 'NaN', 'Infinity'].includes(node.text) &&
    isStandardLibrary(file, node)
  )
    return one(node.text === 'undefined' ? 'undefined' : 'number');
  return undefined;
}

function binaryKinds(file: VirtualFile, node: ts.BinaryExpression, depth: number): Kinds | undefined {
  const operator = node.operatorToken.kind;
  switch (operator) {
    case ts.SyntaxKind.PlusToken:
    case ts.SyntaxKind.PlusEqualsToken:
      return ADDITION;
    case ts.SyntaxKind.EqualsToken:
    case ts.SyntaxKind.CommaToken:
      return kindsOf(file, node.right, depth + 1);
    case ts.SyntaxKind.AmpersandAmpersandToken:
    case ts.SyntaxKind.BarBarToken:
    case ts.SyntaxKind.QuestionQuestionToken:
      // Either operand's value can be the result: a superset, which is all soundness needs.
      return union(kindsOf(file, node.left, depth + 1), kindsOf(file, node.right, depth + 1));
    case ts.SyntaxKind.InstanceOfKeyword:
    case ts.SyntaxKind.InKeyword:
    case ts.SyntaxKind.EqualsEqualsToken:
    case ts.SyntaxKind.EqualsEqualsEqualsToken:
    case ts.SyntaxKind.ExclamationEqualsToken:
    case ts.SyntaxKind.ExclamationEqualsEqualsToken:
    case ts.SyntaxKind.LessThanToken:
    case ts.SyntaxKind.LessThanEqualsToken:
    case ts.SyntaxKind.GreaterThanToken:
    case ts.SyntaxKind.GreaterThanEqualsToken:
      return one('boolean');
    default:
      // Every other operator (- * / % ** << >> >>> & | ^ and their assignments) yields a number or bigint.
      return operator >= ts.SyntaxKind.FirstAssignment &&
        operator <= ts.SyntaxKind.LastAssignment &&
        [
          ts.SyntaxKind.AmpersandAmpersandEqualsToken,
          ts.SyntaxKind.BarBarEqualsToken,
          ts.SyntaxKind.QuestionQuestionEqualsToken,
        ].includes(operator)
        ? undefined
        : NUMERIC;
  }
}

function bindingKinds(file: VirtualFile, node: ts.Expression, depth: number): Kinds | undefined {
  if (!ts.isIdentifier(node)) return undefined;
  const checker = file.checker();
  const guarded = typeofGuardKinds(checker, node);
  if (guarded) return guarded;
  const symbol = checker.getSymbolAtLocation(node);
  const declaration = symbol?.valueDeclaration;
  if (!symbol || !declaration || declaration.getSourceFile() !== node.getSourceFile()) return undefined;
  if (ts.isParameter(declaration) || ts.isVariableDeclaration(declaration)) {
    const declared = declaredKinds(checker, declaration);
    if (declared) return declared;
  }
  if (ts.isVariableDeclaration(declaration)) return assignedKinds(file, symbol, declaration, depth);
  if (
    (ts.isFunctionDeclaration(declaration) || ts.isClassDeclaration(declaration)) &&
    !isScriptGlobal(declaration) &&
    neverReassigned(checker, symbol, declaration)
  )
    return one('callable');
  return undefined;
}

// Bindings whose kinds are being worked out: `x = x || {}` must not recurse forever.
const inProgress = new Set<ts.Symbol>();

/**
 * The kinds of every value the file ever stores in a local binding: its initializer and each
 * assignment (`=` with a provable right side, `+=`, `++`, ...). Other scripts cannot write bindings
 * of a function or module, so this is all of them; a `var` read before its declaration ran is
 * undefined, which is added unless every read provably comes after it.
 */
function assignedKinds(
  file: VirtualFile,
  symbol: ts.Symbol,
  declaration: ts.VariableDeclaration,
  depth: number,
): Kinds | undefined {
  if (inProgress.has(symbol) || isScriptGlobal(declaration) || !ts.isIdentifier(declaration.name))
    return undefined;
  const checker = file.checker();
  if (isSingleValued(checker, symbol, declaration)) return kindsOf(file, declaration.initializer!, depth + 1);
  inProgress.add(symbol);
  try {
    const lexical = (declaration.parent.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let)) !== 0;
    const parts: (Kinds | undefined)[] = [
      declaration.initializer ? kindsOf(file, declaration.initializer, depth + 1) : one('undefined'),
    ];
    if (!lexical) parts.push(one('undefined'));
    for (const reference of referencesOf(checker, declaration.getSourceFile(), symbol)) {
      if (reference === declaration.name || !isWrite(reference)) continue;
      parts.push(writtenKinds(file, reference, depth));
      if (parts.at(-1) === undefined) return undefined;
    }
    return union(...parts);
  } finally {
    inProgress.delete(symbol);
  }
}

function writtenKinds(file: VirtualFile, reference: ts.Identifier, depth: number): Kinds | undefined {
  const parent = reference.parent;
  if (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) return NUMERIC;
  if (!ts.isBinaryExpression(parent) || parent.left !== reference) return undefined;
  return parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
    ? kindsOf(file, parent.right, depth + 1)
    : binaryKinds(file, parent, depth);
}

/**
 * True when `kindsOf` answers undefined for the expression in every program: its form leaves no
 * fact to prove its kinds from (a read or call rooted at `this`, an element access), whatever the
 * bindings and declarations around it say. A caller can then decide without building a program.
 * It mirrors `kindsOf`'s branches and must stay a subset of what they cannot prove.
 */
export function unprovableKinds(node: ts.Expression): boolean {
  const inner = skipParentheses(node);
  if (inner.kind === ts.SyntaxKind.ThisKeyword || ts.isElementAccessExpression(inner)) return true;
  // `isStandardLibrary` needs a name at the callee's root; nothing else proves a call's kinds.
  if (ts.isCallExpression(inner)) return !ts.isIdentifier(calleeRoot(inner.expression));
  // `declaredAccessKinds`: a sealed literal needs a named receiver, a declared type a receiver
  // that may have one.
  if (ts.isPropertyAccessExpression(inner))
    return !ts.isIdentifier(inner.expression) && !mayHaveDeclaredType(inner.expression);
  return false;
}

/** False when `hasDeclaredType` is false in every program (it is true only for these forms). */
function mayHaveDeclaredType(node: ts.Expression): boolean {
  const inner = skipParentheses(node);
  if (ts.isCallExpression(inner)) return ts.isIdentifier(calleeRoot(inner.expression));
  if (ts.isPropertyAccessExpression(inner)) return mayHaveDeclaredType(inner.expression);
  return (
    ts.isIdentifier(inner) ||
    ts.isStringLiteral(inner) ||
    ts.isArrayLiteralExpression(inner) ||
    ts.isNoSubstitutionTemplateLiteral(inner)
  );
}

/** The name `isStandardLibrary` resolves: the callee, or the object of a `Name.member` callee. */
function calleeRoot(callee: ts.Expression): ts.Expression {
  return ts.isPropertyAccessExpression(callee) ? callee.expression : callee;
}

/** `a.b.c` where `a` has a declared type and each property on the way is declared with a type. */
function declaredAccessKinds(file: VirtualFile, node: ts.Expression): Kinds | undefined {
  if (!ts.isPropertyAccessExpression(node)) return undefined;
  const sealed = sealedPropertyInitializer(file.checker(), node);
  if (sealed) return kindsOf(file, sealed, 1);
  if (!hasDeclaredType(file, node.expression)) return undefined;
  const symbol = file.checker().getSymbolAtLocation(node.name);
  const declarations = symbol?.declarations ?? [];
  if (declarations.length === 0) return undefined;
  return union(...declarations.map((declaration) => declaredKinds(file.checker(), declaration)));
}

/** Whether the receiver's type is a declared one (so its properties' declared types apply). */
function hasDeclaredType(file: VirtualFile, node: ts.Expression): boolean {
  const inner = skipParentheses(node);
  const checker = file.checker();
  if (ts.isIdentifier(inner)) {
    if (isStandardLibrary(file, inner)) return true;
    const declaration = checker.getSymbolAtLocation(inner)?.valueDeclaration;
    return (
      !!declaration &&
      (ts.isParameter(declaration) || ts.isVariableDeclaration(declaration)) &&
      declaredKinds(checker, declaration) !== undefined &&
      !referencesOf(checker, inner.getSourceFile(), checker.getSymbolAtLocation(inner)!).some(
        (reference) => isWrite(reference) && ownerOf(reference) !== ownerOf(declaration),
      )
    );
  }
  // The standard library's results and literals have the types their declarations say.
  if (ts.isCallExpression(inner)) return isStandardLibrary(file, inner.expression);
  if (
    ts.isStringLiteral(inner) ||
    ts.isArrayLiteralExpression(inner) ||
    ts.isNoSubstitutionTemplateLiteral(inner)
  )
    return true;
  if (ts.isPropertyAccessExpression(inner)) {
    const declarations = checker.getSymbolAtLocation(inner.name)?.declarations ?? [];
    return (
      declarations.length > 0 &&
      declarations.every((declaration) => declaredKinds(checker, declaration) !== undefined) &&
      hasDeclaredType(file, inner.expression)
    );
  }
  return false;
}

/** A name (or `Name.member` callee) that resolves only to declarations of the standard library. */
export function isStandardLibrary(file: VirtualFile, node: ts.Expression): boolean {
  const checker = file.checker();
  const root = calleeRoot(node);
  if (!ts.isIdentifier(root)) return false;
  const symbol = checker.getSymbolAtLocation(root);
  const declarations = symbol?.declarations ?? [];
  // The global `undefined` is the checker's own symbol, declared nowhere; a local one is declared.
  if (symbol && declarations.length === 0) return root.text === 'undefined';
  const program = file.program();
  return (
    declarations.length > 0 &&
    declarations.every((declaration) => {
      const source = declaration.getSourceFile();
      return program.isSourceFileDefaultLibrary(source);
    })
  );
}
