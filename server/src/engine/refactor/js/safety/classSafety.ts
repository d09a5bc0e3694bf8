// When converting a constructor function to a class is behaviour-preserving. A class cannot be
// called without `new`, is not hoisted, runs in strict mode and has non-enumerable methods; any use
// of the function that could notice one of these keeps it as a function. An exported constructor is
// kept too: other files cannot be checked for `Ctor.call(this)`.
import ts from 'typescript';
import type { VirtualFile } from '../virtualFile';
import { referencesOf } from '../facts/bindings';
import { enclosingFunction, lineOfNode, nodeAt, snippet } from '../syntax';

const EXPORT_TARGET = /^(module\.)?exports\b/;

/** Why converting the constructor named at `position` could change behaviour, or undefined. */
export function classConversionRisk(file: VirtualFile, position: number): string | undefined {
  const source = file.sourceFile();
  const declaration = nodeAt(source, position);
  const declarationStart = declaration.getStart(source);
  const forIn = firstForIn(source);
  if (forIn)
    return `the for-in loop at line ${lineOfNode(source, forIn)} could see the difference: class methods are not enumerable`;
  const related: ts.Node[] = [declaration.parent];
  for (const node of usesOf(file, declaration)) {
    const line = lineOfNode(source, node);
    const parent = node.parent;
    if (ts.isNewExpression(parent) && parent.expression === node) {
      if (node.getStart(source) < declarationStart && !enclosingFunction(node)) {
        return `\`new ${node.getText(source)}\` at line ${line} runs before the declaration, and classes are not hoisted`;
      }
      continue;
    }
    if (ts.isPropertyAccessExpression(parent) && parent.expression === node) {
      const member = parent.name.text;
      if (member === 'call' || member === 'apply' || member === 'bind') {
        return `\`${snippet(source, parent)}\` at line ${line} calls it without \`new\`, which a class constructor forbids`;
      }
      // `C.prototype = obj` (not a literal the compiler turns into members): a class's `prototype`
      // is read-only, so the assignment would silently do nothing (or throw in strict code).
      const assigned = ts.isBinaryExpression(parent.parent) && parent.parent.left === parent;
      if (
        assigned &&
        member === 'prototype' &&
        !ts.isObjectLiteralExpression((parent.parent as ts.BinaryExpression).right)
      )
        return `\`${snippet(source, parent.parent)}\` at line ${line} replaces its prototype, which is read-only on a class`;
      if (assigned) related.push(parent.parent);
      else if (ts.isPropertyAccessExpression(parent.parent) && ts.isBinaryExpression(parent.parent.parent)) {
        related.push(parent.parent.parent);
      }
      continue;
    }
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword)
      continue;
    if (ts.isCallExpression(parent) && parent.expression === node) {
      return `\`${snippet(source, parent)}\` at line ${line} calls it without \`new\`, which a class constructor forbids`;
    }
    // Subclasses elsewhere run `Parent.call(this, ...)` (util.inherits style), which a class forbids.
    if (isExported(source, node))
      return `it is exported at line ${line}: code in other files may call it without \`new\` (\`${node.getText(source)}.call(this)\` in an ES5 subclass), which a class constructor forbids`;
    return `it is used as a value at line ${line} (\`${snippet(source, parent)}\`), where it might be called without \`new\``;
  }
  if (!isStrict(source)) {
    for (const node of related) {
      const risk = sloppyModeDependency(file, node);
      if (risk) return risk;
    }
  }
  return undefined;
}

/**
 * Every identifier in the file that resolves to the constructor's symbol, in file order, except the
 * names its declarations declare: what the language service's `findReferences` lists as the
 * non-definition references of a one-file program, from an index of the file's identifiers built
 * once per checker instead of a text scan and a reference search per constructor. (That search also
 * builds display text for the definition, half its cost, which this check never reads.) Names in
 * JSDoc types are not runtime uses and are not listed.
 */
function usesOf(file: VirtualFile, declaration: ts.Node): ts.Identifier[] {
  const checker = file.checker();
  const symbol = checker.getSymbolAtLocation(declaration);
  if (!symbol) return [];
  const declared = new Set((symbol.declarations ?? []).map((node) => (node as ts.NamedDeclaration).name));
  return referencesOf(checker, file.sourceFile(), symbol).filter((identifier) => !declared.has(identifier));
}

function isExported(source: ts.SourceFile, node: ts.Node): boolean {
  let current = node.parent;
  if (ts.isShorthandPropertyAssignment(current) || ts.isPropertyAssignment(current))
    current = current.parent.parent;
  return (
    ts.isBinaryExpression(current) &&
    current.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    EXPORT_TARGET.test(current.left.getText(source))
  );
}

function isStrict(source: ts.SourceFile): boolean {
  if (ts.isExternalModule(source)) return true;
  const first = source.statements[0];
  return (
    !!first &&
    ts.isExpressionStatement(first) &&
    ts.isStringLiteral(first.expression) &&
    first.expression.text === 'use strict'
  );
}

/** Code that behaves differently once it is inside a (strict) class body. */
function sloppyModeDependency(file: VirtualFile, root: ts.Node): string | undefined {
  const source = file.sourceFile();
  const checker = file.checker();
  let risk: string | undefined;
  const visit = (node: ts.Node): void => {
    if (risk) return;
    if (ts.isWithStatement(node))
      risk = `it uses \`with\` (line ${lineOfNode(source, node)}), which class bodies forbid`;
    else if (
      ts.isPropertyAccessExpression(node) &&
      node.expression.getText(source) === 'arguments' &&
      /^(callee|caller)$/.test(node.name.text)
    ) {
      risk = `it uses \`arguments.${node.name.text}\` (line ${lineOfNode(source, node)}), which throws in a class`;
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left) &&
      !checker.getSymbolAtLocation(node.left)
    ) {
      risk = `it assigns the undeclared \`${node.left.text}\` (line ${lineOfNode(source, node)}), which throws in a class`;
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return risk;
}

// One search per parsed file: every constructor in the file asks the same question.
const forInCache = new WeakMap<ts.SourceFile, ts.ForInStatement | null>();
function firstForIn(source: ts.SourceFile): ts.ForInStatement | undefined {
  if (!forInCache.has(source)) forInCache.set(source, findFirst(source, ts.isForInStatement) ?? null);
  return forInCache.get(source) ?? undefined;
}

function findFirst<T extends ts.Node>(root: ts.Node, test: (node: ts.Node) => node is T): T | undefined {
  let found: T | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (test(node)) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}
