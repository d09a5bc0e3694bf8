// C and C++ (one grammar): system()/popen()/exec*("sh", "-c", ...) with non-constant commands,
// SQL built with sprintf or std::string + and passed to sqlite3/mysql/libpq, gets/strcpy/strcat/
// sprintf into fixed-size arrays and scanf("%s"), curl/OpenSSL verification off, MD5/SHA-1.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { matches, type AnalysisContext, type LanguageAnalyser } from '../analyser';
import { binaryOperands, closest, descendants, namedChildren, unquote } from '../syntax';
import type { Binding, Dialect, ValueClassifier, ValueKind } from '../values';
import { provablyFits, reportBufferSizes } from './cBufferSizes';
import {
  constantString,
  isBuiltSql,
  printfKind,
  reportTlsOff,
  reportWeakHash,
  shellCommandArgument,
} from './common';

const LITERALS = new Set([
  'string_literal',
  'raw_string_literal',
  'concatenated_string',
  'number_literal',
  'char_literal',
  'true',
  'false',
  'null',
  'nullptr',
]);
const PRINTF_INTO = new Set([
  'sprintf',
  'snprintf',
  'vsprintf',
  'vsnprintf',
  'strcpy',
  'strncpy',
  'strcat',
  'strncat',
  'strlcpy',
  'strlcat',
]);

function classify(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined {
  if (LITERALS.has(node.type)) return 'constant';
  switch (node.type) {
    case 'identifier':
      return /^[A-Z][A-Z0-9_]*$/.test(node.text) ? 'constant' : undefined; // macros and enum constants
    case 'binary_expression':
      return values.combine(binaryOperands(node));
    case 'parenthesized_expression':
      return values.kind(namedChildren(node)[0]);
    case 'argument_list':
      // The text a printf-style call writes into its destination (see `bindings`): everything after it.
      return printfKind(
        namedChildren(node)
          .slice(1)
          .filter((a) => a.type !== 'sizeof_expression'),
        values,
      );
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      // s.c_str(), s.data(), std::string(x), std::to_string(n): the text of their argument or object.
      if (
        fn?.type === 'field_expression' &&
        /^(?:c_str|data|str)$/.test(fn.childForFieldName('field')?.text ?? '')
      )
        return values.kind(fn.childForFieldName('argument'));
      if (fn && /^(?:std::)?(?:string|to_string)$/.test(fn.text))
        return values.combine(namedChildren(node.childForFieldName('arguments') ?? node));
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Declarations and assignments; `sprintf(buf, fmt, ...)`/`strcat(buf, x)` also "assign" to buf. */
function bindings(node: SyntaxNode): Binding[] {
  if (node.type === 'init_declarator') {
    const name = innermostName(node.childForFieldName('declarator'));
    return name ? [{ name, value: node.childForFieldName('value'), append: false }] : [];
  }
  if (node.type === 'call_expression') {
    const fn = node.childForFieldName('function')?.text ?? '';
    const args = namedChildren(node.childForFieldName('arguments') ?? node);
    if (!PRINTF_INTO.has(fn) || args[0]?.type !== 'identifier') return [];
    // The written text is made of everything after the destination (and size, for the n-variants).
    return [{ name: args[0].text, value: node.childForFieldName('arguments'), append: true }];
  }
  const left = node.childForFieldName('left');
  if (left?.type !== 'identifier') return [];
  return [
    {
      name: left.text,
      value: node.childForFieldName('right'),
      append: node.childForFieldName('operator')?.text === '+=',
    },
  ];
}

function innermostName(declarator: SyntaxNode | null): string | undefined {
  let node = declarator;
  // `(*fn)(char *)` wraps the name in a parenthesized declarator, which has no `declarator` field.
  while (node && node.type !== 'identifier')
    node =
      node.childForFieldName('declarator') ??
      (node.type === 'parenthesized_declarator' ? node.namedChildren[0] : null);
  return node?.text;
}

export const cppDialect: Dialect = {
  language: 'cpp',
  functionTypes: new Set(['function_definition']),
  loopTypes: new Set(['for_statement', 'for_range_loop', 'while_statement', 'do_statement']),
  stringTypes: new Set(['string_literal', 'raw_string_literal', 'concatenated_string']),
  bindingTypes: ['init_declarator', 'assignment_expression', 'call_expression'],
  bindings,
  variableName: (node) =>
    node.type === 'identifier' && !/^[A-Z][A-Z0-9_]*$/.test(node.text) ? node.text : undefined,
  literalValue: (node) =>
    node.type === 'concatenated_string'
      ? namedChildren(node)
          .map((c) => unquote(c.text))
          .join('')
      : unquote(node.text.replace(/^(?:u8|[uUL])/, '')),
  classify,
};

const CALLS = '(call_expression function: (_) @fn arguments: (argument_list) @args) @call';
const SQL_FUNCTIONS: Record<string, number> = {
  sqlite3_exec: 1,
  sqlite3_prepare: 1,
  sqlite3_prepare_v2: 1,
  sqlite3_prepare_v3: 1,
  mysql_query: 1,
  mysql_real_query: 1,
  PQexec: 1,
  PQprepare: 2,
  PQsendQuery: 1,
};

export const cppAnalyser: LanguageAnalyser = {
  dialect: cppDialect,
  nodeTypes: [],
  async analyse(context) {
    const { values, findings } = context;
    for (const match of await matches(context, CALLS)) {
      const call = match.get('call')!;
      const fn = match.get('fn')!.text.replace(/^(?:std)?::/, '');
      const args = namedChildren(match.get('args')!);
      if (
        (fn === 'system' || fn === 'popen' || fn === '_popen' || fn === '_wpopen') &&
        args[0] &&
        values.isNonConstant(args[0])
      ) {
        findings.report(call, 'codewright/command-injection', {
          message: `${fn}() runs a shell command built from non-constant data.`,
        });
      }
      if (/^exec[lv]p?e?$/.test(fn) && shellCommandArgument(args.slice(1), values))
        findings.report(call, 'codewright/command-injection');
      const sqlIndex = SQL_FUNCTIONS[fn];
      if (sqlIndex !== undefined && isBuiltSql(args[sqlIndex], values))
        findings.report(call, 'codewright/sql-injection');
      checkBuffers(context, call, fn, args);
      if (
        fn === 'curl_easy_setopt' &&
        /^CURLOPT_SSL_VERIFY(?:PEER|HOST)$/.test(args[1]?.text ?? '') &&
        /^(?:0L?|false|FALSE)$/.test(args[2]?.text ?? '')
      ) {
        reportTlsOff(context, call, context.values.dialect.functionTypes);
      }
      if (/^(?:SSL_CTX_set_verify|SSL_set_verify)$/.test(fn) && args[1]?.text === 'SSL_VERIFY_NONE')
        reportTlsOff(context, call, context.values.dialect.functionTypes);
      const hash = fn.match(/^(MD5|SHA1)(?:_Init)?$|^EVP_(md5|sha1)$/);
      if (hash) reportWeakHash(context, call, (hash[1] ?? hash[2])!.toUpperCase().replace('SHA1', 'SHA-1'));
      checkCryptoApi(context, call, fn, args);
    }
    reportBufferSizes(context);
  },
};

/** Windows CryptoAPI algorithm ids: MD2/MD4/MD5/SHA-1 hashes, DES/3DES/RC2/RC4 keys. */
const CALG_HASH = /^CALG_(MD2|MD4|MD5|SHA1?)$/;
const CALG_CIPHER = /^CALG_(DES|DESX|3DES|3DES_112|RC2|RC4|CYLINK_MEK)$/;

/** `CryptCreateHash(prov, CALG_MD5, ...)`, `CryptDeriveKey(prov, CALG_3DES, ...)`, `CryptGenKey(prov, CALG_RC4, ...)`. */
function checkCryptoApi(context: AnalysisContext, call: SyntaxNode, fn: string, args: SyntaxNode[]): void {
  const algorithm = args[1]?.text ?? '';
  const hash = fn === 'CryptCreateHash' ? CALG_HASH.exec(algorithm) : null;
  if (hash) reportWeakHash(context, call, hash[1] === 'SHA' ? 'SHA-1' : hash[1].replace('SHA1', 'SHA-1'));
  const cipher = /^Crypt(?:DeriveKey|GenKey)$/.test(fn) ? CALG_CIPHER.exec(algorithm) : null;
  if (cipher)
    context.findings.report(call, 'codewright/weak-cipher', {
      message: `${fn}() makes a ${cipher[1]} key: a broken or too small cipher.`,
    });
}

/** gets(); strcpy/strcat/sprintf into a local fixed-size array from non-literal data; scanf("%s"). */
function checkBuffers(context: AnalysisContext, call: SyntaxNode, fn: string, args: SyntaxNode[]): void {
  const { values, findings } = context;
  if (fn === 'gets')
    return findings.report(call, 'codewright/buffer-overflow', {
      message: 'gets() cannot limit input length; it always risks overflow.',
      suggestion: 'Use fgets(buf, sizeof buf, stdin).',
    });
  if (/^(?:scanf|fscanf|sscanf)$/.test(fn)) {
    const format = args.find((a) => a.type === 'string_literal');
    if (format && /%s/.test(unquote(format.text)))
      findings.report(call, 'codewright/buffer-overflow', {
        message: `${fn}("%s") reads an unbounded string.`,
        suggestion: 'Give a width, e.g. "%63s" for a 64-byte buffer.',
      });
    return;
  }
  const size = args[0] ? fixedArraySize(args[0], call) : undefined;
  if (size === undefined) return;
  if (fn === 'strcpy' || fn === 'strcat') {
    const literal = args[1] ? constantString(args[1], values) : undefined;
    // A short literal fits (strcpy) or is a small, reviewed suffix (strcat): external data is the risk.
    if (literal !== undefined && literal.length < size) return;
    // The sized check (cBufferSizes) knows both lengths: a copy that fits is no finding.
    if (provablyFits(context, call)) return;
    findings.report(call, 'codewright/buffer-overflow', {
      message: `${fn}() into '${args[0]!.text}[${size}]' without a length check.`,
    });
  }
  if (fn === 'sprintf' || fn === 'vsprintf') {
    const format = args[1] ? constantString(args[1], values) : undefined;
    if (
      format === undefined ||
      (/%[-+ #0]*\d*(?:\.\*|\.\d+)?l?s/.test(format) && !/%[-+ #0]*\d*\.\d+s/.test(format)) ||
      fn === 'vsprintf'
    ) {
      findings.report(call, 'codewright/buffer-overflow', {
        message: `${fn}() into '${args[0]!.text}[${size}]' can write past its end.`,
        suggestion: 'Use snprintf(buf, sizeof buf, ...).',
      });
    }
  }
}

/** The size of `name` when it is declared in the enclosing function as a fixed-size array. */
function fixedArraySize(dest: SyntaxNode, use: SyntaxNode): number | undefined {
  if (dest.type !== 'identifier') return undefined;
  const scope = closest(use, cppDialect.functionTypes);
  if (!scope) return undefined;
  for (const array of descendants(scope, 'array_declarator')) {
    if (array.childForFieldName('declarator')?.text !== dest.text) continue;
    const size = Number.parseInt(array.childForFieldName('size')?.text ?? '', 10);
    return Number.isFinite(size) ? size : 1024;
  }
  return undefined;
}
