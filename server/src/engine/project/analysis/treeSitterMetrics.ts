// Per-file metrics of the languages other than JavaScript and TypeScript, from the tree-sitter
// grammars the engine ships (Python, Go, Java, C#, C/C++, Rust, Ruby, PHP): the same three numbers
// jsMetrics.ts gives — McCabe cyclomatic complexity per function, Halstead volume over the file's
// tokens, and the file's imports that may name other modules of the project (for coupling; see
// references.ts: Python, Go, Java imports and C/C++ `#include "..."`). Each table below lists
// the grammar's node types; the walk is shared and iterative (deeply nested code cannot overflow).
import type { LanguageId } from '../../languages';
import { parse, type SyntaxNode } from '../../parsing/treeSitter';
import type { FileMetrics } from './jsMetrics';
import { IMPORT_NODE_TYPES, referencesOf } from './references';

interface MetricsTable {
  /** Function-like node types (each gets its own complexity). */
  functions: ReadonlySet<string>;
  /** Of those, the types that count only with a body (abstract and interface methods have none). */
  needsBody?: ReadonlySet<string>;
  /** Node types that add one path each: conditions, loops, catch clauses, conditional expressions. */
  branches: ReadonlySet<string>;
  /** Case-like node types: one path each, except a default or wildcard arm (`default:`, `_ =>`, `else`). */
  cases?: ReadonlySet<string>;
  /** Node types whose `operator` field holds a short-circuit operator (and each such operator). */
  logical: ReadonlySet<string>;
  /** The short-circuit operators: `&&`, `||`, `??`, `and`, `or`. */
  logicalOperators: ReadonlySet<string>;
}

const set = (...types: string[]): ReadonlySet<string> => new Set(types);
const SHORT_CIRCUIT = set('&&', '||', '??', 'and', 'or');

/** Documented in docs/project.md (Architecture); the node types were read off each grammar's trees. */
export const METRICS_TABLES: Partial<Record<LanguageId, MetricsTable>> = {
  python: {
    functions: set('function_definition', 'lambda'),
    branches: set(
      'if_statement',
      'elif_clause',
      'for_statement',
      'while_statement',
      'except_clause',
      'conditional_expression',
      'for_in_clause',
      'if_clause',
    ),
    cases: set('case_clause'),
    logical: set('boolean_operator'),
    logicalOperators: SHORT_CIRCUIT,
  },
  go: {
    functions: set('function_declaration', 'method_declaration', 'func_literal'),
    branches: set('if_statement', 'for_statement', 'expression_case', 'type_case', 'communication_case'),
    logical: set('binary_expression'),
    logicalOperators: SHORT_CIRCUIT,
  },
  java: {
    functions: set('method_declaration', 'constructor_declaration', 'lambda_expression'),
    needsBody: set('method_declaration'),
    branches: set(
      'if_statement',
      'for_statement',
      'enhanced_for_statement',
      'while_statement',
      'do_statement',
      'catch_clause',
      'ternary_expression',
    ),
    cases: set('switch_label'),
    logical: set('binary_expression'),
    logicalOperators: SHORT_CIRCUIT,
  },
  csharp: {
    functions: set(
      'method_declaration',
      'constructor_declaration',
      'local_function_statement',
      'lambda_expression',
      'anonymous_method_expression',
      'accessor_declaration',
      'operator_declaration',
    ),
    needsBody: set('method_declaration', 'accessor_declaration', 'local_function_statement'),
    branches: set(
      'if_statement',
      'for_statement',
      'foreach_statement',
      'while_statement',
      'do_statement',
      'catch_clause',
      'conditional_expression',
    ),
    cases: set('switch_section', 'switch_expression_arm'),
    logical: set('binary_expression'),
    logicalOperators: SHORT_CIRCUIT,
  },
  cpp: {
    functions: set('function_definition', 'lambda_expression'),
    branches: set(
      'if_statement',
      'for_statement',
      'for_range_loop',
      'while_statement',
      'do_statement',
      'catch_clause',
      'conditional_expression',
    ),
    cases: set('case_statement'),
    logical: set('binary_expression'),
    logicalOperators: SHORT_CIRCUIT,
  },
  rust: {
    functions: set('function_item', 'closure_expression'),
    branches: set('if_expression', 'while_expression', 'for_expression'),
    cases: set('match_arm'),
    logical: set('binary_expression'),
    logicalOperators: SHORT_CIRCUIT,
  },
  ruby: {
    functions: set('method', 'singleton_method', 'lambda'),
    branches: set(
      'if',
      'elsif',
      'unless',
      'while',
      'until',
      'for',
      'rescue',
      'conditional',
      'if_modifier',
      'unless_modifier',
      'while_modifier',
      'until_modifier',
      'rescue_modifier',
    ),
    cases: set('when', 'in_clause'),
    logical: set('binary'),
    logicalOperators: SHORT_CIRCUIT,
  },
  php: {
    functions: set('function_definition', 'method_declaration', 'anonymous_function', 'arrow_function'),
    needsBody: set('method_declaration'),
    branches: set(
      'if_statement',
      'else_if_clause',
      'for_statement',
      'foreach_statement',
      'while_statement',
      'do_statement',
      'catch_clause',
      'conditional_expression',
    ),
    cases: set('case_statement', 'match_conditional_expression'),
    logical: set('binary_expression'),
    logicalOperators: SHORT_CIRCUIT,
  },
};
METRICS_TABLES.c = METRICS_TABLES.cpp;

/** True when `language` has a metrics table here. */
export function hasTreeSitterMetrics(language: string): language is LanguageId {
  return language in METRICS_TABLES;
}

/** A default or wildcard arm adds no path: `default:`, `_ =>`, `case _:`, a C# `default` section. */
function isDefaultArm(node: SyntaxNode): boolean {
  const text = node.text.trimStart();
  if (/^default\b/.test(text)) return true;
  const pattern = node.childForFieldName('pattern') ?? node.namedChild(0);
  if (!pattern) return false;
  const head = pattern.text.trim();
  return head === '_' || pattern.type === 'discard' || pattern.type === 'match_default_expression';
}

function functionName(node: SyntaxNode): string {
  const name = node.childForFieldName('name');
  if (name) return name.text;
  // C/C++ functions: the name sits inside nested declarators (`int *A::f(int)`); a lambda's
  // declarator is only its parameter list.
  let declarator = node.type === 'function_definition' ? node.childForFieldName('declarator') : null;
  while (declarator) {
    const inner = declarator.childForFieldName('declarator');
    if (!inner) return declarator.text;
    declarator = inner;
  }
  return '(anonymous)';
}

export interface TreeSitterFileMetrics extends FileMetrics {
  /** Per import: the project modules it may resolve to (first existing one wins; see references.ts). */
  references: string[][];
}

/** Metrics of one file; throws when the grammar cannot be loaded (the caller counts it unmeasured). */
export async function treeSitterFileMetrics(
  text: string,
  language: LanguageId,
  rel: string,
): Promise<TreeSitterFileMetrics> {
  const table = METRICS_TABLES[language]!;
  const tree = await parse(text, language);
  try {
    const functions: FileMetrics['functions'] = [];
    const references: string[][] = [];
    const top = { name: '(top level)', line: 1, complexity: 1 };
    // Owners of the complexity being counted: the innermost function enclosing the cursor, with
    // the cursor depth at which it was entered (popped when the walk climbs above it).
    const owners: { fn: { complexity: number }; depth: number }[] = [{ fn: top, depth: -1 }];
    const operators = new Set<string>();
    const operands = new Set<string>();
    let tokens = 0;
    const cursor = tree.walk();
    let depth = 0;
    for (;;) {
      const type = cursor.nodeType;
      const owner = owners[owners.length - 1]!.fn;
      let leaf = false;
      // Only named nodes are looked up: Ruby's keywords are anonymous nodes with the same type
      // names as the constructs (`if`, `when`), so an anonymous node gets a kind that matches nothing.
      const kind = cursor.nodeIsNamed ? type : '';
      if (table.functions.has(kind)) {
        const node = cursor.currentNode;
        if (!table.needsBody?.has(type) || node.childForFieldName('body')) {
          const fn = { name: functionName(node), line: node.startPosition.row + 1, complexity: 1 };
          functions.push(fn);
          owners.push({ fn, depth });
        }
      } else if (table.branches.has(kind)) owner.complexity++;
      else if (table.cases?.has(kind)) {
        const node = cursor.currentNode;
        if (!isDefaultArm(node) && (type !== 'switch_label' || node.text.startsWith('case')))
          owner.complexity++;
      } else if (table.logical.has(kind)) {
        const operator = cursor.currentNode.childForFieldName('operator');
        if (operator && table.logicalOperators.has(operator.type)) owner.complexity++;
      } else if (IMPORT_NODE_TYPES.has(kind)) {
        references.push(...referencesOf(cursor.currentNode, language, rel));
      }
      // Halstead: named leaves and literals are operands, anonymous leaves (keywords, punctuation)
      // operators; comments are neither. A string literal is one operand, not its pieces.
      if (/comment/.test(type)) leaf = true;
      else if (cursor.nodeIsNamed && /string|char_literal|^(integer|float|number)/.test(type)) {
        operands.add(cursor.nodeText);
        tokens++;
        leaf = true;
      }
      if (!leaf && cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      if (!leaf) {
        if (cursor.nodeIsNamed) operands.add(cursor.nodeText);
        else operators.add(type);
        tokens++;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          cursor.delete();
          if (top.complexity > 1 || functions.length === 0) functions.unshift(top);
          const vocabulary = operators.size + operands.size;
          return {
            functions,
            halsteadVolume: vocabulary > 1 ? tokens * Math.log2(vocabulary) : 0,
            imports: [],
            references,
          };
        }
        depth--;
        while (owners.length > 1 && owners[owners.length - 1]!.depth >= depth) owners.pop();
      }
      // A sibling at the same depth: a function entered at this depth has ended.
      while (owners.length > 1 && owners[owners.length - 1]!.depth >= depth) owners.pop();
    }
  } finally {
    tree.delete();
  }
}
