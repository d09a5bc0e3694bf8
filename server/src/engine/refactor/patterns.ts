// The target patterns each refactor_type applies, per language family. `target_patterns` in a request
// narrows a type's defaults to the named ones; a name that is unknown, or that belongs to another
// refactor_type or language, is a ValidationError listing what is allowed.
import { invalidField } from '../errors';
import type { RefactorType } from '../contracts/refactor';

export type LanguageFamily = 'js' | 'python';

export interface PatternInfo {
  readonly family: LanguageFamily;
  readonly types: readonly RefactorType[];
  /** Applied when the request names no target_patterns (opt-in patterns have false). */
  readonly byDefault: boolean;
  readonly summary: string;
}

const MODERNIZE: readonly RefactorType[] = ['modernize'];
const SIMPLIFY: readonly RefactorType[] = ['simplify'];
const DEAD_CODE: readonly RefactorType[] = ['remove_dead_code'];

export const PATTERNS = {
  const_let: { family: 'js', types: MODERNIZE, byDefault: true, summary: '`var` → `let`/`const`' },
  arrow_functions: {
    family: 'js',
    types: MODERNIZE,
    byDefault: true,
    summary: 'callbacks → arrow functions',
  },
  template_literals: {
    family: 'js',
    types: MODERNIZE,
    byDefault: true,
    summary: 'string concatenation → template literals',
  },
  object_shorthand: {
    family: 'js',
    types: MODERNIZE,
    byDefault: true,
    summary: '`{a: a, f: function () {}}` → `{a, f() {}}`',
  },
  destructuring: {
    family: 'js',
    types: MODERNIZE,
    byDefault: true,
    summary: '`var a = o.a` → `const { a } = o`',
  },
  spread: {
    family: 'js',
    types: MODERNIZE,
    byDefault: true,
    summary: '`Object.assign({}, o)` → `{ ...o }`',
  },
  exponentiation: { family: 'js', types: MODERNIZE, byDefault: true, summary: '`Math.pow(a, b)` → `a ** b`' },
  optional_chaining: {
    family: 'js',
    types: MODERNIZE,
    byDefault: true,
    summary: '`a && a.b` → `a?.b` where provably equal',
  },
  nullish_coalescing: {
    family: 'js',
    types: MODERNIZE,
    byDefault: true,
    summary: '`a || b` → `a ?? b` where provably equal',
  },
  classes: {
    family: 'js',
    types: MODERNIZE,
    byDefault: true,
    summary: 'constructor functions + prototypes → `class`',
  },
  async_await: {
    family: 'js',
    types: ['modernize', 'async_await'],
    byDefault: true,
    summary: 'promise chains → `async`/`await`',
  },
  es_modules: {
    family: 'js',
    types: MODERNIZE,
    byDefault: false,
    summary: '`require`/`module.exports` → `import`/`export` (opt-in)',
  },
  else_return: {
    family: 'js',
    types: SIMPLIFY,
    byDefault: true,
    summary: 'drop `else` after `return`; `else { if }` → `else if`',
  },
  boolean_simplify: {
    family: 'js',
    types: SIMPLIFY,
    byDefault: true,
    summary: '`!!x` in conditions, `x ? true : false`',
  },
  useless_code: {
    family: 'js',
    types: SIMPLIFY,
    byDefault: true,
    summary: 'useless `return;`, renames and computed keys',
  },
  dot_notation: { family: 'js', types: SIMPLIFY, byDefault: true, summary: "`o['name']` → `o.name`" },
  operator_assignment: { family: 'js', types: SIMPLIFY, byDefault: true, summary: '`x = x + 1` → `x += 1`' },
  strict_equality: {
    family: 'js',
    types: SIMPLIFY,
    byDefault: true,
    summary: '`==` → `===` where both sides have one type',
  },
  yoda_conditions: {
    family: 'js',
    types: SIMPLIFY,
    byDefault: true,
    summary: "`'red' === color` → `color === 'red'`",
  },
  unreachable_code: {
    family: 'js',
    types: DEAD_CODE,
    byDefault: true,
    summary: 'code after `return`/`throw`/`break`',
  },
  unused_declarations: {
    family: 'js',
    types: DEAD_CODE,
    byDefault: true,
    summary: 'unused local variables and functions',
  },
  unused_labels: { family: 'js', types: DEAD_CODE, byDefault: true, summary: 'labels nothing jumps to' },
  extract_function: {
    family: 'js',
    types: ['extract_function'],
    byDefault: true,
    summary: 'lines → a new function',
  },
  rename: {
    family: 'js',
    types: ['rename'],
    byDefault: true,
    summary: 'rename a symbol and all its references',
  },
  f_strings: {
    family: 'python',
    types: MODERNIZE,
    byDefault: true,
    summary: "`'%s' % x`, `'{}'.format(x)` → f-strings",
  },
  comprehensions: {
    family: 'python',
    types: ['modernize', 'simplify'],
    byDefault: true,
    summary: 'append loops → comprehensions',
  },
  with_open: {
    family: 'python',
    types: MODERNIZE,
    byDefault: true,
    summary: '`f = open(); ...; f.close()` → `with open() as f:`',
  },
  pathlib: {
    family: 'python',
    types: MODERNIZE,
    byDefault: true,
    summary: '`os.path.exists/isfile/isdir/join` → `pathlib.Path`',
  },
} as const satisfies Record<string, PatternInfo>;

export type PatternName = keyof typeof PATTERNS;

export const PATTERN_NAMES = Object.keys(PATTERNS) as PatternName[];

/** Patterns that exist for a refactor type in a language family. */
export function patternsFor(type: RefactorType, family: LanguageFamily): PatternName[] {
  return PATTERN_NAMES.filter((name) => {
    const info: PatternInfo = PATTERNS[name];
    return info.family === family && info.types.includes(type);
  });
}

/**
 * Resolves the patterns to apply: the type's defaults, or the requested ones after checking each
 * exists and fits this refactor type and language.
 */
export function selectPatterns(
  type: RefactorType,
  family: LanguageFamily,
  requested: readonly string[] | undefined,
): Set<PatternName> {
  const available = patternsFor(type, family);
  if (!requested || requested.length === 0) {
    return new Set(available.filter((name) => (PATTERNS[name] as PatternInfo).byDefault));
  }
  const selected = new Set<PatternName>();
  for (const raw of requested) {
    const name = raw.trim().toLowerCase();
    if (!(name in PATTERNS)) {
      throw invalidField(
        'target_patterns',
        `unknown pattern '${raw.slice(0, 40)}'`,
        `Unknown target pattern '${raw.slice(0, 40)}'. Known patterns: ${PATTERN_NAMES.join(', ')}`,
      );
    }
    if (!available.includes(name as PatternName)) {
      throw invalidField(
        'target_patterns',
        `pattern '${name}' does not apply to refactor_type '${type}' for this language`,
        `Pattern '${name}' does not apply to refactor_type '${type}' for this language. ` +
          `Patterns for it: ${available.join(', ') || '(none)'}`,
      );
    }
    selected.add(name as PatternName);
  }
  return selected;
}
