// `a && a.b` → `a?.b` (the compiler's "Convert to optional chain expression" refactor) and
// `a || b` → `a ?? b`. Both differ when the guarded value is a falsy non-nullish value (0, '', false,
// NaN), so a site is changed only when that is impossible: the checker types the guard as objects,
// null or undefined only — or, for `&&`, the result is only tested for truthiness.
import ts from 'typescript';
import type { PatternName } from '../patterns';
import { snippet } from './syntax';
import type { Candidate, JsTransform, KeptNote, Proposals } from './transform';
import { formatSettingsFor, USER_PREFERENCES, type VirtualFile } from './virtualFile';

const OPTIONAL_CHAIN = 'Convert to optional chain expression';

export function createGuardTransforms(patterns: ReadonlySet<PatternName>): JsTransform[] {
  const transforms: JsTransform[] = [];
  if (patterns.has('optional_chaining')) {
    transforms.push({
      name: 'optional chaining',
      checkSemantics: false,
      oneAtATime: false,
      propose: ({ file }) => optionalChains(file),
    });
  }
  if (patterns.has('nullish_coalescing')) {
    transforms.push({
      name: 'nullish coalescing',
      checkSemantics: false,
      oneAtATime: false,
      propose: ({ file }) => nullishDefaults(file),
    });
  }
  return transforms;
}

function optionalChains(file: VirtualFile): Proposals {
  const source = file.sourceFile();
  const checker = file.checker();
  const candidates: Candidate[] = [];
  const kept: KeptNote[] = [];
  forEachLogical(source, ts.SyntaxKind.AmpersandAmpersandToken, (node) => {
    const guards = andOperands(node).slice(0, -1);
    const last = andOperands(node).at(-1)!;
    if (
      !guards.every((guard, i) =>
        startsWithAccessOf(i + 1 < guards.length ? guards[i + 1]! : last, guard, source),
      )
    )
      return;
    const range = { pos: node.getStart(source), end: node.getEnd() };
    const offered = file.service
      .getApplicableRefactors(file.fileName, range, USER_PREFERENCES, undefined, undefined)
      .some((refactor) => refactor.name === OPTIONAL_CHAIN);
    if (!offered) return;
    const at = range.pos;
    if (!inBooleanContext(node) && !guards.every((guard) => onlyObjectsOrNullish(checker, guard))) {
      const guard = snippet(source, guards[0]!, 30);
      kept.push({
        pattern: 'optional_chaining',
        at,
        message: `kept \`${snippet(source, node)}\` — if \`${guard}\` were 0, '' or false the result would change from that value to undefined`,
      });
      return;
    }
    const edits = file.service.getEditsForRefactor(
      file.fileName,
      formatSettingsFor(file.text()),
      range,
      OPTIONAL_CHAIN,
      OPTIONAL_CHAIN,
      USER_PREFERENCES,
    );
    const changes = edits?.edits.flatMap((edit) => edit.textChanges) ?? [];
    if (changes.length === 0) return;
    const after = changes.map((change) => change.newText).join(' ');
    candidates.push({
      pattern: 'optional_chaining',
      at,
      message: `\`${snippet(source, node)}\` → \`${after.length <= 50 ? after : 'optional chain'}\``,
      edits: changes.map((change) => ({
        start: change.span.start,
        end: change.span.start + change.span.length,
        text: change.newText,
      })),
    });
  });
  return { candidates, kept };
}

function nullishDefaults(file: VirtualFile): Proposals {
  const source = file.sourceFile();
  const checker = file.checker();
  const candidates: Candidate[] = [];
  const kept: KeptNote[] = [];
  forEachLogical(source, ts.SyntaxKind.BarBarToken, (node) => {
    if (isLogical(node.parent) || isLogical(node.left) || !isAccess(node.left)) return;
    const at = node.getStart(source);
    if (!onlyObjectsOrNullish(checker, node.left)) {
      if (isDefaultValue(node.right)) {
        kept.push({
          pattern: 'nullish_coalescing',
          at,
          message: `kept \`${snippet(source, node)}\` — \`${snippet(source, node.left, 30)}\` is not known to be an object, and \`??\` would keep 0, '' or false where \`||\` falls back`,
        });
      }
      return;
    }
    const right = isLogical(node.right) ? `(${node.right.getText(source)})` : node.right.getText(source);
    const text = `${node.left.getText(source)} ?? ${right}`;
    candidates.push({
      pattern: 'nullish_coalescing',
      at,
      message: `\`${snippet(source, node)}\` → \`??\` (left side is an object or nullish)`,
      edits: [{ start: at, end: node.getEnd(), text }],
    });
  });
  return { candidates, kept };
}

function forEachLogical(
  source: ts.SourceFile,
  operator: ts.SyntaxKind,
  visit: (node: ts.BinaryExpression) => void,
): void {
  const walk = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === operator) {
      const parentIsSame =
        ts.isBinaryExpression(node.parent) &&
        node.parent.operatorToken.kind === operator &&
        node.parent.left === node;
      if (!parentIsSame) visit(node);
    }
    ts.forEachChild(node, walk);
  };
  walk(source);
}

function andOperands(node: ts.Expression): ts.Expression[] {
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    return [...andOperands(node.left), node.right];
  }
  return [node];
}

function startsWithAccessOf(expression: ts.Expression, guard: ts.Expression, source: ts.SourceFile): boolean {
  const guardText = guard.getText(source);
  const text = expression.getText(source);
  return (
    text.length > guardText.length &&
    text.startsWith(guardText) &&
    /^[.[(]/.test(text.slice(guardText.length))
  );
}

function isLogical(node: ts.Node): node is ts.BinaryExpression {
  return (
    ts.isBinaryExpression(node) &&
    [
      ts.SyntaxKind.BarBarToken,
      ts.SyntaxKind.AmpersandAmpersandToken,
      ts.SyntaxKind.QuestionQuestionToken,
    ].includes(node.operatorToken.kind)
  );
}

function isAccess(node: ts.Node): boolean {
  return ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node);
}

function isDefaultValue(node: ts.Node): boolean {
  return (
    ts.isLiteralExpression(node) ||
    ts.isObjectLiteralExpression(node) ||
    ts.isArrayLiteralExpression(node) ||
    ts.isIdentifier(node)
  );
}

function inBooleanContext(node: ts.Node): boolean {
  let child = node;
  let parent = node.parent;
  while (ts.isParenthesizedExpression(parent)) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isIfStatement(parent) || ts.isWhileStatement(parent) || ts.isDoStatement(parent))
    return parent.expression === child;
  if (ts.isForStatement(parent)) return parent.condition === child;
  if (ts.isConditionalExpression(parent)) return parent.condition === child;
  return ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken;
}

/** True when every value the expression can have is an object, null or undefined. */
function onlyObjectsOrNullish(checker: ts.TypeChecker, node: ts.Expression): boolean {
  const type = checker.getTypeAtLocation(node);
  const parts = type.isUnion() ? type.types : [type];
  const allowed =
    ts.TypeFlags.Object | ts.TypeFlags.NonPrimitive | ts.TypeFlags.Null | ts.TypeFlags.Undefined;
  return parts.every((part) => (part.flags & allowed) !== 0 && (part.flags & ts.TypeFlags.Any) === 0);
}
