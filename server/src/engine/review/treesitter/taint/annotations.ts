// What a developer declared about taint in a docblock, read as the engine's own rules (table
// `docblockTaint`, PHP): Psalm's `@psalm-taint-source <kind>`, `@psalm-taint-sink <kind> $param`,
// `@psalm-taint-escape <kind>` (on a function, or on one assignment), `@psalm-taint-unescape <kind>`
// and `@psalm-flow ($a, $b) -> return`; the taint-check plugin of phan (MediaWiki) writes
// `@param-taint $p exec_<kind>` (a sink), `@param-taint $p escapes_<kind>` (an escaping function),
// `@param-taint $p tainted` (the parameter reaches the return) and `@return-taint <kinds>` (what
// the return carries: `tainted`, a kind, `none`, `escaped`, `onlysafefor_<kind>`).
//
// A kind names the rules it is about (`html` → XSS, `sql` → SQL injection...); `input` and
// `tainted` name them all. Kinds review has no rule for (`header`, `cookie`, `has_quotes`,
// `callable`, custom ones) declare nothing. An annotation phan marks `allow_override` (the body may
// say otherwise) and Psalm's conditional escapes (`($escape is true ? 'html' : null)`) are not read.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { CMD, CODE, DESERIALIZE, LDAP, PATH, SQL, SSRF, XPATH, XSS } from './tables/common';

/** Every rule a kind can name: what `input` and `tainted` stand for. */
const ALL = '*';

/** Psalm's and the taint-check plugin's kinds → the rule each is about. */
const KIND_RULE: Readonly<Record<string, string>> = {
  html: XSS,
  htmlnoent: XSS,
  sql: SQL,
  sql_numkey: SQL,
  shell: CMD,
  include: CODE,
  eval: CODE,
  code: CODE,
  file: PATH,
  path: PATH,
  ssrf: SSRF,
  ldap: LDAP,
  xpath: XPATH,
  unserialize: DESERIALIZE,
  serialize: DESERIALIZE,
  input: ALL,
  tainted: ALL,
};

/** What a function's docblock declares. Rule sets hold rule ids (without a context variant) or `*`. */
export interface DeclaredTaint {
  /** The return carries input for these rules whatever the body does (a source). */
  sources: Set<string>;
  /** The return carries no input for these rules whatever the arguments (an escaping function). */
  escapes: Set<string>;
  /** Parameters (by name, without `$`) that are sinks, with their rules. */
  sinks: Map<string, Set<string>>;
  /** Parameters whose values reach the return (`@psalm-flow`, phan's `tainted`): a body need not show it. */
  flows: string[];
  /** Parameters the function validates (`@psalm-assert-untainted $id`): past a call, the variable passed is clean. */
  asserts: string[];
  /** Rules whose escaping the function undoes (`@psalm-taint-unescape html`): its arguments' escapers stop nothing. */
  unescapes: Set<string>;
}

/** The rule sets a list of kinds names (`html`, `sql_numkey`, `input`); kinds without a rule are left out. */
function rulesOf(kinds: string[]): Set<string> {
  return new Set(kinds.map((k) => KIND_RULE[k.toLowerCase()]).filter((r): r is string => !!r));
}

/** True when `rules` names `rule` (its context variants too: `codewright/xss:attr-dq` is XSS). */
export function namesRule(rules: ReadonlySet<string>, rule: string): boolean {
  return rules.has(ALL) || (rule !== '' && rules.has(rule.split(':')[0]));
}

/** The docblock (`/** ... *\/`) written right before `node`, if any. */
export function docblockOf(node: SyntaxNode): string | undefined {
  const before = node.previousNamedSibling;
  return before?.type === 'comment' && before.text.startsWith('/**') ? before.text : undefined;
}

/** The words after each `@tag` of a docblock (up to the line's end), for the tags `tag` matches. */
function tagged(doc: string, tag: RegExp): Array<{ tag: string; words: string[] }> {
  const out: Array<{ tag: string; words: string[] }> = [];
  for (const m of doc.matchAll(/@([\w-]+)[ \t]+([^\n]*)/g)) {
    if (!tag.test(m[1])) continue;
    const line = m[2].replace(/\*\/\s*$/, '').trim();
    out.push({ tag: m[1], words: line.split(/[\s,]+/).filter(Boolean) });
  }
  return out;
}

const cache = new WeakMap<SyntaxNode, DeclaredTaint | null>();

/** What the docblock of the function `fn` declares about taint; undefined when it declares nothing. */
export function declaredTaint(fn: SyntaxNode): DeclaredTaint | undefined {
  if (!cache.has(fn)) cache.set(fn, read(docblockOf(fn)) ?? null);
  return cache.get(fn) ?? undefined;
}

function read(doc: string | undefined): DeclaredTaint | undefined {
  if (!doc || !declaresTaint(doc)) return undefined;
  const declared: DeclaredTaint = {
    sources: new Set(),
    escapes: new Set(),
    sinks: new Map(),
    flows: [],
    asserts: [],
    unescapes: new Set(),
  };
  const sink = (param: string | undefined, rules: Set<string>) => {
    const name = /^\$(\w+)/.exec(param ?? '')?.[1];
    if (!name || rules.size === 0) return;
    const held = declared.sinks.get(name) ?? new Set<string>();
    for (const r of rules) held.add(r);
    declared.sinks.set(name, held);
  };
  const add = (to: Set<string>, rules: Set<string>) => rules.forEach((r) => to.add(r));
  for (const { tag, words } of tagged(doc, ANNOTATION)) {
    const [first = '', second] = words;
    if (tag === 'psalm-assert-untainted') {
      const name = /^\$(\w+)$/.exec(first)?.[1];
      if (name) declared.asserts.push(name);
    } else if (tag === 'psalm-taint-source') add(declared.sources, rulesOf([first]));
    else if (tag === 'psalm-taint-sink') sink(second, rulesOf([first]));
    // A conditional escape (`($escape is true ? 'html' : null)`) holds for some calls only.
    else if (tag === 'psalm-taint-escape' && !first.startsWith('(')) add(declared.escapes, rulesOf([first]));
    else if (tag === 'psalm-taint-unescape') add(declared.unescapes, rulesOf([first]));
    else if (tag === 'psalm-flow') {
      // `($a, $b) -> return`, or `proxy f($a) -> return` (what `f` is given comes back).
      const flow = /^(?:proxy\s+[\w\\:]+)?\s*\(([^)]*)\)\s*->\s*return\b/.exec(words.join(' '));
      for (const p of flow?.[1].split(/[\s,]+/) ?? []) {
        const name = /^\$(\w+)$/.exec(p)?.[1];
        if (name) declared.flows.push(name);
      }
    } else if (tag === 'param-taint') phanParameter(declared, first, words.slice(1), sink);
    else if (tag === 'return-taint') phanReturn(declared, words);
  }
  const { sources, escapes, sinks, flows, asserts, unescapes } = declared;
  const declares =
    sources.size + escapes.size + sinks.size + flows.length + asserts.length + unescapes.size > 0;
  return declares ? declared : undefined;
}

/** `@param-taint $p exec_html, escapes_sql, tainted`: a sink, an escaping function, a flow. */
function phanParameter(
  declared: DeclaredTaint,
  param: string,
  flags: string[],
  sink: (param: string, rules: Set<string>) => void,
): void {
  if (flags.includes('allow_override')) return;
  const name = /^(?:\.\.\.)?&?\$(\w+)$/.exec(param)?.[1];
  if (!name) return;
  for (const flag of flags) {
    const [, kind, what] = /^(exec|escapes)_(\w+)$/.exec(flag) ?? [];
    if (kind === 'exec') sink(`$${name}`, rulesOf([what]));
    else if (kind === 'escapes') rulesOf([what]).forEach((r) => declared.escapes.add(r));
    else if (flag === 'tainted') declared.flows.push(name);
  }
}

/**
 * `@return-taint html`: the return carries input for those kinds and none for the others; `none`,
 * `escaped` (escaped HTML) carry none; `onlysafefor_html` is input for every rule but XSS.
 */
function phanReturn(declared: DeclaredTaint, words: string[]): void {
  if (words.includes('allow_override')) return;
  const kinds = words.filter((w) => /^[a-z_]+$/i.test(w));
  const safeFor = kinds.map((k) => /^onlysafefor_(\w+)$/i.exec(k)?.[1]).filter((k) => k !== undefined);
  const sources = safeFor.length > 0 ? new Set([ALL]) : rulesOf(kinds);
  const known = kinds.some((k) => /^(?:none|escaped)$/i.test(k)) || safeFor.length > 0 || sources.size > 0;
  if (!known) return;
  sources.forEach((r) => declared.sources.add(r));
  // What it does not declare, the return does not carry: every rule is escaped but the sources.
  declared.escapes.add(ALL);
  rulesOf(safeFor).forEach((r) => declared.escapes.add(`!${r}`));
}

/**
 * True when `declared` makes the return clean for `rule`: an escape of that rule, or phan's exact
 * `@return-taint` (every rule escaped but those it names).
 */
export function escapesRule(declared: DeclaredTaint, rule: string): boolean {
  // Without a rule (any sink), a return that is input for some rule is not clean.
  if (rule === '') return declared.escapes.has(ALL) && declared.sources.size === 0;
  if (declared.escapes.has(ALL)) return !namesRule(declared.sources, rule) || safeFor(declared, rule);
  return namesRule(declared.escapes, rule);
}

/** phan's `onlysafefor_<kind>`: the return is input but for that kind's rule. */
function safeFor(declared: DeclaredTaint, rule: string): boolean {
  return rule !== '' && declared.escapes.has(`!${rule.split(':')[0]}`);
}

/** True when `declared` makes the return input for `rule` (every rule when `rule` is ''). */
export function sourceFor(declared: DeclaredTaint, rule: string): boolean {
  if (declared.sources.size === 0 || safeFor(declared, rule)) return false;
  return rule === '' || namesRule(declared.sources, rule);
}

/** Psalm's issues → the rule each is about; `TaintedInput` is any. */
const ISSUE_RULE: Readonly<Record<string, string>> = {
  TaintedInput: ALL,
  TaintedHtml: XSS,
  TaintedSql: SQL,
  TaintedShell: CMD,
  TaintedInclude: CODE,
  TaintedEval: CODE,
  TaintedFile: PATH,
  TaintedSSRF: SSRF,
  TaintedLdap: LDAP,
  TaintedXpath: XPATH,
  TaintedUnserialize: DESERIALIZE,
};

/**
 * The rules a docblock right before an assignment's statement escapes (`/** @psalm-taint-escape
 * sql *\/ $id = (string) $_GET['id'];`), or cuts the path of (`@psalm-suppress TaintedInput`, which
 * Psalm applies to any step of a path): that value carries no input for them.
 */
export function escapedAssignment(value: SyntaxNode): Set<string> | undefined {
  const assignment = value.parent;
  if (assignment?.type !== 'assignment_expression' || assignment.childForFieldName('right')?.id !== value.id)
    return undefined;
  const statement = assignment.parent;
  const doc = statement?.type === 'expression_statement' ? docblockOf(statement) : undefined;
  if (!doc || !/@psalm-(?:taint-escape|suppress)/.test(doc)) return undefined;
  const rules = new Set<string>();
  for (const { tag, words } of tagged(doc, /^psalm-(?:taint-escape|suppress)$/))
    if (tag === 'psalm-suppress') words.forEach((w) => ISSUE_RULE[w] && rules.add(ISSUE_RULE[w]));
    else if (!words[0]?.startsWith('(')) rulesOf(words.slice(0, 1)).forEach((r) => rules.add(r));
  return rules;
}

/** The position of the parameter a docblock names (`$sql`, written without `$` here), by the file index's lookup. */
export function parameterAt(index: (name: string) => number, name: string): number {
  const php = index(`$${name}`);
  return php >= 0 ? php : index(name);
}

/** True when the file has a docblock declaring taint (so rules must be told apart while tracking). */
export function declaresTaint(text: string): boolean {
  return /@(?:psalm-taint-|psalm-flow|psalm-assert-untainted|psalm-suppress\s+Tainted|param-taint|return-taint)/.test(
    text,
  );
}

const ANNOTATION = /^(?:psalm-taint-\w+|psalm-flow|psalm-assert-untainted|param-taint|return-taint)$/;
