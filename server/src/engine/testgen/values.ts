// Argument values to try, chosen from what is known about each parameter: its declared type, the
// `typeof` checks and property reads in the body, its default, and the literals the body compares
// against. Values are language-neutral here and rendered as JS or Python source by `render`.
import type { CallableInfo, ParamInfo, TypeShape } from './model';

export type Value =
  | { kind: 'num'; n: number }
  | { kind: 'str'; s: string }
  | { kind: 'bool'; b: boolean }
  | { kind: 'null' }
  | { kind: 'undef' }
  | { kind: 'arr'; items: Value[] }
  | { kind: 'obj'; entries: [string, Value][] }
  /** A callback: the identity, or a function returning a fixed value (built from its declared type). */
  | { kind: 'fn'; returns?: Value }
  /** An instance of one of the module's exported classes, built from its constructor's types. */
  | { kind: 'new'; access: string[]; args: Value[] };

export interface Candidate {
  value: Value;
  edge: boolean;
}

const num = (n: number): Value => ({ kind: 'num', n });
const str = (s: string): Value => ({ kind: 'str', s });

/** Boundary values tried with `include_edge_cases` (and when coverage still lacks branches). */
export const EDGE_VALUES: Value[] = [
  str(''),
  { kind: 'null' },
  { kind: 'undef' },
  num(Number.NaN),
  num(-1),
  num(0),
  num(Number.MAX_SAFE_INTEGER),
  num(Number.POSITIVE_INFINITY),
  str('ünïcødé ✓ 💡'),
  { kind: 'arr', items: [] },
  { kind: 'obj', entries: [] },
];

type TypeGuess = 'number' | 'string' | 'boolean' | 'array' | 'object' | 'function' | 'bigint';

/** The kinds of value a parameter plausibly takes, most likely first. */
export function guessTypes(param: ParamInfo): TypeGuess[] {
  const guesses = new Set<TypeGuess>();
  const declared = (param.type ?? '').toLowerCase();
  for (const [word, guess] of [
    ['number', 'number'],
    ['int', 'number'],
    ['float', 'number'],
    ['str', 'string'],
    ['bool', 'boolean'],
    ['[]', 'array'],
    ['array', 'array'],
    ['list', 'array'],
    ['tuple', 'array'],
    ['sequence', 'array'],
    ['iterable', 'array'],
    ['object', 'object'],
    ['dict', 'object'],
    ['record', 'object'],
    ['function', 'function'],
    ['=>', 'function'],
    ['callable', 'function'],
  ] as const) {
    if (declared.includes(word)) guesses.add(guess);
  }
  for (const checked of param.typeofChecks) {
    if (['number', 'string', 'boolean', 'object', 'function', 'bigint'].includes(checked)) {
      guesses.add(checked as TypeGuess);
    }
  }
  if (param.defaultValue !== undefined) guesses.add(typeOfSource(param.defaultValue));
  if (param.properties.some((p) => p === 'length')) guesses.add('string');
  if (param.properties.some((p) => ['map', 'filter', 'forEach', 'reduce', 'push', 'join'].includes(p))) {
    guesses.add('array');
  }
  if (param.properties.some((p) => !BUILTIN_MEMBERS.has(p))) guesses.add('object');
  if (guesses.size === 0) return ['string', 'number'];
  return [...guesses];
}

const BUILTIN_MEMBERS = new Set([
  'length',
  'toString',
  'valueOf',
  'map',
  'filter',
  'forEach',
  'reduce',
  'push',
  'join',
  'slice',
  'split',
  'replace',
  'trim',
  'toLowerCase',
  'toUpperCase',
  'indexOf',
  'includes',
  'charAt',
  'charCodeAt',
  'substring',
  'substr',
  'match',
  'test',
  'startsWith',
  'endsWith',
  'concat',
  'lower',
  'upper',
  'strip',
  'append',
  'items',
  'keys',
  'values',
  'get',
  'toFixed',
]);

function typeOfSource(source: string): TypeGuess {
  const s = source.trim();
  if (/^-?\d/.test(s)) return 'number';
  if (/^['"`]/.test(s)) return 'string';
  if (/^(true|false|True|False)$/.test(s)) return 'boolean';
  if (s.startsWith('[')) return 'array';
  if (s.startsWith('{')) return 'object';
  return 'object';
}

/** Literals found in the code (JSON texts) as values. */
function literalValues(literals: string[]): { numbers: Value[]; strings: Value[] } {
  const numbers: Value[] = [];
  const strings: Value[] = [];
  for (const text of literals) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'number') numbers.push(num(parsed));
      else if (typeof parsed === 'string') strings.push(str(parsed));
    } catch {
      // Not a JSON literal (e.g. a Python-only spelling): not a candidate.
    }
  }
  return { numbers, strings };
}

/** Typical values of one kind, then the body's literals of that kind. */
function valuesOfType(
  type: TypeGuess,
  param: ParamInfo,
  literals: ReturnType<typeof literalValues>,
): Value[] {
  switch (type) {
    case 'number':
      return [num(1), num(42), num(2.5), num(-7), ...literals.numbers];
    case 'string': {
      // Parsers often read "<number><unit>": pair the body's numbers with its words.
      const words = literals.strings.map((s) => (s as { s: string }).s).filter((s) => /^[a-z]+$/i.test(s));
      const combos = [1, 2.5].flatMap((n) => words.slice(0, 30).map((s) => str(`${n}${s}`)));
      // Character codes the body compares against (a `charCodeAt` switch): a string holding them all.
      const codes = literals.numbers
        .map((v) => (v as { n: number }).n)
        .filter((n) => Number.isInteger(n) && n >= 32 && n < 127);
      const special = codes.length > 0 ? [str(`a${String.fromCharCode(...codes)}z`)] : [];
      return [
        str('hello world'),
        str('Foo-Bar_baz 42'),
        ...special,
        ...literals.strings,
        str('123'),
        ...combos,
      ];
    }
    case 'boolean':
      return [
        { kind: 'bool', b: true },
        { kind: 'bool', b: false },
      ];
    case 'array':
      return [
        { kind: 'arr', items: [num(1), num(2), num(3)] },
        { kind: 'arr', items: [str('a'), str('b')] },
      ];
    case 'function':
      return [{ kind: 'fn' }];
    case 'bigint':
      return [num(10)];
    case 'object': {
      const props = param.properties.filter((p) => !BUILTIN_MEMBERS.has(p)).slice(0, 8);
      const full: Value = { kind: 'obj', entries: props.map((p) => [p, { kind: 'bool', b: true }]) };
      return [
        full,
        ...props.flatMap((p): Value[] => [
          { kind: 'obj', entries: [[p, { kind: 'bool', b: true }]] },
          { kind: 'obj', entries: [[p, num(2)]] },
          { kind: 'obj', entries: [[p, str('x')]] },
        ]),
      ];
    }
  }
}

/** Candidate values for one parameter, typical ones first; edge values flagged. */
export function candidatesFor(param: ParamInfo, target: CallableInfo, withEdges: boolean): Candidate[] {
  const literals = literalValues(target.literals);
  const seen = new Set<string>();
  const out: Candidate[] = [];
  const push = (value: Value, edge: boolean): void => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ value, edge });
  };
  // A declared structure (object, callback, class, literal union) says more than any guess.
  // Plain number/string/boolean types are left to the guesses below, which know the body's literals.
  if (param.shape && structured(param.shape))
    for (const v of valuesOfShape(param.shape, literals).slice(0, 16)) push(v, false);
  for (const type of guessTypes(param)) for (const v of valuesOfType(type, param, literals)) push(v, false);
  if (withEdges) for (const v of EDGE_VALUES) push(v, true);
  return out.slice(0, 80);
}

/**
 * Values of a declared type, most typical first: an object with every property at its first value,
 * then the same object with one property changed to each of its other values (or left out when
 * optional); a callback returning each value its return type allows; an instance of a module class.
 */
export function valuesOfShape(shape: TypeShape, literals: ReturnType<typeof literalValues>): Value[] {
  switch (shape.kind) {
    case 'primitive':
      if (shape.name === 'boolean')
        return [
          { kind: 'bool', b: true },
          { kind: 'bool', b: false },
        ];
      return shape.name === 'number'
        ? [num(1), ...literals.numbers.slice(0, 4), num(0)]
        : [str('hello world'), ...literals.strings.slice(0, 4), str('')];
    case 'literal':
      return [literalValue(shape.value)];
    case 'union':
      return unique(shape.options.flatMap((o) => valuesOfShape(o, literals)));
    case 'array': {
      const items = valuesOfShape(shape.items, literals);
      return items.length
        ? [
            { kind: 'arr', items: items.slice(0, 2) },
            { kind: 'arr', items: [] },
          ]
        : [];
    }
    case 'function': {
      const returns = valuesOfShape(shape.returns, literals).slice(0, 3);
      return returns.length ? returns.map((r): Value => ({ kind: 'fn', returns: r })) : [{ kind: 'fn' }];
    }
    case 'class': {
      if (!shape.access) return [];
      const args = shape.params.map((p) => valuesOfShape(p.shape, literals)[0] ?? { kind: 'undef' });
      return [{ kind: 'new', access: shape.access, args }];
    }
    case 'object': {
      const options = shape.props.map((p) => valuesOfShape(p.shape, literals).slice(0, 4));
      const base: [string, Value][] = shape.props.flatMap((p, i): [string, Value][] =>
        options[i]![0] ? [[p.name, options[i]![0]!]] : [],
      );
      const variants: Value[] = [{ kind: 'obj', entries: base }];
      shape.props.forEach((p, i) => {
        for (const other of options[i]!.slice(1))
          variants.push({ kind: 'obj', entries: base.map(([k, v]) => [k, k === p.name ? other : v]) });
        if (p.optional) variants.push({ kind: 'obj', entries: base.filter(([k]) => k !== p.name) });
      });
      return unique(variants);
    }
    case 'unknown':
      return [];
  }
}

/** True for types whose values a guess would miss or misorder: objects, arrays, callbacks, classes, literals. */
function structured(shape: TypeShape): boolean {
  if (shape.kind === 'union') return shape.options.some(structured);
  return shape.kind !== 'primitive' && shape.kind !== 'unknown';
}

function literalValue(value: string | number | boolean | null): Value {
  if (value === null) return { kind: 'null' };
  if (typeof value === 'string') return str(value);
  if (typeof value === 'number') return num(value);
  return { kind: 'bool', b: value };
}

function unique(values: Value[]): Value[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A value as JavaScript source. */
export function renderJs(value: Value): string {
  switch (value.kind) {
    case 'num':
      if (Number.isNaN(value.n)) return 'NaN';
      if (value.n === Number.POSITIVE_INFINITY) return 'Infinity';
      if (value.n === Number.NEGATIVE_INFINITY) return '-Infinity';
      if (value.n === Number.MAX_SAFE_INTEGER) return 'Number.MAX_SAFE_INTEGER';
      return Object.is(value.n, -0) ? '-0' : String(value.n);
    case 'str':
      return JSON.stringify(value.s);
    case 'bool':
      return String(value.b);
    case 'null':
      return 'null';
    case 'undef':
      return 'undefined';
    case 'arr':
      return `[${value.items.map(renderJs).join(', ')}]`;
    case 'obj':
      return value.entries.length === 0
        ? '{}'
        : `{ ${value.entries.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${renderJs(v)}`).join(', ')} }`;
    case 'fn':
      return value.returns ? `() => (${renderJs(value.returns)})` : '(x) => x';
    case 'new':
      return `new ${value.access.reduce((base, key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`), 'subject')}(${value.args.map(renderJs).join(', ')})`;
  }
}

/** A value as Python source. */
export function renderPy(value: Value): string {
  switch (value.kind) {
    case 'num':
      if (Number.isNaN(value.n)) return "float('nan')";
      if (value.n === Number.POSITIVE_INFINITY) return "float('inf')";
      if (value.n === Number.NEGATIVE_INFINITY) return "float('-inf')";
      return String(value.n);
    case 'str':
      return JSON.stringify(value.s);
    case 'bool':
      return value.b ? 'True' : 'False';
    case 'null':
    case 'undef':
      return 'None';
    case 'arr':
      return `[${value.items.map(renderPy).join(', ')}]`;
    case 'obj':
      return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}: ${renderPy(v)}`).join(', ')}}`;
    case 'fn':
      return value.returns ? `(lambda *args: ${renderPy(value.returns)})` : '(lambda x=None: x)';
    case 'new':
      // Built only from TypeScript/JSDoc class types; Python targets never carry them.
      return 'None';
  }
}
