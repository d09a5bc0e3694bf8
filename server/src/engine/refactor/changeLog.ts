// What a refactor did and did not do: applied changes and kept-as-is notes, each with the original
// line and its pattern, turned into the contract's `changes` and `benefits`.
import { PATTERNS, type PatternName } from './patterns';

export interface LoggedChange {
  pattern: PatternName;
  line: number;
  message: string;
}

export class ChangeLog {
  readonly applied: LoggedChange[] = [];
  readonly kept: LoggedChange[] = [];
  // Lookups by line and message, so logging thousands of changes stays linear: the `var → let`
  // entries a later `let → const` may merge into, and the kept notes already logged.
  private readonly toLet = new Map<string, LoggedChange[]>();
  private readonly keptKeys = new Set<string>();

  change(pattern: PatternName, line: number, message: string): void {
    // `var x` → `let x` then `let x` → `const x` (also after `x` became `{x}`) reads as one change.
    const promoted = /^`let (.+)` → `const \1` \(never reassigned\)$/.exec(message);
    if (promoted) {
      const declared = promoted[1]!;
      const plain = declared.replace(/^\{\s*([\w$]+)\s*\}$/, '$1');
      const earlier = this.toLet.get(keyOf(line, `\`var ${plain}\` → \`let ${plain}\``))?.shift();
      if (earlier) {
        earlier.message = `\`var ${plain}\` → \`const ${declared}\` (never reassigned)`;
        return;
      }
    }
    const entry = { pattern, line, message };
    this.applied.push(entry);
    if (/^`var .+` → `let .+`$/.test(message)) {
      const key = keyOf(line, message);
      this.toLet.set(key, [...(this.toLet.get(key) ?? []), entry]);
    }
  }

  keep(pattern: PatternName, line: number, message: string): void {
    const key = keyOf(line, message);
    if (this.keptKeys.has(key)) return;
    this.keptKeys.add(key);
    this.kept.push({ pattern, line, message });
  }

  /** `changes`: each applied change by line, then what was kept and why. */
  changes(patterns: ReadonlySet<PatternName>): string[] {
    const byLine = (a: LoggedChange, b: LoggedChange): number => a.line - b.line;
    const applied = [...this.applied].sort(byLine).map((entry) => `Line ${entry.line}: ${entry.message}`);
    const kept = [...this.kept].sort(byLine).map((entry) => `Line ${entry.line}: ${entry.message}`);
    if (applied.length > 0) return [...applied, ...kept];
    const tried = [...patterns].join(', ');
    const why =
      kept.length > 0
        ? 'every candidate found was kept, for the reasons below'
        : `nothing in the code matches the patterns tried (${tried})`;
    return [`No changes applied: ${why}.`, ...kept];
  }

  countFor(pattern: PatternName): number {
    return this.applied.filter((entry) => entry.pattern === pattern).length;
  }
}

function keyOf(line: number, message: string): string {
  return `${line}\u0000${message}`;
}

const BENEFITS: Record<PatternName, (count: number) => string> = {
  const_let: (n) =>
    `${n} declaration(s) now block-scoped with let/const; const marks values that never change`,
  arrow_functions: (n) => `${n} function(s) are arrow functions: shorter, and \`this\` is the enclosing one`,
  template_literals: (n) => `${n} string concatenation(s) became template literals, easier to read and edit`,
  object_shorthand: (n) => `${n} object propert(ies) use shorthand syntax, removing repetition`,
  destructuring: (n) => `${n} property read(s) use destructuring, naming what is taken from an object once`,
  spread: (n) => `${n} Object.assign call(s) use object spread, stating intent directly`,
  exponentiation: (n) => `${n} Math.pow call(s) use the ** operator`,
  optional_chaining: (n) => `${n} guard chain(s) use optional chaining, each object named once`,
  nullish_coalescing: (n) => `${n} default(s) use ??, which only falls back on null/undefined`,
  classes: (n) => `${n} constructor function(s) became classes: one block holds the constructor and methods`,
  async_await: (n) => `${n} function(s) use async/await: sequential code instead of nested callbacks`,
  es_modules: (n) => `${n} CommonJS construct(s) became ES module syntax, statically analysable by bundlers`,
  else_return: (n) => `${n} needless else branch(es) removed, flattening the control flow`,
  boolean_simplify: (n) => `${n} redundant boolean cast(s)/ternar(ies) simplified`,
  useless_code: (n) => `${n} useless construct(s) removed`,
  dot_notation: (n) => `${n} bracket access(es) use dot notation`,
  operator_assignment: (n) => `${n} assignment(s) use compound operators`,
  strict_equality: (n) => `${n} comparison(s) use strict equality, with no type coercion to reason about`,
  yoda_conditions: (n) => `${n} comparison(s) read subject-first`,
  unreachable_code: (n) => `${n} unreachable block(s) removed: less code that can never run`,
  unused_declarations: (n) => `${n} unused declaration(s) removed`,
  unused_labels: (n) => `${n} unused label(s) removed`,
  extract_function: () =>
    'The extracted lines are a named, reusable function with explicit inputs and output',
  rename: (n) =>
    `${n} occurrence(s) renamed consistently, scope-aware (strings and other bindings untouched)`,
  f_strings: (n) => `${n} string formatting call(s) became f-strings: values appear where they are used`,
  comprehensions: (n) => `${n} loop(s) became comprehensions: one expression builds the collection`,
  with_open: (n) => `${n} file(s) opened with \`with\`, closed even when an exception is raised`,
  pathlib: (n) => `${n} os.path call(s) use pathlib.Path`,
};

/** `benefits`: one line per pattern that changed something, with its count. */
export function benefitsOf(log: ChangeLog): string[] {
  const patterns = [...new Set(log.applied.map((entry) => entry.pattern))];
  if (patterns.length === 0) return ['None: the code was returned unchanged.'];
  return patterns.map((pattern) => BENEFITS[pattern](log.countFor(pattern)));
}

export function describePattern(pattern: PatternName): string {
  return PATTERNS[pattern].summary;
}
