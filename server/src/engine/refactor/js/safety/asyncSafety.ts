// When converting a promise-returning function to `async` is behaviour-preserving. In an async
// function a synchronous throw becomes a rejected promise, so every expression that runs before the
// first asynchronous step must be unable to throw: pure values, and promise sources that report
// failure by rejecting (new Promise with an executor, Promise.*, fetch, fs.promises.*, async functions).
import ts from 'typescript';
import type { VirtualFile } from '../virtualFile';
import { enclosingFunction, isPure, lineOfNode, nodeAt, snippet } from '../syntax';

const CHAIN_METHODS = new Set(['then', 'catch', 'finally']);
const PROMISE_STATICS = new Set(['resolve', 'reject', 'all', 'allSettled', 'race', 'any']);

/** Why converting the function at `position` to async could change behaviour, or undefined. */
export function asyncConversionRisk(file: VirtualFile, position: number): string | undefined {
  const source = file.sourceFile();
  const fn = functionAt(nodeAt(source, position));
  if (!fn?.body) return 'could not find the function body';
  if (!ts.isBlock(fn.body)) return expressionRisk(file, fn.body);
  for (const statement of fn.body.statements) {
    const risk = statementRisk(file, statement);
    if (risk) return risk;
  }
  return undefined;
}

function functionAt(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  if (
    ts.isVariableDeclaration(node.parent) &&
    node.parent.initializer &&
    ts.isFunctionLike(node.parent.initializer)
  ) {
    return node.parent.initializer as ts.FunctionLikeDeclaration;
  }
  return enclosingFunction(node);
}

function statementRisk(file: VirtualFile, statement: ts.Statement): string | undefined {
  if (ts.isReturnStatement(statement))
    return statement.expression ? expressionRisk(file, statement.expression) : undefined;
  if (ts.isVariableStatement(statement)) {
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.initializer && !isPure(declaration.initializer))
        return expressionRisk(file, declaration.initializer);
    }
    return undefined;
  }
  const source = file.sourceFile();
  return `\`${snippet(source, statement)}\` (line ${lineOfNode(source, statement)}) runs synchronously; as an async function a throw there would become a rejection`;
}

function expressionRisk(file: VirtualFile, expression: ts.Expression): string | undefined {
  let base = expression;
  while (ts.isParenthesizedExpression(base)) base = base.expression;
  while (
    ts.isCallExpression(base) &&
    ts.isPropertyAccessExpression(base.expression) &&
    CHAIN_METHODS.has(base.expression.name.text) &&
    base.arguments.every(isPure)
  ) {
    base = base.expression.expression;
  }
  if (isPure(base) || isRejectingPromiseSource(file, base)) return undefined;
  const source = file.sourceFile();
  return `\`${snippet(source, base)}\` (line ${lineOfNode(source, base)}) runs before the first \`.then\`; as an async function a synchronous throw there would become a rejection`;
}

function isRejectingPromiseSource(file: VirtualFile, node: ts.Expression): boolean {
  const source = file.sourceFile();
  if (ts.isNewExpression(node)) {
    const executor = node.arguments?.[0];
    return (
      node.expression.getText(source) === 'Promise' &&
      !!executor &&
      (ts.isFunctionExpression(executor) || ts.isArrowFunction(executor))
    );
  }
  if (!ts.isCallExpression(node) || !node.arguments.every(isPure)) return false;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 'fetch' || declaredAsync(file, callee);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const receiver = callee.expression.getText(source);
  if (receiver === 'Promise') return PROMISE_STATICS.has(callee.name.text);
  return /(^|\.)promises$/.test(receiver) || receiver === 'fsPromises';
}

function declaredAsync(file: VirtualFile, identifier: ts.Identifier): boolean {
  const symbol = file.checker().getSymbolAtLocation(identifier);
  return (symbol?.declarations ?? []).some((declaration) => {
    const fn = ts.isVariableDeclaration(declaration) ? declaration.initializer : declaration;
    return (
      !!fn &&
      ts.isFunctionLike(fn) &&
      (ts.getCombinedModifierFlags(fn as ts.Declaration) & ts.ModifierFlags.Async) !== 0
    );
  });
}
