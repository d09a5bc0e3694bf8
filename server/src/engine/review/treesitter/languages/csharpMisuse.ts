// C# crypto and cookie API misuse: the DES/TripleDES/RC2 providers and ECB mode, System.Random,
// and HttpCookie objects whose Secure/HttpOnly flag is off or never set. Like javaMisuse.ts, these
// are checked by type name and constant value, not by the taint engine.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants } from '../syntax';
import { reportInsecureRandom } from './cryptoMisuse';

/** .NET's symmetric algorithms that are weak whatever their key: DES, 3DES, RC2. */
const WEAK_PROVIDER =
  /^(?:System\.Security\.Cryptography\.)?(DES|TripleDES|RC2)(?:CryptoServiceProvider|Cng)?$/;
const COOKIE = /^(?:System\.Web\.)?HttpCookie$/;

export function checkCsharpMisuse(context: AnalysisContext): void {
  const { findings } = context;
  for (const creation of context.nodes('object_creation_expression')) {
    const type = creation.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '';
    const weak = WEAK_PROVIDER.exec(type)?.[1];
    if (weak) findings.report(creation, 'codewright/weak-cipher', { message: `${weak} is a weak cipher.` });
    if (/^(?:System\.)?Random$/.test(type)) reportInsecureRandom(context, creation, 'System.Random');
    if (COOKIE.test(type) && cookieWithoutSecure(context, creation))
      findings.report(creation, 'codewright/insecure-cookie');
  }
  for (const call of context.nodes('invocation_expression')) {
    const fn = call.childForFieldName('function')?.text.replace(/\s+/g, '') ?? '';
    const weak = /^(?:System\.Security\.Cryptography\.)?(DES|TripleDES|RC2)\.Create$/.exec(fn)?.[1];
    if (weak) findings.report(call, 'codewright/weak-cipher', { message: `${weak} is a weak cipher.` });
  }
  for (const assignment of context.nodes('assignment_expression')) {
    const left = assignment.childForFieldName('left')?.text ?? '';
    const right = assignment.childForFieldName('right')?.text.replace(/\s+/g, '') ?? '';
    if (/(?:^|\.)Mode$/.test(left) && /(?:^|\.)CipherMode\.ECB$/.test(right))
      findings.report(assignment, 'codewright/weak-cipher', {
        message: 'ECB mode encrypts equal blocks to equal ciphertext, leaking patterns of the plaintext.',
      });
    if (/(?:^|\.)(?:Secure|HttpOnly)$/.test(left) && right === 'false' && isCookieFlag(context, assignment))
      findings.report(assignment, 'codewright/insecure-cookie', {
        message: `Cookie with ${left.replace(/^.*\./, '')} turned off.`,
      });
  }
}

/** `cookie.Secure = false` on a variable holding an HttpCookie (or in its object initializer). */
function isCookieFlag(context: AnalysisContext, assignment: SyntaxNode): boolean {
  const target = assignment.childForFieldName('left');
  if (target?.type !== 'member_access_expression') {
    const creation = closest(assignment, new Set(['object_creation_expression']));
    return COOKIE.test(creation?.childForFieldName('type')?.text ?? '');
  }
  const holder = target.childForFieldName('expression');
  if (holder?.type !== 'identifier') return false;
  return context.values
    .bindingsBefore(holder.text, assignment)
    .some(
      (b) =>
        b.value?.type === 'object_creation_expression' &&
        COOKIE.test(b.value.childForFieldName('type')?.text ?? ''),
    );
}

/**
 * `var c = new HttpCookie(...)` added to `Response.Cookies` in the same method without ever setting
 * `Secure` (in an initializer or by assignment). A cookie passed elsewhere may get it there.
 */
function cookieWithoutSecure(context: AnalysisContext, creation: SyntaxNode): boolean {
  if (/\bSecure\s*=/.test(creation.childForFieldName('initializer')?.text ?? '')) return false;
  const declarator = creation.parent?.type === 'variable_declarator' ? creation.parent : undefined;
  const variable = declarator?.childForFieldName('name')?.text ?? declarator?.namedChildren[0]?.text;
  const fn = closest(creation, context.values.dialect.functionTypes);
  if (!variable || !fn) return false;
  const setsSecure = descendants(fn, 'assignment_expression').some(
    (a) => a.childForFieldName('left')?.text === `${variable}.Secure`,
  );
  if (setsSecure) return false;
  return descendants(fn, 'invocation_expression').some((call) => {
    const callee = call.childForFieldName('function')?.text.replace(/\s+/g, '') ?? '';
    const args = call.childForFieldName('arguments')?.namedChildren ?? [];
    return /Cookies\.(?:Add|Set|Append)$/.test(callee) && args.some((a) => a?.text === variable);
  });
}
