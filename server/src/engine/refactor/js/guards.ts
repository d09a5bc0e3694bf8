// `a && a.b` → `a?.b` (the compiler's "Convert to optional chain expression" refactor) and
// `a || b` → `a ?? b`. Both differ when a guarded value is a falsy value that is not nullish (0, '',
// false, NaN, 0n): `a?.b` then reads `b` from the primitive, `a?.(x)` calls it and throws, and `??`
// keeps it where `||` fell back. A site changes only when the value's kinds are proven
// (facts/valueKinds.ts) to rule that out, or — for chains whose result is only tested for
// truthiness — when reading the next property from such a primitive gives `undefined` too.
import ts from 'typescript';
import type { PatternName } from '../patterns';
import type { Edit } from '../edits';
import { chainRisk } from './chainSafety';
import { kindsOf } from './facts/valueKinds';
import { andOperands, optionalChainEdit } from './optionalChainText';
import { snippet } from './syntax';
import type { Candidate, JsTransform, KeptNote, Proposals } from './transform';
import { formatSettingsFor, USER_PREFERENCES, type VirtualFile } from './virtualFile';

const OPTIONAL_CHAIN = 'Convert to optional chain expression';
// Asking for this kind only spares the service every other refactor's applicability check per site.
const OPTIONAL_CHAIN_KIND = 'refactor.rewrite.expression.optionalChain';
// The kinds whose falsy values (false, 0, NaN, '', 0n) `??` would keep where `||` falls back.
const FALSY_CAPABLE = ['boolean', 'number', 'string', 'bigint'];

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
  const settings = formatSettingsFor(file.text());
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
    // A chain written directly is one the refactor's own matching accepts, so the service offers it.
    const direct = optionalChainEdit(source, node);
    const offered =
      direct !== undefined ||
      file.service
        .getApplicableRefactors(file.fileName, range, USER_PREFERENCES, undefined, OPTIONAL_CHAIN_KIND)
        .some((refactor) => refactor.name === OPTIONAL_CHAIN);
    if (!offered) return;
    const at = range.pos;
    const risk = chainRisk(file, andOperands(node), inBooleanContext(node));
    if (risk) {
      kept.push({ pattern: 'optional_chaining', at, message: `kept \`${snippet(source, node)}\` — ${risk}` });
      return;
    }
    const edits = direct ? [direct] : optionalChainRefactorEdits(file, settings, range);
    if (edits.length === 0) return;
    const after = edits.map((edit) => edit.text).join(' ');
    candidates.push({
      pattern: 'optional_chaining',
      at,
      message: `\`${snippet(source, node)}\` → \`${after.length <= 50 ? after : 'optional chain'}\``,
      edits,
    });
  });
  return { candidates, kept };
}

/** The service's edits of the optional chain refactor over `range`. */
export function optionalChainRefactorEdits(
  file: VirtualFile,
  settings: ts.FormatCodeSettings,
  range: ts.TextRange,
): Edit[] {
  const edits = file.service.getEditsForRefactor(
    file.fileName,
    settings,
    range,
    OPTIONAL_CHAIN,
    OPTIONAL_CHAIN,
    USER_PREFERENCES,
  );
  return (edits?.edits.flatMap((edit) => edit.textChanges) ?? []).map((change) => ({
    start: change.span.start,
    end: change.span.start + change.span.length,
    text: change.newText,
  }));
}

function nullishDefaults(file: VirtualFile): Proposals {
  const source = file.sourceFile();
  const candidates: Candidate[] = [];
  const kept: KeptNote[] = [];
  forEachLogical(source, ts.SyntaxKind.BarBarToken, (node) => {
    if (isLogical(node.parent) || isLogical(node.left) || !isAccess(node.left)) return;
    const at = node.getStart(source);
    const kinds = kindsOf(file, node.left);
    const falsy = kinds && [...kinds].filter((kind) => FALSY_CAPABLE.includes(kind));
    if (!falsy || falsy.length > 0) {
      if (isDefaultValue(node.right)) {
        const left = snippet(source, node.left, 30);
        const why = falsy
          ? `\`${left}\` can be a ${falsy.join(' or ')}`
          : `nothing proves \`${left}\` is never 0, '', false or NaN (no declared type, literal or typeof guard)`;
        kept.push({
          pattern: 'nullish_coalescing',
          at,
          message: `kept \`${snippet(source, node)}\` — ${why}, and \`??\` would keep such a value where \`||\` falls back`,
        });
      }
      return;
    }
    const right = isLogical(node.right) ? `(${node.right.getText(source)})` : node.right.getText(source);
    const text = `${node.left.getText(source)} ?? ${right}`;
    candidates.push({
      pattern: 'nullish_coalescing',
      at,
      message: `\`${snippet(source, node)}\` → \`??\` (left side is proven an object, symbol or nullish)`,
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

/**
 * True when only the truthiness of the value is used: a condition, the operand of `!`, or an operand
 * of `&&`/`||` whose own result is only tested for truthiness.
 */
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
  if (
    ts.isBinaryExpression(parent) &&
    (parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ||
      parent.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  )
    return inBooleanContext(parent);
  return ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken;
}
