// The taint walker's state (taint/analysis.ts has the overview): what one file's analysis knows
// while it walks — the sinks found, the file's helpers and classes, instances, aliases between
// variables, database collections — and the bookkeeping every layer of the walker shares.
import { calleeParts, patternNames, type AstNode } from '../ast';
import type { ModuleBindings } from '../modules';
import { staysOnSite, type SinkHit } from './sinks';
import { resolveSlot } from './structures';
import { Scope, withoutText, type Taint } from './value';

/** One finding per sink and kind: the strongest (user input over a caller's value over opaque). */
export function strongestHits(hits: SinkHit[]): SinkHit[] {
  const rank = (hit: SinkHit) => (hit.value.tainted ? 2 : hit.value.dynamic ? 1 : 0);
  const best = new Map<AstNode, Map<string, SinkHit>>();
  for (const hit of hits) {
    const byKind = best.get(hit.node) ?? new Map<string, SinkHit>();
    best.set(hit.node, byKind);
    const known = byKind.get(hit.kind);
    if (!known || rank(hit) > rank(known)) byKind.set(hit.kind, hit);
  }
  return hits.filter((hit) => best.get(hit.node)!.get(hit.kind) === hit);
}

export abstract class TaintState {
  protected readonly hits: SinkHit[] = [];
  protected returns: Taint[] = [];
  protected depth = 0;
  /** While computing a helper's summary, sinks are not recorded (they are found where the helper is analysed). */
  protected summarising = false;
  protected readonly helpers = new Map<string, AstNode>();
  protected readonly classes = new Map<string, AstNode>();
  /** Variables holding an instance of a file class (`const w = new Widget()`), with the class. */
  protected readonly instances = new Map<string, AstNode>();
  /** Functions being run for a call right now (recursion and depth guard). */
  protected readonly inlining = new Set<AstNode>();
  protected inlineRuns = 0;
  /** Whether any alias was recorded (until then slot paths need no resolving). */
  protected aliased = false;
  /** Variables holding the page's location object (`const loc = document.location`). */
  protected readonly locations = new Set<string>();
  /** Variables holding a database collection or model (`const users = db.collection('users')`). */
  protected readonly collections = new Set<string>();
  /** While a method runs for an instance: the variable `this` stands for. */
  protected thisOwner: string | undefined;
  protected readonly summaries = new Map<AstNode, Taint>();
  protected root = new Scope();
  /**
   * While a `new Promise((resolve, reject) => ...)` executor runs: the name of its `resolve`
   * parameter and what it was called with, which is what the promise's `then` callbacks receive.
   */
  protected resolver: { name: string; values: Taint[] } | undefined;
  /** Taint stored in `this.<field>` by the methods of the class being analysed. */
  protected fields: Map<string, Taint> | undefined;

  constructor(protected readonly bindings: ModuleBindings) {}

  /** Evaluates an expression (expressions.ts). */
  protected abstract expr(node: AstNode | null | undefined, scope: Scope): Taint;
  /** Analyses a function body; returns the join of what it returns (analysis.ts). */
  protected abstract fn(node: AstNode, scope: Scope, elementTaint?: Taint, argValues?: Taint[]): Taint;
  /** Analyses a class body (analysis.ts). */
  protected abstract classBody(node: AstNode, scope: Scope): void;

  /** Evaluates again without reporting sinks (they were reported when the expression was first seen). */
  protected quietly(evaluate: () => Taint): Taint {
    const saved = this.summarising;
    this.summarising = true;
    try {
      return evaluate();
    } finally {
      this.summarising = saved;
    }
  }

  /**
   * A database collection or model: `db.collection('users')`, `mongoose.model('User', schema)`, or
   * a variable holding one.
   */
  protected isCollection(node: AstNode): boolean {
    const inner = node.type === 'AwaitExpression' ? node.argument : node;
    if (inner.type === 'CallExpression') return /^(collection|model)$/.test(calleeParts(inner).method ?? '');
    return inner.type === 'Identifier' && this.collections.has(inner.name);
  }

  /** The file class a `new C(...)` makes, when C is declared in this file. */
  protected instanceOf(init: AstNode | null | undefined): AstNode | undefined {
    return init?.type === 'NewExpression' && init.callee.type === 'Identifier'
      ? this.classes.get(init.callee.name)
      : undefined;
  }

  /** The object a value names, when it is a local variable or a slot of one (`res`, `head.next`). */
  protected aliasTarget(value: AstNode | null | undefined, scope: Scope): string | undefined {
    // Only whole variables: objects are shared through them (`res`, `node`); a member read
    // (`req.query.q`) is nearly always a value copied out, and aliasing every one would cost time.
    if (value?.type !== 'Identifier' || !scope.has(value.name)) return undefined;
    return this.aliased ? resolveSlot(value.name, scope, true) : value.name;
  }

  /** A slot path once aliases are followed (no work while the file has recorded none). */
  protected resolve(slot: string, scope: Scope, whole = false): string {
    return this.aliased ? resolveSlot(slot, scope, whole) : slot;
  }

  /** `const writer = res`, `head.next = node`: the name now refers to the same object as the target. */
  protected recordAlias(owner: string, name: string, target: string | undefined, scope: Scope): void {
    // `c = c.next` moves along a chain: an alias of a name to its own slot would loop.
    if (!target || target === name || target.startsWith(`${name}\u0000`)) return;
    this.aliased = true;
    scope.alias(owner, name, target);
    if (this.instances.has(target) && !name.includes('\u0000'))
      this.instances.set(name, this.instances.get(target)!);
  }

  protected bind(pattern: AstNode, value: Taint, scope: Scope, declare: boolean): void {
    for (const name of patternNames(pattern)) {
      const bound = pattern.type === 'Identifier' ? value : withoutText(value);
      if (declare) scope.declare(name, bound);
      else scope.assign(name, bound);
    }
    if (pattern.type === 'AssignmentPattern') this.expr(pattern.right, scope);
  }

  protected sinks(hits: SinkHit[]): void {
    if (this.summarising) return;
    for (const found of hits) {
      const hit = found.kind === 'regex' ? asPattern(found) : found;
      if (!hit.value.tainted && !hit.value.dynamic && !hit.opaque) continue;
      if (hit.kind === 'redirect' && staysOnSite(hit.value)) continue;
      if (hit.kind === 'xss' && hit.value.htmlSafe) continue;
      this.hits.push(hit);
    }
  }

  /** A member path with a local alias of the page's location written as `location` (`loc.href` → `location.href`). */
  protected globalPath(path: string | undefined): string | undefined {
    if (!path || this.locations.size === 0) return path;
    const [root, ...rest] = path.split('.');
    return this.locations.has(root!) ? ['location', ...rest].join('.') : path;
  }
}

/** A regex sink reached by escaped input that the escape leaves open as a pattern (`escape(x)`). */
function asPattern(hit: SinkHit): SinkHit {
  const { value } = hit;
  if (value.tainted || !value.patternInput) return hit;
  return { ...hit, value: { ...value, tainted: true, source: value.patternInput } };
}
