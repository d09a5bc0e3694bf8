// C#: Process.Start / ProcessStartInfo running cmd or a shell with built arguments, ADO.NET
// commands, EF Core raw SQL and Dapper calls with concatenated or interpolated SQL, certificate
// validation callbacks returning true, BinaryFormatter-family deserializers, Json.NET type-name
// handling on deserializing calls (csharpJsonNet.ts), MD5/SHA-1.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { matches, type AnalysisContext, type LanguageAnalyser } from '../analyser';
import { binaryOperands, descendants, namedChildren, SHELL_PROGRAM, unquote } from '../syntax';
import type { Binding, Dialect, ValueClassifier, ValueKind } from '../values';
import { appendedArguments, constantString, isBuiltSql, reportWeakHash, type BuilderSyntax } from './common';
import { checkTypeNameHandling } from './csharpJsonNet';
import { checkCsharpMisuse } from './csharpMisuse';

const STRINGS = new Set([
  'string_literal',
  'verbatim_string_literal',
  'raw_string_literal',
  'interpolated_string_expression',
]);
const LITERALS = new Set([
  'string_literal',
  'verbatim_string_literal',
  'raw_string_literal',
  'integer_literal',
  'real_literal',
  'boolean_literal',
  'null_literal',
  'character_literal',
]);

function classify(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined {
  if (LITERALS.has(node.type)) return 'constant';
  switch (node.type) {
    case 'interpolated_string_expression':
      return values.combine(
        namedChildren(node)
          .filter((c) => c.type === 'interpolation')
          .map((c) => namedChildren(c)[0] ?? null),
      );
    case 'binary_expression':
      return values.combine(binaryOperands(node));
    case 'parenthesized_expression':
    case 'argument':
      return values.kind(namedChildren(node).at(-1));
    case 'invocation_expression': {
      const fn = node.childForFieldName('function')?.text ?? '';
      const args = namedChildren(node.childForFieldName('arguments') ?? node);
      if (/^(?:string|String)\.(?:Format|Concat|Join)$/.test(fn)) return values.combine(args);
      if (/^(?:int|long|Guid|Int32|Int64)\.(?:Parse|NewGuid)$|\.ToString\("[DNXF]\d*"\)$/.test(fn))
        return 'constant';
      const receiver = node.childForFieldName('function')?.childForFieldName('expression');
      if (/\.ToString$/.test(fn) && receiver?.type === 'identifier') return values.kind(receiver);
      return undefined;
    }
    default:
      return undefined;
  }
}

const CSHARP_BUILDER: BuilderSyntax = {
  call: 'invocation_expression',
  appendMethods: /^(?:Append|AppendLine|AppendFormat|Insert)$/,
  parts: (call) => {
    const fn = call.childForFieldName('function');
    return {
      method: fn?.childForFieldName('name')?.text,
      receiver: fn?.childForFieldName('expression'),
      args: namedChildren(call.childForFieldName('arguments') ?? call),
    };
  },
};

function bindings(node: SyntaxNode): Binding[] {
  if (node.type === 'variable_declarator') {
    const name = node.childForFieldName('name');
    const value =
      namedChildren(node)
        .filter((c) => c !== name && c.type !== 'bracketed_argument_list')
        .at(-1) ?? null;
    return name ? [{ name: name.text, value, append: false }] : [];
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

export const csharpDialect: Dialect = {
  language: 'csharp',
  functionTypes: new Set(['method_declaration', 'constructor_declaration', 'local_function_statement']),
  loopTypes: new Set(['for_statement', 'foreach_statement', 'while_statement', 'do_statement']),
  stringTypes: STRINGS,
  bindingTypes: ['variable_declarator', 'assignment_expression'],
  bindings,
  variableName: (node) => (node.type === 'identifier' ? node.text : undefined),
  appendedParts: (name, use, scope) => appendedArguments(CSHARP_BUILDER, name, use, scope),
  literalValue: (node) =>
    node.type === 'interpolated_string_expression' && descendants(node, 'interpolation').length > 0
      ? undefined
      : unquote(node.text.replace(/^\$?@|^@?\$/, '')),
  classify,
};

const INVOCATIONS = '(invocation_expression function: (_) @fn arguments: (argument_list) @args) @call';
const SQL_COMMANDS = /^(?:Sql|Sqlite|SQLite|Npgsql|MySql|Oracle|OleDb|Odbc|Db)(?:Command|DataAdapter)$/;
const SQL_METHODS =
  /(?:^|\.)(?:FromSqlRaw|ExecuteSqlRaw|ExecuteSqlRawAsync|ExecuteSqlCommand|SqlQueryRaw|Query|QueryAsync|QueryFirst|QueryFirstOrDefault|QuerySingle|QuerySingleOrDefault|QueryFirstOrDefaultAsync|QueryMultiple|Execute|ExecuteAsync|ExecuteScalar|ExecuteReader)$/;
const UNSAFE_FORMATTERS =
  /^(?:BinaryFormatter|SoapFormatter|NetDataContractSerializer|LosFormatter|ObjectStateFormatter)$/;
const VALIDATION_CALLBACKS =
  /(?:ServerCertificateValidationCallback|ServerCertificateCustomValidationCallback|RemoteCertificateValidationCallback)$/;

/** Plain string arguments of an argument list (named arguments keep their value). */
function argValues(args: SyntaxNode): SyntaxNode[] {
  return namedChildren(args).map((a) => (a.type === 'argument' ? (namedChildren(a).at(-1) ?? a) : a));
}

export const csharpAnalyser: LanguageAnalyser = {
  dialect: csharpDialect,
  nodeTypes: [
    'object_creation_expression',
    'invocation_expression',
    'assignment_expression',
    'member_access_expression',
    'variable_declarator',
    'field_declaration',
    'parameter',
  ],
  async analyse(context) {
    const { values, findings } = context;
    for (const match of await matches(context, INVOCATIONS)) {
      const call = match.get('call')!;
      // Generic calls (conn.Query<User>(sql)) are matched by their plain name.
      const fn = match.get('fn')!.text.replace(/<[^<>]*>$/, '');
      const args = argValues(match.get('args')!);
      if (/(?:^|\.)Process\.Start$/.test(fn)) checkShell(context, call, args[0], args[1]);
      if (SQL_METHODS.test(fn) && fn.includes('.') && isBuiltSql(args[0], values))
        findings.report(call, 'codewright/sql-injection');
      if (/\.Deserialize$/.test(fn)) checkDeserialize(context, call, match.get('fn')!);
      const hash = fn.match(/^(?:System\.Security\.Cryptography\.)?(MD5|SHA1)\.(?:Create|HashData)$/);
      if (hash) reportWeakHash(context, call, hash[1] === 'MD5' ? 'MD5' : 'SHA-1');
    }
    for (const creation of context.nodes('object_creation_expression')) {
      const type = creation.childForFieldName('type')?.text ?? '';
      const argList = creation.childForFieldName('arguments');
      const args = argList ? argValues(argList) : [];
      if (SQL_COMMANDS.test(type) && isBuiltSql(args[0], values))
        findings.report(creation, 'codewright/sql-injection');
      if (type === 'ProcessStartInfo') checkProcessStartInfo(context, creation, args);
      if (/^(?:MD5CryptoServiceProvider|SHA1Managed|SHA1CryptoServiceProvider)$/.test(type))
        reportWeakHash(context, creation, type.startsWith('MD5') ? 'MD5' : 'SHA-1');
    }
    for (const assignment of context.nodes('assignment_expression')) {
      checkArgumentsAssignment(context, assignment);
      const left = assignment.childForFieldName('left')?.text ?? '';
      const right = assignment.childForFieldName('right');
      if (/(?:^|\.)CommandText$/.test(left) && isBuiltSql(right, values))
        findings.report(assignment, 'codewright/sql-injection');
      if (VALIDATION_CALLBACKS.test(left) && right && acceptsAnyCertificate(right))
        findings.report(assignment, 'codewright/tls-verification-disabled');
    }
    for (const access of context.nodes('member_access_expression')) {
      if (access.text.endsWith('DangerousAcceptAnyServerCertificateValidator'))
        findings.report(access, 'codewright/tls-verification-disabled');
    }
    checkTypeNameHandling(context);
    checkCsharpMisuse(context);
  },
};

/** Process.Start("cmd.exe", "/c " + x) or new ProcessStartInfo("bash", "-c \"" + x + "\""). */
function checkShell(
  context: AnalysisContext,
  node: SyntaxNode,
  program: SyntaxNode | undefined,
  args: SyntaxNode | undefined,
): void {
  const name = program ? constantString(program, context.values) : undefined;
  if (!name || !SHELL_PROGRAM.test(name.trim()) || !args || context.values.kind(args) !== 'built') return;
  context.findings.report(node, 'codewright/command-injection', {
    message: `${name} runs a command line built from non-constant data.`,
  });
}

function checkProcessStartInfo(context: AnalysisContext, creation: SyntaxNode, args: SyntaxNode[]): void {
  if (args.length >= 2) return checkShell(context, creation, args[0], args[1]);
  const initializer = creation.childForFieldName('initializer');
  if (!initializer) return;
  const property = (name: string) =>
    namedChildren(initializer)
      .find((a) => a.childForFieldName('left')?.text === name)
      ?.childForFieldName('right') ?? undefined;
  checkShell(context, creation, property('FileName'), property('Arguments'));
}

/** `x.Deserialize(...)` where x is created as a BinaryFormatter (inline or in a declaration in this file). */
function checkDeserialize(context: AnalysisContext, call: SyntaxNode, fn: SyntaxNode): void {
  const receiver = fn.childForFieldName('expression');
  if (!receiver) return;
  const createdType = (value: SyntaxNode | null | undefined) =>
    value?.type === 'object_creation_expression' ? (value.childForFieldName('type')?.text ?? '') : '';
  let unsafe = UNSAFE_FORMATTERS.test(createdType(receiver));
  if (!unsafe && receiver.type === 'identifier') {
    unsafe = context.nodes(['variable_declarator', 'field_declaration', 'parameter']).some((decl) => {
      if (decl.type === 'variable_declarator') {
        const [binding] = bindings(decl);
        const declaredType = decl.parent?.childForFieldName('type')?.text ?? '';
        return (
          binding?.name === receiver.text &&
          (UNSAFE_FORMATTERS.test(createdType(binding.value)) || UNSAFE_FORMATTERS.test(declaredType))
        );
      }
      return (
        decl.childForFieldName('name')?.text === receiver.text &&
        UNSAFE_FORMATTERS.test(decl.childForFieldName('type')?.text ?? '')
      );
    });
  }
  if (unsafe)
    context.findings.report(call, 'codewright/unsafe-deserialization', {
      message: 'BinaryFormatter-style deserialization of untrusted data can execute code.',
    });
}

/** `(...) => true`, `delegate { return true; }`, or a block whose only statement returns true. */
function acceptsAnyCertificate(node: SyntaxNode): boolean {
  if (node.type !== 'lambda_expression' && node.type !== 'anonymous_method_expression') return false;
  const body = node.childForFieldName('body') ?? namedChildren(node).find((c) => c.type === 'block');
  if (!body) return false;
  if (body.type === 'boolean_literal') return body.text === 'true';
  const statements = namedChildren(body);
  return (
    statements.length === 1 &&
    statements[0]!.type === 'return_statement' &&
    namedChildren(statements[0]!)[0]?.text === 'true'
  );
}

/** `psi.Arguments = "/c " + input` after FileName was set elsewhere: the /c or -c flag shows a shell runs it. */
function checkArgumentsAssignment(context: AnalysisContext, assignment: SyntaxNode): void {
  const left = assignment.childForFieldName('left');
  const right = assignment.childForFieldName('right');
  if (!left || !right || !/(?:^|\.)Arguments$/.test(left.text) || left.type === 'identifier') return;
  if (context.values.kind(right) !== 'built') return;
  const text = context.values.constantText(right).replace(/^[\s@$]*"/, '');
  if (/^\s*(?:\/c|\/k|-c|-Command)\b/i.test(text)) {
    context.findings.report(assignment, 'codewright/command-injection', {
      message: 'Shell arguments built from non-constant data.',
    });
  }
}
