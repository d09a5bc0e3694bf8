// A cheaper proof that a batch of promise chain → async function conversions adds no compiler error,
// so the full type check of the result (pipeline.ts) can be skipped: only the statements holding the
// converted functions are checked (TypeScript's region check, `nodesToCheck`), and only when nothing
// outside those statements can see a difference. When the proof does not go through, or the checked
// statements have any error that matters, the caller checks the whole result as before, so every
// decision is the full check's.
//
// Why an error outside the checked statements is then impossible in the result unless the text before
// had it at the same place: every edit lies inside a converted function F, and code outside F sees F
// only through (a) F's name, which keeps its declaration kind (a function declaration stays hoisted),
// (b) F's type, whose signature — parameters and return type, `Promise<T>` before and after — is
// required to be the same type in both programs (typeKey.ts), (c) declarations F makes for outer objects (`this.x =`,
// `exports.x =`, expando `o.x =`, JSDoc `@typedef`), which are required to be absent from F before and
// after, and (d) control flow, which enters a function from outside only when it is invoked in place
// (a sync IIFE's body is inlined into the enclosing flow; an async one's is not), so IIFEs are left to
// the full check. Every declaration inside F is local to it. So each node outside has the same syntax,
// resolves to the same symbols and sees the same types, and has the same errors, before and after.
// Binder diagnostics of the whole file are part of the region answer anyway. JavaScript only: there
// only name, call and grammar errors decide (verify.ts), and a partial check omits just the unused
// `@ts-expect-error` errors, which a TypeScript file would count.
import ts from 'typescript';
import type { Edit } from '../edits';
import { unsafeByConstruction } from './asyncProof';
import { functionToConvert, isStatement } from './combinedFixes';
import { nodeSpanning } from './syntax';
import type { Candidate, JsContext } from './transform';
import { signatureKey, type PlaceOf } from './typeKey';
import { programErrorKeys } from './verify';

/**
 * Whether the batch, already applied to `context.file`, certainly adds no compiler error; false
 * means "not proven" (the full check decides), never "adds one".
 */
export function asyncConversionsAddNoError(
  context: JsContext,
  programBefore: ts.Program,
  batch: readonly Candidate[],
): boolean {
  return unprovenBecause(context, programBefore, batch) === undefined;
}

/** Why the region check cannot vouch for the batch, or undefined when it does. */
export function unprovenBecause(
  context: JsContext,
  programBefore: ts.Program,
  batch: readonly Candidate[],
): string | undefined {
  if (context.isTypeScript) return 'a TypeScript file';
  if (batch.some((candidate) => candidate.pattern !== 'async_await')) return 'not only async conversions';
  const { file } = context;
  const sourceBefore = programBefore.getSourceFile(file.fileName);
  const programAfter = file.program();
  const sourceAfter = programAfter?.getSourceFile(file.fileName);
  if (!sourceBefore || !programAfter || !sourceAfter) return 'no program';
  const edits = batch.flatMap((candidate) => candidate.edits);
  const pairs: { before: ts.FunctionLikeDeclaration; after: ts.FunctionLikeDeclaration }[] = [];
  for (const candidate of batch) {
    const before = functionToConvert(sourceBefore, candidate.at);
    if (!before) return 'no converted function';
    if (!ownsEdits(before, candidate.edits)) return 'an edit outside the function';
    const after = functionAfter(sourceAfter, before, edits);
    if (!after) return 'no function of that kind and name after';
    if (invokedInPlace(before)) return 'invoked in place';
    if (!isSealed(before) || !isSealed(after)) return 'declares for outer objects';
    pairs.push({ before, after });
  }
  // A conversion safe by construction needs neither the region check nor the signature comparison,
  // whose inference on the new program is the cost (asyncProof.ts); the rest are checked as before.
  const checkerBefore = programBefore.getTypeChecker();
  const functions = new Set<ts.Node>(pairs.map((pair) => pair.before));
  const unproven = pairs.filter(
    (pair) => unsafeByConstruction(checkerBefore, pair.before, pair.after, functions) !== undefined,
  );
  if (unproven.length === 0) return undefined;
  const statements = new Set(unproven.map((pair) => statementOf(pair.after)));
  const keys = programErrorKeys(programAfter, file.fileName, false, [...statements]);
  if (keys.size > 0) return 'errors in the region';
  const converted = pairs.map((pair) => pair.before);
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  const inConverted = (offset: number): boolean =>
    converted.some((fn) => fn.pos <= offset && offset < fn.end);
  const placeBefore: PlaceOf = (node) =>
    placeOf(node, file.fileName, (offset) => (inConverted(offset) ? undefined : offset));
  const placeAfter: PlaceOf = (node) =>
    placeOf(node, file.fileName, (offset) => {
      const before = offsetBefore(offset, sorted);
      return before === undefined || inConverted(before) ? undefined : before;
    });
  const checkerAfter = programAfter.getTypeChecker();
  for (const pair of unproven) {
    const before = signatureOf(checkerBefore, pair.before, placeBefore);
    if (before === undefined) return 'a signature it cannot compare';
    if (before !== signatureOf(checkerAfter, pair.after, placeAfter)) return 'a signature changed';
  }
  return undefined;
}

/** Whether every edit of the conversion lies inside the function. */
function ownsEdits(fn: ts.Node, edits: readonly Edit[]): boolean {
  return edits.every((edit) => fn.pos <= edit.start && edit.end <= fn.end);
}

/**
 * The function in the text after the batch: where the edits outside it moved it, as long as the
 * edits inside it made it, of the same kind and name (else undefined: not proven).
 */
function functionAfter(
  sourceAfter: ts.SourceFile,
  before: ts.FunctionLikeDeclaration,
  edits: readonly Edit[],
): ts.FunctionLikeDeclaration | undefined {
  let pos = before.pos;
  let end = before.end;
  for (const edit of edits) {
    const delta = edit.text.length - (edit.end - edit.start);
    if (before.pos <= edit.start && edit.end <= before.end) end += delta;
    else if (edit.end <= before.pos) {
      pos += delta;
      end += delta;
    }
  }
  const after = nodeSpanning(sourceAfter, pos, end, before.kind) as ts.FunctionLikeDeclaration | undefined;
  const name = (node: ts.FunctionLikeDeclaration): string | undefined =>
    node.name && ts.isIdentifier(node.name) ? node.name.text : undefined;
  return after && name(after) === name(before) ? after : undefined;
}

/**
 * Whether neither the function nor any function inside it declares anything for an outer object
 * (property assignments, `exports`/`module`, `Object.defineProperty`, JSDoc types).
 */
function isSealed(fn: ts.FunctionLikeDeclaration): boolean {
  let sealed = !/@(typedef|callback)\b/.test(fn.getFullText());
  const visit = (node: ts.Node): void => {
    if (!sealed) return;
    if (declaresOutside(node)) sealed = false;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn, visit);
  return sealed;
}

function invokedInPlace(fn: ts.Node): boolean {
  if (!ts.isFunctionExpression(fn) && !ts.isArrowFunction(fn)) return false;
  let inner: ts.Node = fn;
  while (ts.isParenthesizedExpression(inner.parent)) inner = inner.parent;
  return ts.isCallExpression(inner.parent) && inner.parent.expression === inner;
}

function declaresOutside(node: ts.Node): boolean {
  if (ts.isBinaryExpression(node) && isAssignment(node.operatorToken.kind)) return !isLocalTarget(node.left);
  if (
    (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
    (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
  )
    return !isLocalTarget(node.operand);
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'defineProperty'
  );
}

function isAssignment(kind: ts.SyntaxKind): boolean {
  return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
}

/** A plain name (or a destructuring of plain names) other than `exports` and `module`. */
function isLocalTarget(target: ts.Node): boolean {
  if (ts.isParenthesizedExpression(target)) return isLocalTarget(target.expression);
  if (ts.isIdentifier(target)) return target.text !== 'exports' && target.text !== 'module';
  if (ts.isArrayLiteralExpression(target))
    return target.elements.every((element) => ts.isOmittedExpression(element) || isLocalTarget(element));
  if (ts.isObjectLiteralExpression(target))
    return target.properties.every((property) =>
      ts.isShorthandPropertyAssignment(property)
        ? isLocalTarget(property.name)
        : ts.isPropertyAssignment(property)
          ? isLocalTarget(property.initializer)
          : ts.isSpreadAssignment(property) && isLocalTarget(property.expression),
    );
  if (ts.isSpreadElement(target)) return isLocalTarget(target.expression);
  if (ts.isBinaryExpression(target) && target.operatorToken.kind === ts.SyntaxKind.EqualsToken)
    return isLocalTarget(target.left);
  return false;
}

/** The innermost statement holding the function (the function itself when it is a declaration). */
function statementOf(fn: ts.Node): ts.Node {
  return ts.findAncestor(fn, isStatement) ?? fn;
}

function signatureOf(
  checker: ts.TypeChecker,
  fn: ts.FunctionLikeDeclaration,
  place: PlaceOf,
): string | undefined {
  const signature = checker.getSignatureFromDeclaration(fn);
  return signature && signatureKey(checker, signature, place);
}

/** A declaration's place: in the input, its offset in the text before the batch (if it has one). */
function placeOf(
  node: ts.Node,
  inputName: string,
  inputOffset: (offset: number) => number | undefined,
): string | undefined {
  const fileName = node.getSourceFile().fileName;
  if (fileName !== inputName) return `${fileName}:${node.pos}`;
  const offset = inputOffset(node.pos);
  return offset === undefined ? undefined : `:${offset}`;
}

/** The offset before the edits (sorted) of an offset after them; undefined inside their new text. */
function offsetBefore(offset: number, edits: readonly Edit[]): number | undefined {
  let delta = 0;
  for (const edit of edits) {
    const start = edit.start + delta;
    const end = start + edit.text.length;
    if (offset <= start) break;
    if (offset < end) return undefined;
    delta += edit.text.length - (edit.end - edit.start);
  }
  return offset - delta;
}
