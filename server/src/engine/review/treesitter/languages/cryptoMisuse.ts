// API misuse that is not a data flow: weak cipher and hash names, non-cryptographic random
// generators, cookies without their security flags. Shared by the languages whose crypto APIs take
// the algorithm as a string (Java's JCA `Cipher.getInstance("DES/CBC/PKCS5Padding")`, .NET's
// `CryptoConfig.CreateFromName`) and whose cookies are objects with flag setters.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest } from '../syntax';
import type { ValueClassifier } from '../values';

/** Ciphers broken or too small for today: DES (56-bit), 3DES (64-bit blocks, Sweet32), RC2/RC4, Blowfish. */
const WEAK_CIPHER = /^(?:DES|DESede|TripleDES|3DES|DES3|RC2|RC4|ARCFOUR|ARC4|Blowfish|RC5|IDEA)$/i;

/**
 * Why a JCA transformation (`ALG`, `ALG/MODE/PADDING`) is weak, or undefined when it is not.
 * A bare block cipher name means ECB (the provider default); ECB leaks equal plaintext blocks.
 * `forCipher` is false for key generators and factories, which name an algorithm, not a mode.
 */
export function weakTransformation(transformation: string, forCipher: boolean): string | undefined {
  const [algorithm = '', mode, padding] = transformation.trim().split('/');
  if (WEAK_CIPHER.test(algorithm)) return `${algorithm} is a weak cipher`;
  if (!forCipher || /^RSA$/i.test(algorithm)) {
    return /^RSA$/i.test(algorithm) && /^NoPadding$/i.test(padding ?? '')
      ? 'RSA without padding is deterministic and malleable'
      : undefined;
  }
  if (/^ECB$/i.test(mode ?? '')) return `${algorithm} in ECB mode leaks patterns of the plaintext`;
  if (mode === undefined && /^AES$/i.test(algorithm))
    return 'AES without a mode defaults to ECB, which leaks patterns of the plaintext';
  return undefined;
}

/** MD2/MD4/MD5/SHA-1 under the spellings providers accept ("SHA1", "SHA-1", "SHA"). */
export const WEAK_HASH_NAME = /^(?:MD2|MD4|MD5|SHA-?1|SHA)$/i;

/**
 * The string values a node may hold: a literal, or a local whose every reaching assignment is a
 * literal. Undefined when any of them is not constant (configuration, parameters, input): an
 * algorithm read from a properties file is not guessed from its default.
 */
export function possibleStrings(
  node: SyntaxNode | null | undefined,
  values: ValueClassifier,
): string[] | undefined {
  if (!node) return undefined;
  const { dialect } = values;
  if (dialect.stringTypes.has(node.type)) {
    const text = dialect.literalValue(node);
    return text === undefined ? undefined : [text];
  }
  if (node.type === 'parenthesized_expression') return possibleStrings(node.namedChildren[0], values);
  const name = dialect.variableName(node);
  if (name === undefined) return undefined;
  const bindings = values.bindingsBefore(name, node);
  if (bindings.length === 0 || bindings.some((b) => b.append || !b.value)) return undefined;
  const out: string[] = [];
  for (const binding of bindings) {
    if (!binding.value || !dialect.stringTypes.has(binding.value.type)) return undefined;
    const text = dialect.literalValue(binding.value);
    if (text === undefined) return undefined;
    out.push(text);
  }
  return out;
}

/** Names that say a random value guards something: tokens, keys, passwords, session or cookie ids. */
const SECRET_USE =
  /token|secret|passw|pwd|key|salt|nonce|session|cookie|otp|csrf|auth|\biv\b|remember|credential/i;

const STATEMENTS = /(?:statement|declaration|assignment)$/;

/**
 * Reports a non-cryptographic random generator; high when its statement or function names a secret,
 * `otherwise` elsewhere (Go reports math/rand low there: simulations and jitter are its normal use).
 */
export function reportInsecureRandom(
  context: AnalysisContext,
  node: SyntaxNode,
  generator: string,
  otherwise: 'low' | 'medium' = 'medium',
): void {
  let statement: SyntaxNode = node;
  while (statement.parent && !STATEMENTS.test(statement.type)) statement = statement.parent;
  const fn = closest(node, context.values.dialect.functionTypes);
  const name = fn?.childForFieldName('name')?.text ?? '';
  // What the statement does with the value, not what the generator is given: `prng :=
  // rand.New(rand.NewPCG(key.seed, 0))` seeds a generator from a cache key's field.
  const used = statement.text.replace(node.text, generator);
  const secret = SECRET_USE.test(`${used.slice(0, 300)} ${name}`);
  context.findings.report(node, 'codewright/insecure-random', {
    severity: secret ? 'high' : otherwise,
    message: secret
      ? `${generator} is predictable and produces a value used as a secret.`
      : `${generator} is predictable; do not use it for anything security-related.`,
  });
}
