// Go cryptography misuse, the API checks gosec also makes: broken ciphers (DES, 3DES, RC4,
// Blowfish), MD4/RIPEMD-160 digests, math/rand (not a cryptographic generator) and IVs or nonces that
// are constants. The import table decides what a package name means, so `mrand "math/rand"` is
// math/rand and `rand` from crypto/rand is not.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants, namedChildren, unquote } from '../syntax';
import { reportWeakHash } from './common';
import { reportInsecureRandom } from './cryptoMisuse';

/** Local package name → import path, from the file's import declarations. */
export function goImports(root: SyntaxNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const spec of descendants(root, ['import_spec'])) {
    const path = unquote(spec.childForFieldName('path')?.text ?? '');
    const alias = spec.childForFieldName('name')?.text;
    if (alias === '_' || alias === '.') continue;
    // math/rand/v2 is used as `rand`: the last element that is not a major version.
    const last = path
      .split('/')
      .filter((part) => !/^v\d+$/.test(part))
      .at(-1);
    if (last) out.set(alias ?? last, path);
  }
  return out;
}

const WEAK_CIPHERS: Record<string, Record<string, string>> = {
  'crypto/des': { NewCipher: 'DES', NewTripleDESCipher: '3DES' },
  'crypto/rc4': { NewCipher: 'RC4' },
  'golang.org/x/crypto/blowfish': { NewCipher: 'Blowfish', NewSaltedCipher: 'Blowfish' },
};

const WEAK_DIGESTS: Record<string, string> = {
  'crypto/md5': 'MD5',
  'crypto/sha1': 'SHA-1',
  'golang.org/x/crypto/md4': 'MD4',
  'golang.org/x/crypto/ripemd160': 'RIPEMD-160',
};

/** math/rand functions that produce values (Seed and the Source types only configure them). */
const RANDOM_VALUES =
  /^(?:Int|Intn|IntN|Int31|Int31n|Int32|Int32N|Int63|Int63n|Int64|Int64N|Uint|UintN|Uint32|Uint32N|Uint64|Uint64N|Float32|Float64|ExpFloat64|NormFloat64|Perm|Shuffle|Read|N|New)$/;

/** Stream and block modes taking (block, iv), and AEAD Seal/Open taking (dst, nonce, ...). */
const IV_MODES = /^(?:NewCBCEncrypter|NewCBCDecrypter|NewCFBEncrypter|NewCFBDecrypter|NewCTR|NewOFB)$/;

export function reportGoCrypto(context: AnalysisContext, calls: SyntaxNode[]): void {
  const imports = goImports(context.root);
  for (const call of calls) {
    const fn = call.childForFieldName('function');
    if (fn?.type !== 'selector_expression') continue;
    const object = fn.childForFieldName('operand')?.text ?? '';
    const method = fn.childForFieldName('field')?.text ?? '';
    const path = imports.get(object) ?? (imports.size === 0 ? snippetPackage(object, method) : undefined);
    const args = namedChildren(call.childForFieldName('arguments') ?? call);
    const cipher = path ? WEAK_CIPHERS[path]?.[method] : undefined;
    if (cipher)
      context.findings.report(call, 'codewright/weak-cipher', {
        message: `${cipher} is a broken cipher: its key or keystream can be recovered.`,
      });
    const digest = path ? WEAK_DIGESTS[path] : undefined;
    if (digest && /^(?:New|Sum)$/.test(method)) reportWeakHash(context, call, digest);
    if ((path === 'math/rand' || path === 'math/rand/v2') && RANDOM_VALUES.test(method))
      reportInsecureRandom(context, call, `math/rand's \`${object}.${method}\``, 'low');
    if (path === 'crypto/cipher' && IV_MODES.test(method) && constantBytes(context, args[1]))
      reportStaticIv(context, call, 'IV');
    if (/^(?:Seal|Open)$/.test(method) && args.length === 4 && imports.has('cipher'))
      if (constantBytes(context, args[1])) reportStaticIv(context, call, 'nonce');
  }
}

/**
 * A file without import declarations is a pasted snippet (Go code that compiles imports what it
 * uses): the usual package names are taken for the standard packages. `rand.Read`/`rand.Int` exist
 * in crypto/rand too, so only math/rand's own functions count as math/rand.
 */
function snippetPackage(object: string, method: string): string | undefined {
  if (object === 'rand') return /^(?:Read|Int|Prime|Reader)$/.test(method) ? undefined : 'math/rand';
  return {
    md5: 'crypto/md5',
    sha1: 'crypto/sha1',
    des: 'crypto/des',
    rc4: 'crypto/rc4',
    cipher: 'crypto/cipher',
  }[object];
}

function reportStaticIv(context: AnalysisContext, call: SyntaxNode, what: string): void {
  context.findings.report(call, 'codewright/weak-cipher', {
    message: `The ${what} is a constant: every message is encrypted with the same ${what}, which leaks plaintext.`,
    suggestion: `Generate a fresh random ${what} for every message (crypto/rand) and send it with the ciphertext.`,
  });
}

/**
 * Bytes fixed at compile time: a literal, `[]byte("...")`, `[]byte{1, 2}`, or a variable only ever
 * set to one and never filled in place (`rand.Read(iv)`, `io.ReadFull(r, iv)`); a parameter when
 * every call of its function in the file passes such bytes.
 */
function constantBytes(context: AnalysisContext, node: SyntaxNode | null | undefined, depth = 0): boolean {
  if (!node || depth > 3) return false;
  const { values } = context;
  if (node.type === 'type_conversion_expression')
    return constantBytes(context, node.childForFieldName('operand'), depth);
  // `k[32:]`, `(iv)`: the bytes of the sliced value.
  if (node.type === 'slice_expression' || node.type === 'parenthesized_expression')
    return constantBytes(context, node.childForFieldName('operand') ?? namedChildren(node)[0], depth);
  if (node.type === 'call_expression') {
    const callee = node.childForFieldName('function');
    // make([]byte, n): zeros, unless filled in place (checked for the variable holding it).
    if (callee?.text === 'make') return true;
    // func() []byte { return []byte{...} }(): what it returns.
    if (callee?.type === 'func_literal') {
      const returns = descendants(callee, ['return_statement']).map((r) => namedChildren(r)[0]);
      return returns.length > 0 && returns.every((r) => constantBytes(context, r, depth + 1));
    }
  }
  if (node.type !== 'identifier') return values.kind(node) === 'constant';
  const fn = closest(node, values.dialect.functionTypes);
  const filled = new RegExp(String.raw`\b(?:Read|ReadFull|Copy|copy)\([^)]*\b${node.text}\b`);
  if (fn && filled.test(fn.text.slice(0, node.startIndex - fn.startIndex))) return false;
  const bindings = values.bindingsBefore(node.text, node);
  if (bindings.length > 0)
    return bindings.every((b) => b.value !== null && constantBytes(context, b.value, depth + 1));
  return constantParameter(context, node, fn, depth);
}

function constantParameter(
  context: AnalysisContext,
  node: SyntaxNode,
  fn: SyntaxNode | null | undefined,
  depth: number,
): boolean {
  const name = fn?.type === 'function_declaration' ? fn.childForFieldName('name')?.text : undefined;
  if (!fn || !name) return false;
  const names = descendants(fn.childForFieldName('parameters') ?? fn, ['parameter_declaration']).flatMap(
    (p) => p.childrenForFieldName('name').map((n) => n?.text),
  );
  const index = names.indexOf(node.text);
  if (index < 0) return false;
  const calls = context
    .nodes('call_expression')
    .filter(
      (c) =>
        c.childForFieldName('function')?.text === name &&
        !(c.startIndex > fn.startIndex && c.endIndex < fn.endIndex),
    );
  return (
    calls.length > 0 &&
    calls.every((c) =>
      constantBytes(context, namedChildren(c.childForFieldName('arguments') ?? c)[index], depth + 1),
    )
  );
}
