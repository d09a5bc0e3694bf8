// Python security rules: code, command and SQL injection, unsafe deserialization, disabled TLS
// verification and weak hashes. Each rule looks at calls found by one query, then checks arguments
// with the value classifier so that constant commands and parameterized queries stay quiet.
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { TextEdit } from '../../../types';
import { matches, type AnalysisContext } from '../../analyser';
import { closest, contains, namedChildren, PASSWORD_HINT, SQL_TEXT } from '../../syntax';
import { reportInput, taintTracker } from '../../taint/sinks';
import { reportTlsOff, shellCommandArgument } from '../common';
import { pythonDialect } from './dialect';
import { importAliases } from './imports';

const CALLS = '(call function: [(identifier) (attribute)] @fn arguments: (argument_list) @args) @call';

interface Call {
  node: SyntaxNode;
  /** The callee as written, e.g. `subprocess.run`. */
  name: string;
  /** The last segment of the callee, e.g. `run`. */
  method: string;
  positional: SyntaxNode[];
  keywords: Map<string, SyntaxNode>;
}

function toCall(fn: SyntaxNode, args: SyntaxNode, node: SyntaxNode): Call {
  const positional: SyntaxNode[] = [];
  const keywords = new Map<string, SyntaxNode>();
  for (const arg of namedChildren(args)) {
    if (arg.type === 'keyword_argument') {
      const name = arg.childForFieldName('name')?.text;
      const value = arg.childForFieldName('value');
      if (name && value) keywords.set(name, value);
    } else positional.push(arg);
  }
  const method = fn.type === 'attribute' ? (fn.childForFieldName('attribute')?.text ?? '') : fn.text;
  return { node, name: fn.text, method, positional, keywords };
}

function qualify(name: string, aliases: Map<string, string>): string {
  const dot = name.indexOf('.');
  const head = dot < 0 ? name : name.slice(0, dot);
  const resolved = aliases.get(head);
  return resolved ? resolved + (dot < 0 ? '' : name.slice(dot)) : name;
}

const SHELL_CALLS = new Set([
  'os.system',
  'os.popen',
  'subprocess.getoutput',
  'subprocess.getstatusoutput',
  'commands.getoutput',
]);
const SUBPROCESS_CALLS = new Set([
  'subprocess.run',
  'subprocess.call',
  'subprocess.Popen',
  'subprocess.check_output',
  'subprocess.check_call',
]);
const SQL_METHODS = new Set([
  'execute',
  'executemany',
  'executescript',
  'raw',
  'read_sql',
  'read_sql_query',
  'mogrify',
  // asyncpg / databases / Django's RawSQL expression
  'fetch',
  'fetchrow',
  'fetchval',
  'fetch_all',
  'fetch_one',
  'RawSQL',
]);
const AIOHTTP_CALLS =
  /^(?:get|post|put|patch|delete|head|options|request|ws_connect|TCPConnector|ClientSession)$/;
const PICKLE_MODULES = /^(?:pickle|cPickle|_pickle|dill|marshal|cloudpickle|joblib)$/;
const SAFE_YAML_LOADERS = /(?:^|\.)(?:SafeLoader|CSafeLoader|BaseLoader)$/;

export async function analysePythonSecurity(context: AnalysisContext): Promise<void> {
  const { values, findings } = context;
  const aliases = importAliases(context);
  for (const match of await matches(context, CALLS)) {
    const call = toCall(match.get('fn')!, match.get('args')!, match.get('call')!);
    const qualified = qualify(call.name, aliases);
    const first = call.positional[0];

    if (
      (qualified === 'eval' || qualified === 'exec') &&
      first &&
      values.isNonConstant(first) &&
      !compiledCode(first)
    ) {
      findings.report(call.node, 'codewright/code-injection', {
        message: `${qualified}() of a non-literal value (code injection).`,
      });
    }

    if (SHELL_CALLS.has(qualified) && first && values.isNonConstant(first)) {
      findings.report(call.node, 'codewright/command-injection', {
        message: `${qualified}() runs a shell command built from non-constant data.`,
      });
    }
    if (SUBPROCESS_CALLS.has(qualified) && call.keywords.get('shell')?.type === 'true') {
      const command = first ?? call.keywords.get('args');
      if (command && values.isNonConstant(command)) {
        findings.report(call.node, 'codewright/command-injection', {
          message: `${qualified}(..., shell=True) with a non-constant command.`,
        });
      }
    } else if (SUBPROCESS_CALLS.has(qualified)) {
      // ["bash", "-c", cmd]: the argument list itself starts a shell that parses cmd.
      const argv = first ?? call.keywords.get('args');
      const items = argv ? argvItems(context, argv, call.node) : undefined;
      if (argv && items) {
        if (shellCommandArgument(items, context.values)) {
          findings.report(call.node, 'codewright/command-injection', {
            message: `${qualified}() starts a shell (${items[0]!.text} ...) on a non-constant command.`,
          });
        }
      }
    }

    const sqlArg = first ?? call.keywords.get('sql') ?? call.keywords.get('query');
    if (
      (SQL_METHODS.has(call.method) || qualified === 'sqlalchemy.text') &&
      sqlArg &&
      values.kind(sqlArg) === 'built'
    ) {
      if (SQL_TEXT.test(values.constantText(sqlArg))) findings.report(call.node, 'codewright/sql-injection');
    }

    checkDeserialization(context, call, qualified);
    checkTls(context, call, qualified);
    checkWeakHash(context, call, qualified);
    checkRandom(context, call, qualified);
    checkCookie(context, call);
  }
  checkTlsAssignments(context);
  checkXxe(context);
}

function checkDeserialization(context: AnalysisContext, call: Call, qualified: string): void {
  const [module, fn] = splitQualified(qualified);
  const first = call.positional[0];
  if (
    PICKLE_MODULES.test(module) &&
    (fn === 'load' || fn === 'loads') &&
    first &&
    context.values.isNonConstant(first)
  ) {
    context.findings.report(call.node, 'codewright/unsafe-deserialization', {
      message: `${qualified}() can execute code from untrusted data.`,
    });
  }
  if (
    qualified === 'pandas.read_pickle' ||
    qualified === 'pd.read_pickle' ||
    qualified === 'jsonpickle.decode'
  ) {
    context.findings.report(call.node, 'codewright/unsafe-deserialization', {
      message: `${qualified}() can execute code from untrusted data.`,
    });
  }
  if (module === 'yaml' && (fn === 'load' || fn === 'load_all' || fn === 'unsafe_load')) {
    const loader = call.keywords.get('Loader') ?? call.positional[1];
    if (fn === 'unsafe_load' || !loader || !SAFE_YAML_LOADERS.test(loader.text)) {
      context.findings.report(call.node, 'codewright/unsafe-deserialization', {
        message: `${qualified}() without SafeLoader can construct arbitrary Python objects.`,
        suggestion: 'Use yaml.safe_load() (or Loader=yaml.SafeLoader).',
        fix: safeLoadFix(call, fn, loader),
      });
    }
  }
}

/**
 * `yaml.load(x)` → `yaml.safe_load(x)` (and load_all): only for a plain call with the data as its
 * sole argument, where safe_load is the documented drop-in for data files.
 */
function safeLoadFix(call: Call, fn: string, loader: SyntaxNode | undefined): TextEdit[] | undefined {
  const callee = call.node.childForFieldName('function');
  const attribute = callee?.type === 'attribute' ? callee.childForFieldName('attribute') : null;
  if (!attribute || loader || call.positional.length !== 1 || call.keywords.size > 0) return undefined;
  if (fn !== 'load' && fn !== 'load_all') return undefined;
  return [{ start: attribute.startIndex, end: attribute.endIndex, text: `safe_${fn}` }];
}

function checkTls(context: AnalysisContext, call: Call, qualified: string): void {
  const verify = call.keywords.get('verify');
  // jwt.decode(..., verify=False) is about signatures, not TLS.
  if (verify?.type === 'false' && !/jwt/i.test(qualified)) {
    context.findings.report(verify.parent ?? call.node, 'codewright/tls-verification-disabled', {
      message: `${call.name}(verify=False) disables TLS certificate verification.`,
      suggestion: 'Remove verify=False; pass verify="/path/to/ca.pem" to trust a private CA.',
    });
  }
  // aiohttp: session.get(url, ssl=False), TCPConnector(ssl=False), verify_ssl=False
  const aiohttpSsl = call.keywords.get('ssl') ?? call.keywords.get('verify_ssl');
  if (aiohttpSsl?.type === 'false' && AIOHTTP_CALLS.test(call.method)) {
    context.findings.report(aiohttpSsl.parent ?? call.node, 'codewright/tls-verification-disabled');
  }
  const certReqs = call.keywords.get('cert_reqs');
  if (qualified === 'ssl._create_unverified_context' || (certReqs && /CERT_NONE['"]?$/.test(certReqs.text))) {
    context.findings.report(call.node, 'codewright/tls-verification-disabled');
  }
}

/** `session.verify = False`, `ctx.check_hostname = False`, `ctx.verify_mode = ssl.CERT_NONE`. */
function checkTlsAssignments(context: AnalysisContext): void {
  for (const assignment of context.nodes('assignment')) {
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (left?.type !== 'attribute' || !right) continue;
    const attr = left.childForFieldName('attribute')?.text;
    const disabled =
      ((attr === 'verify' || attr === 'check_hostname') && right.type === 'false') ||
      (attr === 'verify_mode' && /CERT_NONE$/.test(right.text));
    if (disabled) reportTlsOff(context, assignment, pythonDialect.functionTypes);
  }
}

function checkWeakHash(context: AnalysisContext, call: Call, qualified: string): void {
  let algorithm: string | undefined;
  if (qualified === 'hashlib.md5' || qualified === 'hashlib.sha1') algorithm = qualified.slice(8);
  if (qualified === 'hashlib.new') {
    const name = call.positional[0] ? context.values.dialect.literalValue(call.positional[0]) : undefined;
    if (name && /^(?:md5|sha1)$/i.test(name)) algorithm = name.toLowerCase();
  }
  // pycryptodome (Crypto.Hash.MD5.new) and cryptography (hashes.MD5(), hashes.SHA1()).
  const library = qualified.match(/(?:^|\.)Hash\.(MD5|SHA1?)\.new$|(?:^|\.)hashes\.(MD5|SHA1)$/);
  if (library) algorithm = (library[1] ?? library[2])!.replace(/^SHA$/, 'SHA1').toLowerCase();
  if (!algorithm || call.keywords.get('usedforsecurity')?.type === 'false') return;
  const forPassword = passwordContext(context, call);
  context.findings.report(call.node, 'codewright/weak-hash', {
    severity: forPassword ? 'high' : 'low',
    message: forPassword
      ? `${algorithm.toUpperCase()} used to hash a password: fast and broken, easily cracked.`
      : `${algorithm.toUpperCase()} is a weak hash; avoid it for anything security-related.`,
    suggestion: forPassword
      ? 'Hash passwords with bcrypt, scrypt, Argon2 or hashlib.pbkdf2_hmac with a salt.'
      : 'Use hashlib.sha256(), or pass usedforsecurity=False for non-security checksums.',
  });
}

/**
 * True when the hashed value, the variable receiving the digest or the function is about passwords.
 * The function's name alone does not decide when the value hashed is a local every assignment of
 * which the function shows without a password (`salted_encoded = (email + settings.SECRET_KEY).encode()`
 * in healthchecks' `authorize_login_password(email)`, a rate limit's key); a parameter
 * (`def hash_password(p)`) is not shown, so the name still decides there.
 */
function passwordContext(context: AnalysisContext, call: Call): boolean {
  if (call.positional.some((arg) => PASSWORD_HINT.test(arg.text))) return true;
  const assignment = closest(call.node, new Set(['assignment']));
  if (assignment && PASSWORD_HINT.test(assignment.childForFieldName('left')?.text ?? '')) return true;
  const fn = closest(call.node, new Set(['function_definition']));
  if (!PASSWORD_HINT.test(fn?.childForFieldName('name')?.text ?? '')) return false;
  const hashed = call.positional[0];
  if (!fn || hashed?.type !== 'identifier') return true;
  const bindings = context.values.bindingsBefore(hashed.text, hashed);
  return !(
    bindings.length > 0 &&
    bindings.every((b) => b.value !== null && contains(fn, b.value) && !PASSWORD_HINT.test(b.value.text))
  );
}

function splitQualified(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? ['', name] : [name.slice(0, dot), name.slice(dot + 1)];
}

/** The `random` module's Mersenne Twister functions (SystemRandom and secrets are fine). */
const WEAK_RANDOM =
  /^random\.(?:random|randint|randrange|choice|choices|sample|shuffle|getrandbits|randbytes|uniform|triangular|normalvariate|gauss|lognormvariate|expovariate|vonmisesvariate|gammavariate|betavariate|paretovariate|weibullvariate)$/;
/** Names that say a value guards something: tokens, passwords, sessions, cookies, keys. */
const SECURITY_VALUE =
  /token|secret|passw|pwd|nonce|salt|session|cookie|csrf|otp|auth|api_?key|private_?key|reset|verif|captcha|remember|signature/i;

function checkRandom(context: AnalysisContext, call: Call, qualified: string): void {
  if (!WEAK_RANDOM.test(qualified)) return;
  const security = securityUse(context, call.node);
  context.findings.report(call.node, 'codewright/insecure-random', {
    severity: security ? 'high' : 'low',
    message: security
      ? `${qualified}() produces a security value (${security}): its output is predictable.`
      : `${qualified}() is not cryptographically secure; do not use it for tokens, passwords or keys.`,
  });
}

/**
 * The security-sounding name a random value goes to: the variable assigned, the function, or a later
 * statement of the function that uses the variable (`mysession[cookie] = value`, `set_cookie(...)`).
 */
function securityUse(context: AnalysisContext, node: SyntaxNode): string | undefined {
  const assignment = closest(node, new Set(['assignment']));
  const target = assignment?.childForFieldName('left')?.text ?? '';
  if (SECURITY_VALUE.test(target)) return target;
  const fn = closest(node, new Set(['function_definition']));
  const fnName = fn?.childForFieldName('name')?.text ?? '';
  if (SECURITY_VALUE.test(fnName)) return fnName;
  if (!fn || !/^[A-Za-z_]\w*$/.test(target)) return undefined;
  const uses = new RegExp(`\\b${target}\\b`);
  for (const stmt of fn.descendantsOfType('expression_statement')) {
    if (!stmt || stmt.startIndex <= (assignment?.endIndex ?? 0) || !uses.test(stmt.text)) continue;
    const hint = SECURITY_VALUE.exec(stmt.text.replace(uses, ''));
    if (hint) return hint[0];
  }
  return undefined;
}

/** `resp.set_cookie(name, value, secure=False)`. */
function checkCookie(context: AnalysisContext, call: Call): void {
  if (call.method !== 'set_cookie') return;
  const secure = call.keywords.get('secure');
  if (secure?.type === 'false') context.findings.report(call.node, 'codewright/insecure-cookie');
}

/** `def runcode(self, code: CodeType): exec(code)`: a compiled code object is not text to parse. */
function compiledCode(value: SyntaxNode): boolean {
  if (value.type !== 'identifier') return false;
  const fn = closest(value, new Set(['function_definition']));
  const params = fn?.childForFieldName('parameters')?.namedChildren ?? [];
  return params.some(
    (p) =>
      p?.type === 'typed_parameter' &&
      new RegExp(`^${value.text}\\s*:\\s*(?:types\\.)?CodeType$`).test(p.text),
  );
}

/**
 * The items of an argv: a list or tuple literal, or a local list built by `append` before the call
 * (`args = []; args.append("sh"); args.append("-c"); args.append(cmd)`), in source order.
 */
function argvItems(context: AnalysisContext, argv: SyntaxNode, at: SyntaxNode): SyntaxNode[] | undefined {
  if (argv.type === 'list' || argv.type === 'tuple') return namedChildren(argv);
  if (argv.type !== 'identifier') return undefined;
  const bindings = context.values.bindingsBefore(argv.text, at);
  if (bindings.length !== 1 || bindings[0].value?.type !== 'list') return undefined;
  const scope = closest(at, new Set(['function_definition']));
  const appended = context.nodes('call').filter((c) => {
    const fn = c.childForFieldName('function');
    return (
      c.startIndex < at.startIndex &&
      (!scope || (c.startIndex > scope.startIndex && c.endIndex < scope.endIndex)) &&
      fn?.type === 'attribute' &&
      fn.childForFieldName('object')?.text === argv.text &&
      fn.childForFieldName('attribute')?.text === 'append'
    );
  });
  const args = appended.flatMap((c) => namedChildren(c.childForFieldName('arguments')!).slice(0, 1));
  return [...namedChildren(bindings[0].value), ...args];
}

/** Parsers with external entities turned on (`setFeature(feature_external_ges, True)`, lxml options). */
const ENTITIES_ON = /^(?:\w+)\.setFeature\(\s*[\w.]*feature_external_(?:ges|pes)\s*,\s*(?:True|1)\s*\)$/;
const LXML_ENTITIES = /XMLParser\([^)]*\b(?:resolve_entities\s*=\s*True|no_network\s*=\s*False)/;
const XML_PARSE = /(?:^|\.)(?:parseString|parse|fromstring|XML|iterparse|feed)$/;

/** Input parsed by a parser whose external entities were turned on earlier in the function. */
function checkXxe(context: AnalysisContext): void {
  const calls = context.nodes('call');
  const enabled = new Set<string>();
  for (const call of calls) {
    const receiver = /^(\w+)\.setFeature\(/.exec(call.text)?.[1];
    if (receiver && ENTITIES_ON.test(call.text.replace(/\s+/g, ' '))) enabled.add(receiver);
    const assignment = call.parent?.type === 'assignment' ? call.parent : undefined;
    const target = assignment?.childForFieldName('left');
    if (target?.type === 'identifier' && LXML_ENTITIES.test(call.text)) enabled.add(target.text);
  }
  if (enabled.size === 0) return;
  const tracker = taintTracker(context);
  for (const call of calls) {
    const fn = call.childForFieldName('function');
    if (!fn || !XML_PARSE.test(fn.text)) continue;
    const args = namedChildren(call.childForFieldName('arguments')!);
    const keywordParser = args.find((a) => a.type === 'keyword_argument')?.childForFieldName('value');
    const receiver = fn.type === 'attribute' ? fn.childForFieldName('object')?.text : undefined;
    const viaParser =
      args.some((a) => enabled.has(a.text)) ||
      (keywordParser && enabled.has(keywordParser.text)) ||
      (receiver !== undefined && enabled.has(receiver));
    const data = args[0]?.type === 'keyword_argument' ? undefined : args[0];
    const source = viaParser && data && !enabled.has(data.text) ? tracker?.taint(data) : undefined;
    if (source)
      reportInput(
        context,
        call,
        'codewright/xxe',
        source,
        (from) => `Input from \`${from}\` is parsed as XML with external entities enabled (XXE).`,
      );
  }
}
