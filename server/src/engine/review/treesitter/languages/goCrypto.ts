// Go cryptography misuse, the API checks gosec also makes: broken ciphers (DES, 3DES, RC4,
// Blowfish), MD4/RIPEMD-160 digests, math/rand (not a cryptographic generator) and IVs or nonces that
// are constants. The import table decides what a package name means, so `mrand "math/rand"` is
// math/rand and `rand` from crypto/rand is not.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, contains, descendants, namedChildren, unquote } from '../syntax';
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

/**
 * Stream and block modes taking (block, iv) that encrypt, and AEAD Seal taking (dst, nonce, ...).
 * Decryption (NewCBCDecrypter, NewCFBDecrypter, Open) must use whatever IV the data was encrypted
 * with: a constant there is reported where the data is encrypted, not where it is read back. CTR
 * and OFB are the same call both ways, so they count.
 */
const IV_MODES = /^(?:NewCBCEncrypter|NewCFBEncrypter|NewCTR|NewOFB)$/;

export function reportGoCrypto(context: AnalysisContext, calls: SyntaxNode[]): void {
  const imports = goImports(context.root);
  for (const call of calls) {
    const fn = call.childForFieldName('function');
    // `f := cipher.NewCTR` (or NewOFB on another branch); `f(block, iv)`.
    if (fn?.type === 'identifier' && ivModeVariable(context, fn, imports)) {
      const args = namedChildren(call.childForFieldName('arguments') ?? call);
      if (constantBytes(context, args[1])) reportStaticIv(context, call, 'IV');
      continue;
    }
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
    if (method === 'Seal' && args.length === 4 && imports.has('cipher'))
      if (constantBytes(context, args[1])) reportStaticIv(context, call, 'nonce');
  }
}

/** A variable every assignment of which is one of crypto/cipher's IV modes. */
function ivModeVariable(context: AnalysisContext, fn: SyntaxNode, imports: Map<string, string>): boolean {
  // `var f func(cipher.Block, []byte) cipher.Stream` declares a nil function: only the assignments count.
  const held = context.values.bindingsBefore(fn.text, fn).filter((b) => b.value !== null);
  return (
    held.length > 0 &&
    held.every((b) => {
      const value = b.value;
      if (value?.type !== 'selector_expression') return false;
      const object = value.childForFieldName('operand')?.text ?? '';
      const path = imports.get(object) ?? (imports.size === 0 ? snippetPackage(object, '') : undefined);
      return path === 'crypto/cipher' && IV_MODES.test(value.childForFieldName('field')?.text ?? '');
    })
  );
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
 * Bytes fixed at compile time: a literal, `[]byte("...")`, `[]byte{1, 2}`, a zeroed `make` or
 * array, or a variable only ever set to such bytes that nothing may have written into before the
 * use (see `mayBeWritten`); a parameter when every call of its function in the file passes such
 * bytes.
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
    // make([]byte, n): zeros, unless written in place (checked for the variable holding it).
    if (callee?.text === 'make') return true;
    // func() []byte { return []byte{...} }(): what it returns.
    if (callee?.type === 'func_literal') {
      const returns = descendants(callee, ['return_statement']).map((r) => firstResult(r));
      return returns.length > 0 && returns.every((r) => constantBytes(context, r, depth + 1));
    }
  }
  if (node.type !== 'identifier') return values.kind(node) === 'constant';
  const fn = closest(node, values.dialect.functionTypes);
  const bindings = values.bindingsBefore(node.text, node);
  const constant =
    bindings.length > 0
      ? bindings.every((b) => b.value !== null && constantBytes(context, b.value, depth + 1))
      : constantParameter(context, node, fn, depth);
  return constant && !mayBeWritten(context, node.text, node, depth);
}

/** The first value a `return` gives (`return []byte{...}, nil`). */
function firstResult(ret: SyntaxNode): SyntaxNode | undefined {
  const list = namedChildren(ret)[0];
  return list?.type === 'expression_list' ? namedChildren(list)[0] : list;
}

/**
 * Calls that only read the byte slices they are given: the cipher constructors and modes themselves,
 * printing, encoding to text, comparing, hashing. Any other call that receives the buffer (or a
 * slice, alias or pointer of it) may fill it — `rand.Read(iv)`, `io.ReadFull(r, iv)`,
 * `binary.BigEndian.PutUint64(nonce[4:], n)`, a helper `fillRandom(iv)` — and then its bytes are not
 * known.
 */
const READS_ONLY =
  /^(?:len|cap|append|string|print|println|(?:\w+\.)*(?:New\w*|Seal|Open|Print\w*|Sprint\w*|Fprint\w*|Errorf|Fatal\w*|Panic\w*|EncodeToString|Equal|Compare|ConstantTimeCompare|Sum\w*|Write|WriteString|Contains|HasPrefix|Index))$/;

/** Nodes that hand on the same bytes: `iv[4:]`, `(iv)`, `&iv`, `*p`. */
const SAME_BYTES = new Set(['slice_expression', 'parenthesized_expression', 'unary_expression']);

/**
 * True when something before `use` may have written into the bytes `name` holds: a call other than
 * a read-only one receiving them, an element write of a non-constant value (`iv[i] = byte(n)`), the
 * bytes stored in a struct, or any of that through an alias (`p := &iv`, `head := buf[:16]`). A local
 * is looked at in its function before the use; a package-level variable in the whole file (an
 * `init` function may fill it), and in the use's own function before the use.
 */
function mayBeWritten(context: AnalysisContext, name: string, use: SyntaxNode, depth: number): boolean {
  const functions = context.values.dialect.functionTypes;
  const fn = closest(use, functions);
  const scope = fn && isLocal(context, name, use) ? fn : context.root;
  const sink = closest(use, new Set(['call_expression']));
  const counts = (occurrence: SyntaxNode) => {
    if (sink && occurrence.startIndex >= sink.startIndex && occurrence.endIndex <= sink.endIndex)
      return false;
    // In the use's own function only what runs before it; elsewhere (a global) anything.
    const owner = closest(occurrence, functions);
    return owner?.id !== fn?.id || occurrence.startIndex < use.startIndex;
  };
  for (const occurrence of descendants(scope, ['identifier'])) {
    if (occurrence.text !== name || occurrence.id === use.id || !counts(occurrence)) continue;
    if (writes(context, occurrence, depth)) return true;
  }
  return false;
}

/** The name is the function's own: a parameter of it or bound in it (not a package-level variable). */
function isLocal(context: AnalysisContext, name: string, use: SyntaxNode): boolean {
  const fn = closest(use, context.values.dialect.functionTypes);
  if (!fn) return false;
  if (parameterNames(fn).includes(name)) return true;
  return context.values
    .bindingsAnywhere(name)
    .some((site) => site.at >= fn.startIndex && site.end <= fn.endIndex);
}

function parameterNames(fn: SyntaxNode): string[] {
  return descendants(fn.childForFieldName('parameters') ?? fn, ['parameter_declaration']).flatMap((p) =>
    p.childrenForFieldName('name').map((n) => n?.text ?? ''),
  );
}

/** Same-file functions being looked into, so that recursion ends. */
const visiting = new Set<number>();

/**
 * Whether the same-file function `callee` may write into its parameter at `index` (what a call
 * `fill(iv)` does to `iv`): the same question asked of its body. Undefined when `callee` is not a
 * function of the file.
 */
function calleeWrites(
  context: AnalysisContext,
  callee: string,
  index: number,
  depth: number,
): boolean | undefined {
  const declaration = context
    .nodes('function_declaration')
    .find((f) => f.childForFieldName('name')?.text === callee);
  if (!declaration) return undefined;
  const name = parameterNames(declaration)[index];
  const body = declaration.childForFieldName('body');
  if (!name || !body || visiting.has(declaration.id)) return false;
  visiting.add(declaration.id);
  try {
    return descendants(body, ['identifier']).some((m) => m.text === name && writes(context, m, depth + 1));
  } finally {
    visiting.delete(declaration.id);
  }
}

/** True when this mention of a buffer may write into it (see `mayBeWritten`). */
function writes(context: AnalysisContext, mention: SyntaxNode, depth: number): boolean {
  let expr = mention;
  while (expr.parent && SAME_BYTES.has(expr.parent.type)) {
    // `&iv`, `*p`, `iv[4:]`, `(iv)`: the operand; `-x` and `!x` are no buffers.
    if (expr.parent.type === 'unary_expression' && !/^[&*]/.test(expr.parent.text)) break;
    expr = expr.parent;
  }
  const parent = expr.parent;
  if (!parent) return false;
  // Handed to a call: `rand.Read(iv)`; `copy(iv, src)` writes src's bytes.
  if (parent.type === 'argument_list') {
    const call = parent.parent!;
    const callee = call.childForFieldName('function')?.text ?? '';
    const args = namedChildren(parent);
    if (callee === 'copy') return args[0]?.id === expr.id && !constantBytes(context, args[1], depth + 1);
    if (READS_ONLY.test(callee.replace(/\s+/g, ''))) return false;
    // A helper of this file (`fill(iv)`): what its body does with that parameter.
    const helper =
      depth < 3
        ? calleeWrites(
            context,
            callee,
            args.findIndex((a) => a.id === expr.id),
            depth,
          )
        : undefined;
    return helper ?? true;
  }
  // `iv[i] = v`: an element write; a constant keeps the bytes known.
  if (parent.type === 'index_expression' && parent.childForFieldName('operand')?.id === expr.id) {
    const target = parent.parent?.type === 'expression_list' ? parent.parent.parent : parent.parent;
    const targets = target?.type === 'assignment_statement' ? target.childForFieldName('left') : null;
    if (target && targets && contains(targets, parent)) {
      const left = namedChildren(target.childForFieldName('left')!);
      const right = namedChildren(target.childForFieldName('right') ?? target);
      const value = right[left.findIndex((l) => l.id === parent.id)];
      return context.values.kind(value) !== 'constant';
    }
    return false;
  }
  // `e := &enc{iv: iv}`, `s.iv = iv`: stored where other code may fill it.
  if (parent.type === 'literal_element' || parent.type === 'keyed_element') return true;
  // `alias := iv`, `p := &iv`, `head := buf[:16]`: a write through the alias is a write.
  const binding = parent.type === 'expression_list' ? parent.parent : undefined;
  if (binding && /^(?:short_var_declaration|assignment_statement|var_spec)$/.test(binding.type)) {
    const right = binding.childForFieldName('right') ?? binding.childForFieldName('value');
    if (!right || !contains(right, expr)) return false;
    const index = namedChildren(right).findIndex((r) => r.id === expr.id);
    const left = namedChildren(binding.childForFieldName('left') ?? binding).filter(
      (n) => n.type !== 'type_identifier',
    );
    const names = binding.type === 'var_spec' ? binding.childrenForFieldName('name') : left;
    const alias = names[index];
    if (!alias) return false;
    if (alias.type !== 'identifier') return true; // `s.iv = iv`
    return depth < 3 && mayBeWrittenAfter(context, alias, depth + 1);
  }
  return false;
}

/** Writes through an alias: its mentions after it was bound, in the same function. */
function mayBeWrittenAfter(context: AnalysisContext, alias: SyntaxNode, depth: number): boolean {
  const fn = closest(alias, context.values.dialect.functionTypes) ?? context.root;
  return descendants(fn, ['identifier']).some(
    (m) => m.text === alias.text && m.startIndex > alias.endIndex && writes(context, m, depth),
  );
}

function constantParameter(
  context: AnalysisContext,
  node: SyntaxNode,
  fn: SyntaxNode | null | undefined,
  depth: number,
): boolean {
  const name = fn?.type === 'function_declaration' ? fn.childForFieldName('name')?.text : undefined;
  if (!fn || !name) return false;
  const index = parameterNames(fn).indexOf(node.text);
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
