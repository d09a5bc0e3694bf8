// What the parts of the complexity estimator share: the per-function walk state and the few
// services of the estimator (cost of a block, of another function, key resolution) that the loop,
// call and recursion modules need. Kept apart so those modules do not import the estimator itself.
import type { Flow, SourceFacts, Unit } from '../model';
import type { LibraryCosts } from '../tables/libraryCosts';
import type { Cost } from './cost';

export interface UnitComplexity {
  unit: Unit;
  cost: Cost;
  /** Notable costs found in the unit (blocking I/O, sorting inside a loop, ...). */
  notes: string[];
  recursion?: string;
  /** The visited mark of a visited-guarded traversal. */
  mark?: string;
  /** Keys that are numbers (`n` in `range(n)`) rather than collection sizes. */
  valueKeys: Set<string>;
  /** Algorithm-level techniques recognised while estimating (binary search, graph traversal, ...). */
  patterns: { concept: string; line: number }[];
  /** Extra memory beyond the inputs (space.ts): allocations, growth in loops, call-stack depth. */
  space?: Cost;
  /** The parameter whose size sets the recursion depth, and how the depth grows with it. */
  depth?: { key: string; kind: 'linear' | 'log' };
  /**
   * Work on state that outlives the call (a lazily extended table), included in `cost` but paid at
   * most once over all calls: a caller adds it once instead of multiplying it by its loops.
   */
  persistent?: Cost;
  /** With `persistent`: the cost of a call without it (what a caller's loops repeat). */
  recurring?: Cost;
}

/** State of the walk over one function's flow. */
export interface Walk {
  unit: Unit;
  /** Loop counter → the size it runs over (`i` → `xs` in `for i in range(len(xs))`). */
  loopKeys: Map<string, string>;
  /** Lines of the loops enclosing the current flow, outermost first. */
  loopLines: number[];
  notes: string[];
  valueKeys: Set<string>;
  patterns: { concept: string; line: number }[];
  /** Costs paid once per call of the function whatever the loops around them (shared traversals). */
  once: Cost[];
  /** Costs paid once over all calls: extending a table that outlives the call (see UnitComplexity.persistent). */
  persistent: Cost[];
  /** Iteration counts of the loops enclosing the current flow, outermost first (amortised loops carry their total). */
  iterations: Cost[];
  /** Memory the walk has seen added: collections grown in loops, space of the local functions called. */
  grown: Cost[];
  /** Loop line → passes of its body over the whole call (product of the enclosing counts), shared by the unit's walks. */
  loopPasses: Map<number, Cost>;
  /** Cost one value of a generator (generators.ts): loops yielding on each pass count one pass. */
  perValue?: boolean;
}

/** The estimator's services the per-concern modules call back into. */
export interface Estimator {
  readonly facts: SourceFacts;
  readonly costs: LibraryCosts;
  /** Imported module names (`path`, `os`), whose functions are not collection methods. */
  readonly modules: Set<string>;
  /** Function units of the file by name. */
  readonly byName: Map<string, Unit[]>;
  /** Cost of another function of the file. */
  of(unit: Unit): UnitComplexity;
  /** Cost of a block of flows (at least O(1)). */
  flows(flows: Flow[], walk: Walk): Cost;
  /**
   * True when `key` names a variable assigned once in the file, to a small number or a literal
   * collection (`ALPHABET_SIZE = 26`, `DIRECTIONS = [(0, 1), (1, 0)]`, `dp = [0] * 2`), and never
   * grown: its size does not depend on the input, so loops and scans over it are O(1).
   */
  fixedSize(key: string, unit?: Unit): boolean;
  /** The class of this file a variable holds an instance of (`bit = BIT(n)`, `BIT bit(n);`), if one. */
  instanceClass(name: string): Unit | undefined;
  /** A size key after following loop counters and `n = len(xs)` aliases. */
  resolveKey(key: string, walk: Walk): string;
}
