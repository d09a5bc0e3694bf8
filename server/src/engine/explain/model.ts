// The language-neutral model every explanation is computed from. Extractors (TypeScript compiler API
// for the JS family, tree-sitter for the rest) fill it from the syntax tree; the analyses (concepts,
// complexity, side effects, summary, breakdown) read only this model, so they are shared by all
// languages.
import type { LanguageId } from '../languages';

export type UnitKind =
  | 'function'
  | 'method'
  | 'constructor'
  | 'lambda'
  | 'component'
  | 'class'
  | 'interface'
  | 'trait'
  | 'struct'
  | 'enum'
  | 'module'
  | 'impl';

/** How many times a loop runs, as far as the syntax shows. */
export type LoopBound =
  /** Once per element of a collection (or up to a count) named by `key`. */
  | {
      kind: 'linear';
      key: string;
      alsoKeys?: string[];
      measure?: 'value';
      /**
       * Inside another loop this loop's passes are shared out over the outer loop's passes rather
       * than repeated for each: `drains` pops a work list the outer loop fills (monotonic stack,
       * queue), `pointer` only moves `pointer` forward or along failure links (sliding window, two
       * pointers, KMP) — valid while the outer loop does not reset it; `marks` sets the entry of
       * the mark `pointer` it tests (`while (!seen[u]) { seen[u] = true; u = next[u]; }`) — valid
       * while the outer loop keeps the mark.
       */
      amortised?: 'drains' | 'pointer' | 'marks';
      pointer?: string;
      /** The work list is replaced by the next level on each pass (`q = new_q`): per-level scans of it add up to one scan. */
      levels?: boolean;
      /** Both ends of a range step toward each other (`lo++`, `hi--`). */
      twoPointers?: boolean;
      /** The pointer follows failure links back (`j = prefix[j - 1]`, KMP): amortised, but not a window. */
      failureLinks?: boolean;
      /** The pointer follows `.next`-style links (`p = p->next`): amortised like a pointer, but not a window. */
      linkWalk?: boolean;
      /** A union-find climb up parent links (`while parent[x] != x: x = parent[x]`), without compression in its own body. */
      climb?: boolean;
      /** The body grows the collection the condition sizes (`while len(inv) <= n: inv.append(...)`). */
      grows?: string;
      /** The passes run over multiples of this name up to `key` (`d * y <= mx` with `d++`): `key / multiples` of them. */
      multiples?: string;
    }
  /** A counter that halves/doubles toward `key`, a search range halved each pass, or digits of `key`. */
  | {
      kind: 'log';
      key: string;
      measure?: 'value';
      why?: string;
      search?: boolean;
      /** `key` is divided by this name while it divides it (`while (x % p == 0) x /= p`). */
      divisor?: string;
    }
  /** A count of 2^`key`: every bit mask of `key` bits (`range(1 << n)`, `mask < (1 << n)`). */
  | { kind: 'exponential'; key: string; measure?: 'value' }
  /** A counter whose square reaches `key` (`i * i <= n`). */
  | { kind: 'sqrt'; key: string; measure?: 'value'; why?: string }
  /** A fixed count; `why` says what makes it fixed when that is not a literal (path compression). */
  | { kind: 'constant'; value: number; why?: string }
  /** No bound the analyser can see (`while (true)`, `loop {}`, a condition on arbitrary state). */
  | { kind: 'unknown'; reason: string };

export interface LoopFlow {
  kind: 'loop';
  line: number;
  bound: LoopBound;
  /** The loop variable (item or counter), when there is one. */
  variable?: string;
  /** The variable counts (`for i < n`, `for i in range(n)`) rather than holding an element. */
  counting?: boolean;
  /** Last line of the loop, so facts recorded by line (writes) can be placed inside it. */
  endLine?: number;
  body: Flow[];
}

/** Alternatives of which at most one runs (if/else, switch, match, conditional expression). */
export interface BranchFlow {
  kind: 'branch';
  line: number;
  arms: Flow[][];
}

export interface CallFlow {
  kind: 'call';
  line: number;
  /** The callee as written, e.g. `fs.readFileSync`, `sorted`, `std::sort`, `this.helper`. */
  callee: string;
  /** The last name segment of the callee, e.g. `readFileSync`. */
  name: string;
  /** The receiver's text for a method call (`items` in `items.map(...)`). */
  receiver?: string;
  /** The arguments' texts (shortened). */
  args: string[];
  /** Bodies of functions passed as arguments (callbacks, Ruby blocks), in order. */
  callbacks: Flow[][];
  /** `new X(...)` / object creation. */
  isNew: boolean;
}

/** `x in container` (Python, Ruby `include?` is a call): linear on a list, constant on a hash. */
export interface MembershipFlow {
  kind: 'membership';
  line: number;
  container: string;
}

export interface AwaitFlow {
  kind: 'await';
  line: number;
}

/** A `return`: what follows it in the same block does not run after it. */
export interface ReturnFlow {
  kind: 'return';
  line: number;
}

export type Flow = LoopFlow | BranchFlow | CallFlow | MembershipFlow | AwaitFlow | ReturnFlow;

/** An element of an indexed table read in an expression: `dp[i - 1][j]` → `dp`, `['i-1', 'j']`. */
export interface IndexedRead {
  table: string;
  /** Index texts with whitespace removed, outermost first. */
  index: string[];
}

/**
 * One assignment or `++`/`--` in a unit, kept for the algorithm concepts that are a shape of
 * writes (a table filled from its own earlier entries, a window's running aggregate).
 */
export interface Write {
  line: number;
  /** The assigned name, or the root of an indexed target (`dp` of `dp[i][j] = ...`). */
  target: string;
  /** Index texts (whitespace removed) when the target is a table element. */
  index?: string[];
  /** `=`, `+=`, `-=`, `++`, `--`, ... */
  operator: string;
  /** Top-level binary operator of the assigned value (`+` in `dp[i-1] + x`), if any. */
  valueOp?: string;
  /** Indexed reads in the assigned value. */
  reads: IndexedRead[];
  /** Last name segment of the functions called in the value (`max`, `min`). */
  calls: string[];
  /** Identifiers used in the target's indices and in the value. */
  names: string[];
  /** Binary operators of the value outside its indices, outermost first. */
  ops: string[];
}

export interface Unit {
  id: number;
  kind: UnitKind;
  /** `<anonymous>` for unnamed lambdas. */
  name: string;
  line: number;
  endLine: number;
  /** Enclosing unit, if nested. */
  parent?: number;
  params: string[];
  /**
   * Python parameters declared as text (`s: str`, or `:type s: str` in the docstring): their
   * characters are letters of an alphabet, so a map keyed by them has a fixed number of keys.
   */
  textParams?: string[];
  returnType?: string;
  /** True when some `return` in the unit carries a value (or the body is an expression). */
  returnsValue: boolean;
  isAsync: boolean;
  isGenerator: boolean;
  isExported: boolean;
  /** Superclasses, implemented interfaces and traits. */
  bases: string[];
  decorators: string[];
  body: Flow[];
  /** Names declared in the unit (parameters included). */
  locals: Set<string>;
  /** Identifiers read or written in the unit, excluding nested units. */
  references: Set<string>;
  /** Objects looked up with a key (`cache.has(k)`, `k in memo`, `memo.get(k)`). */
  cacheLookups: Set<string>;
  /** Objects looked up by key or membership in an `if` condition (`if n in memo`). */
  guardLookups: Set<string>;
  /** Objects stored into with a key (`memo[k] = v`, `cache.set(k, v)`). */
  cacheStores: Set<string>;
  /** Assignments and increments, in source order. */
  writes: Write[];
  throwLines: number[];
  catchLines: number[];
  /** Lines where module-level or global state is written. */
  globalWrites: { line: number; name: string }[];
  returnsFunction: boolean;
  /** True when the unit calls one of its own parameters (takes a function). */
  callsParameter: boolean;
  /** Go: the type a method is declared on (`func (t *Trie) insert` → `Trie`); Go methods have no parent. */
  receiverType?: string;
  /** Go: the name a method's receiver is bound to (`func (t *Trie) insert` → `t`). */
  receiverName?: string;
}

export type StatementKind =
  | 'unit'
  | 'import'
  | 'declaration'
  | 'assignment'
  | 'return'
  | 'if'
  | 'loop'
  | 'call'
  | 'try'
  | 'throw'
  | 'yield'
  | 'match'
  | 'jump'
  | 'expression';

/** One statement or block, for the breakdown. Texts are as written in the source (shortened). */
export interface Statement {
  line: number;
  /** Nesting: 0 at the top level, +1 per enclosing block. */
  depth: number;
  code: string;
  kind: StatementKind;
  unitId?: number;
  target?: string;
  operator?: string;
  value?: string;
  callee?: string;
  condition?: string;
  /**
   * For an assignment whose value is a list or tuple display written out (`[max(a, b), c]`, not a
   * comprehension or a spread): its element count, which `value` may no longer show once cut.
   */
  elements?: number;
  collection?: string;
  item?: string;
  exceptions?: string;
  module?: string;
  names?: string[];
  /** For loops: `for` (counter / for-each), `while`, `do`, `loop`. */
  loopKind?: 'for-each' | 'counter' | 'while' | 'do' | 'loop';
  /** For `jump`: break / continue / pass. */
  keyword?: string;
}

/** A concept seen directly in the syntax (a generator function, a destructuring pattern, ...). */
export interface Feature {
  concept: string;
  line: number;
}

export interface SourceFacts {
  language: LanguageId;
  lineCount: number;
  units: Unit[];
  statements: Statement[];
  features: Feature[];
  imports: { module: string; line: number }[];
  /** Calls and loops at the top level (outside every unit). */
  topLevel: Flow[];
  /** Variables initialised with a hash set/map, so membership on them is O(1) (see hashedName). */
  hashed: Set<string>;
  /**
   * Variables built as an ordered structure (a heap or a balanced tree: `priority_queue`, `std::set`,
   * `SortedList`, `TreeMap`), whose insertions, removals and lookups cost O(log n) (same keys as `hashed`).
   */
  ordered: Set<string>;
  /** `n = len(xs)` / `const n = xs.length`: n stands for the size of xs (keyed like `hashed`; see sizeAlias). */
  sizeAliases: Map<string, string>;
  syntaxError?: { line: number; column: number; message: string };
}

export function emptyUnit(id: number, kind: UnitKind, name: string, line: number, endLine: number): Unit {
  return {
    id,
    kind,
    name,
    line,
    endLine,
    params: [],
    returnsValue: false,
    isAsync: false,
    isGenerator: false,
    isExported: false,
    bases: [],
    decorators: [],
    body: [],
    locals: new Set(),
    references: new Set(),
    cacheLookups: new Set(),
    guardLookups: new Set(),
    cacheStores: new Set(),
    writes: [],
    throwLines: [],
    catchLines: [],
    globalWrites: [],
    returnsFunction: false,
    callsParameter: false,
  };
}

export const FUNCTION_KINDS: ReadonlySet<UnitKind> = new Set([
  'function',
  'method',
  'constructor',
  'lambda',
  'component',
]);

export function isFunctionUnit(unit: Unit): boolean {
  return FUNCTION_KINDS.has(unit.kind);
}

/** The key of a variable in `SourceFacts.hashed`: scoped by the unit declaring it (module: none). */
export function hashedName(unit: Unit | undefined, name: string): string {
  return unit ? `${unit.id}:${name}` : name;
}

/**
 * The collection `name` is the size of where `unit` reads it (`n = len(xs)` in that function or
 * an enclosing one, else at module level): each function's `n` is its own.
 */
export function sizeAlias(facts: SourceFacts, unit: Unit | undefined, name: string): string | undefined {
  for (let u = unit; u; u = u.parent === undefined ? undefined : facts.units[u.parent]) {
    const alias = facts.sizeAliases.get(hashedName(u, name));
    if (alias) return alias;
  }
  // A field (`self.n = len(nums)` in `__init__`) is the same in every method of the class.
  if (/^(self|this|\$this)(\.|->)/.test(name) && unit?.parent !== undefined)
    for (const u of facts.units)
      if (u.parent === unit.parent && facts.sizeAliases.has(hashedName(u, name)))
        return facts.sizeAliases.get(hashedName(u, name));
  return facts.sizeAliases.get(name);
}

/** True when `name`, seen in `unit`, was initialised as a hash set/map in it or an enclosing scope. */
export function isHashed(facts: SourceFacts, unit: Unit | undefined, name: string): boolean {
  return declaredIn(facts.hashed, facts, unit, name);
}

/** True when `name`, seen in `unit`, was built as a heap or balanced tree in it or an enclosing scope. */
export function isOrdered(facts: SourceFacts, unit: Unit | undefined, name: string): boolean {
  return declaredIn(facts.ordered, facts, unit, name);
}

function declaredIn(names: Set<string>, facts: SourceFacts, unit: Unit | undefined, name: string): boolean {
  const bare = name.replace(/^(this|self|\$this)(\.|->)|^@/, '');
  for (let u = unit; u; u = u.parent === undefined ? undefined : facts.units[u.parent]) {
    if (names.has(hashedName(u, name)) || names.has(hashedName(u, bare))) return true;
  }
  // A field (`self.__lookup = set()` in `__init__`, `this.seen = new Set()` in the constructor)
  // is the same object in every method of the class.
  if (bare !== name && unit?.parent !== undefined) {
    const owner = unit.parent;
    if (
      facts.units.some(
        (u) => u.parent === owner && (names.has(hashedName(u, name)) || names.has(hashedName(u, bare))),
      )
    )
      return true;
  }
  if (names.has(name) || names.has(bare)) return true;
  // `p->leaves` / `node.children` on another object: a field that a class or struct of the file
  // declares as a hash map (`unordered_map<char, TrieNode*> leaves;`, `self.children = {}` in its
  // constructor) is one in every instance, whichever variable holds the instance.
  const field = /^[\w$]+(?:\[[^\]]*\])?\s*(?:\.|->)\s*([\w$]+)$/.exec(name)?.[1];
  if (!field || bare !== name) return false;
  const isClass = (u: Unit | undefined) => !!u && /^(class|struct)$/.test(u.kind);
  return facts.units.some(
    (u) =>
      (isClass(u) || (u.parent !== undefined && isClass(facts.units[u.parent]))) &&
      [field, `self.${field}`, `this.${field}`, `this->${field}`].some((f) => names.has(hashedName(u, f))),
  );
}
