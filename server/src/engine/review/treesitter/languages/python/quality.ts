// Python best-practice and performance rules: mutable defaults, bare except, `== None` (with a
// fix), membership tests on lists inside loops, and string building with += in loops.
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { AnalysisContext } from '../../analyser';
import { closest, contains, descendants, insideLoop, namedChildren } from '../../syntax';
import { pythonDialect } from './dialect';

const MUTABLE_VALUES = new Set([
  'list',
  'dictionary',
  'set',
  'list_comprehension',
  'dictionary_comprehension',
  'set_comprehension',
]);
const MUTABLE_CONSTRUCTORS =
  /^(?:list|dict|set|bytearray|(?:collections\.)?(?:defaultdict|OrderedDict|Counter|deque))$/;

export function analysePythonQuality(context: AnalysisContext): void {
  const { findings } = context;
  if (findings.wants('codewright/mutable-default-argument')) {
    for (const param of context.nodes(['default_parameter', 'typed_default_parameter'])) {
      const value = param.childForFieldName('value');
      if (value && isMutable(value)) {
        findings.report(value, 'codewright/mutable-default-argument', {
          message: `Mutable default for '${param.childForFieldName('name')?.text}' is shared between calls.`,
        });
      }
    }
  }
  if (findings.wants('codewright/bare-except')) {
    for (const clause of context.nodes('except_clause')) {
      const children = namedChildren(clause);
      if (children.length === 1 && children[0]!.type === 'block')
        findings.report(clause.child(0) ?? clause, 'codewright/bare-except');
    }
  }
  if (findings.wants('codewright/none-comparison'))
    for (const cmp of context.nodes('comparison_operator')) checkNoneComparison(context, cmp);
  if (findings.wants('codewright/quadratic-membership')) checkMembership(context);
  if (findings.wants('codewright/string-concat-in-loop')) checkConcatInLoops(context);
}

function isMutable(value: SyntaxNode): boolean {
  if (MUTABLE_VALUES.has(value.type)) return true;
  return value.type === 'call' && MUTABLE_CONSTRUCTORS.test(value.childForFieldName('function')?.text ?? '');
}

function checkNoneComparison(context: AnalysisContext, cmp: SyntaxNode): void {
  const operators = cmp.childrenForFieldName('operators').filter((o): o is SyntaxNode => o !== null);
  const operands = namedChildren(cmp);
  if (operators.length !== 1 || operands.length !== 2) return;
  const op = operators[0]!;
  if ((op.type !== '==' && op.type !== '!=') || !operands.some((o) => o.type === 'none')) return;
  // Inside call arguments `col == None` is usually an ORM expression (SQLAlchemy's filter/where),
  // where `is None` would silently change the query.
  if (isCallArgument(cmp)) return;
  const replacement = op.type === '==' ? 'is' : 'is not';
  context.findings.report(cmp, 'codewright/none-comparison', {
    message: `Comparison to None with '${op.type}'; use '${replacement}'.`,
    // `x==None` has no spaces around the operator; `is` needs them.
    fix: [{ start: op.startIndex, end: op.endIndex, text: spaced(context.code, op, replacement) }],
  });
}

function isCallArgument(node: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'argument_list') return true;
    if (p.type !== 'boolean_operator' && p.type !== 'not_operator' && p.type !== 'parenthesized_expression')
      return false;
  }
  return false;
}

function spaced(code: string, op: SyntaxNode, text: string): string {
  const before = /\s/.test(code[op.startIndex - 1] ?? ' ') ? '' : ' ';
  const after = /\s/.test(code[op.endIndex] ?? ' ') ? '' : ' ';
  return `${before}${text}${after}`;
}

/** `x in items` inside a loop, where `items` is a list the function builds (not a small constant list). */
function checkMembership(context: AnalysisContext): void {
  const { values, findings } = context;
  for (const cmp of context.nodes('comparison_operator')) {
    const operators = cmp.childrenForFieldName('operators');
    if (operators.length !== 1 || !operators[0] || !['in', 'not in'].includes(operators[0].type)) continue;
    const container = namedChildren(cmp)[1];
    if (
      container?.type !== 'identifier' ||
      !insideLoop(cmp, pythonDialect.loopTypes, pythonDialect.functionTypes)
    )
      continue;
    const fn = closest(cmp, pythonDialect.functionTypes);
    const bindings = values.bindingsBefore(container.text, cmp);
    // Only lists bound inside this function: we know their type and that they grow with input.
    const local = (b: (typeof bindings)[number]): boolean =>
      !!b.value && contains(fn!, b.value) && isGrowingList(b.value, container.text, fn!);
    if (!fn || bindings.length === 0 || !bindings.every(local)) continue;
    findings.report(cmp, 'codewright/quadratic-membership', {
      message: `'${operators[0].type}' on the list '${container.text}' inside a loop scans the whole list each time.`,
      suggestion: `Build a set once before the loop (e.g. ${container.text}_set = set(${container.text})) and test against it.`,
    });
  }
}

/** A list whose size follows the input: a comprehension, list()/sorted(), or a literal appended to in a loop. */
function isGrowingList(value: SyntaxNode, name: string, fn: SyntaxNode): boolean {
  if (value.type === 'list_comprehension') return true;
  if (value.type === 'call') {
    const fn = value.childForFieldName('function');
    if (/^(?:list|sorted)$/.test(fn?.text ?? '')) return true;
    // text.split(","), handle.readlines(): lists as long as their input.
    return (
      fn?.type === 'attribute' &&
      /^(?:split|rsplit|splitlines|readlines)$/.test(fn.childForFieldName('attribute')?.text ?? '')
    );
  }
  if (value.type !== 'list') return false;
  // [] or [a, b] stays small unless the function appends to it in a loop.
  return descendants(fn, 'call').some((call) => {
    const callee = call.childForFieldName('function');
    const grows = callee?.type === 'attribute' && callee.childForFieldName('object')?.text === name;
    const method = callee?.childForFieldName('attribute')?.text ?? '';
    return (
      grows &&
      /^(?:append|extend|insert)$/.test(method) &&
      insideLoop(call, pythonDialect.loopTypes, pythonDialect.functionTypes)
    );
  });
}

/** `s += piece` in a loop where `s` is a string (bound to a string literal, or grown with strings). */
function checkConcatInLoops(context: AnalysisContext): void {
  const reported = new Set<string>();
  for (const stmt of context.nodes(['augmented_assignment', 'assignment'])) {
    const left = stmt.childForFieldName('left');
    const right = appendedValue(stmt);
    if (left?.type !== 'identifier' || !right) continue;
    const loop = closest(stmt, pythonDialect.loopTypes);
    if (!loop || !insideLoop(stmt, pythonDialect.loopTypes, pythonDialect.functionTypes)) continue;
    const bound = context.values.bindingsBefore(left.text, stmt).filter((b) => !b.append);
    const isString =
      isStringValue(right) || (bound.length > 0 && bound.every((b) => b.value && isStringValue(b.value)));
    // Reset inside the loop (`value = ...; value += x`), the string does not grow across iterations.
    const resetInLoop = bound.some((b) => b.value && contains(loop, b.value));
    const key = `${left.text}@${loop.id}`;
    if (!isString || resetInLoop || reported.has(key)) continue;
    reported.add(key);
    context.findings.report(stmt, 'codewright/string-concat-in-loop', {
      message: `String '${left.text}' is built by concatenation inside a loop.`,
    });
  }
}

/** What `s += x` or `s = s + x` appends to `s`; undefined for other assignments. */
function appendedValue(stmt: SyntaxNode): SyntaxNode | undefined {
  const right = stmt.childForFieldName('right');
  if (stmt.type === 'augmented_assignment')
    return stmt.childForFieldName('operator')?.type === '+=' ? (right ?? undefined) : undefined;
  const target = stmt.childForFieldName('left')?.text;
  if (right?.type !== 'binary_operator' || right.childForFieldName('operator')?.type !== '+')
    return undefined;
  return right.childForFieldName('left')?.text === target
    ? (right.childForFieldName('right') ?? undefined)
    : undefined;
}

function isStringValue(node: SyntaxNode): boolean {
  if (node.type === 'string' || node.type === 'concatenated_string') return true;
  if (node.type === 'binary_operator')
    return isStringValue(node.childForFieldName('left')!) || isStringValue(node.childForFieldName('right')!);
  if (node.type === 'call') {
    const fn = node.childForFieldName('function');
    return (
      fn?.text === 'str' || (fn?.type === 'attribute' && fn.childForFieldName('attribute')?.text === 'format')
    );
  }
  return false;
}
