// Java crypto and cookie API misuse: weak JCA algorithm names (Cipher, KeyGenerator,
// SecretKeyFactory, MessageDigest), java.util.Random / Math.random, and servlet cookies whose
// Secure/HttpOnly flag is off. None of these is a data flow: the algorithm or flag is a constant in
// the code, so they are checked by name and value, not by the taint engine.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants, namedChildren } from '../syntax';
import { reportWeakHash } from './common';
import { possibleStrings, reportInsecureRandom, WEAK_HASH_NAME, weakTransformation } from './cryptoMisuse';

const CIPHER_FACTORIES = /(?:^|\.)(Cipher|KeyGenerator|SecretKeyFactory)$/;

export function checkJavaMisuse(context: AnalysisContext): void {
  const { values, findings } = context;
  for (const call of context.nodes('method_invocation')) {
    const name = call.childForFieldName('name')?.text ?? '';
    const object = call.childForFieldName('object')?.text.replace(/\s+/g, '') ?? '';
    const args = namedChildren(call.childForFieldName('arguments') ?? call);
    if (name === 'getInstance') {
      const factory = CIPHER_FACTORIES.exec(object)?.[1];
      const names = possibleStrings(args[0], values) ?? [];
      if (factory) {
        const weak = names.map((n) => weakTransformation(n, factory === 'Cipher')).find((w) => w);
        if (weak) findings.report(call, 'codewright/weak-cipher', { message: `${weak}.` });
      } else if (/(?:^|\.)MessageDigest$/.test(object)) {
        const weak = names.find((n) => WEAK_HASH_NAME.test(n));
        if (weak) reportWeakHash(context, call, weak.toUpperCase());
      }
    } else if (name === 'random' && /^(?:java\.lang\.)?Math$/.test(object)) {
      reportInsecureRandom(context, call, 'Math.random()');
    } else if (/^set(?:Secure|HttpOnly)$/.test(name) && args[0]?.type === 'false') {
      findings.report(call, 'codewright/insecure-cookie', {
        message: `Cookie with ${name.slice(3)} turned off: ${
          name === 'setSecure' ? 'it is also sent over plain HTTP' : 'page scripts can read it'
        }.`,
      });
    }
  }
  for (const creation of context.nodes('object_creation_expression')) {
    const type = creation.childForFieldName('type')?.text ?? '';
    if (/^(?:java\.util\.)?Random$/.test(type)) reportInsecureRandom(context, creation, 'java.util.Random');
    if (/(?:^|\.)Cookie$/.test(type) && addedWithoutSecure(context, creation))
      findings.report(creation, 'codewright/insecure-cookie');
  }
}

/**
 * `Cookie c = new Cookie(...)` handed to `addCookie(c)` in the same method with no `c.setSecure(...)`
 * at all (an explicit `setSecure(false)` is reported at the call). A cookie passed elsewhere may get
 * its flags there, so only a local added here counts.
 */
function addedWithoutSecure(context: AnalysisContext, creation: SyntaxNode): boolean {
  const declarator = creation.parent;
  if (declarator?.type !== 'variable_declarator') return false;
  const variable = declarator.childForFieldName('name')?.text;
  const fn = closest(creation, context.values.dialect.functionTypes);
  if (!variable || !fn) return false;
  let added = false;
  for (const call of descendants(fn, 'method_invocation')) {
    const name = call.childForFieldName('name')?.text;
    const receiver = call.childForFieldName('object')?.text;
    const args = namedChildren(call.childForFieldName('arguments') ?? call);
    if (name === 'setSecure' && receiver === variable) return false;
    if (name === 'addCookie' && args.some((a) => a.text === variable)) added = true;
  }
  return added;
}
