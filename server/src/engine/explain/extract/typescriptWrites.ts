// Assignments and increments as `Write` facts (model.ts) for the JavaScript family, the TypeScript
// compiler API counterpart of treeSitterWrites.ts.
import ts from 'typescript';
import type { Write } from '../model';
import { compact } from './bounds';

const flat = (text: string) => text.replace(/\s+/g, '');

/** `dp[i-1][j]` → root `dp`, indices `[i-1, j]`; undefined when `node` is not an element access. */
function subscript(node: ts.Node): { root: ts.Expression; index: ts.Expression[] } | undefined {
  if (!ts.isElementAccessExpression(node)) return undefined;
  const inner = subscript(node.expression);
  return inner
    ? { root: inner.root, index: [...inner.index, node.argumentExpression] }
    : { root: node.expression, index: [node.argumentExpression] };
}

function scan(
  node: ts.Node,
  sf: ts.SourceFile,
  into: Pick<Write, 'reads' | 'calls' | 'names' | 'ops'>,
): void {
  const sub = subscript(node);
  if (sub) {
    into.reads.push({
      table: compact(sub.root.getText(sf), 40),
      index: sub.index.map((i) => flat(i.getText(sf))),
    });
    if (ts.isIdentifier(sub.root)) into.names.push(sub.root.text);
    // Index arithmetic (`i - 1`, `% len(xs)`) is not how the value is combined: its operators
    // and calls are left out.
    const inIndex = { ...into, ops: [] as string[], calls: [] as string[] };
    sub.index.forEach((i) => scan(i, sf, inIndex));
    return;
  }
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    into.calls.push(ts.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText(sf));
  }
  if (ts.isIdentifier(node)) into.names.push(node.text);
  if (ts.isBinaryExpression(node)) into.ops.push(node.operatorToken.getText(sf));
  ts.forEachChild(node, (child) => scan(child, sf, into));
}

function topOperator(value: ts.Expression | undefined, sf: ts.SourceFile): string | undefined {
  let node = value;
  while (node && ts.isParenthesizedExpression(node)) node = node.expression;
  return node && ts.isBinaryExpression(node) ? node.operatorToken.getText(sf) : undefined;
}

/** The write of an assignment (`a = b`, `a += b`) or an increment (`++cnt[x]`), or undefined. */
export function typescriptWrite(
  node: ts.BinaryExpression | ts.PrefixUnaryExpression | ts.PostfixUnaryExpression,
  sf: ts.SourceFile,
  line: number,
): Write | undefined {
  let left: ts.Expression;
  let right: ts.Expression | undefined;
  let operator: string;
  if (ts.isBinaryExpression(node)) {
    left = node.left;
    right = node.right;
    operator = node.operatorToken.getText(sf);
  } else {
    if (node.operator !== ts.SyntaxKind.PlusPlusToken && node.operator !== ts.SyntaxKind.MinusMinusToken)
      return undefined;
    left = node.operand;
    operator = node.operator === ts.SyntaxKind.PlusPlusToken ? '++' : '--';
  }
  const write: Write = {
    line,
    target: '',
    operator,
    valueOp: topOperator(right, sf),
    reads: [],
    calls: [],
    names: [],
    ops: [],
  };
  const sub = subscript(left);
  if (sub) {
    write.target = compact(sub.root.getText(sf), 40);
    write.index = sub.index.map((i) => flat(i.getText(sf)));
    sub.index.forEach((i) => scan(i, sf, write));
    // Reads and arithmetic in the target's own indices (`cnt[s[left]]`) are not the value's.
    write.reads = [];
    write.ops = [];
  } else if (ts.isIdentifier(left) || ts.isPropertyAccessExpression(left)) {
    write.target = compact(left.getText(sf), 40);
  } else return undefined;
  if (right) scan(right, sf, write);
  return write;
}
