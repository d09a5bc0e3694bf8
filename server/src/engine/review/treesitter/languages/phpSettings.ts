// PHP calls read by their arguments: curl verification settings, digest algorithms and what a
// digest is used for. Kept apart from php.ts, which finds the calls.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { descendants, namedChildren } from '../syntax';
import type { ValueClassifier } from '../values';

/**
 * The value passed for a parameter: by its name (`curl_setopt($c, value: 0, option: ...)`, PHP 8
 * named arguments, in any order) or else at its position among the unnamed arguments.
 */
export function argument(args: SyntaxNode, position: number, name: string): SyntaxNode | undefined {
  const all = namedChildren(args).filter((a) => a.type === 'argument');
  const named = all.find((a) => a.childForFieldName('name')?.text === name);
  if (named) return namedChildren(named).at(-1);
  const unnamed = all.filter((a) => !a.childForFieldName('name'));
  const at = unnamed[position];
  return at ? namedChildren(at).at(-1) : undefined;
}

/**
 * Broken digests (practical collisions): MD2, MD4, MD5, SHA-1, RIPEMD-128 and 128-bit HAVAL,
 * named to `hash()`, `hash_file`, `hash_hmac`, `hash_init`, `hash_pbkdf2` (`algo`, first or by
 * name) or to `mhash` (an `MHASH_*` constant), or called as `md5`/`sha1`(`_file`).
 */
const BROKEN_DIGEST = /^(?:md2|md4|md5|sha-?1|ripemd128|haval128(?:,[345])?)$/i;

export function weakHashOf(fn: string, args: SyntaxNode): string | undefined {
  if (/^(?:md5|sha1)(?:_file)?$/.test(fn)) return fn.startsWith('md5') ? 'MD5' : 'SHA-1';
  const algo = /^(?:hash(?:_file|_hmac|_init|_pbkdf2)?|mhash)$/.test(fn)
    ? argument(args, 0, 'algo')
    : undefined;
  if (!algo) return undefined;
  const name =
    fn === 'mhash' ? /^MHASH_(\w+)$/.exec(algo.text)?.[1] : /^['"]([^'"$]+)['"]$/.exec(algo.text)?.[1];
  return name && BROKEN_DIGEST.test(name) ? name.toUpperCase() : undefined;
}

/**
 * A digest used as a lookup key, not as a security primitive: truncated (`substr(md5($x), 0, 8)`,
 * the digest being the string cut, as for a short ETag or identifier), or inside the key argument of
 * a cache or transient call (`wp_cache_get(md5($sql))`, `set_transient('k_' . sha1($q), ...)`).
 */
export function digestForLookup(call: SyntaxNode): boolean {
  let node = call;
  for (let parent = node.parent; parent; node = parent, parent = parent.parent) {
    if (parent.type === 'argument' && !parent.childForFieldName('name')) {
      const args = parent.parent;
      const outer = args?.parent;
      if (!args || outer?.type !== 'function_call_expression') return false;
      const name = outer.childForFieldName('function')?.text.toLowerCase() ?? '';
      const first = namedChildren(args)[0]?.id === parent.id;
      if (/^(?:mb_)?substr$/.test(name)) return first && node.id === call.id;
      return first && /cache|transient/.test(name);
    }
    // A digest concatenated into a key (`'k_' . md5($q)`) is still that key.
    if (
      parent.type !== 'binary_expression' &&
      parent.type !== 'parenthesized_expression' &&
      parent.type !== 'argument'
    )
      return false;
  }
  return false;
}

/**
 * CURLOPT_SSL_VERIFYPEER or CURLOPT_SSL_VERIFYHOST set off (`false`, `0`, `'0'`, `null`, or a
 * variable every assignment of which is one of those), also inside curl_setopt_array.
 */
export function disablesCurlVerification(argsNode: SyntaxNode, values: ValueClassifier): boolean {
  const verify = (key: SyntaxNode | undefined) => /^CURLOPT_SSL_VERIFY(?:PEER|HOST)$/.test(key?.text ?? '');
  const option = argument(argsNode, 1, 'option');
  if (verify(option)) return isOff(argument(argsNode, 2, 'value'), values);
  const options = argument(argsNode, 1, 'options') ?? argument(argsNode, 0, 'options');
  if (!options) return false;
  return descendants(options, 'array_element_initializer').some((el) => {
    const [key, value] = namedChildren(el);
    return verify(key) && isOff(value, values);
  });
}

/** A setting switched off: a false-like literal, or a variable only ever assigned one. */
function isOff(value: SyntaxNode | undefined, values: ValueClassifier, depth = 0): boolean {
  if (!value || depth > 3) return false;
  if (/^(?:false|0|null|(['"])0\1)$/i.test(value.text)) return true;
  const name = values.dialect.variableName(value);
  if (name === undefined) return false;
  const bound = values.bindingsBefore(name, value);
  return (
    bound.length > 0 && bound.every((b) => b.value && b.value !== value && isOff(b.value, values, depth + 1))
  );
}
