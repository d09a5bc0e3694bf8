// C# crypto and cookie API misuse: the DES/TripleDES/RC2 providers and ECB mode, System.Random,
// and HttpCookie objects whose Secure/HttpOnly flag is off or never set. Like javaMisuse.ts, these
// are checked by type name and constant value, not by the taint engine.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants } from '../syntax';
import { inDeadBranch } from '../taint/constants';
import { reportInsecureRandom } from './cryptoMisuse';

/** .NET's symmetric algorithms that are weak whatever their key: DES, 3DES, RC2. */
const WEAK_PROVIDER =
  /^(?:System\.Security\.Cryptography\.)?(DES|TripleDES|RC2)(?:CryptoServiceProvider|Cng)?$/;
const COOKIE = /^(?:System\.Web\.)?HttpCookie$/;
/** Constructors and methods taking a password or key, and the position of that argument. */
const CREDENTIAL_ARGUMENT: ReadonlyArray<[RegExp, number, string]> = [
  [/(?:^|\.)NetworkCredential$/, 1, 'password'],
  [/(?:^|\.)(?:PasswordDeriveBytes|Rfc2898DeriveBytes)$/, 0, 'password'],
  [/\.(?:CreateEncryptor|CreateDecryptor)$/, 0, 'key'],
];
const CONNECTION = /(?:^|\.)(?:Sql|Npgsql|MySql|Oracle|OleDb|Odbc|Sqlite|SQLite)Connection$/;

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
  for (const call of [
    ...context.nodes('object_creation_expression'),
    ...context.nodes('invocation_expression'),
  ]) {
    checkHardCodedCredential(context, call);
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

/**
 * A password or key that is a string literal in the code: given to NetworkCredential, a key
 * derivation, CreateEncryptor, or spliced after `Password=` into a connection string. The value is
 * followed through locals (branches that can run) and Encoding.GetBytes.
 */
function checkHardCodedCredential(context: AnalysisContext, call: SyntaxNode): void {
  const head =
    (call.childForFieldName('type') ?? call.childForFieldName('function'))?.text.replace(/\s+/g, '') ?? '';
  const args = (call.childForFieldName('arguments')?.namedChildren ?? [])
    .filter((a): a is SyntaxNode => a !== null)
    .map((a) => (a.type === 'argument' ? (a.namedChildren.at(-1) ?? a) : a));
  for (const [pattern, index, what] of CREDENTIAL_ARGUMENT) {
    if (pattern.test(head) && args[index] && literalReaches(context, args[index], 0)) {
      context.findings.report(call, 'codewright/hardcoded-secret', {
        message: `A hard-coded ${what} reaches \`${head}\`.`,
      });
      return;
    }
  }
  if (!CONNECTION.test(head) || !args[0]) return;
  const parts = args[0].type === 'binary_expression' ? flatten(args[0]) : [args[0]];
  const at = parts.findIndex((p) => /password\s*=\s*"?$/i.test(literal(context, p) ?? ''));
  const inline = parts.some((p) => /password\s*=\s*[^;"\s]/i.test(literal(context, p) ?? ''));
  if (inline || (at >= 0 && parts[at + 1] && literalReaches(context, parts[at + 1], 0)))
    context.findings.report(call, 'codewright/hardcoded-secret', {
      message: 'A hard-coded password is part of the connection string.',
    });
}

function literal(context: AnalysisContext, node: SyntaxNode): string | undefined {
  return context.values.dialect.stringTypes.has(node.type)
    ? context.values.dialect.literalValue(node)
    : undefined;
}

function flatten(node: SyntaxNode): SyntaxNode[] {
  if (node.type !== 'binary_expression') return [node];
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  return [...(left ? flatten(left) : []), ...(right ? flatten(right) : [])];
}

/** True when a non-empty string literal can be the value of `node`. */
function literalReaches(context: AnalysisContext, node: SyntaxNode, depth: number): boolean {
  if (depth > 4) return false;
  const text = literal(context, node);
  if (text !== undefined) return text.trim().length > 0;
  if (node.type === 'invocation_expression') {
    const fn = node.childForFieldName('function')?.text ?? '';
    const inner = node.childForFieldName('arguments')?.namedChildren[0];
    const value = inner?.type === 'argument' ? inner.namedChildren.at(-1) : inner;
    return /(?:^|\.)GetBytes$/.test(fn) && !!value && literalReaches(context, value, depth + 1);
  }
  const name = context.values.dialect.variableName(node);
  if (name === undefined) return false;
  return context.values
    .bindingsBefore(name, node)
    .some(
      (b) =>
        !!b.value && !inDeadBranch(b.value, context.values) && literalReaches(context, b.value, depth + 1),
    );
}
