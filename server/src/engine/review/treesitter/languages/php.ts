// PHP: exec/shell_exec/system/passthru/popen/proc_open and backticks with unescaped variables,
// mysqli/pg/PDO queries built with interpolation or `.`, curl and stream-context verification
// switched off, unserialize without allowed_classes, eval of non-literals, broken digests (the
// arguments of those calls are read in phpSettings.ts).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { matches, type AnalysisContext, type LanguageAnalyser } from '../analyser';
import { binaryOperands, namedChildren, unquote } from '../syntax';
import type { Binding, Dialect, ValueClassifier, ValueKind } from '../values';
import { isBuiltSql, printfKind, reportTlsOff, reportWeakHash } from './common';
import { argument, digestForLookup, disablesCurlVerification, weakHashOf } from './phpSettings';

const LITERALS = new Set(['string', 'integer', 'float', 'boolean', 'null', 'nowdoc']);
/**
 * Calls whose result is a number, whatever their argument: constant text for every sink. Escaping
 * (`addslashes`, `escapeshellarg`, `->quote`) is valid for one kind of sink only, so the taint
 * table's rule sanitizers judge it (`addslashes` protects a quoted SQL string, not a page).
 */
const SANITIZERS = /^(?:intval|floatval|count|strlen|abs|round|sprintf\('%d')$/;

function classify(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined {
  if (LITERALS.has(node.type)) return 'constant';
  switch (node.type) {
    case 'encapsed_string':
    case 'heredoc':
    case 'heredoc_body':
    case 'shell_command_expression': {
      // A command's output is data from outside, whatever the command: only its text is constant.
      if (node.type === 'shell_command_expression') return 'dynamic';
      const parts = namedChildren(node).filter(
        (c) =>
          c.type !== 'string_content' &&
          c.type !== 'escape_sequence' &&
          c.type !== 'heredoc_start' &&
          c.type !== 'heredoc_end',
      );
      return parts.length === 0 ? 'constant' : values.combine(parts);
    }
    case 'binary_expression':
      // Only `.` (concatenation), `??` and bitwise operators on two strings keep text; arithmetic,
      // comparison and logic yield numbers or booleans, which cannot carry syntax.
      return keepsText(operatorOf(node), binaryOperands(node))
        ? values.combine(binaryOperands(node))
        : 'constant';
    case 'augmented_assignment_expression': {
      // `$x += 0.0` makes `$x` a number (the binding below points here); `.=` appends text, `??=`
      // keeps the old value or takes the new one, `|=` on two strings gives a string.
      const operator = operatorOf(node).slice(0, -1);
      const parts = [node.childForFieldName('left'), node.childForFieldName('right')];
      if (operator === '.') return undefined;
      return keepsText(operator, parts) ? values.combine(parts) : 'constant';
    }
    case 'unary_op_expression':
      // `-$x`, `+$x` and `!$x` are a number or a boolean (PHP 8 throws on a non-numeric string);
      // `~$x` flips the bytes of a string and keeps text.
      return /^\s*[-+!]/.test(node.text) ? 'constant' : values.kind(namedChildren(node).at(-1));
    case 'parenthesized_expression':
    case 'argument':
      return values.kind(namedChildren(node).at(-1));
    case 'cast_expression':
      return /\(\s*(?:int|integer|float|bool)\s*\)/.test(node.text) ? 'constant' : undefined;
    case 'name':
    case 'class_constant_access_expression':
      return 'constant';
    case 'function_call_expression':
    case 'member_call_expression': {
      const fn = (node.childForFieldName('function') ?? node.childForFieldName('name'))?.text ?? '';
      // Escaped or numeric values cannot break out of a quoted context: treat them as constants.
      if (SANITIZERS.test(fn)) return 'constant';
      const args = namedChildren(node.childForFieldName('arguments') ?? node).map((a) =>
        a.type === 'argument' ? (namedChildren(a).at(-1) ?? a) : a,
      );
      if (fn === 'sprintf') return printfKind(args, values);
      if (fn === 'implode' || fn === 'str_replace') return values.combine(args);
      // settype($x, "integer") leaves a number in $x (the binding below points here).
      if (fn === 'settype' && NUMERIC_TYPE.test(unquote(args[1]?.text ?? ''))) return 'constant';
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Whether `a OP b` can be text: concatenation and `??` always; `|`, `&` and `^` when both operands
 * may be strings (PHP then combines them byte by byte: `$a ^ $b` is any text input chooses), not
 * when one is a number literal (`$flags & 4` converts the other to a number).
 */
function keepsText(operator: string, operands: ReadonlyArray<SyntaxNode | null>): boolean {
  if (operator === '.' || operator === '??') return true;
  return /^[|&^]$/.test(operator) && !operands.some((o) => o && /^(?:integer|float)$/.test(o.type));
}

const NUMERIC_TYPE = /^(?:int|integer|float|double|bool|boolean)$/i;

/** The operator token between a binary node's operands (`.`, `+`, `.=`, `+=`). */
function operatorOf(node: SyntaxNode): string {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!left || !right) return '';
  return node.text.slice(left.endIndex - node.startIndex, right.startIndex - node.startIndex).trim();
}

/** `$this->name`: a property of the object, followed like a variable (and across methods). */
function propertyName(node: SyntaxNode): string | undefined {
  if (node.type === 'scoped_property_access_expression') return staticPropertyName(node);
  if (node.type !== 'member_access_expression') return undefined;
  const object = node.childForFieldName('object');
  const name = node.childForFieldName('name');
  return object?.text === '$this' && name?.type === 'name' ? `$this->${name.text}` : undefined;
}

/**
 * A static property (`C::$x`, `self::$x`, `static::$x`) is one variable of the program, named after
 * its class: `self`/`static` are the class the code sits in, so a method's `self::$x` and the
 * script's `C::$x` are the same name. A class held in a variable (`$c::$x`) has no fixed name.
 */
function staticPropertyName(node: SyntaxNode): string | undefined {
  const scope = node.childForFieldName('scope');
  const name = node.childForFieldName('name');
  if (!scope || name?.type !== 'variable_name') return undefined;
  let owner: string | undefined = scope.type === 'name' ? scope.text : undefined;
  if (scope.type === 'relative_scope') {
    let c = node.parent;
    while (c && c.type !== 'class_declaration') c = c.parent;
    owner = c?.childForFieldName('name')?.text;
  }
  return owner ? `${owner}::${name.text}` : undefined;
}

function bindings(node: SyntaxNode): Binding[] {
  if (node.type === 'function_call_expression') {
    // settype($x, "int") rebinds $x to a number.
    if (node.childForFieldName('function')?.text !== 'settype') return [];
    const target = argValues(node.childForFieldName('arguments') ?? node)[0];
    return target?.type === 'variable_name' ? [{ name: target.text, value: node, append: false }] : [];
  }
  const left = node.childForFieldName('left');
  const name = left?.type === 'variable_name' ? left.text : left ? propertyName(left) : undefined;
  if (name === undefined) return [];
  if (node.type === 'augmented_assignment_expression' && operatorOf(node) !== '.=')
    return [{ name, value: node, append: false }];
  return [
    { name, value: node.childForFieldName('right'), append: node.type === 'augmented_assignment_expression' },
  ];
}

export const phpDialect: Dialect = {
  language: 'php',
  functionTypes: new Set([
    'function_definition',
    'method_declaration',
    'anonymous_function',
    'arrow_function',
  ]),
  // `fn($x) => $x . $y` reads `$y` from where it is defined.
  capturingTypes: new Set(['arrow_function']),
  // A function sees a script's `$x` only through `global $x;` (a closure through `use ($x)`).
  globalDeclaration: { type: 'global_declaration', closureUse: 'anonymous_function_use_clause' },
  loopTypes: new Set(['for_statement', 'foreach_statement', 'while_statement', 'do_statement']),
  stringTypes: new Set(['string', 'encapsed_string']),
  // `$b = &$a['k']` makes `$b` a name for the element: it holds what the element holds.
  bindingTypes: [
    'assignment_expression',
    'reference_assignment_expression',
    'augmented_assignment_expression',
    'function_call_expression',
  ],
  bindings,
  variableName: (node) =>
    node.type === 'variable_name' &&
    !/^\$_(?:GET|POST|REQUEST|COOKIE|SERVER|FILES|SESSION|ENV)$/.test(node.text)
      ? node.text
      : propertyName(node),
  literalValue: (node) =>
    node.type === 'encapsed_string' &&
    namedChildren(node).some((c) => c.type !== 'string_content' && c.type !== 'escape_sequence')
      ? undefined
      : unquote(node.text),
  classify,
};

const FUNCTION_CALLS = '(function_call_expression function: (name) @fn arguments: (arguments) @args) @call';
const METHOD_CALLS = '(member_call_expression name: (name) @method arguments: (arguments) @args) @call';
const SHELL_FUNCTIONS = new Set([
  'exec',
  'shell_exec',
  'system',
  'passthru',
  'popen',
  'proc_open',
  'pcntl_exec',
]);
/** SQL functions and the index of their SQL argument. */
const SQL_FUNCTIONS: Record<string, number> = {
  mysqli_query: 1,
  mysqli_real_query: 1,
  mysqli_multi_query: 1,
  mysqli_prepare: 1,
  mysqli_send_query: 1,
  mysql_query: 0,
  mysql_unbuffered_query: 0,
  mysql_db_query: 1,
  mssql_query: 0,
  pg_query: 1,
  pg_send_query: 1,
  pg_prepare: 2,
  sqlite_query: 1,
  odbc_exec: 1,
  db2_exec: 1,
  sqlsrv_query: 1,
};
/** Calls whose connection argument may be left out (`pg_query($sql)` uses the last connection). */
const OPTIONAL_CONNECTION = new Set(['pg_query', 'pg_send_query']);
const SQL_METHODS = new Set([
  'get_results',
  'get_row',
  'get_var',
  'get_col',

  'query',
  'exec',
  'prepare',
  'multi_query',
  'real_query',
  'send_query',
  'rawQuery',
  'select',
  'statement',
  'unprepared',
  'raw',
  'whereRaw',
  'selectRaw',
  'orderByRaw',
  'fetchAll',
  'fetchAssoc',
  'executeQuery',
  'executeStatement',
]);

function argValues(args: SyntaxNode): SyntaxNode[] {
  return namedChildren(args).map((a) => (a.type === 'argument' ? (namedChildren(a).at(-1) ?? a) : a));
}

export const phpAnalyser: LanguageAnalyser = {
  dialect: phpDialect,
  nodeTypes: ['shell_command_expression', 'function_call_expression', 'array_element_initializer'],
  async analyse(context) {
    const { values, findings } = context;
    for (const match of await matches(context, FUNCTION_CALLS)) {
      const call = match.get('call')!;
      const fn = match.get('fn')!.text.toLowerCase();
      const args = argValues(match.get('args')!);
      if (SHELL_FUNCTIONS.has(fn) && args[0] && values.isNonConstant(args[0]))
        findings.report(call, 'codewright/command-injection', {
          message: `${fn}() runs a command built from non-constant data.`,
        });
      const sqlIndex = SQL_FUNCTIONS[fn];
      const sqlAt = OPTIONAL_CONNECTION.has(fn) && args.length === 1 ? 0 : sqlIndex;
      if (sqlIndex !== undefined && isBuiltSql(argument(match.get('args')!, sqlAt, 'query'), values))
        findings.report(call, 'codewright/sql-injection');
      if (
        fn === 'unserialize' &&
        args[0] &&
        values.isNonConstant(args[0]) &&
        // `allowed_classes` given anything but `true` (`false`, a list, the list a setting holds)
        // is the program's own allow-list.
        !/allowed_classes['"]\s*=>\s*(?!true\b)\S/i.test(args[1]?.text ?? '')
      ) {
        findings.report(call, 'codewright/unsafe-deserialization', {
          suggestion: "Use json_decode, or unserialize($data, ['allowed_classes' => false]).",
        });
      }
      if (
        (fn === 'curl_setopt' || fn === 'curl_setopt_array') &&
        disablesCurlVerification(match.get('args')!, values)
      )
        reportTlsOff(context, call, phpDialect.functionTypes);
      const weak = weakHashOf(fn, match.get('args')!);
      if (weak && !digestForLookup(call)) reportWeakHash(context, call, weak);
    }
    for (const match of await matches(context, METHOD_CALLS)) {
      const method = match.get('method')!.text;
      const args = argValues(match.get('args')!);
      const sql = argument(match.get('args')!, 0, 'query') ?? argument(match.get('args')!, 0, 'statement');
      if (SQL_METHODS.has(method) && isBuiltSql(sql ?? args[0], values))
        findings.report(match.get('call')!, 'codewright/sql-injection');
    }
    for (const shell of context.nodes('shell_command_expression')) {
      const parts = namedChildren(shell).filter(
        (c) => c.type !== 'string_content' && c.type !== 'escape_sequence',
      );
      if (parts.length > 0 && values.combine(parts) !== 'constant')
        findings.report(shell, 'codewright/command-injection', {
          message: 'Backtick command with interpolated variables (command injection).',
        });
    }
    checkEvalAndStreamContexts(context);
  },
};

/** eval($code) (a language construct in the grammar) and 'verify_peer' => false in stream contexts. */
function checkEvalAndStreamContexts(context: AnalysisContext): void {
  for (const node of context.nodes('array_element_initializer')) {
    const [key, value] = namedChildren(node);
    if (
      key &&
      value &&
      // Stream contexts (`verify_peer`) and Guzzle/Symfony HTTP client options (`verify`).
      /^['"](?:verify_peer(?:_name)?|verify)['"]$/.test(key.text) &&
      /^(?:false|0)$/i.test(value.text)
    ) {
      reportTlsOff(context, node, phpDialect.functionTypes);
    }
  }
  for (const call of context.nodes('function_call_expression')) {
    if (call.childForFieldName('function')?.text !== 'eval') continue;
    const [code] = argValues(call.childForFieldName('arguments') ?? call);
    if (code && context.values.isNonConstant(code))
      context.findings.report(call, 'codewright/code-injection');
  }
}
