// The code's own measures for `metadata`: its true line count, and a complexity from the cyclomatic
// complexity of its most complex function (1 + decision points), counted on the syntax tree
// (TypeScript compiler for JS/TS, tree-sitter for the rest).
import ts from 'typescript';
import type { LanguageId } from '../languages';
import { parse, type SyntaxNode } from '../parsing/treeSitter';

export function lineCount(code: string): number {
  if (code === '') return 0;
  return code.replace(/\n$/, '').split('\n').length;
}

const JS_FAMILY = new Set<LanguageId>(['javascript', 'typescript', 'javascriptreact', 'typescriptreact']);

// Tree-sitter node types that add a path, across the grammars.
const BRANCH_TYPES = new Set([
  'if_statement',
  'elif_clause',
  'for_statement',
  'for_in_statement',
  'while_statement',
  'do_statement',
  'case_clause',
  'switch_case',
  'catch_clause',
  'except_clause',
  'conditional_expression',
  'ternary_expression',
  'for_range_loop',
  'enhanced_for_statement',
  'match_arm',
  'when',
  'list_comprehension',
  'if_clause',
  'boolean_operator',
]);
const FUNCTION_TYPES = /function|method|lambda|closure/;

export interface Complexity {
  /** The largest cyclomatic complexity of one function (or of the top level). */
  cyclomatic: number;
  label: string;
}

export async function measureComplexity(code: string, language: LanguageId): Promise<Complexity> {
  const cyclomatic = JS_FAMILY.has(language)
    ? jsComplexity(code, language)
    : await treeComplexity(code, language);
  const label = cyclomatic <= 5 ? 'low' : cyclomatic <= 10 ? 'moderate' : 'high';
  return { cyclomatic, label };
}

export function complexityText(complexity: Complexity): string {
  return `${complexity.label} (cyclomatic ${complexity.cyclomatic})`;
}

function jsComplexity(code: string, language: LanguageId): number {
  const kind =
    language === 'typescriptreact' || language === 'javascriptreact' ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile('code.tsx', code, ts.ScriptTarget.Latest, false, kind);
  let worst = 1;
  const visit = (node: ts.Node, counter: { n: number }): void => {
    if (ts.isFunctionLike(node)) {
      const inner = { n: 1 };
      ts.forEachChild(node, (child) => visit(child, inner));
      worst = Math.max(worst, inner.n);
      return;
    }
    if (
      ts.isIfStatement(node) ||
      ts.isForStatement(node) ||
      ts.isForInStatement(node) ||
      ts.isForOfStatement(node) ||
      ts.isWhileStatement(node) ||
      ts.isDoStatement(node) ||
      ts.isCaseClause(node) ||
      ts.isCatchClause(node) ||
      ts.isConditionalExpression(node)
    ) {
      counter.n++;
    } else if (
      ts.isBinaryExpression(node) &&
      [
        ts.SyntaxKind.AmpersandAmpersandToken,
        ts.SyntaxKind.BarBarToken,
        ts.SyntaxKind.QuestionQuestionToken,
      ].includes(node.operatorToken.kind)
    ) {
      counter.n++;
    }
    ts.forEachChild(node, (child) => visit(child, counter));
  };
  const top = { n: 1 };
  ts.forEachChild(source, (child) => visit(child, top));
  return Math.max(worst, top.n);
}

async function treeComplexity(code: string, language: LanguageId): Promise<number> {
  const tree = await parse(code, language);
  try {
    let worst = 1;
    const visit = (node: SyntaxNode, counter: { n: number }): void => {
      for (const child of node.namedChildren) {
        if (!child) continue;
        if (
          (FUNCTION_TYPES.test(child.type) && child.type.endsWith('definition')) ||
          /^(function|method)_declaration$/.test(child.type)
        ) {
          const inner = { n: 1 };
          visit(child, inner);
          worst = Math.max(worst, inner.n);
          continue;
        }
        if (BRANCH_TYPES.has(child.type)) counter.n++;
        visit(child, counter);
      }
    };
    const top = { n: 1 };
    visit(tree.rootNode, top);
    return Math.max(worst, top.n);
  } finally {
    tree.delete();
  }
}
