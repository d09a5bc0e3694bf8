// Constant keys, IVs, nonces, salts and passwords handed to Rust cryptographic APIs.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, namedChildren } from '../syntax';
import type { ValueClassifier } from '../values';
import { args, head, method } from './rustCalls';

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

export function checkConstantKeys(context: AnalysisContext, calls: readonly SyntaxNode[]): void {
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
