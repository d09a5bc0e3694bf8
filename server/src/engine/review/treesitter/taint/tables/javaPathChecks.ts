// Java: a `File` built from input and checked at once (`File f = new File(base, name); if
// (!pathCheck(f, base)) return;`, Tomcat's manager). Building a `File` opens nothing; the check that
// follows confines its canonical path before any use.
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { AnalysisContext } from '../../analyser';
import { descendants, namedChildren } from '../../syntax';

/** A method of the file that compares a canonical or real path with a prefix. */
const CONFINES = /\b(?:getCanonical(?:File|Path)|toRealPath)\s*\([\s\S]*\.startsWith\s*\(/;
const FILE_TYPE = /^(?:java\.io\.)?File$/;
const EXITS = /^(?:return_statement|throw_statement)$/;

const CHECKERS = new WeakMap<AnalysisContext, Set<string>>();

/** Names of the file's boolean methods whose body confines a canonical path. */
function confiningMethods(context: AnalysisContext): Set<string> {
  let names = CHECKERS.get(context);
  if (!names) {
    names = new Set(
      descendants(context.root, 'method_declaration')
        .filter((m) => m.childForFieldName('type')?.text === 'boolean')
        .filter((m) => CONFINES.test(m.childForFieldName('body')?.text ?? ''))
        .map((m) => m.childForFieldName('name')?.text ?? ''),
    );
    CHECKERS.set(context, names);
  }
  return names;
}

/** The variable a statement binds to the creation (`File f = ...;` or `f = ...;`) and the statement. */
function boundTo(creation: SyntaxNode): { name: string; statement: SyntaxNode } | undefined {
  let node = creation;
  // `new File(new File(versioned, tag), name)`: the inner file is part of the outer one.
  while (node.parent?.type === 'argument_list' && node.parent.parent?.type === 'object_creation_expression')
    node = node.parent.parent;
  const parent = node.parent;
  if (parent?.type === 'variable_declarator' && parent.childForFieldName('value')?.id === node.id)
    return { name: parent.childForFieldName('name')?.text ?? '', statement: parent.parent! };
  if (parent?.type === 'assignment_expression' && parent.childForFieldName('right')?.id === node.id) {
    const left = parent.childForFieldName('left');
    if (left?.type === 'identifier' && parent.parent?.type === 'expression_statement')
      return { name: left.text, statement: parent.parent };
  }
  return undefined;
}

/**
 * Whether the `File` this creation builds is, in the very next statement, handed to a method of the
 * file that confines its canonical path, and the code exits when that check fails:
 * `if (!pathCheck(f, base, ...)) { ...; return; }`. A check some statements later, a check by a method
 * that does not compare canonical paths, or one whose failure does not exit, leaves the sink.
 */
export function checkedAtOnce(creation: SyntaxNode, context: AnalysisContext): boolean {
  // Only a `File`: a stream or writer (`new FileOutputStream(path)`) has opened the file already.
  if (!FILE_TYPE.test(creation.childForFieldName('type')?.text ?? '')) return false;
  const bound = boundTo(creation);
  const next = bound?.statement.nextNamedSibling;
  if (!bound || next?.type !== 'if_statement') return false;
  const condition = next.childForFieldName('condition');
  const negated = condition?.namedChildren.find((c) => c !== null && c.type === 'unary_expression');
  const call = negated?.childForFieldName('operand');
  if (call?.type !== 'method_invocation' || call.childForFieldName('object')) return false;
  if (!confiningMethods(context).has(call.childForFieldName('name')?.text ?? '')) return false;
  if (namedChildren(call.childForFieldName('arguments') ?? call)[0]?.text !== bound.name) return false;
  const branch = next.childForFieldName('consequence');
  const last = branch?.type === 'block' ? namedChildren(branch).at(-1) : branch;
  return !!last && EXITS.test(last.type);
}
