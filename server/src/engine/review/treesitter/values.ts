// What a value is made of, decided from the syntax tree: a constant, a string built from
// non-constant parts (concatenation, interpolation, formatting), or some other dynamic value.
// Variables are followed to their assignments earlier in the same function (then module level),
// which is what lets `q = f"... {x}"; cursor.execute(q)` be recognised as SQL built from data.
import type { LanguageId } from '../../languages';
import type { SyntaxNode } from '../../parsing/treeSitter';
import { closest, descendants } from './syntax';
import { wholeName } from './taint/names';

/**
 * `constant`: fixed text, or a value that cannot carry syntax (a number, a shell-quoted or
 * SQL-escaped value); `built`: a string assembled from non-constant parts; `dynamic`: anything else.
 */
export type ValueKind = 'constant' | 'built' | 'dynamic';

/** One name bound by an assignment or declaration. `append` marks `+=`, `.=`, `<<`. */
export interface Binding {
  name: string;
  value: SyntaxNode | null;
  append: boolean;
}

/** How one language spells values, variables and scopes. */
export interface Dialect {
  language: LanguageId;
  /** Node types that open a function scope. */
  functionTypes: ReadonlySet<string>;
  /** Node types of loops. */
  loopTypes: ReadonlySet<string>;
  /** Node types of string literals (with or without interpolation). */
  stringTypes: ReadonlySet<string>;
  /** Node types that may bind names; `bindings` explains each. */
  bindingTypes: readonly string[];
  bindings(node: SyntaxNode): Binding[];
  /** The variable's name when the node is a plain variable reference. */
  variableName(node: SyntaxNode): string | undefined;
  /** The literal's value without quotes, or undefined when it interpolates non-constant parts. */
  literalValue(node: SyntaxNode): string | undefined;
  /**
   * Arguments appended to a variable in place before `use` (`sb.append(x)`, `sb.Append(x)`):
   * optional, for languages whose strings are built through builder objects.
   */
  appendedParts?(name: string, use: SyntaxNode, scope: SyntaxNode): SyntaxNode[];
  /**
   * Calls of same-file functions (optional): the called name when `node` is a plain call, and the
   * values a function declaration returns, so a query built in a helper is seen where it is used.
   */
  helpers?: {
    calledName(node: SyntaxNode): string | undefined;
    declarationTypes: readonly string[];
    declaredName(declaration: SyntaxNode): string | undefined;
    returnedValues(declaration: SyntaxNode): SyntaxNode[];
  };
  /** Classification of language-specific shapes; undefined means "no opinion" (dynamic). */
  classify(node: SyntaxNode, values: ValueClassifier): ValueKind | undefined;
  /**
   * Block scoping (optional; Go): the node whose extent a binding node declares its names in (a
   * block, an `if` or `for` with an initialiser, a case clause), or undefined when the node assigns
   * to a variable declared elsewhere. A use outside that extent does not see the declaration, nor
   * the later assignments to the variable it declared (`{ q := "x"; q += input }` leaves the outer
   * `q` alone). Without it, every binding of a name in a function is one variable.
   */
  declarationScope?(node: SyntaxNode): SyntaxNode | undefined;
  /**
   * Function types (among `functionTypes`) that see the enclosing scope's variables as they were
   * where the function is defined (PHP's arrow functions, `fn($x) => $x . $y`, whose body is the value
   * they return): a name that is no
   * parameter and not assigned inside reads the bindings before the definition.
   */
  capturingTypes?: ReadonlySet<string>;
  /**
   * A declaration that lets a function see a script-level variable (PHP's `global $x;`; a closure's
   * `use ($x)` clause, `closureUse`, takes it from where the closure is defined). Set: a function
   * sees no module-level binding of a name it does not so declare — its `$x` is its own.
   */
  globalDeclaration?: { type: string; closureUse: string };
}

/** Budgets that keep classification linear and the stack shallow on pathological input. */
const MAX_NESTING = 300;
const MAX_HOPS = 8;

/** Where a binding happens. */
export interface BindingSite {
  node: SyntaxNode;
  at: number;
  end: number;
  binding: Binding;
}

export class ValueClassifier {
  private readonly bindingCache = new Map<number, Map<string, BindingSite[]>>();

  constructor(
    readonly dialect: Dialect,
    private readonly root: SyntaxNode,
    /** Whole-file node lookup (an index shared with the rules); defaults to walking the tree. */
    private readonly fileNodes: (types: readonly string[]) => SyntaxNode[] = (types) =>
      descendants(root, [...types]),
  ) {}

  private nesting = 0;
  private hops = 0;

  /** What the value of `node` is made of. */
  kind(node: SyntaxNode | null | undefined): ValueKind {
    if (!node || this.nesting >= MAX_NESTING) return 'dynamic';
    this.nesting++;
    try {
      const name = this.dialect.variableName(node);
      if (name !== undefined) return this.variableKind(name, node);
      if (TERNARY.has(node.type)) return this.branches(ternaryBranches(node));
      const own = this.dialect.classify(node, this);
      if (own !== undefined) return own;
      const returned = this.helperReturns(node);
      if (!returned) return 'dynamic';
      this.inHelper = true;
      try {
        return this.branches(returned);
      } finally {
        this.inHelper = false;
      }
    } finally {
      this.nesting--;
    }
  }

  /** Classification of a composite made of `parts`: constant if all are, otherwise built. */
  combine(parts: readonly (SyntaxNode | null)[]): ValueKind {
    return parts.every((part) => this.kind(part) === 'constant') ? 'constant' : 'built';
  }

  /** Classification of alternatives (either branch may be the value): the worst branch wins. */
  branches(parts: readonly (SyntaxNode | null)[]): ValueKind {
    const kinds = parts.map((part) => this.kind(part));
    if (kinds.includes('built')) return 'built';
    return kinds.every((k) => k === 'constant') ? 'constant' : 'dynamic';
  }

  /** True when the value is anything but a constant. */
  isNonConstant(node: SyntaxNode | null | undefined): boolean {
    return this.kind(node) !== 'constant';
  }

  private inHelper = false;
  private helperIndex?: Map<string, SyntaxNode>;

  /** What the same-file function `node` calls returns; one level deep (not from inside a helper). */
  private helperReturns(node: SyntaxNode): SyntaxNode[] | undefined {
    const helpers = this.dialect.helpers;
    if (!helpers || this.inHelper) return undefined;
    const name = helpers.calledName(node);
    if (name === undefined) return undefined;
    if (!this.helperIndex) {
      this.helperIndex = new Map();
      for (const declaration of this.fileNodes(helpers.declarationTypes)) {
        const declared = helpers.declaredName(declaration);
        if (declared !== undefined) this.helperIndex.set(declared, declaration);
      }
    }
    const declaration = this.helperIndex.get(name);
    // A recursive call returns what its own function returns: nothing new to learn.
    if (!declaration || (declaration.startIndex <= node.startIndex && node.endIndex <= declaration.endIndex))
      return undefined;
    const returned = helpers.returnedValues(declaration);
    return returned.length > 0 ? returned : undefined;
  }

  /** The constant text a value is assembled from (its literals, following variables one level). */
  constantText(node: SyntaxNode, depth = 0): string {
    if (depth <= 1 && !this.inHelper) {
      const returned = this.helperReturns(node);
      if (returned) {
        this.inHelper = true;
        try {
          // The helper's own variables are followed afresh; inHelper keeps it to one level.
          return returned.map((r) => this.constantText(r)).join(' ');
        } finally {
          this.inHelper = false;
        }
      }
    }
    const name = this.dialect.variableName(node);
    if (name !== undefined) {
      if (depth > 2) return '';
      const parts = [
        ...this.bindingsBefore(name, node).map((b) => b.value),
        ...this.appendedParts(name, node),
      ];
      return parts.map((part) => (part ? this.constantText(part, depth + 1) : '')).join(' ');
    }
    const literals = this.dialect.stringTypes.has(node.type)
      ? [node]
      : descendants(node, [...this.dialect.stringTypes]).filter(
          (n) => !hasAncestorIn(n, node, this.dialect.stringTypes),
        );
    const variables = depth > 1 ? [] : this.referencedVariables(node);
    return [...literals.map((l) => l.text), ...variables.map((v) => this.constantText(v, depth + 1))].join(
      ' ',
    );
  }

  /** The bindings of `name` visible at `use`: earlier in its function, else at module level. */
  bindingsBefore(name: string, use: SyntaxNode): Binding[] {
    const scope = closest(use, this.dialect.functionTypes);
    // A binding that contains the use (`q = q + x`) says what q becomes, not what it was.
    const outside = (b: BindingSite) => !(b.at <= use.startIndex && use.endIndex <= b.end);
    const local = scope
      ? this.bindingsIn(scope, name).filter(
          (b, i, all) =>
            b.at < use.startIndex &&
            outside(b) &&
            this.visible(all, i, use) &&
            !this.inOtherArm(b.node, use, scope),
        )
      : [];
    if (local.length > 0) return reaching(local, use).map((b) => b.binding);
    const parameters = scope?.childForFieldName('parameters')?.text ?? '';
    if (scope && this.dialect.capturingTypes?.has(scope.type) && !wholeName(name).test(parameters))
      return this.bindingsBefore(name, scope);
    const declared = scope && /^\$\w+$/.test(name) ? this.declaredNames(scope) : undefined;
    if (scope && declared) {
      if (declared.captured.has(name)) return this.bindingsBefore(name, scope);
      if (!declared.globals.has(name)) return [];
    }
    // Module-level bindings only (not other functions' locals).
    const module = this.bindingsIn(this.root, name).filter(
      (b) => outside(b) && !closest(b.node, this.dialect.functionTypes),
    );
    // A use in top-level code (a PHP or Ruby script) sees what reaches it, like a function's locals.
    const earlier = scope
      ? []
      : module.filter((b) => b.at < use.startIndex && !this.inOtherArm(b.node, use, scope));
    return (earlier.length > 0 ? reaching(earlier, use) : module).map((b) => b.binding);
  }

  private readonly declared = new Map<number, { globals: Set<string>; captured: Set<string> }>();

  /** The names a function declares `global` and those its closure `use` clause takes (`globalDeclaration`). */
  private declaredNames(scope: SyntaxNode): { globals: Set<string>; captured: Set<string> } | undefined {
    const spec = this.dialect.globalDeclaration;
    if (!spec) return undefined;
    let found = this.declared.get(scope.id);
    if (!found) {
      const names = (type: string) =>
        new Set(
          descendants(scope, [type])
            .filter((d) => closest(d, this.dialect.functionTypes)?.id === scope.id)
            .flatMap((d) => descendants(d, ['variable_name']).map((n) => n.text)),
        );
      found = { globals: names(spec.type), captured: names(spec.closureUse) };
      this.declared.set(scope.id, found);
    }
    return found;
  }

  /**
   * Whether `binding` sits in one arm of an `if` and `use` in another (`if (c) { $x = $in; } else
   * { echo $x; }`): no run passes through both, unless a loop around that `if` (within `scope`)
   * brings the first arm's value round to the second.
   */
  private inOtherArm(binding: SyntaxNode, use: SyntaxNode, scope: SyntaxNode | null | undefined): boolean {
    let child = binding;
    let node = binding.parent;
    while (node && !(node.startIndex <= use.startIndex && use.endIndex <= node.endIndex)) {
      child = node;
      node = node.parent;
    }
    if (!node || !/^(?:if_statement|if)$/.test(node.type)) return false;
    const useArm = node.namedChildren.find(
      (c) => c !== null && c.startIndex <= use.startIndex && use.endIndex <= c.endIndex,
    );
    // Arms come after the condition; what precedes it (Go's `if x := f(); …`) runs on every path.
    const condition = node.childForFieldName('condition');
    if (
      !useArm ||
      !condition ||
      useArm.id === child.id ||
      child.startIndex < condition.endIndex ||
      useArm.startIndex < condition.endIndex
    )
      return false;
    for (let p = node.parent; p && p.id !== scope?.id; p = p.parent)
      if (this.dialect.loopTypes.has(p.type)) return false;
    return true;
  }

  /**
   * With block scoping, whether the binding `sites[i]` writes the variable that `use` reads: the
   * latest declaration of the name before it (enclosing it) decides which variable it writes, and
   * that declaration's extent must hold `use`. No declaration (a parameter, a global): visible.
   */
  private visible(sites: BindingSite[], i: number, use: SyntaxNode): boolean {
    const scopeOf = this.dialect.declarationScope;
    if (!scopeOf) return true;
    const site = sites[i]!;
    for (let j = i; j >= 0; j--) {
      const extent = scopeOf(sites[j]!.node);
      if (extent && extent.startIndex <= site.at && site.end <= extent.endIndex)
        return extent.startIndex <= use.startIndex && use.endIndex <= extent.endIndex;
    }
    return true;
  }

  /** Every binding of `name` in the file, in document order (functions' locals included). */
  bindingsAnywhere(name: string): BindingSite[] {
    return this.bindingsIn(this.root, name);
  }

  private appendedParts(name: string, use: SyntaxNode): SyntaxNode[] {
    const scope = closest(use, this.dialect.functionTypes);
    return scope && this.dialect.appendedParts ? this.dialect.appendedParts(name, use, scope) : [];
  }

  private variableKind(name: string, use: SyntaxNode): ValueKind {
    const bindings = this.bindingsBefore(name, use);
    if (bindings.length === 0) return /^[A-Z][A-Z0-9_]+$/.test(name) ? 'constant' : 'dynamic';
    if (this.hops >= MAX_HOPS) return 'dynamic';
    this.hops++;
    try {
      const appended = this.appendedParts(name, use);
      if (appended.some((part) => this.kind(part) !== 'constant')) return 'built';
      let result: ValueKind = 'constant';
      for (const binding of bindings) {
        const kind = this.kind(binding.value);
        if (kind === 'built' || (binding.append && kind !== 'constant')) return 'built';
        if (kind === 'dynamic') result = 'dynamic';
      }
      return result;
    } finally {
      this.hops--;
    }
  }

  private bindingsIn(scope: SyntaxNode, name: string): BindingSite[] {
    let byName = this.bindingCache.get(scope.id);
    if (!byName) {
      byName = new Map();
      // Every binding of the file is listed once (from the shared index); a scope takes its range.
      const all = this.fileBindings();
      let low = 0;
      for (let high = all.length; low < high;) {
        const mid = (low + high) >> 1;
        if (all[mid]!.at < scope.startIndex) low = mid + 1;
        else high = mid;
      }
      for (let i = low; i < all.length && all[i]!.at < scope.endIndex; i++) {
        const site = all[i]!;
        const list = byName.get(site.binding.name) ?? [];
        list.push(site);
        byName.set(site.binding.name, list);
      }
      this.bindingCache.set(scope.id, byName);
    }
    return byName.get(name) ?? [];
  }

  private allBindings?: BindingSite[];

  private fileBindings(): BindingSite[] {
    if (!this.allBindings) {
      this.allBindings = [];
      for (const node of this.fileNodes(this.dialect.bindingTypes)) {
        for (const binding of this.dialect.bindings(node)) {
          this.allBindings.push({ node, at: node.startIndex, end: node.endIndex, binding });
        }
      }
      this.allBindings.sort((a, b) => a.at - b.at);
    }
    return this.allBindings;
  }

  /** The first few variables referenced inside `node` (breadth-first, bounded). */
  private referencedVariables(node: SyntaxNode): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    const queue: SyntaxNode[] = [node];
    for (let i = 0; i < queue.length && i < 2000 && out.length < 8; i++) {
      const n = queue[i]!;
      if (this.dialect.variableName(n) !== undefined) out.push(n);
      else for (const child of n.namedChildren) if (child) queue.push(child);
    }
    return out;
  }
}

/** `c ? a : b`, `a if c else b` in every grammar. */
const TERNARY = new Set(['conditional_expression', 'ternary_expression', 'conditional']);

function ternaryBranches(node: SyntaxNode): (SyntaxNode | null)[] {
  const consequence = node.childForFieldName('consequence') ?? node.childForFieldName('body');
  const alternative = node.childForFieldName('alternative');
  if (consequence || alternative) return [consequence, alternative];
  // Python: `a if condition else b` has no field names.
  const named = node.namedChildren.filter((n) => n !== null && n.type !== 'comment');
  return named.length === 3 ? [named[0], named[2]] : named;
}

/** Node types under which code may not run (branches, loops, handlers, closures), in every grammar. */
const CONDITIONAL =
  /(?:^|_)(?:if|else|elif|for|foreach|enhanced|while|do|loop|case|when|switch|catch|except|rescue|ensure|unless|until|conditional|ternary|match|try|finally|lambda|closure|func|anonymous|arm|guard)(?:_|$)/;

/**
 * The bindings that can reach `use`: the last plain assignment that always runs before it (not
 * inside a branch or loop the use is outside of) overrides every earlier one; later appends and
 * assignments in branches add to it. Bindings are in document order.
 */
function reaching(bindings: BindingSite[], use: SyntaxNode): BindingSite[] {
  for (let i = bindings.length - 1; i > 0; i--) {
    const site = bindings[i]!;
    if (!site.binding.append && dominates(site.node, use)) return bindings.slice(i);
    // `if (c) x = a; else x = b;`: together the two branches override what came before the `if`.
    const covered = site.binding.append ? undefined : elseCovered(site, bindings.slice(0, i), use);
    if (covered !== undefined) return bindings.filter((b) => b.at >= covered);
  }
  return bindings;
}

/**
 * When `site` is a plain assignment that always runs in the `else` branch of an `if` that always
 * runs before `use`, and the `if` branch also always assigns the name, the start of that `if`.
 */
function elseCovered(site: BindingSite, earlier: BindingSite[], use: SyntaxNode): number | undefined {
  const elseClause = enclosingBranch(site.node, /^(?:else_clause|else)$/);
  const ifNode = elseClause?.parent;
  if (!elseClause || !ifNode || !/^(?:if_statement|if)$/.test(ifNode.type) || !dominates(ifNode, use))
    return undefined;
  const body = ifNode.childForFieldName('body') ?? ifNode.childForFieldName('consequence');
  // An `elseif` in between is another branch that may not assign.
  if (
    !body ||
    ifNode.namedChildren.some((c) => c !== null && /^(?:else_if_clause|elsif|elif_clause)$/.test(c.type))
  )
    return undefined;
  const inBody = earlier.some(
    (b) =>
      !b.binding.append &&
      b.at >= body.startIndex &&
      b.end <= body.endIndex &&
      enclosingBranch(b.node, /^$/, body)?.id === body.id,
  );
  return inBody ? ifNode.startIndex : undefined;
}

/**
 * The nearest ancestor of `node` of a `branch` type (or `stop`), when no other conditional or loop
 * stands between them: the assignment always runs once that branch is taken.
 */
function enclosingBranch(node: SyntaxNode, branch: RegExp, stop?: SyntaxNode): SyntaxNode | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (branch.test(p.type) || (stop && p.id === stop.id)) return p;
    if (CONDITIONAL.test(p.type)) return undefined;
  }
  return undefined;
}

/** True when `binding` always runs before `use`: no branch or loop around it leaves `use` out. */
export function dominates(binding: SyntaxNode, use: SyntaxNode): boolean {
  for (let node = binding.parent, child = binding; node; child = node, node = node.parent) {
    if (node.startIndex <= use.startIndex && use.endIndex <= node.endIndex) return true;
    // The condition of an `if`/`while` always runs: `if (settype($x, "int"))`.
    if (CONDITIONAL.test(node.type) && node.childForFieldName('condition')?.id !== child.id) return false;
  }
  return false;
}

function hasAncestorIn(node: SyntaxNode, stop: SyntaxNode, types: ReadonlySet<string>): boolean {
  for (let p = node.parent; p && p.id !== stop.id; p = p.parent) if (types.has(p.type)) return true;
  return false;
}
