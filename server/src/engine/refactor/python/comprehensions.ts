// `result = []` followed by `for x in xs: result.append(f(x))` (optionally under one `if`) →
// `result = [f(x) for x in xs]`; likewise sets (`.add`) and dicts (`d[k] = v`). Kept when the loop
// has an else or comments, runs in a class body (different scoping), uses the result inside itself,
// or its loop variable is read after the loop (a comprehension would not leave it defined).
import type { SyntaxNode } from '../../parsing/treeSitter';
import type { Candidate, KeptNote, Proposals } from '../js/transform';
import { descendants, namedChildren, usesName } from './tree';

const EMPTY = { list: ['[', ']', 'append'], set: ['{', '}', 'add'], dictionary: ['{', '}', ''] } as const;

export function comprehensionCandidates(root: SyntaxNode): Proposals {
  const candidates: Candidate[] = [];
  const kept: KeptNote[] = [];
  for (const loop of descendants(root, 'for_statement')) {
    const outcome = convert(loop, root);
    if (!outcome) continue;
    if ('reason' in outcome) {
      kept.push({
        pattern: 'comprehensions',
        at: loop.startIndex,
        message: `kept the loop filling \`${outcome.target}\` — ${outcome.reason}`,
      });
      continue;
    }
    const { assignment, replacement, target } = outcome;
    candidates.push({
      pattern: 'comprehensions',
      at: assignment.startIndex,
      message: `loop filling \`${target}\` → \`${replacement.length <= 70 ? replacement : `${target} = comprehension`}\``,
      edits: [{ start: assignment.startIndex, end: loop.endIndex, text: replacement }],
    });
  }
  return { candidates, kept };
}

type Outcome =
  | { assignment: SyntaxNode; replacement: string; target: string }
  | { reason: string; target: string }
  | undefined;

function convert(loop: SyntaxNode, root: SyntaxNode): Outcome {
  const previous = loop.previousNamedSibling;
  const assignment = previous?.type === 'expression_statement' ? previous.namedChild(0) : null;
  const left = assignment?.childForFieldName('left');
  const right = assignment?.childForFieldName('right');
  if (!previous || assignment?.type !== 'assignment' || left?.type !== 'identifier' || !right)
    return undefined;
  const kind = emptyCollection(right);
  if (!kind) return undefined;
  const target = left.text;
  const body = loop.childForFieldName('body');
  const loopVar = loop.childForFieldName('left');
  const iterable = loop.childForFieldName('right');
  if (!body || !loopVar || !iterable) return undefined;
  let statements = namedChildren(body);
  let condition: SyntaxNode | null = null;
  if (statements.length === 1 && statements[0]!.type === 'if_statement') {
    const ifNode = statements[0]!;
    if (
      ifNode.childForFieldName('alternative') ||
      namedChildren(ifNode).some((child) => child.type.startsWith('el'))
    )
      return undefined;
    condition = ifNode.childForFieldName('condition');
    statements = namedChildren(ifNode.childForFieldName('consequence')!);
  }
  if (statements.length !== 1) return undefined;
  const element = elementOf(statements[0]!, target, kind);
  if (!element) return undefined;
  if (loop.text.startsWith('async') || loop.childForFieldName('alternative'))
    return { reason: 'the loop has an else/async form', target };
  if (descendants(loop, 'comment').length > 0)
    return { reason: 'the loop has comments that a one-line comprehension would lose', target };
  if (loop.parent?.parent?.type === 'class_definition')
    return { reason: 'comprehensions in a class body cannot see class variables', target };
  const elementNode = statements[0]!;
  const readsTarget =
    usesName(iterable, target) ||
    (condition && usesName(condition, target)) ||
    descendants(elementNode, 'identifier').filter((node) => node.text === target).length > 1;
  if (readsTarget) {
    return { reason: `the loop reads \`${target}\` while filling it`, target };
  }
  const scope = enclosingScope(loop) ?? root;
  const laterUse = descendants(loopVar, 'identifier').find((name) =>
    descendants(scope, 'identifier').some((use) => use.text === name.text && use.startIndex >= loop.endIndex),
  );
  if (laterUse)
    return {
      reason: `\`${laterUse.text}\` is used after the loop; a comprehension would not leave it defined`,
      target,
    };
  const filter = condition ? ` if ${condition.text}` : '';
  const [open, close] = EMPTY[kind];
  const replacement = `${target} = ${open}${element} for ${loopVar.text} in ${iterable.text}${filter}${close}`;
  return { assignment: previous, replacement, target };
}

function emptyCollection(node: SyntaxNode): keyof typeof EMPTY | undefined {
  if ((node.type === 'list' || node.type === 'dictionary') && node.namedChildCount === 0) return node.type;
  if (
    node.type === 'call' &&
    node.childForFieldName('function')?.text === 'set' &&
    node.childForFieldName('arguments')?.namedChildCount === 0
  )
    return 'set';
  return undefined;
}

/** The appended/added element (or `k: v` for dicts) when the statement only fills the target. */
function elementOf(statement: SyntaxNode, target: string, kind: keyof typeof EMPTY): string | undefined {
  const expression = statement.type === 'expression_statement' ? statement.namedChild(0) : null;
  if (!expression) return undefined;
  if (kind === 'dictionary') {
    const left = expression.type === 'assignment' ? expression.childForFieldName('left') : null;
    if (left?.type !== 'subscript' || left.childForFieldName('value')?.text !== target) return undefined;
    return `${left.childForFieldName('subscript')!.text}: ${expression.childForFieldName('right')!.text}`;
  }
  const fn = expression.type === 'call' ? expression.childForFieldName('function') : null;
  const args = expression.childForFieldName('arguments');
  if (
    fn?.type !== 'attribute' ||
    fn.childForFieldName('object')?.text !== target ||
    fn.childForFieldName('attribute')?.text !== EMPTY[kind][2]
  )
    return undefined;
  const values = args ? namedChildren(args) : [];
  if (values.length !== 1 || values[0]!.type === 'keyword_argument' || values[0]!.type.includes('splat'))
    return undefined;
  return values[0]!.type === 'generator_expression' ? `(${values[0]!.text})` : values[0]!.text;
}

function enclosingScope(node: SyntaxNode): SyntaxNode | null {
  let current = node.parent;
  while (current && current.type !== 'function_definition' && current.type !== 'module')
    current = current.parent;
  return current;
}
