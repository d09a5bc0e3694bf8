// The state of one tree-sitter walk and its bookkeeping of names (declarations, initialisers that
// build hash sets or alias a size, assignments), shared by the walker in treeSitterFacts.ts.
import type { LanguageId } from '../../languages';
import type { SyntaxNode } from '../../parsing/treeSitter';
import { type Flow, type SourceFacts, type Unit, hashedName } from '../model';
import { type TreeSitterTable, named } from '../tables/treeSitterTable';
import { compact } from './bounds';
import { containerType, declaredTypeOf } from './declaredType';
import { collectIdentifiers } from './treeSitterParts';

/** Assignment targets that write into an existing object rather than bind a name. */
const BINDS_NOTHING = /^(subscript|attribute|element_reference)$/;
import { treeSitterWrites } from './treeSitterWrites';
import { escape } from './boundText';

export interface Scope {
  unit?: Unit;
  flow: Flow[];
  depth: number;
  inReturn: boolean;
  inCondition: boolean;
}

/** State of one walk and the bookkeeping of names: declarations, initialisers, assignments. */
export abstract class TreeSitterWalkState {
  protected readonly facts: SourceFacts;
  protected readonly moduleLocals = new Set<string>();
  protected readonly assignments: { unit: Unit; name: string; line: number }[] = [];
  protected readonly returned: { unit: Unit; name: string }[] = [];

  constructor(
    protected readonly code: string,
    language: LanguageId,
    protected readonly table: TreeSitterTable,
  ) {
    this.facts = {
      language,
      lineCount: code.split('\n').length,
      units: [],
      statements: [],
      features: [],
      imports: [],
      topLevel: [],
      hashed: new Set(),
      ordered: new Set(),
      sizeAliases: new Map(),
    };
  }

  protected line(node: SyntaxNode): number {
    return node.startPosition.row + 1;
  }

  protected enclosingDeclares(unit: Unit, name: string): boolean {
    for (let id = unit.parent; id !== undefined; id = this.facts.units[id]!.parent)
      if (this.facts.units[id]!.locals.has(name)) return true;
    return false;
  }

  protected declare(scope: Scope, name: string): void {
    const clean = name.replace(/^[$@&*]+/, '');
    if (scope.unit) scope.unit.locals.add(clean);
    else this.moduleLocals.add(clean);
  }

  protected noteDeclaration(node: SyntaxNode, fieldName: string, scope: Scope): void {
    const target = fieldName ? node.childForFieldName(fieldName) : node;
    if (!target) return;
    // An element or attribute written (`dp[u][i] = 1`, `self.x = 1`, Ruby `a[i] = 1`) changes an
    // object that exists already: it binds no name, so a closure writing into its parent's table
    // still reads the parent's table (and `u`, `i` in the index are read, not declared).
    const names = this.table.identifiers.includes(target.type)
      ? [target.text]
      : BINDS_NOTHING.test(target.type)
        ? []
        : collectIdentifiers(target, this.table, fieldName === '', BINDS_NOTHING);
    names.forEach((n) => this.declare(scope, n));
    const value =
      node.childForFieldName('right') ??
      node.childForFieldName('value') ??
      (named(node).length > 1 ? named(node).at(-1) : undefined);
    if (names.length === 1 && value && value.id !== target.id)
      this.noteInitialiser(names[0]!, value.text, scope);
    // `TreeSet<int[]> set = items.get(k);`, `void f(Map<K, V> cnt)`, `seen: &HashSet<i32>`: the
    // written type says what the variable is when the value does not.
    const type = names.length === 1 ? declaredTypeOf(node) : undefined;
    const container = type && containerType(type);
    if (container) this.noteInitialiser(names[0]!, container, scope);
    // `self.__lookup = set()` / `this->seen = {}`: a field initialised as a hash set/map or heap
    // (read in the class's other methods through isHashed/isOrdered).
    else if (value && value.id !== target.id && /^(self|this|@)(\.|->)?[\w$]+$/.test(target.text))
      this.noteInitialiser(target.text, value.text, scope);
    // `let (lo, hi) = (0, xs.len())`: pair the names with the values.
    const values = value ? named(value) : [];
    if (names.length > 1 && values.length === names.length && /tuple|pattern|list/.test(target.type)) {
      names.forEach((n, k) => this.noteInitialiser(n, values[k]!.text, scope));
    }
  }

  protected noteInitialiser(name: string, value: string, scope: Scope): void {
    const clean = name.replace(/^[$@]/, '');
    const init = value
      .trim()
      .replace(/^=\s*/, '')
      .replace(/\s*-\s*1$/, '');
    if (this.table.hashedInit.test(init)) this.facts.hashed.add(hashedName(scope.unit, clean));
    if (this.table.orderedInit?.test(init)) this.facts.ordered.add(hashedName(scope.unit, clean));
    const size = this.table.sizeOf.exec(init);
    // (a table may spell the size two ways, each with its own group: C++ `xs.size()` / `size(xs)`)
    const sized = size?.slice(1).find((g) => g !== undefined);
    if (sized) this.facts.sizeAliases.set(hashedName(scope.unit, clean), sized.replace(/^\$/, ''));
  }

  /**
   * A typed declaration without an initialiser that names the structure (`set<int> seen;`,
   * `priority_queue<int> pq;`, a class field): its type says what the variable is, as an
   * initialiser would.
   */
  protected noteTypedDeclaration(node: SyntaxNode, scope: Scope): void {
    const type = node.childForFieldName('type')?.text;
    if (!type) return;
    for (const declarator of node.childrenForFieldName('declarator')) {
      if (!declarator) continue;
      // C/C++ `set<int> seen;` names its declarator; Java `private TreeSet<int[]> sl;` its name.
      const name =
        declarator.type === 'init_declarator'
          ? declarator.childForFieldName('declarator')
          : declarator.type === 'variable_declarator'
            ? declarator.childForFieldName('name')
            : declarator;
      // An array of sets (`Set<Integer>[] g;`) is not a set: its elements are (elementKind.ts).
      const container = containerType(type);
      if (name && container && this.table.identifiers.concat('field_identifier').includes(name.type))
        this.noteInitialiser(name.text, container, scope);
    }
  }

  /** Records an assignment or `++`/`--` as a write of its unit (see `Write`). */
  protected noteWrite(node: SyntaxNode, scope: Scope): void {
    if (scope.unit) scope.unit.writes.push(...treeSitterWrites(node, this.table, this.line(node)));
  }

  protected noteAssignment(node: SyntaxNode, scope: Scope): void {
    const targets = node.childForFieldName('left') ?? named(node)[0];
    const unit = scope.unit;
    if (!targets) return;
    // Go writes `f[i] = v` / `a, b = b, a % b` with lists of targets and values.
    const list = targets.type === 'expression_list' ? named(targets) : [targets];
    const values = node.childForFieldName('right');
    if (list.length > 1 && values?.type === 'expression_list' && named(values).length === list.length)
      list.forEach((n, i) => {
        if (this.table.identifiers.includes(n.type))
          this.noteInitialiser(n.text, named(values)[i]!.text, scope);
      });
    const left = list.length === 1 ? list[0]! : targets;
    this.noteWrite(node, scope);
    if (this.table.keyedAccess.includes(left.type) && unit && storesResult(node, targets, values, left))
      unit.cacheStores.add(compact(named(left)[0]?.text ?? '', 40));
    if (this.table.identifiers.includes(left.type)) {
      if (unit) this.assignments.push({ unit, name: left.text.replace(/^\$/, ''), line: this.line(node) });
      const right = node.childForFieldName('right');
      if (right) this.noteInitialiser(left.text, right.text, scope);
    }
    if (
      /^(pattern_list|tuple_pattern|left_assignment_list|list_literal|tuple)$/.test(left.type) &&
      node.parent
    ) {
      this.facts.features.push({ concept: 'destructuring', line: this.line(node) });
      // `lo, hi = 0, len(xs) - 1`: pair the names with the values.
      const right = node.childForFieldName('right');
      const names = named(left);
      const values = right ? named(right) : [];
      if (names.length === values.length)
        names.forEach((n, i) => this.noteInitialiser(n.text, values[i]!.text, scope));
    }
  }
}

/**
 * A keyed store that can cache a result: a plain `=` whose value does not read the same collection.
 * `t[i] ^= 32`, `cnt[x] += 1` and `t[i] = t[i].upper()` update an entry in place.
 */
function storesResult(
  node: SyntaxNode,
  targets: SyntaxNode,
  values: SyntaxNode | null,
  left: SyntaxNode,
): boolean {
  if (!values) return true;
  const operator = node.text.slice(targets.endIndex - node.startIndex, values.startIndex - node.startIndex);
  const collection = escape(named(left)[0]?.text ?? '');
  return /^\s*:?=\s*$/.test(operator) && !new RegExp(`(^|[^\\w$.])${collection}\\s*\\[`).test(values.text);
}
