// Rust: std::process::Command running a shell with a built command string, SQL built with format!
// or + passed to sqlx / rusqlite / postgres query APIs, openssl `set_verify(NONE)`; the API misuse
// checks (TLS, ciphers, hashes, cookies, constant keys) are in `rustMisuse.ts`, input flows in the
// taint table (`taint/tables.ts`).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { matches, type AnalysisContext, type LanguageAnalyser } from '../analyser';
import { binaryOperands, descendants, namedChildren, unquote } from '../syntax';
import type { Binding, Dialect, ValueClassifier, ValueKind } from '../values';
import { isBuiltSql, shellCommandArgument } from './common';
import { checkRustMisuse } from './rustMisuse';

const LITERALS = new Set([
  'string_literal',
  'raw_string_literal',
  'integer_literal',
  'float_literal',
  'boolean_literal',
  'char_literal',
]);
/** Methods that return (a view of) the same text: `s.as_str()`, `s.to_string()`. */
const SAME_TEXT = new Set(['to_string', 'to_owned', 'as_str', 'clone', 'into', 'trim', 'as_ref']);
/** Inline captures in a format string: "{name}", "{user.id:>5}". */
const INLINE_CAPTURE = /\{[A-Za-z_][A-Za-z0-9_]*(?::[^}]*)?\}/;

function classify(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined {
  if (LITERALS.has(node.type)) return 'constant';
  switch (node.type) {
    case 'macro_invocation': {
      const macro = node.childForFieldName('macro')?.text;
      if (macro !== 'format' && macro !== 'concat') return undefined;
      const tokens = namedChildren(namedChildren(node).find((c) => c.type === 'token_tree') ?? node);
      const [template, ...args] = tokens;
      if (template && INLINE_CAPTURE.test(template.text)) return 'built';
      return values.combine(args.filter((a) => a.type !== 'identifier' || !isNamedArgLabel(a)));
    }
    case 'binary_expression':
      return values.combine(binaryOperands(node));
    case 'reference_expression':
      return values.kind(node.childForFieldName('value'));
    case 'parenthesized_expression':
      return values.kind(namedChildren(node)[0]);
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      const args = namedChildren(node.childForFieldName('arguments') ?? node);
      if (fn?.type === 'field_expression' && SAME_TEXT.has(fn.childForFieldName('field')?.text ?? ''))
        return values.kind(fn.childForFieldName('value'));
      if (fn && /^String::from$|^str::to_string$/.test(fn.text)) return values.combine(args);
      return undefined;
    }
    default:
      return undefined;
  }
}

/** `name = value` arguments inside format! are labels, not values. */
function isNamedArgLabel(node: SyntaxNode): boolean {
  return node.nextSibling?.type === '=';
}

function bindings(node: SyntaxNode): Binding[] {
  const nameNode = node.childForFieldName(
    node.type === 'let_declaration' ? 'pattern' : node.type.endsWith('_item') ? 'name' : 'left',
  );
  const value = node.childForFieldName(
    node.type === 'let_declaration' || node.type.endsWith('_item') ? 'value' : 'right',
  );
  if (nameNode?.type !== 'identifier') return [];
  return [{ name: nameNode.text, value, append: node.type === 'compound_assignment_expr' }];
}

export const rustDialect: Dialect = {
  language: 'rust',
  functionTypes: new Set(['function_item']),
  loopTypes: new Set(['for_expression', 'while_expression', 'loop_expression']),
  stringTypes: new Set(['string_literal', 'raw_string_literal']),
  bindingTypes: [
    'let_declaration',
    'assignment_expression',
    'compound_assignment_expr',
    'const_item',
    'static_item',
  ],
  bindings,
  variableName: (node) => (node.type === 'identifier' ? node.text : undefined),
  literalValue: (node) =>
    node.type === 'raw_string_literal'
      ? node.text.replace(/^r#*"([\s\S]*)"#*$/, '$1')
      : unquote(node.text.replace(/^b/, '')),
  classify,
};

const CALLS = '(call_expression function: (_) @fn arguments: (arguments) @args) @call';
const SQL_FUNCTIONS =
  /(?:^|::)(?:query|query_as|query_scalar|query_with|query_as_with|sql_query)(?:::<.*>)?$/;
const SQL_METHODS = new Set([
  'execute',
  'query',
  'query_row',
  'query_map',
  'prepare',
  'prepare_cached',
  'batch_execute',
  'execute_batch',
  'simple_query',
  'query_one',
  'query_opt',
  'query_raw',
  'sql_query',
]);

export const rustAnalyser: LanguageAnalyser = {
  dialect: rustDialect,
  nodeTypes: [],
  async analyse(context) {
    const { values, findings } = context;
    for (const match of await matches(context, CALLS)) {
      const call = match.get('call')!;
      const fn = match.get('fn')!;
      const args = namedChildren(match.get('args')!);
      const method = fn.type === 'field_expression' ? fn.childForFieldName('field')?.text : undefined;
      if (/(?:^|::)Command::new$/.test(fn.text)) checkCommandChain(context, call, args);
      const isSqlCall = SQL_FUNCTIONS.test(fn.text) || (method !== undefined && SQL_METHODS.has(method));
      if (isSqlCall && isBuiltSql(args[0], values)) findings.report(call, 'codewright/sql-injection');
      if (method === 'set_verify' && /SslVerifyMode::NONE|SSL_VERIFY_NONE/.test(args[0]?.text ?? ''))
        findings.report(call, 'codewright/tls-verification-disabled');
    }
    checkRustMisuse(context);
  },
};

/** Command::new("sh").arg("-c").arg(cmd) / .args(["-c", &cmd]): collect the argv along the builder chain. */
function checkCommandChain(context: AnalysisContext, newCall: SyntaxNode, programArgs: SyntaxNode[]): void {
  const argv: SyntaxNode[] = programArgs.slice(0, 1);
  // Walk up `.arg(...)`/`.args(...)` calls; also follow `let mut cmd = Command::new(..); cmd.arg(..)`.
  for (const step of chainCalls(newCall)) {
    const method = step.childForFieldName('function')?.childForFieldName('field')?.text;
    const stepArgs = namedChildren(step.childForFieldName('arguments') ?? step);
    if (method === 'arg' && stepArgs[0]) argv.push(stepArgs[0]);
    if (method === 'args' && stepArgs[0]) argv.push(...arrayElements(stepArgs[0]));
  }
  const command = shellCommandArgument(argv, context.values);
  if (command)
    context.findings.report(command, 'codewright/command-injection', {
      message: 'Command runs a shell with a command string built from non-constant data.',
    });
}

/** The method calls chained on `call` (`call.a(..).b(..)`), and on the variable it is bound to. */
function chainCalls(call: SyntaxNode): SyntaxNode[] {
  const out = chainedOn(call);
  const last = out.at(-1) ?? call;
  const binding =
    last.parent?.type === 'let_declaration' ? last.parent.childForFieldName('pattern')?.text : undefined;
  const block = last.parent?.parent;
  if (binding && block) {
    for (const later of descendants(block, 'call_expression')) {
      const fn = later.childForFieldName('function');
      if (
        later.startIndex > last.endIndex &&
        fn?.type === 'field_expression' &&
        fn.childForFieldName('value')?.text === binding
      ) {
        out.push(later, ...chainedOn(later));
      }
    }
  }
  return out;
}

function chainedOn(call: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (
    let node = call;
    node.parent?.type === 'field_expression' && node.parent.parent?.type === 'call_expression';
  ) {
    node = node.parent.parent;
    out.push(node);
  }
  return out;
}

function arrayElements(node: SyntaxNode): SyntaxNode[] {
  const inner = node.type === 'reference_expression' ? node.childForFieldName('value') : node;
  if (inner?.type === 'array_expression') return namedChildren(inner);
  if (inner?.type === 'macro_invocation')
    return namedChildren(namedChildren(inner).find((c) => c.type === 'token_tree') ?? inner);
  return inner ? [inner] : [];
}
