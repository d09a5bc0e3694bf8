// Java: a `File` built from input and checked at once (`File f = new File(base, name); if
// (!pathCheck(f, base)) return;`, Tomcat's manager). Building a `File` opens nothing; the check that
// follows confines its canonical path before any use. The same for a `java.nio` `Path` normalized
// and compared with a prefix before any other use (`Path p = Path.of(x).normalize(); if
// (!p.startsWith(base)) return null;`, openmrs's servlets), and for a path only compared as a prefix.
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { AnalysisContext } from '../../analyser';
import { closest, descendants, namedChildren } from '../../syntax';
import { escape } from '../names';

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
  if (creation.type === 'method_invocation') return nioPathChecked(creation);
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

const NIO_PATH = /^(?:java\.nio\.file\.)?(?:Path\.of|Paths\.get)$/;
/** Calls on a `Path` that give the same file's path, normalized or absolute. */
const SAME_PATH = /^(?:normalize|toAbsolutePath|toRealPath)$/;
const NORMALIZES = /\.\s*(?:normalize|toRealPath)\s*\(/;
const STATEMENT_BLOCKS = new Set(['block', 'constructor_body', 'switch_block_statement_group']);
const METHODS = new Set(['method_declaration', 'constructor_declaration']);

/**
 * `Path.of(x)`/`Paths.get(x)` (with `.normalize()` after it) bound to a variable that, before any
 * other use, an exiting prefix check confines (`if (!p.startsWith(base)) return null;`), or whose every
 * use is as the prefix another path is compared with (`p.startsWith(base)`'s `base`): building a
 * `Path` opens nothing, and this one reaches no file unconfined.
 */
function nioPathChecked(call: SyntaxNode): boolean {
  const name = call.childForFieldName('name')?.text;
  const object = call.childForFieldName('object')?.text;
  if (!name || !object || !NIO_PATH.test(`${object}.${name}`)) return false;
  let node = call;
  while (
    node.parent?.type === 'method_invocation' &&
    node.parent.childForFieldName('object')?.id === node.id &&
    SAME_PATH.test(node.parent.childForFieldName('name')?.text ?? '')
  )
    node = node.parent;
  const bound = boundTo(node);
  if (!bound) return false;
  return confinedAfter(bound.name, node) || onlyAPrefix(bound.name, bound.statement);
}

/** The statement of a block that holds `node`. */
function statementOf(node: SyntaxNode): SyntaxNode | undefined {
  let statement: SyntaxNode | null = node;
  while (statement?.parent && !STATEMENT_BLOCKS.has(statement.parent.type)) statement = statement.parent;
  return statement?.parent ? statement : undefined;
}

const mentions = (node: SyntaxNode, name: string) =>
  descendants(node, 'identifier').some((id) => id.text === name);

/**
 * True when the statement that binds `name` to `value` is followed, before any other statement of its
 * block that reads `name`, by an `if` that exits unless the normalized path starts with a prefix:
 * `if (!p.startsWith(base)) { ...; return; }` where `value` normalizes, or `if
 * (!p.normalize().startsWith(base))`. What `value` holds reaches later uses only confined.
 */
export function confinedAfter(name: string, value: SyntaxNode): boolean {
  const statement = statementOf(value);
  const normalized = NORMALIZES.test(value.text);
  const normalize = String.raw`\.\s*(?:normalize|toRealPath)\s*\(\s*\)`;
  const check = new RegExp(
    String.raw`^\(?\s*!\s*\(*\s*${escape(name)}\s*${normalized ? `(?:${normalize})?` : normalize}\s*\.\s*startsWith\s*\([^()]*\)\s*\)*$`,
  );
  for (let next = statement?.nextNamedSibling; next; next = next.nextNamedSibling) {
    if (next.type === 'comment' || !mentions(next, name)) continue;
    if (next.type !== 'if_statement' || next.childForFieldName('alternative')) return false;
    if (!check.test(next.childForFieldName('condition')?.text.replace(/\s+/g, ' ') ?? '')) return false;
    const branch = next.childForFieldName('consequence');
    const last = branch?.type === 'block' ? namedChildren(branch).at(-1) : branch;
    return !!last && EXITS.test(last.type);
  }
  return false;
}

/** True when every read of `name` after its binding, in the enclosing method, is a `startsWith` argument. */
function onlyAPrefix(name: string, statement: SyntaxNode): boolean {
  const method = closest(statement, METHODS);
  const reads = descendants(method ?? statement, 'identifier').filter(
    (id) => id.text === name && id.startIndex >= statement.endIndex,
  );
  return (
    !!method &&
    reads.length > 0 &&
    reads.every((id) => {
      const call = id.parent?.parent;
      return (
        id.parent?.type === 'argument_list' &&
        call?.type === 'method_invocation' &&
        call.childForFieldName('name')?.text === 'startsWith'
      );
    })
  );
}
