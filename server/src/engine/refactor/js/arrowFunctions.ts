// `var f = function (a) { ... }` → `var f = (a) => ...` with the compiler's "Convert to arrow
// function" refactor (callbacks are ESLint's prefer-arrow-callback). An arrow function has no own
// `this`, `arguments`, `super` or `new.target`, cannot be called with `new` and has no `prototype`,
// so a function is converted only when its body uses none of these and every reference to its name
// is a plain call (a value that escapes could be `new`-ed by code we cannot see).
import ts from 'typescript';
import { lineOfNode, snippet } from './syntax';
import type { Candidate, JsTransform, KeptNote, Proposals } from './transform';
import { formatSettingsFor, USER_PREFERENCES, type VirtualFile } from './virtualFile';

const REFACTOR = 'Convert arrow function or function expression';
const ACTION = 'Convert to arrow function';

export function createArrowFunctionTransform(): JsTransform {
  return {
    name: 'function expressions → arrow functions',
    checkSemantics: true,
    oneAtATime: false,
    propose: ({ file }) => propose(file),
  };
}

function propose(file: VirtualFile): Proposals {
  const source = file.sourceFile();
  const candidates: Candidate[] = [];
  const kept: KeptNote[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isFunctionExpression(node.initializer)
    ) {
      const fn = node.initializer;
      const at = fn.getStart(source);
      const risk = arrowRisk(file, node.name, fn);
      if (risk)
        kept.push({
          pattern: 'arrow_functions',
          at,
          message: `kept \`${node.name.text}\` as a function expression — ${risk}`,
        });
      else {
        const edits = editsFor(file, fn);
        if (edits.length > 0)
          candidates.push({
            pattern: 'arrow_functions',
            at,
            edits,
            message: `function expression \`${node.name.text}\` → arrow function`,
          });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { candidates, kept };
}

function arrowRisk(file: VirtualFile, name: ts.Identifier, fn: ts.FunctionExpression): string | undefined {
  const source = file.sourceFile();
  if (fn.asteriskToken) return 'it is a generator';
  if (fn.name) return `it has its own name \`${fn.name.text}\``;
  const own = ownUse(fn.body);
  if (own) return `it uses \`${own}\`, which an arrow function does not have`;
  const references = (file.service.findReferences(file.fileName, name.getStart(source)) ?? []).flatMap(
    (symbol) => symbol.references,
  );
  for (const reference of references) {
    if (reference.isDefinition) continue;
    const node = findIdentifier(source, reference.textSpan.start);
    if (!node) continue;
    const parent = node.parent;
    if (ts.isCallExpression(parent) && parent.expression === node) continue;
    if (ts.isNewExpression(parent)) {
      return `\`${snippet(source, parent)}\` (line ${lineOfNode(source, parent)}) calls it with \`new\`, which an arrow function does not allow`;
    }
    return `\`${snippet(source, parent)}\` (line ${lineOfNode(source, parent)}) uses it as a value, which could be called with \`new\``;
  }
  return undefined;
}

/** `this`, `arguments`, `super` or `new.target` used by the function itself (not by nested functions). */
function ownUse(body: ts.Node): string | undefined {
  let found: string | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isClassLike(node)
    )
      return;
    if (node.kind === ts.SyntaxKind.ThisKeyword) found = 'this';
    else if (node.kind === ts.SyntaxKind.SuperKeyword) found = 'super';
    else if (ts.isIdentifier(node) && node.text === 'arguments') found = 'arguments';
    else if (ts.isMetaProperty(node)) found = 'new.target';
    else ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

function findIdentifier(source: ts.SourceFile, position: number): ts.Identifier | undefined {
  let found: ts.Identifier | undefined;
  const visit = (node: ts.Node): void => {
    if (found || position < node.getStart(source) || position >= node.getEnd()) return;
    if (ts.isIdentifier(node) && node.getStart(source) === position) found = node;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function editsFor(file: VirtualFile, fn: ts.FunctionExpression): Candidate['edits'] {
  const source = file.sourceFile();
  const range = { pos: fn.getStart(source), end: fn.getStart(source) + 'function'.length };
  const result = file.service.getEditsForRefactor(
    file.fileName,
    formatSettingsFor(file.text()),
    range,
    REFACTOR,
    ACTION,
    USER_PREFERENCES,
  );
  return (result?.edits ?? [])
    .flatMap((edit) => edit.textChanges)
    .map((change) => ({
      start: change.span.start,
      end: change.span.start + change.span.length,
      text: change.newText,
    }));
}
