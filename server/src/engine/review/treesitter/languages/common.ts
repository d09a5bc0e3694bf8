// Checks shared by several languages' rule sets.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import {
  closest,
  contains,
  descendants,
  namedChildren,
  PASSWORD_HINT,
  SHELL_FLAG,
  SHELL_PROGRAM,
  NUMERIC_PRINTF,
  SQL_FRAGMENT,
  SQL_TEXT,
} from '../syntax';
import type { ValueClassifier, ValueKind } from '../values';
import { normalizeName } from '../../secrets';

/**
 * In an argv like ("sh", "-c", cmd): the first non-constant argument after the shell's command
 * flag, i.e. the command string the shell will parse. Undefined for non-shell programs.
 */
export function shellCommandArgument(
  argv: readonly SyntaxNode[],
  values: ValueClassifier,
): SyntaxNode | undefined {
  const program = argv[0] ? constantString(argv[0], values) : undefined;
  if (program === undefined || !SHELL_PROGRAM.test(program.trim())) return undefined;
  const flag = argv.findIndex(
    (arg, i) => i > 0 && SHELL_FLAG.test((constantString(arg, values) ?? '').trim()),
  );
  if (flag < 0) return undefined;
  return argv.slice(flag + 1).find((arg) => values.isNonConstant(arg));
}

/** The value of a plain string literal (not interpolated), else undefined. */
export function constantString(node: SyntaxNode, values: ValueClassifier): string | undefined {
  return values.dialect.stringTypes.has(node.type) ? values.dialect.literalValue(node) : undefined;
}

/**
 * What a printf-style call produces from its format and arguments: constant when every
 * conversion is numeric (`"id = %d"`), since numbers cannot carry SQL or shell syntax.
 */
export function printfKind(args: readonly SyntaxNode[], values: ValueClassifier): ValueKind {
  const format = args.find((a) => values.dialect.stringTypes.has(a.type));
  const text = format ? values.dialect.literalValue(format) : undefined;
  if (text !== undefined && NUMERIC_PRINTF.test(text)) return 'constant';
  return values.combine(args);
}

/** True when `node` is SQL text built from non-constant parts. */
export function isBuiltSql(node: SyntaxNode | null | undefined, values: ValueClassifier): boolean {
  return !!node && values.kind(node) === 'built' && SQL_TEXT.test(values.constantText(node));
}

/** True when `node` is a query-builder fragment (where/order/having) built from non-constant parts. */
export function isBuiltSqlFragment(node: SyntaxNode | null | undefined, values: ValueClassifier): boolean {
  if (!node || values.kind(node) !== 'built') return false;
  const text = values.constantText(node);
  return SQL_TEXT.test(text) || SQL_FRAGMENT.test(text);
}

/**
 * A digest of a random or unique value alone (`md5(unique_id())`, `sha1(random_bytes(16))`,
 * `md5(uniqid(mt_rand(), true))`): a token's format, where no password is hashed whatever the
 * names around say (a `$credential` made so is as strong as its randomness).
 */
const RANDOM_DIGEST =
  /^[\w.:\\>$-]+\(\s*(?:[\w\\]+::|\$?\w+->)?(?:uniqid|unique_id|random_bytes|random_int|openssl_random_pseudo_bytes|mt_rand|rand|microtime|uuid\w*|randomUUID|urandom|token_(?:hex|bytes|urlsafe))\s*\((?:[^()]|\([^()]*\))*\)\s*\)$/;

/**
 * A name for a password already hashed (`apiPasswordHash`, `password_hash`, `hashedPassword`): a digest
 * of it (`sha1($salt . $user . $conf->apiPasswordHash)`, an API token derived from the stored bcrypt
 * hash) hashes no password. PHP's `password_hash(...)` call is such a name too.
 */
const PASSWORD_DIGEST_NAME = /\w*pass(?:word|wd)?_?hash(?:ed)?\w*|\w*hashed_?pass(?:word|wd)?\w*/gi;

/** Reports a weak hash, high when the call, its target variable or its function is about passwords. */
export function reportWeakHash(context: AnalysisContext, call: SyntaxNode, algorithm: string): void {
  const fn = closest(call, context.values.dialect.functionTypes);
  const statement = closest(call, STATEMENTS);
  const about = `${statement?.text.slice(0, 300) ?? call.text} ${fn ? functionName(fn) : ''}`;
  const forPassword =
    PASSWORD_HINT.test(about.replace(PASSWORD_DIGEST_NAME, '')) && !RANDOM_DIGEST.test(call.text);
  context.findings.report(call, 'codewright/weak-hash', {
    severity: forPassword ? 'high' : 'low',
    message: forPassword
      ? `${algorithm} used to hash a password: fast and broken, easily cracked.`
      : `${algorithm} is a weak hash; avoid it for anything security-related.`,
    suggestion: forPassword
      ? 'Hash passwords with bcrypt, scrypt, Argon2 or PBKDF2 with a per-user salt.'
      : 'Use SHA-256 or better; keep MD5/SHA-1 only for non-security checksums.',
  });
}

const STATEMENTS = new Set([
  'expression_statement',
  'local_variable_declaration',
  'local_declaration_statement',
  'short_var_declaration',
  'let_declaration',
  'declaration',
  'assignment',
  'assignment_statement',
  'return_statement',
]);

function functionName(fn: SyntaxNode): string {
  const name = fn.childForFieldName('name') ?? fn.childForFieldName('declarator');
  return name?.text.slice(0, 100) ?? '';
}

/** How a language spells in-place string building: `sb.append(x)`, `sb.Append(x)`, `b.WriteString(x)`. */
export interface BuilderSyntax {
  call: string;
  appendMethods: RegExp;
  /** The method name, receiver and argument nodes of a call node. */
  parts(call: SyntaxNode): { method?: string; receiver?: SyntaxNode | null; args: SyntaxNode[] };
}

/** The arguments appended to `name` (directly or through a chain `sb.append(a).append(b)`) before `use`. */
export function appendedArguments(
  syntax: BuilderSyntax,
  name: string,
  use: SyntaxNode,
  scope: SyntaxNode,
): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const call of descendants(scope, syntax.call)) {
    if (call.startIndex >= use.startIndex) break;
    const { method, args } = syntax.parts(call);
    if (!method || !syntax.appendMethods.test(method) || chainRoot(call, syntax)?.text !== name) continue;
    out.push(...args.map((a) => (a.type === 'argument' ? (namedChildren(a).at(-1) ?? a) : a)));
  }
  return out;
}

function chainRoot(call: SyntaxNode, syntax: BuilderSyntax): SyntaxNode | undefined {
  let receiver = syntax.parts(call).receiver;
  while (receiver && receiver.type === syntax.call) receiver = syntax.parts(receiver).receiver;
  return receiver ?? undefined;
}

/**
 * A condition about the verification setting: `HTTP_VERIFY_SSL_CERTIFICATE === false`,
 * `!$this->verifyPeer`, a `case TLS_CLIENT_AUTH_NO:` of the client-certificate setting, Go's
 * `if insecure {` and a config parser's `case "tls_insecure_skip_verify":`.
 */
const VERIFICATION_SETTING = /verif|ssl|tls|secure|cert|client_?auth/i;
/** A statement that leaves the function (Go/Java/JS/Python `return`, `throw`, `raise`). */
const EXIT_STATEMENT = /^(?:return_statement|throw_statement|raise_statement)$/;

/**
 * The condition of an `if` before `statement` in its block, without `else`, that tests the
 * verification setting and leaves the function (`if !c.SkipVerify { return ctx }`): what follows
 * runs only where the setting chose it, as inside a branch.
 */
function exitGuardBefore(statement: SyntaxNode): SyntaxNode | undefined {
  for (let before = statement.previousNamedSibling; before; before = before.previousNamedSibling) {
    if (before.type !== 'if_statement' || before.childForFieldName('alternative')) continue;
    const condition = before.childForFieldName('condition');
    const body = before.childForFieldName('consequence');
    // Go wraps a block's statements in a `statement_list`.
    let last = body;
    while (last && /^(?:block|statement_list|compound_statement)$/.test(last.type))
      last = last.lastNamedChild;
    if (condition && VERIFICATION_SETTING.test(condition.text) && last && EXIT_STATEMENT.test(last.type))
      return condition;
  }
  return undefined;
}

/** Ruby's `if`, `unless`, `elsif` and `c ? a : b`, each with its `condition`. */
const RUBY_CONDITIONALS = new Set(['if', 'unless', 'elsif', 'conditional']);

/**
 * Verification turned off. Inside a branch taken only when a setting about verification says so
 * (`if (HTTP_VERIFY_SSL_CERTIFICATE === false) { curl_setopt(...) }`, `switch (require_auth) { case
 * TLS_CLIENT_AUTH_NO: SSL_set_verify(ssl, SSL_VERIFY_NONE, NULL); }`) it is the operator's opt-out of a
 * default that verifies: reported at medium, with the setting named.
 */
/**
 * A function whose own name says it does not verify (`_make_insecure_ssl_ctx`,
 * `newUnverifiedTransport`, `client_no_verify`): its callers choose the opt-out by that name.
 */
const NAMED_INSECURE = /insecure|unverified|no_?verif|skip_?verif|without_?verif|dont_?verif|not_?verif/;

/**
 * A condition true only where the program runs on a developer's machine: Laravel's
 * `App::environment('local')` / `app()->isLocal()`, ASP.NET's `env.IsDevelopment()`, Rails'
 * `Rails.env.development?`, `APP_ENV === 'local'`. Negations and `||` are not read (`!isLocal()` is
 * production); one conjunct of an `&&` is enough.
 */
const DEVELOPMENT_ONLY =
  /^(?:[\w\\:$>().-]*\b(?:environment|env|Env|Environment)\s*\(\s*['"](?:local|development|dev)['"]\s*\)|[\w\\:$>().-]*\b(?:isLocal|IsDevelopment|isDevelopment)\s*\(\s*\)|Rails\.env\.(?:development|local)\?|[\w$'"[\]().:>-]*\bAPP_ENV\b[\w$'"[\]().:>-]*\s*={2,3}\s*['"](?:local|development|dev)['"])$/;

/** The `if` branch (not an `else`) of `up` holds `node` and its condition says development only. */
function developmentOnly(up: SyntaxNode, node: SyntaxNode): string | undefined {
  if (up.type !== 'if_statement' && up.type !== 'if') return undefined;
  const condition = up.childForFieldName('condition');
  const branch = up.childForFieldName('body') ?? up.childForFieldName('consequence');
  if (!condition || !branch || !contains(branch, node)) return undefined;
  const text = condition.text.replace(/^\(\s*|\s*\)$/g, '').trim();
  // One conjunct of an `&&` is enough; an alternative (`||`, `or`) is not.
  if (/\|\||\bor\b/.test(text)) return undefined;
  return text.split(/&&|\band\b/).some((part) => DEVELOPMENT_ONLY.test(part.trim())) ? text : undefined;
}

export function reportTlsOff(
  context: AnalysisContext,
  node: SyntaxNode,
  functionTypes: ReadonlySet<string>,
): void {
  let up = node.parent;
  for (; up && !functionTypes.has(up.type); up = up.parent) {
    // Only on a developer's machine (a local server with a self-signed certificate): medium.
    const development = developmentOnly(up, node);
    if (development) {
      context.findings.report(node, 'codewright/tls-verification-disabled', {
        severity: 'medium',
        message: `TLS certificate verification is disabled only where \`${development.slice(0, 80)}\` holds (a development environment): keep it so.`,
      });
      return;
    }
    const condition =
      up.type === 'if_statement' || up.type === 'elif_clause' || RUBY_CONDITIONALS.has(up.type)
        ? up.childForFieldName('condition')
        : up.type === 'case_statement' || up.type === 'expression_case'
          ? up.childForFieldName('value')
          : undefined;
    const setting =
      condition && VERIFICATION_SETTING.test(condition.text) && !contains(condition, node)
        ? condition
        : exitGuardBefore(up);
    if (setting) {
      context.findings.report(node, 'codewright/tls-verification-disabled', {
        severity: 'medium',
        message: `TLS certificate verification is disabled where the setting \`${setting.text.replace(/^\(\s*|\s*\)$/g, '').slice(0, 80)}\` decides: keep its default on.`,
      });
      return;
    }
  }
  const name = up ? functionName(up).split('(')[0].trim() : '';
  if (NAMED_INSECURE.test(normalizeName(name))) {
    context.findings.report(node, 'codewright/tls-verification-disabled', {
      severity: 'medium',
      message: `TLS certificate verification is disabled in \`${name}\`, whose name says so: check the callers that choose it.`,
    });
    return;
  }
  context.findings.report(node, 'codewright/tls-verification-disabled');
}
