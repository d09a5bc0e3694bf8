// Where a value comes from when it is no local variable, parameter or source: a block's parameter
// (`rows.each { |row| ... }`), an instance variable shared by a class's methods (`@dir`), or a value
// the file does not show at all (a method defined elsewhere, the record `self`). The tracker asks
// here for languages whose table declares these shapes (`TaintTable.origins`).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants } from '../syntax';
import type { Taint } from './names';
import type { LanguageTaint } from './tables';

/** The table's description of those shapes (Ruby's in `tables/ruby.ts`). */
export interface Origins {
  /** Block node types (`block`, `do_block`) and the node type of their parameter lists. */
  blocks: ReadonlySet<string>;
  blockParameters: ReadonlySet<string>;
  /**
   * Calls whose block receives values the file does not show (`lambda { |x| }`, `define_method`):
   * their parameters are the caller's data. Other blocks receive what their call holds
   * (`params[:ids].each { |id| }` iterates input, `Tempfile.create { |f| }` a temporary file).
   */
  callbackCalls: RegExp;
  /** Node types of variables shared by the methods of a class (`@name`): followed to every write of the file. */
  fieldTypes: ReadonlySet<string>;
  /**
   * Classes whose public methods each answer a request of their own (a Rails controller's
   * actions): an instance variable another action writes is not what this one reads.
   */
  actionClasses?: RegExp;
  /** Node types that stand for data of unknown origin (`self`, a record whose fields are stored input). */
  unknownTypes: ReadonlySet<string>;
  /**
   * A name that is neither bound nor a parameter is a call of a method defined elsewhere (Ruby's
   * `foo`): its value is unknown. Argument-less calls on a class (`User.current`) too, unless the
   * class is one of `trustedRoots` (the runtime's clock, process, configuration).
   */
  trustedRoots: RegExp;
  /**
   * Calls that return a stored record (`User.find(id)`, `User.first`): a field read from it
   * (`User.first.bio`, `User.find(params[:id]).home_url`) is stored data the file does not show,
   * as `User.current.name` is. The record itself is not (`link_to x, User.find(id)` links its route).
   */
  records?: RegExp;
  /** Sources that are methods (`params`): a parameter or local of that name is another value. */
  shadowedSources?: RegExp;
  /** Rules whose language findings stand at medium when only such unknown values build the text. */
  rules: readonly string[];
  /**
   * Table sinks reported, at medium, when what reaches them is such a value of one of the `shown`
   * shapes: Ruby's `raw @user.bio`, `@post.body.html_safe` (a view's instance variables are what
   * its controller set, often a record's stored fields), not a helper's result (`raw t(".x")`).
   * Each rule counts the shapes of the entry naming it.
   */
  sinks?: ReadonlyArray<{ rules: readonly string[]; shown: RegExp }>;
}

/** The block that declares `name` as a parameter around `use`, with the call it is given to. */
export function declaringBlock(
  name: string,
  use: SyntaxNode,
  origins: Origins,
): { block: SyntaxNode; call: SyntaxNode | undefined } | undefined {
  for (let node = use.parent; node; node = node.parent) {
    if (!origins.blocks.has(node.type)) continue;
    const params = node.namedChildren.find((c) => c !== null && origins.blockParameters.has(c.type));
    if (!params || !declares(params, name)) continue;
    return { block: node, call: node.parent?.type === 'call' ? node.parent : undefined };
  }
  return undefined;
}

/** True when a parameter list declares `name` (plain, splat, destructured or with a default). */
function declares(params: SyntaxNode, name: string): boolean {
  for (const p of params.namedChildren) {
    if (!p) continue;
    if (
      p.type === 'identifier'
        ? p.text === name
        : declares(p, name) || p.childForFieldName('name')?.text === name
    )
      return true;
  }
  return false;
}

/**
 * What a block parameter carries: the data of the call the block is given to (its receiver and
 * arguments, not the block itself), unless that call sanitizes. Callbacks (`lambda`) receive
 * unknown values: `opaque` says so, else they carry nothing.
 */
export function blockParameterTaint(
  found: { block: SyntaxNode; call: SyntaxNode | undefined },
  name: string,
  origins: Origins,
  taint: (node: SyntaxNode | null | undefined) => Taint,
  isSanitizer: (call: SyntaxNode) => boolean,
  opaque: boolean,
): Taint {
  const { call } = found;
  const method = call?.childForFieldName('method')?.text ?? '';
  if (!call || origins.callbackCalls.test(method)) return opaque ? `block parameter ${name}` : undefined;
  if (isSanitizer(call)) return undefined;
  const parts = [
    call.childForFieldName('receiver'),
    ...(call.childForFieldName('arguments')?.namedChildren ?? []),
  ];
  for (const part of parts) {
    if (!part || part.id === found.block.id) continue;
    const result = taint(part);
    if (result) return result;
  }
  return undefined;
}

/**
 * An instance variable: what the file writes to it anywhere (the class's methods share it, and a
 * filter or constructor sets what an action reads); with `opaque`, its own name when the file never
 * writes it (set by code out of sight).
 */
export function fieldTaint(
  node: SyntaxNode,
  context: AnalysisContext,
  taint: (node: SyntaxNode | null | undefined) => Taint,
  opaque: boolean,
  origins: Origins,
): Taint {
  const actionClasses = origins.actionClasses;
  const writes = context
    .nodes([...context.values.dialect.bindingTypes])
    .filter((a) => a.childForFieldName('left')?.text === node.text)
    .filter((a) => !actionClasses || !inOtherAction(a, node, actionClasses));
  for (const write of writes) {
    const found = taint(write.childForFieldName('right'));
    if (found) return found;
  }
  return opaque && writes.length === 0 ? node.text : undefined;
}

const METHODS = new Set(['method', 'singleton_method']);

/**
 * True when `write` is in another action than `read` of a class named by `classes` (Rails'
 * `PostsController`): a public instance method that nothing in the class names (no
 * `before_action :load`, no call), so it runs in a request of its own and its instance variables
 * are gone when `read`'s action runs. Filters, private helpers and methods the class calls still
 * set what an action reads.
 */
function inOtherAction(write: SyntaxNode, read: SyntaxNode, classes: RegExp): boolean {
  const writer = closest(write, METHODS);
  const reader = closest(read, METHODS);
  if (!writer || !reader || writer.id === reader.id || writer.type !== 'method') return false;
  const cls = closest(writer, CLASSES);
  if (
    !cls ||
    closest(reader, CLASSES)?.id !== cls.id ||
    !classes.test(cls.childForFieldName('name')?.text ?? '')
  )
    return false;
  const name = writer.childForFieldName('name')?.text ?? '';
  if (writer.parent?.type !== 'body_statement' || writer.parent.parent?.id !== cls.id) return false;
  // `private` (or `protected`) alone on a line before it makes every later method private.
  const hidden = writer.parent.namedChildren.some(
    (c) =>
      !!c &&
      c.startIndex < writer.startIndex &&
      c.type === 'identifier' &&
      /^(?:private|protected)$/.test(c.text),
  );
  if (hidden) return false;
  const own = writer.childForFieldName('name')?.id;
  const named = descendants(cls, ['identifier', 'simple_symbol']).some((n) => {
    if (n.id === own) return false;
    // `before_action :load` (not `only: [:load]`, which names the actions a filter runs for).
    if (n.type === 'simple_symbol')
      return (
        n.text === `:${name}` &&
        n.parent?.type === 'argument_list' &&
        CALLBACKS.test(callName(n.parent.parent))
      );
    // `load` or `self.load(...)` called by another method (`Project.new` is another class's).
    const receiver = n.parent?.type === 'call' ? n.parent.childForFieldName('receiver') : null;
    return n.text === name && (!receiver || receiver.type === 'self');
  });
  return !named;
}

const CLASSES = new Set(['class', 'module']);
/** Calls that name methods run around an action, or make them the views' helpers. */
const CALLBACKS = /^(?:(?:prepend_|append_)?(?:before|after|around)_(?:action|filter)|helper_method)$/;

function callName(call: SyntaxNode | null | undefined): string {
  return call?.type === 'call' ? (call.childForFieldName('method')?.text ?? '') : '';
}

/**
 * With `opaque`: the node's own text when its value is data the file does not show — the record
 * `self`, an argument-less call on a class that is not the runtime's (`User.current`; what is
 * called on its result carries it: `User.current.name`), or a field of a record a query returned
 * (`User.first.bio`; `headOf` names the call under it).
 */
export function unknownValue(
  node: SyntaxNode,
  origins: Origins,
  head: string,
  isCall: boolean,
  headOf: (call: SyntaxNode) => string,
): Taint {
  if (origins.unknownTypes.has(node.type)) return node.text;
  const receiver = isCall ? node.childForFieldName('receiver') : null;
  if (!receiver || node.childForFieldName('arguments')) return undefined;
  if (/^(?:constant|scope_resolution)$/.test(receiver.type) && !origins.trustedRoots.test(head)) return head;
  if (origins.records && receiver.type === node.type && origins.records.test(headOf(receiver)))
    return node.text;
  return undefined;
}

/**
 * For the sinks `origins.sinks` names: the value of unknown origin that reaches one (`@user.bio` in
 * `raw @user.bio`), when it has one of the shapes counted there.
 */
export function unknownOrigin(
  table: LanguageTaint,
  sink: LanguageTaint['sinks'][number],
  value: SyntaxNode,
  opaqueFor: (sanitizer?: RegExp) => { taint: (node: SyntaxNode, rule: string) => Taint },
): string | undefined {
  const counted = table.origins?.sinks?.find((entry) => entry.rules.includes(sink.rule));
  if (!counted) return undefined;
  const found = opaqueFor(sink.sanitizer).taint(value, sink.rule);
  return found && counted.shown.test(found) ? found : undefined;
}
