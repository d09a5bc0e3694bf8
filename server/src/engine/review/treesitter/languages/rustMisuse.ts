// Rust API misuse that is not a data flow from input: certificate checks turned off (native-tls and
// reqwest `danger_accept_invalid_*`, rustls verifiers that accept every certificate), broken ciphers
// (the RustCrypto `des`/`rc2`/`rc4`/`rc5` crates, ECB mode, openssl `Cipher::des_*`), weak or fast
// hashes of passwords, cookies sent without the Secure flag (cookie, actix-web, biscotti,
// http-types) and constant keys, IVs, nonces, salts and passwords handed to cryptographic APIs.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants, namedChildren } from '../syntax';
import { dominates, type ValueClassifier } from '../values';

/** The text of a call up to its argument list, without whitespace (`Cookie::build(("a","b")).secure`). */
function head(call: SyntaxNode): string {
  return (call.childForFieldName('function')?.text ?? '').replace(/\s+/g, '');
}

function args(call: SyntaxNode): SyntaxNode[] {
  return namedChildren(call.childForFieldName('arguments') ?? call).filter((a) => a.type !== 'comment');
}

/** `recv.method(...)`: the method's name and receiver; undefined for path calls (`Type::f(...)`). */
function method(call: SyntaxNode): { name: string; receiver: SyntaxNode } | undefined {
  const outer = call.childForFieldName('function');
  // `v.align_to::<u8>()`: the turbofish wraps the method.
  const fn = outer?.type === 'generic_function' ? outer.childForFieldName('function') : outer;
  const name = fn?.type === 'field_expression' ? fn.childForFieldName('field')?.text : undefined;
  const receiver = fn?.childForFieldName('value');
  return name && receiver ? { name, receiver } : undefined;
}

/**
 * The boolean a value always has: a literal, `!x`, `a && b`, `a || b`, or a local whose every
 * reaching assignment has the same constant value. Undefined when it may vary (parameters, input).
 */
export function constantBool(
  node: SyntaxNode | null | undefined,
  values: ValueClassifier,
  depth = 0,
): boolean | undefined {
  if (!node || depth > 8) return undefined;
  switch (node.type) {
    case 'boolean_literal':
      return node.text === 'true';
    case 'parenthesized_expression':
      return constantBool(namedChildren(node)[0], values, depth + 1);
    case 'unary_expression': {
      const inner = node.text.trim().startsWith('!')
        ? constantBool(namedChildren(node)[0], values, depth + 1)
        : undefined;
      return inner === undefined ? undefined : !inner;
    }
    case 'binary_expression': {
      const operator = node.childForFieldName('operator')?.text;
      const left = constantBool(node.childForFieldName('left'), values, depth + 1);
      const right = constantBool(node.childForFieldName('right'), values, depth + 1);
      if (operator === '&&') return left === false || right === false ? false : left && right;
      if (operator === '||')
        return left === true || right === true
          ? true
          : left === undefined || right === undefined
            ? undefined
            : false;
      return undefined;
    }
    case 'identifier': {
      const bindings = values.bindingsBefore(node.text, node);
      const all = bindings.map((b) => (b.append ? undefined : constantBool(b.value, values, depth + 1)));
      return all.length > 0 && all.every((v) => v === all[0]) ? all[0] : undefined;
    }
    default:
      return undefined;
  }
}

export function checkRustMisuse(context: AnalysisContext): void {
  const calls = context.nodes('call_expression');
  const aliases = typeAliases(context);
  for (const call of calls) {
    checkTls(context, call);
    checkCipher(context, call, aliases);
    checkHash(context, call);
    checkCookieBuilder(context, call);
  }
  checkCertificateVerifiers(context);
  checkCookieObjects(context, calls);
  checkCookieConfigs(context, calls);
  checkConstantKeys(context, calls);
}

// --- TLS -----------------------------------------------------------------------------------------

const TLS_DANGER = /^(?:danger_accept_invalid_certs|danger_accept_invalid_hostnames)$/;

/** `danger_accept_invalid_certs(x)` with any value but a constant `false` may turn checks off. */
function checkTls(context: AnalysisContext, call: SyntaxNode): void {
  const m = method(call);
  if (!m || !TLS_DANGER.test(m.name)) return;
  const value = args(call)[0];
  if (!value || !mayBeTrue(value, context)) return;
  context.findings.report(call, 'codewright/tls-verification-disabled', {
    message:
      value.text === 'true'
        ? `\`${m.name}(true)\` turns certificate verification off.`
        : `\`${m.name}(${value.text.slice(0, 40)})\` turns certificate verification off when the value is true, and it can be.`,
  });
}

/**
 * True when a flag can be `true` from what the file shows: a literal, a local with a `true`
 * assignment (or one decided by an `if`/`match` with a `true` branch), a parameter some call of the
 * function passes `true` to. A field or an opaque call (a library forwarding its own option) is not
 * guessed at.
 */
function mayBeTrue(node: SyntaxNode | null | undefined, context: AnalysisContext, depth = 0): boolean {
  if (!node || depth > 6) return false;
  const known = constantBool(node, context.values);
  if (known !== undefined) return known;
  switch (node.type) {
    case 'parenthesized_expression':
      return mayBeTrue(namedChildren(node)[0], context, depth + 1);
    case 'if_expression':
    case 'match_expression':
    case 'block':
    case 'else_clause':
    case 'match_block':
    case 'match_arm':
      return descendants(node, 'boolean_literal').some((b) => b.text === 'true');
    case 'binary_expression':
      return ['left', 'right'].some((f) => mayBeTrue(node.childForFieldName(f), context, depth + 1));
    case 'identifier': {
      const bindings = context.values.bindingsBefore(node.text, node);
      if (bindings.length > 0) return bindings.some((b) => mayBeTrue(b.value, context, depth + 1));
      return parameterMayBeTrue(node, context, depth);
    }
    default:
      return false;
  }
}

/** A parameter of the enclosing function that one of the file's calls passes a possibly-true value. */
function parameterMayBeTrue(node: SyntaxNode, context: AnalysisContext, depth: number): boolean {
  const fn = closest(node, context.values.dialect.functionTypes);
  const name = fn?.childForFieldName('name')?.text;
  const params = namedChildren(fn?.childForFieldName('parameters') ?? node).filter(
    (p) => p.type === 'parameter',
  );
  const index = params.findIndex((p) => p.childForFieldName('pattern')?.text === node.text);
  if (!fn || !name || index < 0) return false;
  return context
    .nodes('call_expression')
    .some(
      (call) =>
        new RegExp(`(?:^|::|\\.)${name}$`).test(head(call)) &&
        mayBeTrue(args(call)[index], context, depth + 1),
    );
}

/**
 * rustls: an `impl ServerCertVerifier` (or `ClientCertVerifier`) whose verify method returns
 * `Ok(...::assertion())` without looking at the certificate accepts any certificate.
 */
function checkCertificateVerifiers(context: AnalysisContext): void {
  for (const impl of descendants(context.root, 'impl_item')) {
    const trait = impl.childForFieldName('trait')?.text ?? '';
    if (!/(?:^|::)(?:ServerCertVerifier|ClientCertVerifier)$/.test(trait)) continue;
    for (const fn of descendants(impl, 'function_item')) {
      const name = fn.childForFieldName('name')?.text ?? '';
      const body = fn.childForFieldName('body');
      const statements = body
        ? namedChildren(body).filter((s) => s.type !== 'line_comment' && s.type !== 'block_comment')
        : [];
      if (
        /^verify_(?:server|client)_cert$/.test(name) &&
        statements.length === 1 &&
        /^(?:return\s+)?Ok\(\s*[\w:]*(?:Verified)::assertion\(\)\s*\);?$/.test(statements[0].text.trim())
      )
        // The verifier alone may be an opt-in a library offers; where it is installed decides.
        context.findings.report(fn, 'codewright/tls-verification-disabled', {
          severity: 'medium',
          message: `\`${name}\` accepts every certificate: wherever this verifier is installed, TLS no longer authenticates the peer.`,
        });
    }
  }
}

// --- Ciphers -------------------------------------------------------------------------------------

/** RustCrypto cipher types that are broken or too small today (DES, 3DES, RC2, RC4, RC5, Blowfish, IDEA, CAST5). */
const WEAK_CIPHER_TYPE =
  /(?:^|[:<\s,])(?:des::)?(?:Des|TdesEde2|TdesEde3|TdesEee2|TdesEee3|Rc2|Rc4|RC5_\w+|Rc5\w*|Blowfish\w*|Idea|Cast5)\b/;
const ECB = /(?:^|::)ecb::(?:Encryptor|Decryptor)\b/;
const CONSTRUCTOR = /::(?:new|new_from_slice|new_from_slices|new_with_eff_key_len)$/;
const OPENSSL_WEAK = /(?:^|::)Cipher::(?:des_\w+|rc4\w*|rc2_\w+|bf_\w+|cast5_\w+|idea_\w+|\w+_ecb)$/;

/** `type MyDes = cbc::Encryptor<des::Des>;`: alias name → its type's text. */
function typeAliases(context: AnalysisContext): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of descendants(context.root, 'type_item')) {
    const name = item.childForFieldName('name')?.text;
    const type = item.childForFieldName('type')?.text;
    if (name && type) out.set(name, type);
  }
  return out;
}

function checkCipher(context: AnalysisContext, call: SyntaxNode, aliases: Map<string, string>): void {
  const text = head(call);
  if (OPENSSL_WEAK.test(text)) {
    context.findings.report(call, 'codewright/weak-cipher', {
      message: `\`${text}\` is a broken cipher or ECB mode.`,
    });
    return;
  }
  if (!CONSTRUCTOR.test(text)) return;
  const type = text.replace(CONSTRUCTOR, '');
  const resolved = aliases.get(type) ?? type;
  const ecb = ECB.test(resolved);
  if (!ecb && !WEAK_CIPHER_TYPE.test(resolved)) return;
  context.findings.report(call, 'codewright/weak-cipher', {
    message: ecb
      ? `\`${type}\` encrypts in ECB mode, which leaks patterns of the plaintext.`
      : `\`${type}\` is a broken or too small cipher (DES/3DES/RC2/RC4/RC5/Blowfish).`,
  });
}

// --- Hashes --------------------------------------------------------------------------------------

const WEAK_HASH =
  /(?:^|::)(Md2|Md4|Md5|Sha1)(?:::<[^>]*>)?::(?:digest|new_with_prefix)$|(?:^|::)(md5)(?:_alt)?::compute$/;
const FAST_HASH =
  /(?:^|::)(Sha224|Sha256|Sha384|Sha512|Sha3_\d+|Blake2\w*|Blake3|Keccak\d+)(?:::<[^>]*>)?::(?:digest|new_with_prefix)$/;
const HASHER =
  /(?:^|::)(Md2|Md4|Md5|Sha1|Sha224|Sha256|Sha384|Sha512|Sha3_\d+|Blake2\w*|Keccak\d+)(?:::<[^>]*>)?::new$/;
/** Names of data that must not be hashed with a fast or broken hash: passwords and secrets. */
const SENSITIVE = /pass(?:word|wd|phrase)?|pwd|secret|credit_?card|card_?(?:no|num)|\bssn\b|private_?key/i;
/** Already protected data: hashing an encrypted or hashed value leaks nothing new. */
const PROTECTED = /encrypted|hashed|digest|cipher/i;

/** True when a name in `node` (an identifier or field) holds sensitive data. */
function sensitive(node: SyntaxNode | undefined, names = SENSITIVE): boolean {
  if (!node) return false;
  const found = [node, ...descendants(node, ['identifier', 'field_identifier'])]
    .filter((n) => n.type === 'identifier' || n.type === 'field_identifier')
    .map((n) => n.text);
  return found.some((n) => names.test(n) && !PROTECTED.test(n));
}

/** Passwords need a slow, salted hash; other sensitive data is safe under SHA-2/SHA-3. */
const PASSWORD = /pass(?:word|wd|phrase)?|pwd/i;

const WEAK_NAMES: Record<string, string> = { Md2: 'MD2', Md4: 'MD4', Md5: 'MD5', md5: 'MD5', Sha1: 'SHA-1' };

function checkHash(context: AnalysisContext, call: SyntaxNode): void {
  const text = head(call);
  const weak = WEAK_HASH.exec(text);
  if (weak) {
    reportHash(context, call, WEAK_NAMES[weak[1] ?? weak[2]], args(call)[0], true);
    return;
  }
  const fast = FAST_HASH.exec(text);
  if (fast) {
    reportHash(context, call, fast[1], args(call)[0], false);
    return;
  }
  const hasher = HASHER.exec(text);
  if (hasher) checkHasher(context, call, hasher[1]);
}

/**
 * A hasher object: `Md5::new().chain_update(a).chain_update(b)`, or `let mut h = Md5::new();
 * h.update(a);`. Each update with sensitive data is reported; a broken hash fed nothing sensitive
 * is reported once, low, at its creation.
 */
function checkHasher(context: AnalysisContext, created: SyntaxNode, algorithm: string): void {
  const weak = /^(?:Md2|Md4|Md5|Sha1)$/.test(algorithm);
  const name = WEAK_NAMES[algorithm] ?? algorithm;
  const updates: SyntaxNode[] = [];
  for (
    let node = created;
    node.parent?.type === 'field_expression' && node.parent.parent?.type === 'call_expression';
  ) {
    node = node.parent.parent;
    if (/^(?:chain_update|update)$/.test(method(node)?.name ?? '')) updates.push(node);
  }
  const binding =
    created.parent?.type === 'let_declaration'
      ? created.parent.childForFieldName('pattern')?.text
      : undefined;
  const scope = closest(created, context.values.dialect.functionTypes);
  if (binding && scope) {
    for (const later of descendants(scope, 'call_expression')) {
      const m = method(later);
      if (later.startIndex > created.endIndex && m?.name === 'update' && m.receiver.text === binding)
        updates.push(later);
      // `io::copy(&mut file, &mut hasher)` hashes what the reader holds.
      if (
        /(?:^|::)io::copy$/.test(head(later)) &&
        args(later)[1]?.text.replace(/^&\s*mut\s+/, '') === binding
      )
        updates.push(later);
    }
  }
  const secret = updates.filter((u) => sensitive(args(u)[0]));
  for (const update of secret) reportHash(context, update, name, args(update)[0], weak);
  if (secret.length === 0 && weak) reportHash(context, created, name, undefined, true);
}

/**
 * A broken hash (MD5/SHA-1) is reported everywhere, high for sensitive data and low otherwise
 * (checksums are a legitimate use); a fast hash (SHA-2/SHA-3/BLAKE) only for passwords and secrets,
 * which need a slow, salted hash.
 */
function reportHash(
  context: AnalysisContext,
  call: SyntaxNode,
  algorithm: string,
  data: SyntaxNode | undefined,
  weak: boolean,
): void {
  const secret = sensitive(data, weak ? SENSITIVE : PASSWORD);
  if (weak && !secret) {
    context.findings.report(call, 'codewright/weak-hash', {
      severity: 'low',
      message: `${algorithm} is a weak hash; avoid it for anything security-related.`,
      suggestion: 'Use SHA-256 or better; keep MD5/SHA-1 only for non-security checksums.',
    });
    return;
  }
  if (!secret) return;
  context.findings.report(call, 'codewright/weak-hash', {
    severity: 'high',
    message: weak
      ? `${algorithm} used to hash \`${data!.text.slice(0, 40)}\`: broken and fast, easily cracked.`
      : `${algorithm} is a fast hash: \`${data!.text.slice(0, 40)}\` needs a slow, salted password hash.`,
    suggestion: 'Hash passwords and secrets with Argon2, scrypt, bcrypt or PBKDF2 with a per-value salt.',
  });
}

// --- Cookies -------------------------------------------------------------------------------------

const COOKIE_BUILDER = /(?:^|::)(?:\w*Cookie::build|CookieBuilder::new)$/;
const COOKIE_NEW = /(?:^|::)\w*Cookie::(?:new|named|from|new_with_str)$/;

/** The calls of a method chain, innermost first: `A::f(..).g(..).h(..)` → [f, g, h]. */
function chainFrom(outer: SyntaxNode): SyntaxNode[] {
  const out = [outer];
  for (let node = outer; ;) {
    const inner = node.childForFieldName('function')?.childForFieldName('value');
    if (node.childForFieldName('function')?.type !== 'field_expression' || inner?.type !== 'call_expression')
      break;
    out.unshift(inner);
    node = inner;
  }
  return out;
}

/** What a chain of setters leaves the Secure flag at, starting from `state`. */
function secureAfter(
  steps: SyntaxNode[],
  state: boolean | undefined,
  values: ValueClassifier,
): boolean | undefined {
  let secure = state;
  for (const step of steps) {
    const m = method(step);
    const value = args(step)[0];
    if (m?.name === 'secure' || m?.name === 'set_secure')
      secure = constantBool(value, values) === true ? true : false;
    else if (
      (m?.name === 'partitioned' || m?.name === 'set_partitioned') &&
      constantBool(value, values) === true
    )
      secure = true;
  }
  return secure;
}

/** `Cookie::build(("name", "value")).secure(false).build()`: the finished cookie must be Secure. */
function checkCookieBuilder(context: AnalysisContext, call: SyntaxNode): void {
  const m = method(call);
  if (!m || !/^(?:build|finish)$/.test(m.name)) return;
  const chain = chainFrom(call);
  if (!COOKIE_BUILDER.test(head(chain[0]))) return;
  if (secureAfter(chain.slice(1), false, context.values) === true) return;
  context.findings.report(call, 'codewright/insecure-cookie', {
    message: 'Cookie built without `secure(true)`: the browser also sends it over plain HTTP.',
  });
}

/**
 * Cookies made as objects (`Cookie::new`, `Cookie::named`, `ResponseCookie::new`) and added to a jar
 * or response (`jar.add(c.clone())`, `cookies.insert(c)`) before `set_secure(true)` has always run.
 * A `set_secure(true)` inside a branch does not count; a `set_secure(false)` anywhere does.
 */
function checkCookieObjects(context: AnalysisContext, calls: readonly SyntaxNode[]): void {
  const values = context.values;
  const created = (name: string, at: SyntaxNode, depth = 0): boolean | undefined | 'unknown' => {
    if (depth > 6) return 'unknown';
    const bindings = values.bindingsBefore(name, at);
    if (bindings.length !== 1 || !bindings[0].value) return 'unknown';
    const value = bindings[0].value;
    if (value.type !== 'call_expression') return 'unknown';
    const chain = chainFrom(value);
    const rootHead = head(chain[0]);
    let state: boolean | undefined | 'unknown';
    if (COOKIE_NEW.test(rootHead)) state = false;
    else {
      // `let b = a.set_secure(true)` (biscotti returns the changed cookie): a's state, then the chain.
      const receiver = method(chain[0])?.receiver;
      if (receiver?.type !== 'identifier') return 'unknown';
      state = stateAt(receiver.text, value, depth + 1);
      if (state === 'unknown') return 'unknown';
      return secureAfter(chain, state, values);
    }
    return secureAfter(chain.slice(1), state, values);
  };
  const stateAt = (name: string, use: SyntaxNode, depth = 0): boolean | undefined | 'unknown' => {
    let state = created(name, use, depth);
    if (state === 'unknown') return state;
    const scope = closest(use, values.dialect.functionTypes);
    for (const call of calls) {
      if (
        !scope ||
        call.startIndex < scope.startIndex ||
        call.endIndex > scope.endIndex ||
        call.startIndex >= use.startIndex
      )
        continue;
      const m = method(call);
      if (!m || m.receiver.text !== name || !/^(?:set_secure|set_partitioned)$/.test(m.name)) continue;
      const value = constantBool(args(call)[0], values);
      if (dominates(call, use))
        state = m.name === 'set_secure' ? value === true : value === true ? true : state;
      else if (m.name === 'set_secure' && value !== true) state = false;
    }
    return state;
  };
  for (const call of calls) {
    const m = method(call);
    if (!m || !/^(?:add|add_original|insert)$/.test(m.name)) continue;
    const arg = args(call)[0];
    if (!arg || (arg.type !== 'call_expression' && arg.type !== 'identifier')) continue;
    // `c.clone()`, `i.clone().set_path("/")`: the cookie variable at the root of the chain.
    const chain = arg.type === 'call_expression' ? chainFrom(arg) : [];
    const root = chain.length > 0 ? method(chain[0])?.receiver : arg;
    let state: boolean | undefined | 'unknown';
    if (root?.type === 'identifier') {
      state = stateAt(root.text, call);
      if (state !== 'unknown') state = secureAfter(chain, state, values);
    } else if (chain.length > 0 && /(?:^|::)\w*Cookie::parse(?:_encoded)?$/.test(head(chain[0]))) {
      const text = args(chain[0])[0];
      state = text?.type === 'string_literal' ? /;\s*Secure\b/i.test(text.text) : 'unknown';
    } else continue;
    if (state === 'unknown' || state === true) continue;
    context.findings.report(call, 'codewright/insecure-cookie', {
      message: 'Cookie added without the Secure flag always set: the browser also sends it over plain HTTP.',
    });
  }
}

/**
 * Session middleware configured with a cookie configuration that never sets `secure(true)`
 * (poem `ServerSession::new(CookieConfig::new(), store)`).
 */
function checkCookieConfigs(context: AnalysisContext, calls: readonly SyntaxNode[]): void {
  for (const call of calls) {
    if (!/(?:^|::)\w*Session::new$/.test(head(call))) continue;
    const config = args(call)[0];
    const bindings = config?.type === 'identifier' ? context.values.bindingsBefore(config.text, config) : [];
    const value = bindings.length === 1 ? bindings[0].value : config;
    if (value?.type !== 'call_expression') continue;
    const chain = chainFrom(value);
    if (!/(?:^|::)CookieConfig::(?:new|default|signed|private)$/.test(head(chain[0]))) continue;
    if (secureAfter(chain.slice(1), false, context.values) === true) continue;
    context.findings.report(call, 'codewright/insecure-cookie', {
      message: 'Session cookie configured without `secure(true)`: the browser also sends it over plain HTTP.',
    });
  }
}

// --- Constant keys, IVs, nonces, salts and passwords ---------------------------------------------

/** Cryptographic types whose constructor takes a key or IV (RustCrypto, aes-gcm, chacha20poly1305, hmac). */
const CIPHER_TYPE =
  /^(?:Aes\w*|Rabbit\w*|ChaCha\w*|XChaCha\w*|Salsa\w*|Encryptor|Decryptor|\w*Gcm\w*|\w*Siv\w*|\w*Ccm\w*|Des|Tdes\w*|Rc\d\w*|Hmac\w*|Blowfish\w*|Camellia\w*|Sm4|Twofish|Serpent|Poly1305|Cipher)$/;
const KEY_MATERIAL =
  /(?:^|::)(?:Key|Iv|Nonce|Tag|Salt|GenericArray)(?:::<[^>]*>)?::(?:from_slice|from|clone_from_slice)$/;
/** Parameter names of the file's own functions that take key material: bytes for keys, any type for passwords. */
const KEY_PARAMETER = /^(?:\w+_)?(?:key|iv|nonce|salt)(?:_\w+)?$/;
const PASSWORD_PARAMETER = /^(?:\w+_)?(?:password|passphrase|secret)(?:_\w+)?$/;
/** Conversions that keep the value: `k.into()`, `s.as_bytes()`, `v.try_into().unwrap()`. */
const SAME_VALUE =
  /^(?:into|as_ref|as_bytes|to_vec|to_string|to_owned|clone|unwrap|try_into|as_slice|align_to|expect)$/;

/** Sinks of key material: `Key::from_slice(k)`, `Aes256::new(k.into())`, `cipher.encrypt(&nonce.into(), ..)`, own functions. */
function keyArguments(
  call: SyntaxNode,
  own: Map<string, SyntaxNode[]>,
): Array<{ arg: SyntaxNode; what: 'key' | 'password' }> {
  const text = head(call);
  const all = args(call);
  if (KEY_MATERIAL.test(text)) return all.map((arg) => ({ arg, what: 'key' }));
  const ctor =
    /(?:^|::)(\w+)(?:::<[^>]*>)?::(?:new|new_from_slice|new_from_slices|new_with_eff_key_len)$/.exec(text);
  if (ctor && CIPHER_TYPE.test(ctor[1])) return all.map((arg) => ({ arg, what: 'key' }));
  const m = method(call);
  if (
    m &&
    /^(?:encrypt|decrypt|encrypt_in_place|decrypt_in_place)$/.test(m.name) &&
    /cipher/i.test(m.receiver.text)
  )
    return all.slice(0, 1).map((arg) => ({ arg, what: 'key' }));
  // The file's own functions: parameters named for key material.
  const name = /(\w+)$/.exec(text)?.[1] ?? '';
  const typeName = /(\w+)::\w+$/.exec(text)?.[1];
  const candidates = (own.get(name) ?? []).filter(
    (fn) => !typeName || closest(fn, new Set(['impl_item']))?.childForFieldName('type')?.text === typeName,
  );
  if (candidates.length !== 1) return [];
  const params = namedChildren(candidates[0].childForFieldName('parameters') ?? candidates[0]).filter(
    (p) => p.type === 'parameter',
  );
  const out: Array<{ arg: SyntaxNode; what: 'key' | 'password' }> = [];
  params.forEach((param, i) => {
    const pname = param.childForFieldName('pattern')?.text ?? '';
    const ptype = param.childForFieldName('type')?.text ?? '';
    const arg = all[i];
    if (!arg) return;
    if (PASSWORD_PARAMETER.test(pname)) out.push({ arg, what: 'password' });
    // Keys, IVs and salts are bytes or integers; a `&str` named `primary_key` is not key material.
    else if (KEY_PARAMETER.test(pname) && /\bu8\b|\bu64\b|\bu128\b|GenericArray|Key|Nonce/.test(ptype))
      out.push({ arg, what: 'key' });
  });
  return out;
}

/**
 * Where a constant value a sink receives was written: the literal itself, or every assignment of
 * the variable (all constant: `let key = "foo".to_string(); key += "bar";`). Undefined when any
 * part is not constant.
 */
function constantOrigins(
  node: SyntaxNode | null | undefined,
  values: ValueClassifier,
  depth = 0,
): SyntaxNode[] | undefined {
  if (!node || depth > 8) return undefined;
  switch (node.type) {
    case 'string_literal':
    case 'raw_string_literal':
    case 'integer_literal':
    case 'byte_string_literal':
      return [node];
    case 'array_expression': {
      const parts = namedChildren(node).filter(
        (c) => c.type !== 'integer_literal' || c.id !== node.childForFieldName('length')?.id,
      );
      return parts.length > 0 && parts.every((p) => p.type === 'integer_literal') ? [node] : undefined;
    }
    case 'reference_expression':
    case 'parenthesized_expression':
      return constantOrigins(node.childForFieldName('value') ?? namedChildren(node)[0], values, depth + 1);
    case 'unsafe_block':
    case 'block': {
      const last = namedChildren(node).at(-1);
      return constantOrigins(last?.type === 'block' ? last : last, values, depth + 1);
    }
    case 'field_expression':
      return constantOrigins(node.childForFieldName('value'), values, depth + 1);
    case 'call_expression': {
      if (/(?:^|::)mem::zeroed$/.test(head(node))) return [node];
      const m = method(node);
      if (m && SAME_VALUE.test(m.name)) return constantOrigins(m.receiver, values, depth + 1);
      if (KEY_MATERIAL.test(head(node))) return constantOrigins(args(node)[0], values, depth + 1);
      return undefined;
    }
    case 'generic_function':
      return undefined;
    case 'identifier': {
      const bindings = values.bindingsBefore(node.text, node);
      if (bindings.length === 0) return undefined;
      const out: SyntaxNode[] = [];
      for (const binding of bindings) {
        const value = binding.value;
        const origins = value ? constantOrigins(value, values, depth + 1) : undefined;
        if (!value || !origins) return undefined;
        // A literal in the assigned value is written here; a value copied from another variable
        // (`let k = Key::from_slice(bytes)`) was written where that variable was.
        for (const origin of origins)
          out.push(
            origin.startIndex >= value.startIndex && origin.endIndex <= value.endIndex
              ? (value.parent ?? value)
              : origin,
          );
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** Inside a `#[test]` function or a `#[cfg(test)]` module: fixtures, not the program's keys. */
function inTestCode(node: SyntaxNode): boolean {
  for (let item = node.parent; item; item = item.parent) {
    if (item.type !== 'function_item' && item.type !== 'mod_item') continue;
    for (
      let attr = item.previousNamedSibling;
      attr?.type === 'attribute_item';
      attr = attr.previousNamedSibling
    )
      if (/^#\[(?:(?:tokio::|async_std::)?test|cfg\(test\))\]$/.test(attr.text.replace(/\s+/g, '')))
        return true;
  }
  return false;
}

function checkConstantKeys(context: AnalysisContext, calls: readonly SyntaxNode[]): void {
  const own = new Map<string, SyntaxNode[]>();
  for (const fn of context.nodes('function_item')) {
    const name = fn.childForFieldName('name')?.text;
    if (name) own.set(name, [...(own.get(name) ?? []), fn]);
  }
  for (const call of calls) {
    if (inTestCode(call)) continue;
    for (const { arg, what } of keyArguments(call, own)) {
      const origins = constantOrigins(arg, context.values);
      if (!origins) continue;
      for (const origin of origins) {
        // A literal argument is reported at the call; an assigned one where it is written.
        const at =
          origin === arg || (arg.startIndex <= origin.startIndex && origin.endIndex <= arg.endIndex)
            ? call
            : origin;
        context.findings.report(at, 'codewright/hardcoded-secret', {
          severity: what === 'password' || /key/i.test(arg.text) ? 'high' : 'medium',
          message: `A constant ${what === 'password' ? 'password' : 'key, IV, nonce or salt'} reaches \`${head(call)}\`: anyone with the code has it.`,
          suggestion:
            'Generate keys and nonces at run time (OsRng, generate_key/generate_nonce) and load secrets from configuration or a secret store.',
        });
      }
    }
  }
}
