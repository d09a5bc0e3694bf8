// Hard-coded secrets in any tree-sitter language: every string literal is checked with
// detectSecret, together with the name it is assigned to (variable, constant, field, key,
// keyword argument), found by walking up a few wrapper nodes such as `"x".to_string()`.
import type { SyntaxNode } from '../../parsing/treeSitter';
import { detectSecret, isSecretName } from '../secrets';
import type { AnalysisContext } from './analyser';
import { contains, namedChildren } from './syntax';

const RULE = 'codewright/hardcoded-secret';

/** Nodes that give their value a name, and where the name is (a field, or the first named child). */
const NAMERS: Record<string, string | null> = {
  assignment: 'left',
  augmented_assignment: 'left',
  assignment_expression: 'left',
  assignment_statement: 'left',
  short_var_declaration: 'left',
  operator_assignment: 'left',
  variable_declarator: 'name',
  init_declarator: 'declarator',
  let_declaration: 'pattern',
  const_item: 'name',
  static_item: 'name',
  const_spec: 'name',
  var_spec: 'name',
  keyword_argument: 'name',
  default_parameter: 'name',
  typed_default_parameter: 'name',
  pair: 'key',
  field_initializer: 'field',
  keyed_element: null,
  array_element_initializer: null,
  const_element: null,
  property_element: null,
  const_declaration: null,
  property_declaration: 'name',
  argument: 'name',
};

/** Nodes a literal may sit in on its way to the name: calls like String::from("..."), parentheses. */
const WRAPPERS = new Set([
  'parenthesized_expression',
  'argument',
  'arguments',
  'argument_list',
  'call',
  'call_expression',
  'field_expression',
  'method_invocation',
  'invocation_expression',
  'member_access_expression',
  'reference_expression',
  'expression_list',
  'equals_value_clause',
  'literal_element',
  'property_initializer',
  'variable_declaration',
]);

const MAX_WRAPPERS = 4;

/** Equality tests whose operator is the `operator` field (Go, C-family, JavaScript-like grammars). */
const COMPARISONS = new Set(['binary_expression']);

/** Calls whose positional argument at an index is a password: getConnection(url, user, password). */
const PASSWORD_POSITIONS: Record<string, number> = {
  getConnection: 2,
  mysqli_connect: 2,
  mysqli: 2,
  PDO: 2,
  NetworkCredential: 1,
  PasswordAuthentication: 1,
  UsernamePasswordCredentials: 1,
  UsernamePasswordAuthenticationToken: 1,
  SqlCredential: 1,
  // PHP's database, directory and transfer logins (the PHP manual's parameter order).
  mysql_connect: 2,
  mysql_pconnect: 2,
  mysqli_real_connect: 3,
  mysqli_change_user: 2,
  oci_connect: 1,
  oci_pconnect: 1,
  oci_new_connect: 1,
  db2_connect: 2,
  db2_pconnect: 2,
  maxdb_connect: 2,
  maxdb: 2,
  maxdb_change_user: 2,
  fbsql_connect: 2,
  fbsql_pconnect: 2,
  mssql_connect: 2,
  sybase_connect: 2,
  odbc_connect: 2,
  odbc_pconnect: 2,
  ldap_bind: 2,
  ldap_exop_passwd: 3,
  ftp_login: 2,
  ssh2_auth_password: 2,
  imap_open: 2,
};
const ARGUMENT_LISTS = new Set(['arguments', 'argument_list']);
/** Calls that compare their first two arguments (C's and PHP's string comparisons). */
const COMPARING_CALLS = /^(?:strn?cmp|strn?casecmp|hash_equals)$/;

/** The name a literal is assigned to, or undefined when it is not assigned to a name. */
export function assignedName(literal: SyntaxNode): string | undefined {
  let node = literal;
  for (let level = 0; level <= MAX_WRAPPERS && node.parent; level++) {
    const parent = node.parent;
    if (ARGUMENT_LISTS.has(parent.type) && parent.parent) {
      const name = argumentName(parent.parent, parent, node);
      if (name) return name;
      // f("literal") assigns f's result, not the literal, except for conversions and defaults.
      if (!passesValueThrough(parent.parent, parent, node)) return undefined;
    }
    // `password == "f62e5b..."`: a credential checked against a literal is that credential.
    if (COMPARISONS.has(parent.type) && /^[!=]==?$/.test(parent.childForFieldName('operator')?.text ?? '')) {
      const other = namedChildren(parent).find((operand) => operand.id !== node.id);
      return other && /^[\w.$]+$/.test(other.text) ? other.text : undefined;
    }
    const field = NAMERS[parent.type];
    const nameNode =
      field === undefined ? undefined : field ? parent.childForFieldName(field) : namedChildren(parent)[0];
    if (parent.type === 'argument' && !nameNode) {
      node = parent; // a positional argument: keep walking to the call
      continue;
    }
    if (field !== undefined) {
      // A literal that *is* the key (`{"password": ...}`) is not a value under that name, and a
      // key written as a sentence, or one of a table keyed by sentences, is a message: its value is
      // that message's translation (`'Password' => 'Parola'` beside `'Change password' => ...`).
      if (!nameNode || contains(nameNode, literal)) return undefined;
      return isSecretName(nameNode.text) && messageKeyed(parent, nameNode, field) ? undefined : nameNode.text;
    }
    if (!WRAPPERS.has(parent.type)) return undefined;
    node = parent;
  }
  return undefined;
}

/** Keys that are prose: string literals with a space (`'Bad username or password'`). */
const PROSE_KEY = /^(['"]).*\s.*\1$/s;

/**
 * Whether the entry `pair` (keyed by `key`) belongs to a table of messages: its key is a sentence,
 * or most of the table's keys (three at least) are. Such tables map a message to its translation.
 */
function messageKeyed(pair: SyntaxNode, key: SyntaxNode, field: string | null): boolean {
  if (PROSE_KEY.test(key.text)) return true;
  const keys = namedChildren(pair.parent ?? pair)
    .filter((entry) => entry.type === pair.type)
    .map((entry) => (field ? entry.childForFieldName(field) : namedChildren(entry)[0])?.text ?? '');
  const prose = keys.filter((text) => PROSE_KEY.test(text)).length;
  return keys.length >= 3 && prose * 2 > keys.length;
}

/** A credential argument by position (getConnection's third) or the only argument of a secret setter. */
function argumentName(call: SyntaxNode, args: SyntaxNode, arg: SyntaxNode): string | undefined {
  const callee =
    call.childForFieldName('name') ??
    call.childForFieldName('method') ??
    call.childForFieldName('type') ??
    call.childForFieldName('function');
  const creation = !callee && /creation/.test(call.type) ? namedChildren(call)[0] : undefined;
  if (!callee && !creation) return undefined;
  const name = (
    (callee ?? creation)!.text.match(/([A-Za-z_$][A-Za-z0-9_]*)(?:<[^<>]*>)?\s*$/)?.[1] ?? ''
  ).replace(/^\$/, '');
  const positional = namedChildren(args);
  const index = positional.findIndex((a) => a.id === arg.id);
  if (PASSWORD_POSITIONS[name] === index) return 'password';
  // strcmp($auth, "..."), hash_equals("...", $token): compared with a literal, as `==` above.
  // Only with the function's own argument count: `strcmp(a, b, c)` is not a call PHP or C accepts.
  const arity = /^strn/.test(name) ? 3 : 2;
  if (COMPARING_CALLS.test(name) && positional.length === arity && (index === 0 || index === 1)) {
    const other = positional[1 - index];
    const text = other?.type === 'argument' ? (namedChildren(other).at(-1)?.text ?? '') : (other?.text ?? '');
    return /^[\w.$>-]+$/.test(text) && !/^\d/.test(text) ? text : undefined;
  }
  // setPassword("..."), withApiKey("..."), user.set_password("..."), .token("...")
  const setter = name.replace(/^(?:set|with|use)(?:_(?=[a-z])|(?=[A-Z]))/, '');
  return positional.length === 1 && index === 0 && setter !== name
    ? setter
    : positional.length === 1 && isSecretSetter(name)
      ? name
      : undefined;
}

/** String::from("x"), SecretStr("x"), os.environ.get("KEY", "default"), ENV.fetch("KEY", "default"). */
const CONVERSIONS = /^(?:from|new|String|str|bytes|Some|Secret\w*|encode|b64decode|unhexlify)$/;
/** Conversions named after the type they make, which convert only when called bare. */
const TYPE_CONVERSIONS = /^(?:String|str|bytes)$/;
const DEFAULTING = /^(?:get|getenv|getOrDefault|GetValueOrDefault|fetch|setdefault|pop|env|Getenv)$/;

function passesValueThrough(call: SyntaxNode, args: SyntaxNode, arg: SyntaxNode): boolean {
  const callee =
    call.childForFieldName('function') ?? call.childForFieldName('method') ?? call.childForFieldName('name');
  const name = callee?.text.match(/([A-Za-z_][A-Za-z0-9_]*)\s*$/)?.[1] ?? '';
  // `password.encode("latin1")`: the argument of a method `encode` is the charset, not the value.
  if (name === 'encode' && !/^codecs\.encode$/.test(callee?.text ?? '')) return false;
  // `c.String("forge-oauth-host")`: a type's name called as a method is a getter given a key
  // (a command line's or a setting's), not the conversion `String("...")`.
  if (TYPE_CONVERSIONS.test(name) && callee?.text !== name) return false;
  if (CONVERSIONS.test(name)) return true;
  const index = namedChildren(args).findIndex((a) => a.id === arg.id);
  return DEFAULTING.test(name) && index >= 1;
}

function isSecretSetter(name: string): boolean {
  return /^(?:password|passwd|api_?key|apiKey|token|secret|client_?secret|clientSecret|access_?token|accessToken)$/.test(
    name,
  );
}

/** Where a class declaration names its base class: PHP, Ruby, Java, C# (Python's is a field). */
const BASE_CLASS_PARTS = new Set(['base_clause', 'superclass', 'superclasses', 'base_list']);

/**
 * Inside a unit-test class: one whose base class is a test case (PHPUnit's `TestCase`, Python's
 * `unittest.TestCase`, Rails' `ActiveSupport::TestCase`, JUnit 3, `Minitest::Test`). Passwords and
 * secrets guessed from a name there are fixtures handed to the code under test, not logins of a
 * deployed system; sonar-php's credential checks spare them for the same reason. A key in a known
 * format (a cloud key, a private-key block) is reported wherever it is: committed, it is leaked.
 */
function insideTestCase(node: SyntaxNode): boolean {
  for (let outer = node.parent; outer; outer = outer.parent) {
    const base =
      outer.childForFieldName('superclasses') ??
      namedChildren(outer).find((c) => BASE_CLASS_PARTS.has(c.type));
    if (base && /(?:^|\W)(?:\w*TestCase|Minitest::Test)\b/.test(base.text)) return true;
  }
  return false;
}

/**
 * A literal that is a statement of its own: a docstring (Python's module, class and function
 * documentation) or a bare string no code reads. A URL with a password there is an example of a
 * URL's form (`create_engine("postgresql://scott:tiger@localhost/test")` in a usage note), not a
 * login the program uses; a key in a known format is still reported there (committed, it leaked).
 */
function documentation(literal: SyntaxNode): boolean {
  const parent = literal.parent;
  return parent?.type === 'expression_statement' && parent.namedChildCount === 1;
}

export function reportHardcodedSecrets(context: AnalysisContext): void {
  if (!context.findings.wants(RULE)) return;
  const { dialect } = context.values;
  for (const literal of context.nodes([...dialect.stringTypes])) {
    // Parts of an implicit concatenation ("a" "b") are checked as the whole literal.
    if (literal.parent && dialect.stringTypes.has(literal.parent.type)) continue;
    const value = dialect.literalValue(literal);
    if (value === undefined) continue;
    const name = assignedName(literal);
    const match = detectSecret(value, name);
    if (!match || (match.confidence !== 'high' && insideTestCase(literal))) continue;
    if (match.kind === 'url-credentials' && documentation(literal)) continue;
    context.findings.report(literal, RULE, {
      message: `Hard-coded secret: ${match.description}${name ? ` in '${name.trim()}'` : ''}.`,
      severity: match.confidence === 'high' ? 'critical' : 'high',
    });
  }
}
