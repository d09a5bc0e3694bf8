// The taint table of PHP (see `common.ts` for what each field means).
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { AnalysisContext } from '../../analyser';
import { phpOutputParts, phpPrintfParts, phpQueryParts, phpShellParts } from '../../languages/phpOutput';
import { escape } from '../names';
import { argumentValues } from '../objects';
import {
  CMD,
  CODE,
  LDAP,
  NOT_DECODED_LATER,
  NUMERIC,
  PATH,
  REDIRECT,
  SQL,
  SSRF,
  XPATH,
  XSS,
  type LanguageTaint,
  DESERIALIZE,
} from './common';
import { echoesNonHtmlResponse, shortEchoStatement } from './phpResponseType';
import { PHP_OUT_OF_SIGHT } from './outOfSight';

/**
 * An object built with `new` (`new DoctrineORMAdapter($qb->getQuery())`), or a variable every binding
 * of which is one, is no SQL text: a method of a database's name on another object (a pager helper's
 * `prepare($adapter)`) takes it whole. Unless the file gives a class `__toString`, which makes an
 * object text where a string is wanted.
 */
function builtObject(value: SyntaxNode, context: AnalysisContext): boolean {
  if (/\bfunction\s+__toString\b/i.test(context.code)) return false;
  if (value.type === 'object_creation_expression') return true;
  if (value.type !== 'variable_name') return false;
  const bindings = context.values.bindingsAnywhere(value.text);
  return (
    bindings.length > 0 &&
    bindings.every((b) => b.binding.value?.type === 'object_creation_expression' && !b.binding.append)
  );
}

/** The parts of SQL text that carry input; none in an object built with `new`. */
const sqlTextParts = (value: SyntaxNode, context: AnalysisContext) =>
  builtObject(value, context) ? [] : phpQueryParts(value, context);

const anyOf = (...patterns: RegExp[]) => new RegExp(patterns.map((p) => p.source).join('|'));
/** PHP escapers that make a value safe inside a quoted SQL, shell or HTML string. */
const PHP_ESCAPING =
  /^filter_(?:var|input)\s*\([^]*FILTER_SANITIZE_(?:MAGIC_QUOTES|ADD_SLASHES)\b|^(?:addslashes|esc_sql|mysql_real_escape_string|mysqli_real_escape_string|mysqli_escape_string|pg_escape_string|sqlite_escape_string|SQLite3::escapeString|\$\w+->(?:real_escape_string|escape_string|escape))$/;
/**
 * Escapers that write the quotes themselves: `pg_escape_literal` and PDO's `quote` give `'it''s'`,
 * `pg_escape_identifier` gives `"name"` (its `"` doubled, `'` left as it is). Safe outside a string
 * literal; inside one their first quote ends it (`'` + `'x OR 1=1 --'` + `'` leaves the condition
 * out of any string), so they are no escapers there.
 */
const PHP_SELF_QUOTING = /^(?:pg_escape_literal|pg_escape_identifier|\$\w+->quote)$/;
const PHP_QUOTING = anyOf(PHP_ESCAPING, PHP_SELF_QUOTING);
/**
 * `pg_escape_bytea` writes a `bytea` literal's inside: hexadecimal digits after `\x` (PostgreSQL 9.0
 * on), or octal escapes with quotes doubled: safe inside a quoted SQL string, as the others above.
 */
const PG_BYTEA = /^pg_escape_bytea$/;
/**
 * HTML escapers and filters safe in a page's text: WordPress's `sanitize_text_field` strips every tag
 * and encodes a lone `<`, its `wp_kses*` keep only allowed tags and attributes (quotes pass: not for
 * attributes).
 */
const PHP_HTML =
  /^(?:htmlspecialchars|htmlentities|strip_tags|esc_html|esc_attr|esc_url|esc_js|esc_textarea|esc_html__|esc_attr__|esc_html_x|esc_attr_x|sanitize_text_field|sanitize_textarea_field|wp_strip_all_tags|wp_kses|wp_kses_post|wp_kses_data|e|h)$/;
/**
 * The special-characters filters encode `'`, `"`, `<`, `>` and `&` as `htmlspecialchars($x, ENT_QUOTES)`
 * does: the same output gets the same treatment, in a page and inside a quoted string alike.
 */
const PHP_HTML_FILTER = /^filter_(?:var|input)\s*\([^]*FILTER_SANITIZE_(?:FULL_)?SPECIAL_CHARS\b/;
/**
 * Deleting every single quote protects a single-quoted SQL, shell, PHP or XPath string, not HTML,
 * an LDAP filter or a redirect target.
 */
const PHP_QUOTE_REMOVAL =
  /^(?:preg_replace|str_replace)\s*\(\s*(?:'\/\\'\/'|"\/'\/"|'\\''|"'")\s*,\s*(?:''|"")/;
/** URL encoding leaves letters, digits and `-_.~+%`: no quote, bracket, space or colon. */
const PHP_URL = /^(?:urlencode|rawurlencode|http_build_query)$/;
/**
 * What keeps a value one plain word of an unquoted shell command: `escapeshellarg` quotes it itself
 * (so inside quotes its own quotes end the string), `escapeshellcmd` escapes the metacharacters.
 */
const PHP_SHELL_WORD = new RegExp(`^(?:escapeshellarg|escapeshellcmd)$|${PHP_URL.source}`);
/** The e-mail filter removes `<`, `>`, `"`, spaces and backslashes, not `'`. */
const PHP_EMAIL_FILTER = /^filter_(?:var|input)\s*\([^]*FILTER_SANITIZE_EMAIL\b/;
/**
 * Framework escapers that always encode both quotes (WordPress `esc_*`, also translating with
 * `esc_html__`, Laravel `e`, CakePHP `h`).
 */
const PHP_ESCAPE_QUOTES =
  /^(?:esc_html|esc_attr|esc_url|esc_textarea|esc_html__|esc_attr__|esc_html_x|esc_attr_x|e|h)$/;
/**
 * `htmlspecialchars`/`htmlentities` by their flags, read from the call's text: without flags both
 * quotes are encoded (the default since PHP 8.1; a flags variable is given the same benefit); with
 * `ENT_*` flags `"` only under `ENT_COMPAT` or `ENT_QUOTES`, `'` only under `ENT_QUOTES`
 * (`ENT_NOQUOTES`, or `ENT_HTML5` alone, leave both).
 */
const PHP_HTML_DQ =
  /^(?:htmlspecialchars|htmlentities)\s*\((?![^]*\bENT_)|^(?:htmlspecialchars|htmlentities)\s*\([^]*\bENT_(?:QUOTES|COMPAT)\b/;
const PHP_HTML_SQ =
  /^(?:htmlspecialchars|htmlentities)\s*\((?![^]*\bENT_)|^(?:htmlspecialchars|htmlentities)\s*\([^]*\bENT_QUOTES\b/;
/** HTML escapers that encode the quote (not `strip_tags`, which leaves them) of a `"` or `'` string. */
const PHP_HTML_DQUOTE = anyOf(PHP_ESCAPE_QUOTES, PHP_HTML_DQ);
const PHP_HTML_SQUOTE = anyOf(PHP_ESCAPE_QUOTES, PHP_HTML_SQ);

/**
 * A part at the start of a URL attribute that an escaper encoding both quotes wraps
 * (`href="<?php echo esc_attr($url) ?>"`): it cannot leave the attribute, only choose the URL's
 * scheme, so a source that never starts with one (`ruleRuntimeValues`) is harmless there.
 */
function escapedUrlStart(parts: Array<{ node: SyntaxNode; variant: string }>) {
  return parts.map((p) => {
    const name = p.node.type === 'function_call_expression' ? p.node.childForFieldName('function')?.text : '';
    return p.variant === 'url-attr' && name && (PHP_ESCAPE_QUOTES.test(name) || PHP_HTML_SQ.test(p.node.text))
      ? { ...p, variant: 'url-attr-escaped' }
      : p;
  });
}
const pageParts = (value: SyntaxNode, context: AnalysisContext) =>
  escapedUrlStart(phpOutputParts(value, context));
/** Where the string's quote is not told apart (SQL, XPath, PHP strings): an escaper that encodes either. */
const PHP_HTML_QUOTES = PHP_HTML_DQUOTE;
/**
 * The sanitizers of a value inside a `'...'` or `"..."` literal of a language whose strings take a
 * backslash escape (SQL, PHP) or none (XPath, where quote escaping still leaves a backslash that
 * breaks the expression): what encodes, escapes or removes that quote.
 */
function quotedStrings(rule: string, escaping: RegExp): Record<string, RegExp> {
  return {
    [`${rule}:sq`]: anyOf(escaping, PHP_HTML_SQUOTE, PHP_HTML_FILTER, PHP_QUOTE_REMOVAL, PHP_URL),
    [`${rule}:dq`]: anyOf(escaping, PHP_HTML_DQUOTE, PHP_HTML_FILTER, PHP_URL),
  };
}
/**
 * XSS sanitizers by where the value lands in the page (`htmlContext.ts`): HTML escaping protects
 * text and quoted attributes, not scripts, CSS, unquoted attributes, URLs or names; what is left
 * (`js`, `css`, `tag-name`, `attr-name`) takes only the table's general sanitizers (numbers).
 */
const PHP_XSS_CONTEXTS: Record<string, RegExp> = {
  [`${XSS}:text`]: anyOf(PHP_HTML, PHP_HTML_FILTER, PHP_URL, PHP_EMAIL_FILTER),
  [`${XSS}:comment`]: anyOf(PHP_HTML, PHP_HTML_FILTER, PHP_URL, PHP_EMAIL_FILTER),
  [`${XSS}:attr-dq`]: anyOf(PHP_HTML_DQUOTE, PHP_HTML_FILTER, PHP_URL, PHP_EMAIL_FILTER),
  [`${XSS}:attr-sq`]: anyOf(PHP_HTML_SQUOTE, PHP_HTML_FILTER, PHP_URL, PHP_QUOTE_REMOVAL),
  [`${XSS}:attr-unquoted`]: PHP_URL,
  // An attribute name given no value: URL encoding leaves no space, `=` or quote to add one.
  [`${XSS}:attr-name-bare`]: PHP_URL,
  [`${XSS}:url-attr`]: anyOf(PHP_URL, /^esc_url$/),
  [`${XSS}:url-attr-escaped`]: anyOf(PHP_URL, /^esc_url$/),
  // Entities are not decoded inside a script block: an encoded quote cannot end the string.
  [`${XSS}:js-string-dq`]: anyOf(PHP_HTML_DQUOTE, PHP_HTML_FILTER, PHP_URL, PHP_EMAIL_FILTER, /^esc_js$/),
  [`${XSS}:js-string-sq`]: anyOf(PHP_HTML_SQUOTE, PHP_HTML_FILTER, PHP_URL, /^esc_js$/),
  [`${XSS}:js-attr-string`]: anyOf(PHP_URL, /^esc_js$/),
};
/**
 * An LDAP filter escaped by replacing its special characters (`str_replace(array_keys($table),
 * array_values($table), $x)` with `*`, `(`, `)` among the keys, or a literal array of them).
 */
function escapesLdapFilter(call: SyntaxNode, context: AnalysisContext): boolean {
  if (!/^str_replace\s*\(/.test(call.text)) return false;
  const search = call.childForFieldName('arguments')?.namedChildren[0];
  const value = search?.type === 'argument' ? search.namedChildren.at(-1) : search;
  if (!value) return false;
  let text = value.text;
  const table =
    /^array_keys\s*\(\s*(\$\w+)\s*\)$/.exec(text)?.[1] ?? (/^\$\w+$/.test(text) ? text : undefined);
  if (table) {
    const bindings = context.values.bindingsBefore(table, value);
    if (bindings.length !== 1 || !bindings[0].value) return false;
    text = bindings[0].value.text;
  }
  return ['*', '(', ')'].every((c) => text.includes(`'${c}'`) || text.includes(`"${c}"`));
}

/**
 * `preg_match` of an anchored pattern of one character class without `.` (`/^[a-zA-Z0-9]*$/`,
 * `/^\d+$/`) on `NAME`: a match leaves no syntax in the value. `NAME` may end in `]`
 * (`$_GET['skin']`), after which `\b` never holds: the name ends where no word character follows.
 */
const ANCHORED_MATCH = String.raw`preg_match\s*\(\s*(['"])(.)\^(?:\[[^\].]*\]|\\[dw])[*+]?(?:\{[\d,]+\})?\$\2\w*\1\s*,\s*NAME(?!\w)`;
/**
 * A guard condition that exits when `test` holds, alone or as one `||` alternative
 * (`(!is_numeric($id) || $id < 1)`): past the guard, `test` is false. `&&` binds tighter than `||`,
 * so a `test` joined by `&&` to something else decides nothing.
 */
const exitsUnless = (test: string) => String.raw`^\(\s*(?:[^]*\|\|\s*)?(?:${test})\s*(?:\|\|[^]*)?\)$`;

/**
 * `$wpdb->prepare($format, ...$values)` quotes and escapes the values into the format's
 * placeholders: its result carries what its format does, not the values. (PDO's and Doctrine's
 * `prepare($sql)` take the SQL alone, so they read the same.)
 */
function preparedFormat(call: SyntaxNode): SyntaxNode[] | undefined {
  if (call.type !== 'member_call_expression' || call.childForFieldName('name')?.text !== 'prepare')
    return undefined;
  return argumentValues(call).slice(0, 1);
}

/**
 * A `preg_replace` that deletes every character but letters, digits, `_`, `-` and `.`
 * (`/[^a-z0-9\.\-_]/i`): no quote, bracket, space, separator or colon is left, so the value stays
 * one word of a string, one name in a directory (`..` without a separator leaves nothing) and a
 * relative URL. A host name, though: not for SSRF, nor outside quotes (`1.5-1`). Ranges only within
 * letters or digits (`.-_` spans `/`).
 */
const KEPT_CLASS = String.raw`\[\^-?(?:[a-z]-[a-z]|[A-Z]-[A-Z]|[0-9]-[0-9]|[\w.]|\\[-.wd_])*-?\][+*]?`;
// (No back-references: `anyOf` joins it to patterns with groups of their own.)
const KEPT_PATTERN = ['/', '#', '~', '@'].map((d) => `${escape(d)}${KEPT_CLASS}${escape(d)}\\w*`).join('|');
const PHP_KEPT_CLASS = new RegExp(
  String.raw`^preg_replace\s*\(\s*(?:'(?:${KEPT_PATTERN})'|"(?:${KEPT_PATTERN})")\s*,\s*(?:''|"")`,
);
/** The rule sanitizers with `PHP_KEPT_CLASS` added where a dotted word is inert (see there). */
function withKeptClass(sanitizers: Record<string, RegExp>): Record<string, RegExp> {
  return Object.fromEntries(
    Object.entries(sanitizers).map(([rule, pattern]) => [
      rule,
      rule === SSRF || rule.endsWith(':unquoted') ? pattern : anyOf(pattern, PHP_KEPT_CLASS),
    ]),
  );
}

/**
 * The `$_SERVER` entries a client writes: its headers (`HTTP_*`), the request line and what the
 * server derives from it (URI, query, path info, script path, method, protocol, `argv` from the
 * query string), the Host header as the server's name and port in many setups, the body's type and
 * length, credentials, the client certificate and the peer's reverse DNS name. Every other entry is
 * set by PHP, the server or its operator (`SetEnv`, `fastcgi_param`, the process environment).
 */
const CLIENT_SERVER_KEYS = [
  'HTTP_',
  'REDIRECT_',
  'SSL_CLIENT_',
  'PHP_AUTH_',
  'IIS_',
  'REQUEST_URI',
  'REQUEST_METHOD',
  'QUERY_STRING',
  'PATH_INFO',
  'ORIG_PATH_INFO',
  'PATH_TRANSLATED',
  'PHP_SELF',
  'SCRIPT_NAME',
  'SCRIPT_URL',
  'SCRIPT_URI',
  'SERVER_NAME',
  'SERVER_PORT',
  'SERVER_PROTOCOL',
  'CONTENT_TYPE',
  'CONTENT_LENGTH',
  'AUTH_TYPE',
  'REMOTE_USER',
  'REMOTE_HOST',
  'REMOTE_IDENT',
  'UNENCODED_URL',
  'argv',
  'argc',
];
/** True when a `$_SERVER` entry named `key` (or every entry whose name starts with it) is none a client writes. */
function serverSet(key: string, prefix: boolean): boolean {
  return (
    /^\w+$/.test(key) &&
    CLIENT_SERVER_KEYS.every((client) => !key.startsWith(client) && !(prefix && client.startsWith(key)))
  );
}
/** `strpos($k, 'APP__') === 0`, `str_starts_with($k, 'APP__')`, `strncmp($k, 'APP__', 5) == 0`, `substr($k, 0, 5) === 'APP__'`. */
const PREFIX_TESTS = [
  String.raw`^0\s*===?\s*strpos\s*\(\s*KEY\s*,\s*(['"])(\w+)\1\s*\)$`,
  String.raw`^strpos\s*\(\s*KEY\s*,\s*(['"])(\w+)\1\s*\)\s*===?\s*0$`,
  String.raw`^str_starts_with\s*\(\s*KEY\s*,\s*(['"])(\w+)\1\s*\)$`,
  String.raw`^strncmp\s*\(\s*KEY\s*,\s*(['"])(\w+)\1\s*,\s*\d+\s*\)\s*===?\s*0$`,
  String.raw`^substr\s*\(\s*KEY\s*,\s*0\s*,\s*\d+\s*\)\s*===?\s*(['"])(\w+)\1$`,
];
/**
 * `foreach ($_SERVER as $k => $v) { if (strpos($k, 'APP__') === 0) { ... $v ... } }`: inside the
 * `if`, `$v` is an entry whose name starts with the prefix; when no entry a client writes can (see
 * `CLIENT_SERVER_KEYS`), it is the server's environment: `$_SERVER['APP__*']`, a local source.
 */
function serverEntriesByPrefix(collection: SyntaxNode, key: SyntaxNode, use: SyntaxNode): string | undefined {
  if (collection.text !== '$_SERVER') return undefined;
  const loop = collection.parent;
  for (let node = use.parent; node && node !== loop; node = node.parent) {
    if (node.type !== 'if_statement' || !node.childForFieldName('body')) continue;
    const body = node.childForFieldName('body')!;
    if (use.startIndex < body.startIndex || use.endIndex > body.endIndex) continue;
    const condition = node.childForFieldName('condition')?.text.replace(/^\(\s*|\s*\)$/g, '') ?? '';
    for (const test of PREFIX_TESTS) {
      const prefix = new RegExp(test.replaceAll('KEY', escape(key.text))).exec(condition)?.[2];
      if (prefix && serverSet(prefix, true)) return `$_SERVER['${prefix}*']`;
    }
  }
  return undefined;
}

/**
 * `$_SERVER[self::ENV_KEY]` (`static::`, or the class's own name) with `const ENV_KEY = 'APP_ENV';`
 * declared in the class around it: the entry `$_SERVER['APP_ENV']`, so that an entry no client
 * writes is the environment whether its name is written out or kept in a class constant.
 */
function constantKeyRead(read: SyntaxNode): string | undefined {
  const [collection, key] = read.type === 'subscript_expression' ? read.namedChildren : [];
  if (!collection || key?.type !== 'class_constant_access_expression') return undefined;
  const [scope, name] = key.namedChildren;
  let owner: SyntaxNode | null = read.parent;
  while (owner && !/^(?:class|interface|trait|enum)_declaration$/.test(owner.type)) owner = owner.parent;
  const className = owner?.childForFieldName('name')?.text;
  if (!owner || !name || !(/^(?:self|static)$/.test(scope?.text ?? '') || scope?.text === className))
    return undefined;
  for (const element of owner.descendantsOfType('const_element')) {
    const [constant, value] = element?.namedChildren ?? [];
    if (constant?.text !== name.text || value?.type !== 'string') continue;
    const literal = /^(['"])(\w+)\1$/.exec(value.text)?.[2];
    return literal === undefined ? undefined : `${collection.text}['${literal}']`;
  }
  return undefined;
}

/** `filter_var($x, FILTER_VALIDATE_INT)`: numbers (or false) only. */
const PHP_NUMBER_FILTER =
  /^filter_(?:var|input)\s*\([^]*FILTER_(?:VALIDATE_(?:INT|FLOAT|BOOL\w*)|SANITIZE_NUMBER_\w+)/;

export const php: LanguageTaint = {
  outOfSight: PHP_OUT_OF_SIGHT,
  callTypes: new Set([
    'function_call_expression',
    'member_call_expression',
    'scoped_call_expression',
    'object_creation_expression',
    'nullsafe_member_call_expression',
  ]),
  // `$_GET` alone and backtick commands are sources by their own text.
  memberTypes: new Set([
    'subscript_expression',
    'variable_name',
    'member_access_expression',
    'shell_command_expression',
  ]),
  parameterTypes: new Set(['simple_parameter', 'variadic_parameter', 'property_promotion_parameter']),
  choices: { match_expression: 'return_expression' },
  elementRead: 'subscript_expression',
  // What PHP and the connection set, not text anyone writes: the request's start, the peer's and
  // the server's IP addresses and ports, TLS and the scheme. Not what the client writes (`HTTP_*`,
  // `SERVER_NAME`, taken from the Host header in many setups, the URI, `PHP_SELF`, `PATH_INFO`),
  // nor the operator's configuration (`DOCUMENT_ROOT`, a local source below). Also an upload's
  // `size` and `error`, integers PHP sets (not its `name` or `type`, which the client writes).
  runtimeValue:
    /^\$_SERVER\s*\[\s*(['"]?)(?:REQUEST_TIME(?:_FLOAT)?|REMOTE_ADDR|REMOTE_PORT|SERVER_ADDR|HTTPS|REQUEST_SCHEME|GATEWAY_INTERFACE)\1\s*\]$|^\$_FILES\s*\[[^\]]*\]\s*\[\s*(['"])(?:size|error)\2\s*\]$/,
  // A request's path (the URI, the script's path, path info) starts with `/`: no scheme.
  ruleRuntimeValues: {
    [`${XSS}:url-attr-escaped`]:
      /^\$_SERVER\s*\[\s*(['"])(?:REQUEST_URI|PHP_SELF|SCRIPT_NAME|SCRIPT_URL|PATH_INFO|ORIG_PATH_INFO)\1\s*\]$/,
  },
  // `function f(int $id): bool`: PHP converts what the caller passes to the declared scalar (or
  // throws a TypeError), so `$id` is a number whatever the input, and so is what `f` returns.
  scalarType:
    /^\??(?:int|float|bool|false|true|null|void|never)(?:\s*\|\s*(?:int|float|bool|false|true|null))*$/i,
  // `$this->field` is read in one method and written in another (the constructor): a property a
  // method never assigns carries what the other methods assign to it.
  localDeclaration: 'static_variable_declaration',
  globalDeclaration: 'global_declaration',
  source: new RegExp(
    [
      String.raw`^\$_(?:GET|POST|REQUEST|COOKIE|FILES|SERVER|SESSION|ENV)\b`,
      String.raw`^\$HTTP_(?:GET|POST|COOKIE)_VARS\b`,
      String.raw`^(?:filter_input|filter_input_array|getenv|apache_request_headers|getallheaders)$`,
      // What the program reads from files, pipes and commands: the suite's and many scripts' input.
      String.raw`^(?:fgets|fgetss|fgetc|fread|fscanf|file|file_get_contents|stream_get_contents|stream_get_line|readline|shell_exec|system|exec|passthru)$`,
      '^`',
      // Laravel and Symfony requests
      String.raw`^(?:\$request|request\(\)|Request::|\$this->request)->?(?:input|query|get|post|all|cookie|header|route|json|getContent|server)$`,
      String.raw`^Request::(?:input|query|get|all|cookie|header)$|^request$|^Input::(?:get|all)$`,
      String.raw`^\$request->(?:query|request|cookies|headers|files|attributes)->get$`,
    ].join('|'),
  ),
  // The session, environment, files and command output belong to the program or its operator:
  // a flow from them is reported, but at medium.
  // Also every `$_SERVER` entry no client writes (`CLIENT_SERVER_KEYS`), one by name or those a
  // loop keeps by a prefix (`$_SERVER['APP__*']`).
  localSource: new RegExp(
    String.raw`^(?:\$_(?:SESSION|ENV|SERVER\[['"](?:argv|PATH|HOME|DOCUMENT_ROOT|CONTEXT_DOCUMENT_ROOT|SCRIPT_FILENAME)['"]|FILES\[[^\]]*\]\[['"]tmp_name)|getenv|fgets|fgetss|fgetc|fread|fscanf|file|file_get_contents|stream_get_contents|stream_get_line|readline|shell_exec|system|exec|passthru|\`)` +
      String.raw`|^\$_SERVER\s*\[\s*(['"])(?!${CLIENT_SERVER_KEYS.join('|')})\w+\*?\1\s*\]$`,
  ),
  sanitizer: new RegExp(
    String.raw`${NOT_DECODED_LATER(NUMERIC).source}|^(?:intval|floatval|boolval|count|strlen|abs|round|floor|ceil|max|min|md5|sha1|hash|crc32|is_\w+|in_array|array_key_exists|isset|empty|ctype_\w+|basename|json_encode|wp_json_encode|uniqid|time|rand|mt_rand|random_int|password_hash|password_verify|number_format|date)$` +
      // Built-ins whose result is a number, a boolean, hexadecimal digits or a type's name whatever
      // their arguments: lengths, positions and counts, comparisons, conversions between bases,
      // timestamps, digests.
      String.raw`` +
      // WordPress: `absint` is a number, `wp_parse_id_list` a list of them; `sanitize_key`, `sanitize_html_class`, `sanitize_title` and
      // `sanitize_file_name` keep letters, digits, `-` and `_` (and a file name's dots): no quote,
      // bracket, space, separator or shell character is left.
      String.raw`|^(?:absint|wp_parse_id_list|sanitize_key|sanitize_html_class|sanitize_title|sanitize_title_with_dashes|sanitize_file_name)$` +
      String.raw`|^(?:sizeof|mb_strlen|iconv_strlen|grapheme_strlen|(?:mb_|grapheme_|iconv_)?str(?:i|r|ri)?pos|substr_count|mb_substr_count|ord|mb_ord|preg_match(?:_all)?|intdiv|fmod|array_sum|array_product|str(?:n)?(?:case)?cmp|strnat(?:case)?cmp|levenshtein|similar_text|bin2hex|dechex|hexdec|octdec|bindec|decbin|decoct|strtotime|mktime|gmmktime|checkdate|hash_hmac|hash_file|md5_file|sha1_file|crc32|gettype|get_debug_type|ip2long)$`,
  ),
  // A number filter; a `preg_replace` that deletes every character but a safe class (`/\W/`,
  // `/[^a-z0-9]/`).
  // Decoders give back what an escaper encoded (Psalm's stubs mark them `@psalm-taint-unescape`):
  // entities decoded, backslashes stripped, percent-escapes decoded.
  unescapers: [
    {
      call: /^(?:html_entity_decode|htmlspecialchars_decode|wp_specialchars_decode)$/,
      // Every HTML filter: `strip_tags` leaves `&lt;script&gt;`, which decodes to a tag.
      undoes: anyOf(PHP_HTML, PHP_HTML_FILTER),
      rule: XSS,
    },
    { call: /^(?:stripslashes|stripcslashes)$/, undoes: PHP_ESCAPING, rule: SQL },
    { call: /^(?:urldecode|rawurldecode)$/, undoes: PHP_URL },
  ],
  sanitizingCall: new RegExp(
    [
      PHP_NUMBER_FILTER.source,
      // `array_map('intval', $ids)`: every element converted to a number.
      String.raw`^array_map\s*\(\s*(?:'(?:intval|floatval|boolval|abs)'|"(?:intval|floatval|boolval|abs)")\s*,`,
      String.raw`^preg_replace\s*\(\s*(['"])(.)(?:\\W|\[\^[\w\\ -]*\])[+*]?\2\w*\1\s*,\s*(?:''|"")`,
      // `array_filter($ids, 'ctype_digit')`: only the elements that passed a character-class or number test
      // (groups 1 and 2 are the `preg_replace` pattern's).
      String.raw`^array_filter\s*\([^]*,\s*(['"])(?:ctype_(?:digit|xdigit|alnum|alpha)|is_(?:int|float|bool|numeric))\3\s*\)$`,
      // WordPress's `paginate_links(array(...))` writes each link through `esc_url`; only its labels
      // (`prev_text`, `next_text`, `before_page_number`, `after_page_number`) go out as given, so it
      // is markup safe to print when no label holds a variable (an array in a variable is not read).
      String.raw`^paginate_links\s*\(\s*(?:array\s*\(|\[)(?![^]*(?:prev_text|next_text|before_page_number|after_page_number)['"]\s*=>[^\n]*\$)`,
    ].join('|'),
  ),
  // URL encoding is valid wherever its output cannot end a string or form syntax; not in a script.
  // Inside a quoted SQL, XPath or PHP string what matters is that no quote survives: HTML escapers
  // that encode quotes qualify (`strip_tags` leaves them, so it does not). A shell string is
  // different: a backslash does not escape inside '...', so quote escaping does not protect it.
  ruleSanitizers: withKeptClass({
    [SQL]: anyOf(PHP_QUOTING, PG_BYTEA, PHP_HTML_QUOTES, PHP_HTML_FILTER, PHP_QUOTE_REMOVAL, PHP_URL),
    ...quotedStrings(SQL, anyOf(PHP_ESCAPING, PG_BYTEA)),
    // Outside quotes only what writes its own quotes (`$pdo->quote($x)`, `pg_escape_literal`,
    // `pg_escape_identifier`) or a number is safe.
    [`${SQL}:unquoted`]: PHP_SELF_QUOTING,
    // A command whose quoting is out of sight: any escaper that is safe in one of the positions below.
    [CMD]: anyOf(PHP_SHELL_WORD, PHP_HTML_QUOTES, PHP_HTML_FILTER, PHP_QUOTE_REMOVAL),
    // Inside '...' nothing is special but `'`: what removes or encodes it, without a backslash.
    [`${CMD}:shell-sq`]: anyOf(PHP_HTML_SQUOTE, PHP_HTML_FILTER, PHP_QUOTE_REMOVAL, PHP_URL),
    // Inside "..." `$`, backticks and `\` keep their meaning: URL encoding leaves none of them.
    [`${CMD}:shell-dq`]: PHP_URL,
    [`${CMD}:shell-unquoted`]: PHP_SHELL_WORD,
    [XSS]: anyOf(PHP_HTML, PHP_HTML_FILTER, PHP_URL),
    ...PHP_XSS_CONTEXTS,
    // An LDAP filter's syntax is `*`, `(`, `)` and `\`: quotes are plain characters there, so
    // neither HTML escaping nor quote escaping protects it.
    [LDAP]: anyOf(/^ldap_escape$/, PHP_URL),
    [XPATH]: anyOf(PHP_HTML_QUOTES, PHP_HTML_FILTER, PHP_QUOTING, PHP_QUOTE_REMOVAL, PHP_URL),
    ...quotedStrings(XPATH, PHP_ESCAPING),
    // Outside a string literal only a number is safe (the general sanitizers).
    [`${XPATH}:unquoted`]: /^$/,
    // `include`/`require`, or code whose quoting is out of sight.
    [CODE]: anyOf(PHP_HTML_QUOTES, PHP_HTML_FILTER, PHP_QUOTING, PHP_QUOTE_REMOVAL, PHP_URL),
    // Evaluated code: a '...' string is plain text but for `\` and `'`; a "..." one runs
    // `{${...}}` and `$x` inside it, which no escaper but URL encoding (`$` as `%24`) takes out;
    // outside strings the value is code.
    [`${CODE}:sq`]: quotedStrings(CODE, PHP_ESCAPING)[`${CODE}:sq`],
    [`${CODE}:dq`]: PHP_URL,
    [`${CODE}:unquoted`]: PHP_URL,
    [REDIRECT]: PHP_URL,
    [PATH]: PHP_URL,
    [SSRF]: PHP_URL,
  }),
  ruleSanitizingCalls: { [LDAP]: escapesLdapFilter },
  // `if (!ctype_digit($id)) { exit; }`, `if (!in_array($p, $pages) || $x) return;`: past a guard
  // that leaves the function, the script or the loop's turn, the value passed the test.
  guards: {
    conditions: [
      String.raw`!\s*(?:is_numeric|is_int|is_integer|is_float|ctype_digit|ctype_alnum|ctype_alpha|ctype_xdigit)\s*\(\s*NAME\s*\)`,
      String.raw`!\s*(?:in_array|array_key_exists)\s*\(\s*NAME\s*,[^|&]*\)`,
      String.raw`!\s*isset\s*\(\s*\$\w+\s*\[\s*NAME\s*\]\s*\)`,
      String.raw`!\s*filter_var\s*\(\s*NAME\s*,\s*FILTER_VALIDATE_(?:INT|FLOAT|BOOL\w*)\b[^|&]*\)`,
      String.raw`filter_var\s*\(\s*NAME\s*,\s*FILTER_VALIDATE_(?:INT|FLOAT|BOOL\w*)\b[^|&]*\)\s*===\s*false`,
      String.raw`!\s*${ANCHORED_MATCH}[^|&]*\)`,
      String.raw`${ANCHORED_MATCH}[^|&]*\)\s*(?:===?\s*0|!==?\s*1|<\s*1)`,
      String.raw`NAME\s*!==\s*(?:'[^']*'|"[^"$]*"|\d+)|(?:'[^']*'|"[^"$]*"|\d+)\s*!==\s*NAME`,
    ].map(exitsUnless),
    exit: /^(?:exit|die|return|throw|continue|break)\b/,
    topLevel: true,
    reset: { ifType: 'if_statement', statement: 'expression_statement', assignment: 'assignment_expression' },
    // `if (strpos(realpath($p), $base) !== 0) exit;`, `$p = realpath(...); if (!str_starts_with($p, $base)) die;`.
    confinement: {
      rule: PATH,
      canonical: 'realpath',
      conditions: [
        String.raw`(?:strpos|stripos|mb_strpos)\s*\(\s*PATH\s*,[^()|&]*\)\s*!==?\s*0`,
        String.raw`0\s*!==?\s*(?:strpos|stripos|mb_strpos)\s*\(\s*PATH\s*,[^()|&]*\)`,
        String.raw`!\s*str_starts_with\s*\(\s*PATH\s*,[^()|&]*\)`,
        String.raw`strncmp\s*\(\s*PATH\s*,[^|&]*\)\s*!==?\s*0`,
      ].map(exitsUnless),
      // The same prefix test holding around the use: `if ($real && str_starts_with($real, $base)) readfile($real);`.
      holds: [
        String.raw`(?<![!\w])(?:strpos|stripos|mb_strpos)\s*\(\s*PATH\s*,[^()|&]*\)\s*===?\s*0\b`,
        String.raw`\b0\s*===?\s*(?:strpos|stripos|mb_strpos)\s*\(\s*PATH\s*,[^()|&]*\)`,
        String.raw`(?<![!\w])str_starts_with\s*\(\s*PATH\s*,[^()|&]*\)(?!\s*[=!<>])`,
      ],
    },
    // WordPress's `validate_file($p)` is 0 for a path without `../` (but one at its very end) or a
    // drive letter, 1 with a traversal: `if (validate_file($p) !== 0) return;`, `if (1 === validate_file($p) || ...) return;`.
    pathChecks: {
      rule: PATH,
      conditions: [
        String.raw`validate_file\s*\(\s*PATH\s*(?:,[^()|&]*)?\)(?:\s*(?:!==?\s*0|>\s*0|===?\s*1))?`,
        String.raw`(?:0\s*!==?|1\s*===?|0\s*<)\s*validate_file\s*\(\s*PATH\s*(?:,[^()|&]*)?\)`,
      ].map(exitsUnless),
    },
  },
  constantTypes: new Set([
    'cast_expression',
    'binary_expression',
    'augmented_assignment_expression',
    'unary_op_expression',
  ]),
  heldResults: true,
  docblockTaint: true,
  openParameters: { unknownMethods: false },
  resultParts: preparedFormat,
  // `switch` compares loosely, as `==` in `narrowing` does; a label may name a constant (`HOME`,
  // `Page::NEWS`), set by the program, but not `true` (`$p == true` holds for any non-empty text).
  caseLiteral: /^(?:'[^'\\]*'|"[^"$\\]*"|\d+|(?!true$)[A-Za-z_]\w*(?:::[A-Za-z_]\w*)?)$/i,
  narrowing: [
    String.raw`\b(?:in_array|array_key_exists|is_numeric|is_int|is_integer|is_float|ctype_digit|ctype_alnum|ctype_alpha|ctype_xdigit)\s*\(\s*NAME\s*[,)]`,
    String.raw`\bfilter_var\s*\(\s*NAME\s*,\s*FILTER_VALIDATE_(?:INT|FLOAT|BOOL\w*)\b`,
    String.raw`\bisset\s*\(\s*\$\w+\[\s*NAME\s*\]`,
    `\\b${ANCHORED_MATCH}`,
    // (`NAME` starts with `$`, so no `\b` before it.)
    String.raw`(?<![\w$])NAME\s*===?\s*(?:'[^']*'|"[^"$]*"|\d+)|(?:'[^']*'|"[^"$]*"|\d+)\s*===?\s*NAME(?!\w)`,
  ],
  // Subsets of the first array: its elements whose value or key is (not) in the others.
  firstArgumentResults: /^array_u?(?:diff|intersect)(?:_u?(?:assoc|key))?$/,
  membership: /^in_array$/,
  inPlace: [
    // exec($cmd, $output): the output lines; preg_match($re, $s, $m): the groups of $s.
    { callee: /^exec$/, target: 1, reads: true },
    { callee: /^(?:array_push|array_unshift)$/, target: 0 },
  ],
  elementAssignment: 'assignment_expression',
  // `function esc(string &$s)`: the caller's variable is the parameter (`references.ts`).
  referenceParameter: /&\s*(\$\w+)\s*$/,
  referenceAlias: 'reference_assignment_expression',
  keyedLiteral: { type: 'array_creation_expression', element: 'array_element_initializer' },
  mapCalls: /^array_map$/,
  keyedArrays: {
    values: /^array_values$/,
    keys: /^array_keys$/,
    keyDiff: /^array_diff_key$/,
    keyIntersect: /^array_intersect_key$/,
    valueIntersect: /^array_intersect(?:_assoc)?$/,
    first: /^array_u?(?:diff|intersect)(?:_u?(?:assoc|key))?$/,
    union: '+',
    remove: 'unset_statement',
  },
  globalsArray: (text) => {
    const name = /^\$GLOBALS\s*\[\s*(['"])(\w+)\1\s*\]$/.exec(text)?.[2];
    return name && `$${name}`;
  },
  unnamedLoop: { type: 'foreach_statement', collection: 0, variable: 1 },
  filteredEntries: serverEntriesByPrefix,
  sourceName: constantKeyRead,
  runtimeKeys: { source: /^\$_FILES\b/, keys: /^(?:tmp_name|size|error)$/ },
  callbacks: [
    { callee: /^call_user_func$/, arrayTypes: new Set(['array_creation_expression']) },
    { callee: /^call_user_func_array$/, spread: true, arrayTypes: new Set(['array_creation_expression']) },
  ],
  // `$s = new Sanitize($x); $s->sanitize(); $s->getData()`: the property as the calls leave it.
  objects: {
    property: /^\$this->/,
    self: '$this',
    creation: 'object_creation_expression',
    constructorName: /^__construct$/i,
    classTypes: new Set(['class_declaration']),
    baseClause: 'base_clause',
    parentScope: 'parent',
    stringMethod: /^__toString$/i,
  },
  taintedOnly: [DESERIALIZE],
  sinks: [
    {
      rule: SQL,
      callee:
        /^(?:mysql_query|mysql_unbuffered_query|mysql_db_query|pg_query|pg_send_query|pg_prepare|sqlite_query|sqlite_exec|odbc_exec|odbc_prepare|mysqli_query|mysqli_real_query|mysqli_multi_query|mysqli_prepare|mysqli_send_query|mssql_query|db2_exec|oci_parse|sqlsrv_query)$/,
      does: 'runs SQL',
      parts: phpQueryParts,
    },
    {
      // mysqli_execute_query (PHP 8.2) takes the SQL text, then an array of values the driver binds as
      // parameters: only the SQL text is a sink.
      rule: SQL,
      callee: /^mysqli_execute_query$/,
      args: [1],
      does: 'runs SQL',
      parts: phpQueryParts,
    },
    {
      rule: SQL,
      // PDO/mysqli/Doctrine/Laravel, not a DOMXPath's `query` nor a mailer's `raw` (Laravel's
      // `$mailer->raw($text, ...)` sends a plain-text message) nor Laravel's `Arr::query($array)`,
      // which builds a URL's query string. A class's static `select`/`insert`/`update`/`delete` is a
      // database's only on one (Laravel's `DB::select($sql)`, a `...Connection::`): a model's
      // (`BP_Signup::delete($ids)`) takes records or ids.
      callee:
        /^(?!\$\w*(?:xpath|XPath|xp)\w*->|\$(?:this->)?\w*[mM]ail\w*->raw$|Arr::query$|(?![\w\\]*(?:DB|Db|Database|Connection)::)[\w\\]+::(?:select|insert|update|delete)$)[\w$>:\-()]*(?:->|::)(?:query|querySingle|prepare|execute_query|multi_query|real_query|send_query|unbuffered_query|rawQuery|raw|whereRaw|orWhereRaw|selectRaw|orderByRaw|havingRaw|groupByRaw|fromRaw|unprepared|statement|select|insert|update|delete|createQuery|createNativeQuery|executeQuery|executeStatement|executeUpdate|fetchAll|fetchAssoc|fetchOne|fetchColumn|get_results|get_row|get_var|get_col)$/,
      args: [0],
      does: 'runs SQL',
      parts: sqlTextParts,
    },
    {
      // PDO's, SQLite3's and Doctrine's `exec` take the SQL alone; an `exec` with more arguments is
      // another object's (a search, a process: `$searcher->exec($folder, $criteria, $charset)`).
      rule: SQL,
      callee: /^(?!\$\w*(?:xpath|XPath|xp)\w*->)[\w$>:\-()]*(?:->|::)exec$/,
      args: [0],
      when: { arg: 1, text: /^$/ },
      does: 'runs SQL',
      parts: phpQueryParts,
    },
    {
      rule: CMD,
      callee: /^(?:exec|shell_exec|system|passthru|popen|proc_open|pcntl_exec|expect_popen)$/,
      args: [0],
      does: 'runs a command',
      parts: phpShellParts,
    },
    {
      rule: CODE,
      callee: /^(?:eval|assert|create_function)$/,
      does: 'evaluates code',
      parts: phpQueryParts,
    },
    {
      // preg_replace with the /e modifier evaluates the replacement.
      rule: CODE,
      callee: /^preg_replace$/,
      args: [1],
      when: { arg: 0, text: /^['"](.).*\1[a-zA-Z]*e[a-zA-Z]*['"]$/s },
      does: 'evaluates the replacement as code',
    },
    {
      rule: PATH,
      callee:
        /^(?:fopen|file_get_contents|file_put_contents|readfile|file|unlink|opendir|scandir|dir|copy|rename|mkdir|rmdir|is_file|is_dir|file_exists|fpassthru|parse_ini_file|highlight_file|show_source|simplexml_load_file|touch|chmod|glob)$/,
      args: [0],
      does: 'opens a file',
    },
    {
      // PHP moves only a file it received in this request (the first argument): the destination
      // is where input chooses the path.
      rule: PATH,
      callee: /^move_uploaded_file$/,
      args: [1],
      does: 'writes a file',
    },
    {
      rule: XSS,
      // `write` only of a PSR-7 response body (`$response->getBody()->write($x)`, `$body->write`): a
      // console's, a cache's or a class's own `write` writes a terminal or a file, not the page.
      callee:
        /^(?:var_dump|die|exit)$|^(?:response|Response::make)$|->setContent$|(?:->getBody\(\)|^\$\w*(?:body|Body|stream|Stream))->write$/,
      args: [0],
      does: 'writes the HTTP response',
    },
    {
      // `printf("<p>%s</p>", $x)` writes its arguments too, formatted into the page.
      rule: XSS,
      callee: /^printf$/,
      args: [0],
      parts: (value, context) => escapedUrlStart(phpPrintfParts(value, context)),
      does: 'writes the HTTP response',
    },
    {
      rule: XSS,
      callee: /^vprintf$/,
      does: 'writes the HTTP response',
    },
    {
      // `print_r($x, true)` and `var_export($x, true)` return the text instead of printing it.
      rule: XSS,
      callee: /^(?:print_r|var_export)$/,
      args: [0],
      when: { arg: 1, text: /^(?!\s*true\s*$)/i },
      does: 'writes the HTTP response',
    },
    {
      rule: LDAP,
      callee: /^(?:ldap_search|ldap_list|ldap_read)$/,
      args: [1, 2],
      does: 'runs an LDAP search',
    },
    {
      rule: XPATH,
      callee: /->xpath$|^\$\w*(?:xpath|XPath|xp)\w*->(?:query|evaluate)$|^xpath_eval\w*$/,
      args: [0],
      does: 'evaluates an XPath expression',
      // `//user[@id=$x]`: outside a string literal quote escaping protects nothing.
      parts: phpQueryParts,
    },
    {
      rule: REDIRECT,
      callee: /^header$/,
      args: [0],
      // Also through a format: `header(sprintf("Location: %s", $url))`.
      when: { arg: 0, text: /^(?:sprintf\s*\(\s*)?["']['"]?\s*(?:Location|Refresh)\s*:/i },
      // `"Location: /reset/" . $token`: a path of this site, as below.
      constantPrefix: /^Location\s*:\s*\/[^/\\]/i,
      does: 'redirects the browser',
    },
    {
      rule: REDIRECT,
      callee:
        /^(?:http_redirect|wp_redirect|redirect)$|^Redirect::(?:to|away)$|->(?:away|redirect)$|^new(?:RedirectResponse)$/,
      args: [0],
      // `"/password/reset/{$token}"`: a path of this site (`/` then no second `/` or `\`, which would
      // start a host), whatever input fills the rest.
      constantPrefix: /^\/[^/\\]/,
      does: 'redirects the browser',
    },
    {
      rule: SSRF,
      callee: /^(?:curl_init|fsockopen|get_headers)$/,
      args: [0],
      does: 'sends a request to that address',
    },
    {
      rule: SSRF,
      callee: /^curl_setopt$/,
      args: [2],
      when: { arg: 1, text: /^CURLOPT_URL$/ },
      does: 'sends a request to that address',
    },
  ],
  operandSinks: [
    {
      rule: XSS,
      // (and `<?= $x ?>`, the short echo tag: an expression statement after it)
      types: ['echo_statement', 'print_intrinsic', 'exit_statement', 'expression_statement'],
      does: 'writes the HTTP response',
      parts: pageParts,
      notAt: (node, context) =>
        (node.type === 'expression_statement' && !shortEchoStatement(node)) ||
        echoesNonHtmlResponse(node, context),
      name: (node) => (node.type === 'expression_statement' ? '<?=' : undefined),
    },
    {
      rule: CODE,
      types: [
        'include_expression',
        'include_once_expression',
        'require_expression',
        'require_once_expression',
      ],
      does: 'runs the PHP file it names',
    },
  ],
};
