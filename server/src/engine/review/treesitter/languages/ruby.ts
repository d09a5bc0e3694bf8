// Ruby: system/exec/spawn/IO.popen/Open3 and backticks/%x with interpolation, ActiveRecord
// where/order/find_by_sql/execute with interpolated SQL, VERIFY_NONE / verify: false,
// Marshal.load and YAML.load, eval of non-literals, Digest::MD5/SHA1.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { matches, type LanguageAnalyser } from '../analyser';
import { binaryOperands, descendants, namedChildren, SQL_FRAGMENT, SQL_TEXT, unquote } from '../syntax';
import type { Binding, Dialect, ValueClassifier, ValueKind } from '../values';
import { reportTlsOff, reportWeakHash, shellCommandArgument } from './common';
import { loopbackConnection } from './rubyLoopback';
import { NESTED_OPTIONS, RAILS2_FINDERS, RAILS2_SQL_OPTION, sqlText } from '../taint/tables/ruby';

const LITERALS = new Set(['integer', 'float', 'true', 'false', 'nil', 'simple_symbol', 'hash_key_symbol']);

function classify(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined {
  if (LITERALS.has(node.type)) return 'constant';
  switch (node.type) {
    case 'string':
    case 'bare_string':
    case 'bare_symbol':
    case 'delimited_symbol':
    case 'subshell':
    case 'heredoc_body': {
      const parts = namedChildren(node)
        .filter((c) => c.type === 'interpolation')
        .map((c) => namedChildren(c)[0] ?? null);
      return parts.length === 0 ? 'constant' : values.combine(parts);
    }
    case 'binary':
      return values.combine(binaryOperands(node));
    case 'parenthesized_statements':
      return values.kind(namedChildren(node)[0]);
    case 'constant':
    case 'scope_resolution':
      return 'constant';
    case 'array':
      // A list is no string: `system(["ls", dir])` runs no shell. Joined, it is one (below).
      return namedChildren(node).every((c) => values.kind(c) === 'constant') ? 'constant' : 'dynamic';
    case 'element_reference':
      return constantLookup(node, values) ? 'constant' : undefined;
    case 'call': {
      const method = node.childForFieldName('method')?.text;
      const receiver = node.childForFieldName('receiver');
      if (/^(?:to_s|strip|squish|chomp|freeze|dup)$/.test(method ?? '')) return values.kind(receiver);
      if (method === 'format' || method === 'sprintf')
        return values.combine(namedChildren(node.childForFieldName('arguments') ?? node));
      // `[cmd, arg].join(" ")` builds one string from its elements.
      if (method === 'join' && receiver) {
        const args = namedChildren(node.childForFieldName('arguments') ?? node).filter((a) => a !== receiver);
        const parts = receiver.type === 'array' ? namedChildren(receiver) : [receiver];
        return values.combine([...parts, ...args]);
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * `COMMANDS[key]` where `COMMANDS` is a constant bound only to a hash or list of constants and the
 * file never writes into it: whatever the key, the value is one of those constants (an allow-list).
 */
function constantLookup(node: SyntaxNode, values: ValueClassifier): boolean {
  const table = node.childForFieldName('object');
  if (table?.type !== 'constant') return false;
  const bindings = values.bindingsBefore(table.text, node);
  // `{ ... }.freeze` is the same table.
  const unfrozen = (v: SyntaxNode | null) =>
    v?.type === 'call' && v.childForFieldName('method')?.text === 'freeze'
      ? v.childForFieldName('receiver')
      : v;
  const literal = (bound: SyntaxNode | null) => {
    const v = unfrozen(bound);
    return (
      !!v &&
      (v.type === 'hash' || v.type === 'array') &&
      namedChildren(v).every((entry) =>
        entry.type === 'pair'
          ? values.kind(entry.childForFieldName('value')) === 'constant'
          : values.kind(entry) === 'constant',
      )
    );
  };
  if (bindings.length === 0 || !bindings.every((b) => !b.append && literal(b.value))) return false;
  // `COMMANDS[:x] = y`, `COMMANDS.merge!(...)`, `COMMANDS << y` change what a lookup may return.
  const root = rootOf(node);
  const name = table.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return !new RegExp(
    String.raw`(?<![\w:])${name}(?:\[[^\]]*\]\s*(?:=(?!=)|<<)|\s*<<|\.(?:merge!|update|store|push|append|unshift|insert|concat|replace)\b)`,
  ).test(root.text);
}

function rootOf(node: SyntaxNode): SyntaxNode {
  let root = node;
  while (root.parent) root = root.parent;
  return root;
}

function bindings(node: SyntaxNode): Binding[] {
  const left = node.childForFieldName('left');
  if (left?.type !== 'identifier' && left?.type !== 'constant') return [];
  // `sql << " AND name = '#{x}'"`, `conditions << "..."`: appends to the string or list in place.
  if (node.type === 'binary')
    return node.childForFieldName('operator')?.text === '<<' && left.type === 'identifier'
      ? [{ name: left.text, value: node.childForFieldName('right'), append: true }]
      : [];
  return [
    { name: left.text, value: node.childForFieldName('right'), append: node.type === 'operator_assignment' },
  ];
}

export const rubyDialect: Dialect = {
  language: 'ruby',
  functionTypes: new Set(['method', 'singleton_method']),
  loopTypes: new Set(['for', 'while', 'until']),
  stringTypes: new Set(['string']),
  bindingTypes: ['assignment', 'operator_assignment', 'binary'],
  bindings,
  variableName: (node) => (node.type === 'identifier' ? node.text : undefined),
  literalValue: (node) =>
    namedChildren(node).some((c) => c.type === 'interpolation')
      ? undefined
      : unquote(node.text.replace(/^%[qQ]?[({[<](.*)[)}\]>]$/s, '"$1"')),
  classify,
};

const CALLS = '(call method: (identifier) @method arguments: (argument_list) @args) @call';
const SHELL_METHODS = new Set([
  'system',
  'exec',
  'spawn',
  'popen',
  'capture2',
  'capture2e',
  'capture3',
  'popen2',
  'popen3',
  'pipeline',
]);
const SHELL_RECEIVERS = /^(?:Kernel|IO|Open3|Process|POSIX::Spawn)$/;
const SQL_METHODS = new Set([
  'where',
  'find_by',
  'rewhere',
  'not',
  'order',
  'reorder',
  'having',
  'group',
  'joins',
  'select',
  'pluck',
  'find_by_sql',
  'count_by_sql',
  'execute',
  'exec_query',
  'exec_update',
  'exec_delete',
  'exec_insert',
  'select_all',
  'select_one',
  'select_value',
  'select_values',
  'select_rows',
  'delete_all',
  'destroy_all',
  'update_all',
  'exists?',
  'query',
]);
/**
 * In a query written over several lines, the line where a non-constant value is interpolated: that
 * is where the reader must look (undefined when it is the call's own line).
 */
function injectedAt(call: SyntaxNode, sql: SyntaxNode, values: ValueClassifier): SyntaxNode | undefined {
  const part = descendants(sql, ['interpolation']).find(
    (i) => values.kind(namedChildren(i)[0] ?? null) !== 'constant',
  );
  return part && part.startPosition.row > call.startPosition.row ? part : undefined;
}

/** Inside the body of an ActiveRecord model, `where(...)` without a receiver is the model's own. */
function insideModel(node: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent)
    if (p.type === 'class')
      return /(?:ActiveRecord::Base|ApplicationRecord|\w+Record)$/.test(
        p.childForFieldName('superclass')?.text ?? '',
      );
  return false;
}

/** SQL fragments handed to ActiveRecord need no SELECT: a comparison is enough evidence. */
const COLUMN_METHODS = new Set(['order', 'reorder', 'group', 'pluck']);

export const rubyAnalyser: LanguageAnalyser = {
  dialect: rubyDialect,
  nodeTypes: ['subshell', 'assignment', 'pair'],
  async analyse(context) {
    const { values, findings } = context;
    for (const match of await matches(context, CALLS)) {
      const call = match.get('call')!;
      const method = match.get('method')!.text;
      const receiver = call.childForFieldName('receiver')?.text;
      const args = namedChildren(match.get('args')!);
      const first = args[0];
      if (!first) continue;
      // system("ls", dir) passes argv without a shell: only a single command string is parsed by one.
      const shellCall =
        SHELL_METHODS.has(method) && (receiver === undefined || SHELL_RECEIVERS.test(receiver));
      const commandArgs = args.filter((a) => a.type !== 'pair' && a.type !== 'hash');
      const command =
        commandArgs.length === 1 || (commandArgs.length === 2 && /^ENV|^\{/.test(commandArgs[0]!.text))
          ? commandArgs.at(-1)
          : undefined;
      // system("bash", "-c", cmd): the argv itself starts a shell that parses cmd.
      const viaShell = commandArgs.length > 2 && shellCommandArgument(commandArgs, values);
      if (shellCall && ((command && values.kind(command) === 'built') || viaShell))
        findings.report(call, 'codewright/command-injection');
      // Rails 2 finders and associations: find(:all, :conditions => "name = '#{x}'"); named scopes,
      // also through a lambda (`named_scope :x, lambda { |a| { :conditions => "..." } }`). Other
      // methods' `conditions:` options are not SQL.
      const options = NESTED_OPTIONS.test(method)
        ? descendants(match.get('args')!, ['pair'])
        : RAILS2_FINDERS.test(method)
          ? args.flatMap((a) => (a.type === 'hash' ? namedChildren(a) : [a]))
          : [];
      // Every option that Rails 2 pastes into the query as SQL, not only `:conditions`.
      for (const option of options) {
        const key = option.type === 'pair' ? option.childForFieldName('key')?.text : undefined;
        if (!RAILS2_SQL_OPTION.test(key?.replace(/:$/, '') ?? '')) continue;
        const sql = sqlText(option.childForFieldName('value'));
        if (sql && values.kind(sql) === 'built') {
          findings.report(call, 'codewright/sql-injection', { at: injectedAt(call, sql, values) });
          break;
        }
      }
      const modelScope = receiver === undefined && insideModel(call);
      // Rails 2 `update_all(updates, conditions)`: the conditions are SQL too.
      const conditionsArg = method === 'update_all' ? sqlText(args[1]) : undefined;
      if (
        conditionsArg &&
        conditionsArg.type !== 'hash' &&
        (receiver !== undefined || modelScope) &&
        values.kind(conditionsArg) === 'built'
      )
        findings.report(call, 'codewright/sql-injection', { at: injectedAt(call, conditionsArg, values) });
      if (
        SQL_METHODS.has(method) &&
        (receiver !== undefined || modelScope) &&
        values.kind(sqlText(first)!) === 'built'
      ) {
        const text = values.constantText(sqlText(first)!);
        // order/group/pluck take bare column expressions: any interpolation there is injected SQL.
        if (COLUMN_METHODS.has(method) || SQL_TEXT.test(text) || SQL_FRAGMENT.test(text))
          findings.report(call, 'codewright/sql-injection', {
            at: injectedAt(call, sqlText(first)!, values),
          });
      }
      if (
        (receiver === 'Marshal' && (method === 'load' || method === 'restore')) ||
        ((receiver === 'YAML' || receiver === 'Psych') &&
          /^(?:load|unsafe_load|load_documents|load_stream|unsafe_load_file|load_file)$/.test(method))
      ) {
        // YAML.load(data, safe: true) / permitted_classes: only plain data types are built.
        const safeOption = args.some((a) =>
          /^(?::?safe|:?permitted_classes)\s*(?::|=>)\s*(?!\s|false|nil)/.test(a.text),
        );
        if (values.isNonConstant(first) && !(receiver !== 'Marshal' && safeOption))
          findings.report(call, 'codewright/unsafe-deserialization', {
            message: `${receiver}.${method} can instantiate arbitrary objects from untrusted data.`,
            suggestion:
              receiver === 'Marshal'
                ? 'Use JSON for untrusted data.'
                : 'Use YAML.safe_load (with permitted_classes if needed).',
          });
      }
      if (
        (method === 'eval' || method === 'instance_eval' || method === 'class_eval') &&
        receiver === undefined &&
        values.isNonConstant(first) &&
        // instance_eval(&block): a block is compiled code, not text.
        first.type !== 'block' &&
        first.type !== 'block_argument'
      ) {
        findings.report(call, 'codewright/code-injection');
      }
      if (
        /^Digest::(?:MD5|SHA1)$/.test(receiver ?? '') ||
        /^OpenSSL::Digest::(?:MD5|SHA1)$/.test(receiver ?? '')
      )
        reportWeakHash(context, call, /MD5/.test(receiver!) ? 'MD5' : 'SHA-1');
    }
    for (const shell of context.nodes('subshell')) {
      if (values.kind(shell) === 'built')
        findings.report(shell, 'codewright/command-injection', {
          message: 'Backtick/%x command with interpolated data (command injection).',
        });
    }
    for (const node of context.nodes(['assignment', 'pair'])) {
      const key = (node.childForFieldName(node.type === 'pair' ? 'key' : 'left')?.text ?? '').replace(
        /^:|["':]/g,
        '',
      );
      const value = node.childForFieldName(node.type === 'pair' ? 'value' : 'right')?.text ?? '';
      const disabled =
        (/(?:^|\.|_)verify_mode$/.test(key) && /VERIFY_NONE$/.test(value)) ||
        ((key === 'verify' || key === 'ssl_verify' || key === 'verify_ssl') && value === 'false');
      // A connection to this machine (a test runner and the server it started) crosses no network.
      // `verify_peer? ? VERIFY_PEER : VERIFY_NONE`: the branch a setting about verification picks.
      const valueNode = node.childForFieldName(node.type === 'pair' ? 'value' : 'right');
      const picked = valueNode?.type === 'conditional' ? valueNode.childForFieldName('alternative') : null;
      if (disabled && !(node.type === 'assignment' && loopbackConnection(node, context)))
        reportTlsOff(context, picked ?? node, rubyDialect.functionTypes);
    }
  },
};
