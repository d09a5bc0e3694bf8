// Java: Runtime.exec / ProcessBuilder with shells or concatenation, JDBC and JPA queries built by
// concatenation or String.format, trust-all TrustManagers and HostnameVerifiers,
// ObjectInputStream.readObject without a filter, MessageDigest MD5/SHA-1 (javaMisuse.ts, with weak
// ciphers, java.util.Random and cookie flags).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { matches, type AnalysisContext, type LanguageAnalyser } from '../analyser';
import { binaryOperands, closest, descendants, namedChildren, unquote } from '../syntax';
import type { Binding, Dialect, ValueClassifier, ValueKind } from '../values';
import { checkJavaMisuse } from './javaMisuse';
import { onlyNumbersSpliced } from './javaNumbers';
import {
  appendedArguments,
  isBuiltSql,
  printfKind,
  reportWeakHash,
  shellCommandArgument,
  type BuilderSyntax,
} from './common';

/** Java's literal node types: a value written as one is a constant. */
export const JAVA_LITERALS: ReadonlySet<string> = new Set([
  'string_literal',
  'decimal_integer_literal',
  'hex_integer_literal',
  'decimal_floating_point_literal',
  'true',
  'false',
  'null_literal',
  'character_literal',
]);

function classify(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined {
  if (JAVA_LITERALS.has(node.type)) return 'constant';
  switch (node.type) {
    case 'binary_expression':
      return values.combine(binaryOperands(node));
    case 'parenthesized_expression':
      return values.kind(namedChildren(node)[0]);
    case 'field_access':
      return /^[A-Z][A-Z0-9_]+$/.test(node.childForFieldName('field')?.text ?? '') ? 'constant' : undefined;
    case 'method_invocation': {
      const name = node.childForFieldName('name')?.text;
      const object = node.childForFieldName('object');
      const args = namedChildren(node.childForFieldName('arguments') ?? node);
      if (
        (object?.text === 'String' && (name === 'format' || name === 'join' || name === 'valueOf')) ||
        name === 'formatted'
      ) {
        const parts = name === 'formatted' && object ? [object, ...args] : args;
        return name === 'format' || name === 'formatted' ? printfKind(parts, values) : values.combine(parts);
      }
      if (name === 'concat') return values.combine([object, ...args]);
      // Map.of("name", "name", ...), List.of(...): a table of constants is constant.
      if (/^(?:Map|List|Set)$/.test(object?.text ?? '') && /^(?:of|entry|ofEntries)$/.test(name ?? ''))
        return args.every((a) => values.kind(a) === 'constant') ? 'constant' : undefined;
      // COLUMNS.getOrDefault(key, "created_at") on such a table: an allow-list lookup, whatever the key.
      if (object?.type === 'identifier' && /^(?:get|getOrDefault)$/.test(name ?? ''))
        return values.kind(object) === 'constant' && args.slice(1).every((a) => values.kind(a) === 'constant')
          ? 'constant'
          : undefined;
      if (object?.text === 'Integer' || object?.text === 'Long' || object?.text === 'UUID') {
        if (/^(?:parseInt|parseLong|valueOf|toString|randomUUID)$/.test(name ?? '')) return 'constant';
      }
      if (name === 'toString' || name === 'trim') return values.kind(object);
      return undefined;
    }
    default:
      return undefined;
  }
}

const JAVA_BUILDER: BuilderSyntax = {
  call: 'method_invocation',
  appendMethods: /^(?:append|insert)$/,
  parts: (call) => ({
    method: call.childForFieldName('name')?.text,
    receiver: call.childForFieldName('object'),
    args: namedChildren(call.childForFieldName('arguments') ?? call),
  }),
};

function bindings(node: SyntaxNode): Binding[] {
  if (node.type === 'variable_declarator') {
    const name = node.childForFieldName('name')?.text;
    return name ? [{ name, value: node.childForFieldName('value'), append: false }] : [];
  }
  const left = node.childForFieldName('left');
  if (left?.type !== 'identifier') return [];
  return [
    {
      name: left.text,
      value: node.childForFieldName('right'),
      append: node.childForFieldName('operator')?.type === '+=',
    },
  ];
}

export const javaDialect: Dialect = {
  language: 'java',
  functionTypes: new Set(['method_declaration', 'constructor_declaration']),
  loopTypes: new Set(['for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement']),
  stringTypes: new Set(['string_literal']),
  bindingTypes: ['variable_declarator', 'assignment_expression'],
  bindings,
  variableName: (node) => (node.type === 'identifier' ? node.text : undefined),
  appendedParts: (name, use, scope) => appendedArguments(JAVA_BUILDER, name, use, scope),
  literalValue: (node) => unquote(node.text.replace(/^"""\s*\n?([\s\S]*)"""$/, '"$1"')),
  classify,
};

const INVOCATIONS = '(method_invocation name: (identifier) @method arguments: (argument_list) @args) @call';
const SQL_METHODS = new Set([
  'executeQuery',
  'executeUpdate',
  'execute',
  'executeLargeUpdate',
  'addBatch',
  'prepareStatement',
  'prepareCall',
  'createQuery',
  'createNativeQuery',
  'createSQLQuery',
  'queryForList',
  'queryForObject',
  'queryForMap',
  'queryForRowSet',
  'query',
  'update',
  'batchUpdate',
]);
const UNSAFE_READERS = /\b(?:ObjectInputStream|XMLDecoder)\b/;
const TRUST_ALL_NAMES = new Set(['NoopHostnameVerifier', 'TrustAllStrategy', 'ALLOW_ALL_HOSTNAME_VERIFIER']);

export const javaAnalyser: LanguageAnalyser = {
  dialect: javaDialect,
  nodeTypes: ['object_creation_expression', 'field_access', 'method_declaration'],
  async analyse(context) {
    const { values, findings } = context;
    const readStreams = new Set<string>();
    for (const match of await matches(context, INVOCATIONS)) {
      const call = match.get('call')!;
      const method = match.get('method')!.text;
      const object = call.childForFieldName('object');
      const args = namedChildren(match.get('args')!);
      if (method === 'exec' && object && /Runtime|runtime|\brt\b/.test(object.text))
        checkRuntimeExec(context, call, args[0]);
      if (method === 'command' && shellCommandArgument(argvOf(args, values), values))
        findings.report(call, 'codewright/command-injection');
      if (SQL_METHODS.has(method) && isBuiltSql(args[0], values) && !onlyNumbersSpliced(args[0], values))
        findings.report(call, 'codewright/sql-injection');
      if (
        (method === 'readObject' || method === 'readUnshared') &&
        args.length === 0 &&
        object &&
        isUnfilteredStream(context, object) &&
        firstReadOf(readStreams, call, object)
      ) {
        findings.report(call, 'codewright/unsafe-deserialization', {
          message: `${method}() deserializes arbitrary classes from the stream.`,
          suggestion:
            'Prefer JSON; otherwise set an ObjectInputFilter allow-list (setObjectInputFilter) before reading.',
        });
      }
      if (method === 'deserialize' && object?.text === 'SerializationUtils') {
        findings.report(call, 'codewright/unsafe-deserialization');
      }
      if (/^(?:md5|sha1|sha)(?:Hex)?$/.test(method) && object?.text === 'DigestUtils')
        reportWeakHash(context, call, method.startsWith('md5') ? 'MD5' : 'SHA-1');
      if (/HostnameVerifier$/.test(method) && args[0] && alwaysTrue(args[0]))
        findings.report(call, 'codewright/tls-verification-disabled');
    }
    for (const creation of context.nodes('object_creation_expression')) {
      const type = creation.childForFieldName('type')?.text ?? '';
      const args = namedChildren(creation.childForFieldName('arguments') ?? creation);
      if (type === 'ProcessBuilder' && shellCommandArgument(argvOf(args, values), values))
        findings.report(creation, 'codewright/command-injection');
      if (TRUST_ALL_NAMES.has(type)) findings.report(creation, 'codewright/tls-verification-disabled');
    }
    for (const access of context.nodes('field_access')) {
      // NoopHostnameVerifier.INSTANCE, SSLConnectionSocketFactory.ALLOW_ALL_HOSTNAME_VERIFIER
      const parts = [access.childForFieldName('field')?.text, access.childForFieldName('object')?.text];
      if (parts.some((p) => p && TRUST_ALL_NAMES.has(p)))
        findings.report(access, 'codewright/tls-verification-disabled');
    }
    checkTrustAllMethods(context);
    checkJavaMisuse(context);
  },
};

/** ProcessBuilder and exec take varargs, an array (inline or in a local), or Arrays.asList/List.of. */
function argvOf(args: SyntaxNode[], values: ValueClassifier): SyntaxNode[] {
  let only = args[0];
  if (args.length !== 1 || !only) return args;
  if (only.type === 'identifier') {
    const bound = values.bindingsBefore(only.text, only);
    if (bound.length === 1 && bound[0]!.value) only = bound[0]!.value;
  }
  if (only.type === 'array_creation_expression')
    return namedChildren(only.childForFieldName('value') ?? only);
  if (only.type === 'array_initializer') return namedChildren(only);
  if (
    only.type === 'method_invocation' &&
    /^(?:asList|of)$/.test(only.childForFieldName('name')?.text ?? '')
  ) {
    return namedChildren(only.childForFieldName('arguments') ?? only);
  }
  return args;
}

function checkRuntimeExec(context: AnalysisContext, call: SyntaxNode, command: SyntaxNode | undefined): void {
  if (!command) return;
  const argv = argvOf([command], context.values);
  const viaShell = argv.length > 1 && shellCommandArgument(argv, context.values);
  if (viaShell || (argv.length === 1 && context.values.kind(command) === 'built')) {
    context.findings.report(call, 'codewright/command-injection', {
      message: 'Runtime.exec with a command built from non-constant data.',
    });
  }
}

/**
 * Whether this is the method's first read of the stream variable: reading a session's fields one by
 * one (`creationTime = (Long) stream.readObject(); ...`, fourteen in Tomcat's `StandardSession`) is
 * one unfiltered stream, one fix, so one finding. Another stream, or the same name in another method,
 * is reported on its own.
 */
function firstReadOf(seen: Set<string>, call: SyntaxNode, object: SyntaxNode): boolean {
  if (object.type !== 'identifier') return true;
  const method = closest(
    call,
    new Set(['method_declaration', 'constructor_declaration', 'lambda_expression']),
  );
  const key = `${method?.id ?? 0}:${object.text}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
}

/** The receiver is an ObjectInputStream/XMLDecoder (declared or created inline) with no filter set. */
function isUnfilteredStream(context: AnalysisContext, object: SyntaxNode): boolean {
  if (object.type === 'object_creation_expression')
    return (
      UNSAFE_READERS.test(object.childForFieldName('type')?.text ?? '') &&
      !filteringStream(object) &&
      !roundTrip(context, object)
    );
  if (object.type !== 'identifier') return false;
  const scope = closest(object, new Set(['class_body'])) ?? context.root;
  const method = closest(object, new Set(['method_declaration']));
  // The method's own declaration first (several methods may each declare an `ois`), then a field.
  const declarations = (within: SyntaxNode) =>
    descendants(within, ['local_variable_declaration', 'field_declaration', 'formal_parameter', 'resource']);
  const declares = (decl: SyntaxNode) =>
    (decl.type === 'formal_parameter' || decl.type === 'resource'
      ? [decl.childForFieldName('name')]
      : decl.childrenForFieldName('declarator').map((d) => d?.childForFieldName('name'))
    ).some((n) => n?.text === object.text);
  // A name the method declares is that declaration: another method's `in` of an unsafe type is not
  // this one. It reads unsafely when its type is an unsafe reader, or it is one created
  // (`ObjectInput in = new ObjectInputStream(source)`).
  const initial = (decl: SyntaxNode) =>
    decl.type === 'resource'
      ? decl.childForFieldName('value')
      : decl
          .childrenForFieldName('declarator')
          .find((d) => d?.childForFieldName('name')?.text === object.text)
          ?.childForFieldName('value');
  const own = method ? declarations(method).filter(declares) : [];
  const declaration = (own.length > 0 ? own : declarations(scope).filter(declares)).find(
    (decl) =>
      UNSAFE_READERS.test(decl.childForFieldName('type')?.text ?? '') ||
      (initial(decl)?.type === 'object_creation_expression' &&
        UNSAFE_READERS.test(initial(decl)?.childForFieldName('type')?.text ?? '')),
  );
  if (!declaration) return false;
  if (declaration.type === 'formal_parameter') {
    const owner = closest(declaration, new Set(['method_declaration']));
    // `private void readObject(ObjectInputStream in)`: Java's serialization calls the hook while it
    // reads the object, under the filter of the stream that reads it; `in.readObject()` there reads
    // the object's own fields and opens no new way in.
    if (
      owner &&
      owner.id === method?.id &&
      SERIALIZATION_HOOKS.has(owner.childForFieldName('name')?.text ?? '')
    )
      return false;
    // A private helper handed the stream: filtered when every call in the file passes one that filters.
    if (owner && handedFilteringStreams(context, owner, declaration)) return false;
  } else {
    const values = declaration.childrenForFieldName('declarator').map((d) => d?.childForFieldName('value'));
    const created = declaration.type === 'resource' ? declaration.childForFieldName('value') : values[0];
    if (
      created?.type === 'object_creation_expression' &&
      (filteringStream(created) || roundTrip(context, created))
    )
      return false;
  }
  const filtered = descendants(scope, 'method_invocation').some(
    (inv) =>
      inv.childForFieldName('object')?.text === object.text &&
      inv.childForFieldName('name')?.text === 'setObjectInputFilter',
  );
  return !filtered;
}

/** The methods Java's serialization calls with the stream it is reading the object from. */
const SERIALIZATION_HOOKS = new Set(['readObject', 'readObjectNoData', 'readExternal']);

/**
 * `new ObjectInputStreamEx(in, loader, ClassFilter.DEFAULT)`, `new ValidatingObjectInputStream(in)`:
 * a subclass of the stream given a class filter or allow-list (or named for one) checks each class
 * before it loads it — the look-ahead defence, as `setObjectInputFilter` is.
 */
function filteringStream(creation: SyntaxNode): boolean {
  const type = creation.childForFieldName('type')?.text ?? '';
  if (!/ObjectInputStream/.test(type) || /^(?:java\.io\.)?ObjectInputStream$/.test(type)) return false;
  const args = namedChildren(creation.childForFieldName('arguments') ?? creation);
  return (
    /Validating|LookAhead|Filter|Safe|Secure|Restricted|Whitelist|Allowlist/i.test(type) ||
    args.some((a) => /filter|allow|whitelist|accept/i.test(a.text))
  );
}

/** What a local holds where `node` reads it: its one binding, or a `try (...)` resource of that name. */
function localValue(context: AnalysisContext, node: SyntaxNode | undefined): SyntaxNode | undefined {
  if (node?.type !== 'identifier') return node;
  const bound = context.values.bindingsBefore(node.text, node);
  if (bound.length === 1) return bound[0]!.value ?? undefined;
  const method = closest(node, new Set(['method_declaration', 'constructor_declaration']));
  const resources = method
    ? descendants(method, 'resource').filter((r) => r.childForFieldName('name')?.text === node.text)
    : [];
  return bound.length === 0 && resources.length === 1
    ? (resources[0]!.childForFieldName('value') ?? undefined)
    : undefined;
}

/**
 * `new ObjectInputStream(new ByteArrayInputStream(serialize(object)))`, or over `bos.toByteArray()` of a
 * `ByteArrayOutputStream` that an `ObjectOutputStream` in the same method wrote: a deep copy's round
 * trip reads back the bytes the program itself wrote from an object in memory, not bytes from outside.
 */
function roundTrip(context: AnalysisContext, creation: SyntaxNode): boolean {
  const argument = (node: SyntaxNode | undefined) =>
    node?.type === 'object_creation_expression'
      ? namedChildren(node.childForFieldName('arguments') ?? node)[0]
      : undefined;
  const bytesStream = localValue(context, argument(creation));
  if (!/^(?:java\.io\.)?ByteArrayInputStream$/.test(bytesStream?.childForFieldName('type')?.text ?? ''))
    return false;
  const bytes = localValue(context, argument(bytesStream));
  if (bytes?.type !== 'method_invocation') return false;
  const name = bytes.childForFieldName('name')?.text;
  if (name === 'serialize') return true;
  const buffer = bytes.childForFieldName('object');
  if (name !== 'toByteArray' || buffer?.type !== 'identifier') return false;
  const method = closest(
    creation,
    new Set(['method_declaration', 'constructor_declaration', 'lambda_expression']),
  );
  const written = (method ? descendants(method, 'object_creation_expression') : []).some(
    (c) =>
      /ObjectOutputStream$/.test(c.childForFieldName('type')?.text ?? '') &&
      argument(c)?.text === buffer.text,
  );
  return (
    written &&
    /ByteArrayOutputStream$/.test(localValue(context, buffer)?.childForFieldName('type')?.text ?? '')
  );
}

/** Whether a private method's stream parameter receives, at every call in the file, a filtering stream. */
function handedFilteringStreams(
  context: AnalysisContext,
  method: SyntaxNode,
  parameter: SyntaxNode,
): boolean {
  const name = method.childForFieldName('name')?.text;
  const modifiers = namedChildren(method).find((c) => c.type === 'modifiers')?.text ?? '';
  const params = namedChildren(method.childForFieldName('parameters') ?? method).filter(
    (p) => p.type === 'formal_parameter',
  );
  const index = params.findIndex((p) => p.id === parameter.id);
  if (!name || !/\bprivate\b/.test(modifiers) || index < 0) return false;
  const calls = descendants(context.root, 'method_invocation').filter(
    (c) => c.childForFieldName('name')?.text === name,
  );
  return (
    calls.length > 0 &&
    calls.every((call) => {
      const arg = namedChildren(call.childForFieldName('arguments') ?? call)[index];
      if (arg?.type === 'object_creation_expression') return filteringStream(arg);
      if (arg?.type !== 'identifier') return false;
      // `try (ObjectInputStream ois = new ...)`: a resource the bindings do not list.
      const caller = closest(call, new Set(['method_declaration', 'constructor_declaration']));
      const resources = caller
        ? descendants(caller, 'resource').filter((r) => r.childForFieldName('name')?.text === arg.text)
        : [];
      const values = [
        ...context.values.bindingsBefore(arg.text, arg).map((b) => b.value),
        ...resources.map((r) => r.childForFieldName('value')),
      ];
      return (
        values.length > 0 &&
        values.every((v) => v?.type === 'object_creation_expression' && filteringStream(v))
      );
    })
  );
}

/** A lambda or method body that is only `true` / `return true;`. */
function alwaysTrue(node: SyntaxNode): boolean {
  const body =
    node.type === 'lambda_expression' || node.type === 'method_declaration'
      ? node.childForFieldName('body')
      : node;
  if (!body) return false;
  if (body.type === 'true') return true;
  const statements = namedChildren(body);
  return (
    body.type === 'block' &&
    statements.length === 1 &&
    statements[0]!.type === 'return_statement' &&
    namedChildren(statements[0]!)[0]?.type === 'true'
  );
}

/** X509TrustManager.checkServerTrusted with an empty body; HostnameVerifier.verify returning true. */
function checkTrustAllMethods(context: AnalysisContext): void {
  for (const method of context.nodes('method_declaration')) {
    const name = method.childForFieldName('name')?.text;
    const body = method.childForFieldName('body');
    if (name === 'checkServerTrusted' && body && namedChildren(body).length === 0) {
      context.findings.report(
        method.childForFieldName('name') ?? method,
        'codewright/tls-verification-disabled',
        { message: 'TrustManager accepts every certificate (empty checkServerTrusted).' },
      );
    }
    const params = method.childForFieldName('parameters')?.text ?? '';
    if (name === 'verify' && /SSLSession/.test(params) && alwaysTrue(method)) {
      context.findings.report(
        method.childForFieldName('name') ?? method,
        'codewright/tls-verification-disabled',
        { message: 'HostnameVerifier accepts every host name.' },
      );
    }
  }
}
