// Go: shell commands through exec.Command("sh", "-c", ...), SQL built with fmt.Sprintf or + and
// passed to database/sql (and sqlx) query methods, InsecureSkipVerify; cryptography in goCrypto.ts.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { matches, type AnalysisContext, type LanguageAnalyser } from '../analyser';
import { binaryOperands, closest, descendants, namedChildren, NUMERIC_PRINTF, unquote } from '../syntax';
import type { Binding, Dialect, ValueClassifier, ValueKind } from '../values';
import {
  appendedArguments,
  isBuiltSql,
  isBuiltSqlFragment,
  reportTlsOff,
  shellCommandArgument,
  type BuilderSyntax,
} from './common';
import { reportGoCrypto } from './goCrypto';
import { tableLiteralKind, tableLookupKind } from './goTables';

const FORMATTERS =
  /^(?:fmt\.Sprintf|fmt\.Sprint|fmt\.Sprintln|strings\.Join|strings\.Replace|strings\.ReplaceAll|strings\.Repeat)$/;

/** Conversions whose result cannot carry shell or SQL syntax. */
const SAFE_CALLS =
  /^(?:strconv\.(?:Itoa|FormatInt|FormatUint|FormatFloat|FormatBool|Quote)|len|pq\.QuoteIdentifier|pq\.QuoteLiteral)$/;

function isNumericFormat(format: SyntaxNode, values: ValueClassifier): boolean {
  const text = values.dialect.stringTypes.has(format.type) ? values.dialect.literalValue(format) : undefined;
  return text !== undefined && NUMERIC_PRINTF.test(text);
}

function classify(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined {
  switch (node.type) {
    case 'interpreted_string_literal':
    case 'raw_string_literal':
    case 'int_literal':
    case 'float_literal':
    case 'true':
    case 'false':
    case 'nil':
      return 'constant';
    case 'binary_expression':
      return values.combine(binaryOperands(node));
    case 'parenthesized_expression':
      return values.kind(namedChildren(node)[0]);
    case 'composite_literal':
      return tableLiteralKind(node, values);
    case 'index_expression':
      return tableLookupKind(node, values);
    case 'call_expression': {
      const fn = node.childForFieldName('function')?.text ?? '';
      const args = namedChildren(node.childForFieldName('arguments') ?? node);
      if (SAFE_CALLS.test(fn)) return 'constant';
      // sb.String() on a strings.Builder: what was written into sb.
      const selector = node.childForFieldName('function');
      if (
        selector?.type === 'selector_expression' &&
        selector.childForFieldName('field')?.text === 'String'
      ) {
        const operand = selector.childForFieldName('operand');
        if (operand?.type === 'identifier' && args.length === 0) return values.kind(operand);
      }
      if (fn === 'fmt.Sprintf' && args[0] && isNumericFormat(args[0], values)) return 'constant';
      if (FORMATTERS.test(fn) || fn === 'string') return values.combine(args);
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Multi-value right-hand sides whose first result is the interesting value: `q, args := build()`,
 * `v, ok := m[k]`, `s, ok := x.(string)`, `v, ok := <-ch`.
 */
const FIRST_RESULT_TYPES = new Set([
  'call_expression',
  'index_expression',
  'type_assertion_expression',
  'unary_expression',
]);

function bindings(node: SyntaxNode): Binding[] {
  // `for k, v := range m`: both names take what m holds (the keys of a map from input are input).
  if (node.type === 'range_clause') {
    const right = node.childForFieldName('right');
    return namedChildren(node.childForFieldName('left') ?? node)
      .filter((n) => n.type === 'identifier' && n.text !== '_')
      .map((n) => ({ name: n.text, value: right, append: false }));
  }
  const isSpec = node.type === 'var_spec' || node.type === 'const_spec';
  const names = isSpec
    ? node.childrenForFieldName('name')
    : namedChildren(node.childForFieldName('left') ?? node);
  const valueList = node.childForFieldName(isSpec ? 'value' : 'right');
  const valueNodes = valueList ? namedChildren(valueList) : [];
  const append = node.childForFieldName('operator')?.type === '+=';
  // `d.Value = v`: the struct d now also holds v (its other fields keep what they held), so a read
  // of d or d.Value sees it.
  // `inputs[0] = v`, `m["k"] = v`: the array or map now also holds v.
  const fields = names.flatMap((n, i) =>
    (n?.type === 'selector_expression' || n?.type === 'index_expression') &&
    n.childForFieldName('operand')?.type === 'identifier'
      ? [{ name: n.childForFieldName('operand')!.text, value: valueNodes[i] ?? null, append: true }]
      : [],
  );
  const plain = names
    .filter((n): n is SyntaxNode => n?.type === 'identifier')
    .map((n, i) => ({
      name: n.text,
      // `q, args := build(f)`: the first name takes the call (helpers return the query first);
      // `v, ok := table[key]`: the first name takes the looked-up value.
      value:
        valueNodes.length === names.length
          ? valueNodes[i]!
          : i === 0 && valueNodes.length === 1 && FIRST_RESULT_TYPES.has(valueNodes[0]!.type)
            ? valueNodes[0]!
            : null,
      append,
    }));
  return valueNodes.length === names.length ? [...plain, ...fields] : plain;
}

const GO_BUILDER: BuilderSyntax = {
  call: 'call_expression',
  appendMethods: /^(?:WriteString|WriteByte|WriteRune|Write)$/,
  parts: (call) => {
    const fn = call.childForFieldName('function');
    return {
      method: fn?.type === 'selector_expression' ? fn.childForFieldName('field')?.text : undefined,
      receiver: fn?.type === 'selector_expression' ? fn.childForFieldName('operand') : null,
      args: namedChildren(call.childForFieldName('arguments') ?? call),
    };
  },
};

/** Where Go's `:=` and `var` declare: the innermost block, or the statement whose initialiser it is. */
const GO_SCOPES = new Set([
  'block',
  'if_statement',
  'for_statement',
  'expression_switch_statement',
  'type_switch_statement',
  'select_statement',
  'expression_case',
  'default_case',
  'type_case',
  'communication_case',
  'func_literal',
]);

/** The extent a declaration binds in; undefined for `=` and `+=` (they write a variable declared elsewhere). */
function declarationScope(node: SyntaxNode): SyntaxNode | undefined {
  if (node.type === 'assignment_statement') return undefined;
  // `for k, v = range m` assigns; `for k, v := range m` declares.
  if (node.type === 'range_clause' && !node.children.some((c) => c?.type === ':=')) return undefined;
  return closest(node, GO_SCOPES);
}

export const goDialect: Dialect = {
  language: 'go',
  functionTypes: new Set(['function_declaration', 'method_declaration']),
  loopTypes: new Set(['for_statement']),
  stringTypes: new Set(['interpreted_string_literal', 'raw_string_literal']),
  bindingTypes: ['short_var_declaration', 'assignment_statement', 'var_spec', 'const_spec', 'range_clause'],
  bindings,
  variableName: (node) => (node.type === 'identifier' ? node.text : undefined),
  appendedParts: (name, use, scope) => appendedArguments(GO_BUILDER, name, use, scope),
  literalValue: (node) => unquote(node.text),
  classify,
  declarationScope,
  helpers: {
    calledName: (node) => {
      const fn = node.type === 'call_expression' ? node.childForFieldName('function') : null;
      return fn?.type === 'identifier' ? fn.text : undefined;
    },
    declarationTypes: ['function_declaration'],
    declaredName: (declaration) => declaration.childForFieldName('name')?.text,
    // `return sb.String(), args`: the first result (the query of a query-and-arguments pair).
    returnedValues: (declaration) =>
      descendants(declaration, ['return_statement'])
        .filter((r) => closest(r, new Set(['func_literal', 'function_declaration']))?.id === declaration.id)
        .map((r) => {
          const list = namedChildren(r)[0];
          return list?.type === 'expression_list' ? namedChildren(list)[0] : list;
        })
        .filter((value): value is SyntaxNode => !!value),
  },
};

const CALLS =
  '(call_expression function: (selector_expression operand: (_) @object field: (field_identifier) @method) arguments: (argument_list) @args) @call';
/** database/sql, sqlx and gorm methods taking SQL text, with the index of the SQL argument. */
const SQL_METHODS: Record<string, number> = {
  Query: 0,
  QueryRow: 0,
  Exec: 0,
  Prepare: 0,
  QueryContext: 1,
  QueryRowContext: 1,
  ExecContext: 1,
  PrepareContext: 1,
  Queryx: 0,
  QueryRowx: 0,
  MustExec: 0,
  NamedExec: 0,
  Raw: 0,
  Select: 1,
  Get: 1,
};

const GORM_FRAGMENTS = new Set(['Where', 'Or', 'Not', 'Order', 'Having', 'Joins', 'Group']);

export const goAnalyser: LanguageAnalyser = {
  dialect: goDialect,
  nodeTypes: ['keyed_element', 'assignment_statement', 'call_expression', 'import_spec'],
  async analyse(context) {
    const { values, findings } = context;
    for (const match of await matches(context, CALLS)) {
      const call = match.get('call')!;
      const object = match.get('object')!.text;
      const method = match.get('method')!.text;
      const args = namedChildren(match.get('args')!);
      if (object === 'exec' && (method === 'Command' || method === 'CommandContext')) {
        const argv = method === 'CommandContext' ? args.slice(1) : args;
        const command = shellCommandArgument(argv, values);
        if (command)
          findings.report(call, 'codewright/command-injection', {
            message: `exec.${method} runs a shell with a command built from non-constant data.`,
          });
      }
      const sqlIndex = SQL_METHODS[method];
      // sqlx Select/Get take (dest, query); database/sql's Get-less API never has a string at index 1 otherwise.
      if (sqlIndex !== undefined && isBuiltSql(args[sqlIndex], values))
        findings.report(call, 'codewright/sql-injection');
      // gorm's condition builders take raw fragments: db.Where(fmt.Sprintf("name = '%s'", name)).
      if (GORM_FRAGMENTS.has(method) && isBuiltSqlFragment(args[0], values))
        findings.report(call, 'codewright/sql-injection');
    }
    reportGoCrypto(context, context.nodes('call_expression'));
    for (const element of context.nodes('keyed_element')) {
      const key = element.childForFieldName('key') ?? namedChildren(element)[0];
      const value = element.childForFieldName('value') ?? namedChildren(element)[1];
      if (key?.text === 'InsecureSkipVerify' && value?.text === 'true') {
        const own = namedChildren(element.parent!)
          .map((e) => (e.childForFieldName('key') ?? namedChildren(e)[0])?.text ?? '')
          .find((k) => OWN_PEER_CHECK.test(k));
        if (own) reportOwnPeerCheck(context, element, own);
        else reportTlsOff(context, element, context.values.dialect.functionTypes);
      }
      const weak = key && value ? weakTlsSetting(key.text, value, values) : undefined;
      if (weak) findings.report(element, 'codewright/weak-tls', { message: weak });
    }
    for (const assignment of context.nodes('assignment_statement')) {
      const left = assignment.childForFieldName('left')?.text ?? '';
      if (/\.InsecureSkipVerify$/.test(left) && assignment.childForFieldName('right')?.text === 'true') {
        const own = ownPeerCheckAssigned(assignment, left.slice(0, -'.InsecureSkipVerify'.length), context);
        if (own) reportOwnPeerCheck(context, assignment, own);
        else reportTlsOff(context, assignment, context.values.dialect.functionTypes);
      }
    }
  },
};

/**
 * Fields by which a TLS configuration checks the peer itself once the library's check is skipped:
 * crypto/tls's `VerifyPeerCertificate`/`VerifyConnection` callbacks, or the peer's expected names
 * or keys (`PeerCertSANs`, `SubjectAltNames`, pinned fingerprints) — SPIFFE and Gateway API
 * backends, which name no host to verify.
 */
const OWN_PEER_CHECK =
  /^(?:VerifyPeerCertificate|VerifyConnection|\w*(?:SANs|SubjectAltNames|Fingerprints?|PinnedKeys|Pins))$/;

/** The peer check of `receiver` (`st.TLS`) that its function assigns, when `receiver.InsecureSkipVerify = true`. */
function ownPeerCheckAssigned(
  assignment: SyntaxNode,
  receiver: string,
  context: AnalysisContext,
): string | undefined {
  const fn = closest(assignment, context.values.dialect.functionTypes);
  for (const other of fn ? descendants(fn, 'assignment_statement') : []) {
    const left = other.childForFieldName('left')?.text ?? '';
    const field = left.startsWith(`${receiver}.`) ? left.slice(receiver.length + 1) : '';
    if (OWN_PEER_CHECK.test(field)) return field;
  }
  return undefined;
}

/**
 * `InsecureSkipVerify: true` beside a check of the program's own (`PeerCertSANs: ...`): the
 * library's host-name check is replaced, not dropped — medium, for a reader to see the check holds.
 */
function reportOwnPeerCheck(context: AnalysisContext, node: SyntaxNode, own: string): void {
  context.findings.report(node, 'codewright/tls-verification-disabled', {
    severity: 'medium',
    message: `TLS verification is skipped and replaced by the program's own check (\`${own}\`): make sure it verifies the peer's certificate chain.`,
  });
}

/** Protocol versions with known attacks (POODLE, BEAST) that current clients no longer accept. */
const OLD_TLS = /^tls\.Version(?:SSL30|TLS10|TLS11)$|^0x030[0-2]$/;
/** Suites without forward secrecy (TLS_RSA_WITH_*) or with RC4, 3DES or CBC-SHA256. */
const WEAK_SUITE = /^tls\.TLS_(?:RSA_WITH_\w+|\w*_RC4_\w+|\w*_3DES_\w+|\w*_CBC_SHA256)$/;

/** What is weak about a tls.Config field (`MinVersion: tls.VersionTLS10`), or undefined. */
function weakTlsSetting(key: string, element: SyntaxNode, values: ValueClassifier): string | undefined {
  // A keyed element's value is wrapped in a literal_element.
  const value = element.type === 'literal_element' ? (namedChildren(element)[0] ?? element) : element;
  if (key === 'MinVersion' || key === 'MaxVersion') {
    // `MaxVersion: lowMax` with `var lowMax uint16 = tls.VersionTLS10`: the constant it holds.
    const held =
      value.type === 'identifier'
        ? values.bindingsBefore(value.text, value).map((b) => b.value?.text ?? '')
        : [value.text];
    const old = held.find((text) => OLD_TLS.test(text));
    return old
      ? `${key} ${old} allows a TLS version with known attacks; require TLS 1.2 or later.`
      : undefined;
  }
  if (key === 'CipherSuites') {
    const weak = descendants(value, ['selector_expression']).find((s) => WEAK_SUITE.test(s.text));
    return weak ? `Cipher suite ${weak.text} is weak (no forward secrecy, RC4, 3DES or CBC).` : undefined;
  }
  return undefined;
}
