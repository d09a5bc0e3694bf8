// Rust API misuse that is not a data flow from input: certificate checks turned off (native-tls and
// reqwest `danger_accept_invalid_*`, rustls verifiers that accept every certificate), broken ciphers
// (the RustCrypto `des`/`rc2`/`rc4`/`rc5` crates, ECB mode, openssl `Cipher::des_*`), weak or fast
// hashes of passwords, cookies sent without the Secure flag (cookie, actix-web, biscotti,
// http-types) and constant keys, IVs, nonces, salts and passwords handed to cryptographic APIs.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants, namedChildren } from '../syntax';
import { args, constantBool, head, method } from './rustCalls';
import { checkCookieBuilder, checkCookieConfigs, checkCookieObjects } from './rustCookies';
import { checkConstantKeys } from './rustKeys';

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
