// Big-O notation as authors write it (`O(n * logk)`, `O(m*n)`, `n<sup>2</sup>`, `O(√n)`) and as the
// engine prints it (`O(n log n + m)`), reduced to one growth class so the two can be compared. All
// variables are collapsed into one size (O(n·m) and O(n²) are the same class, O(n + m) is O(n)), so
// the comparison asks "is the growth class right", not "are the letters the same": the corpus labels
// name their variables in prose, which the engine cannot read.

import type { LanguageId } from '../server/src/engine/languages';

/** A labelled piece of code: the class its author states, and what the engine is judged on. */
export interface Sample {
  file: string;
  language: LanguageId;
  code: string;
  time: Growth;
  timeText: string;
  space?: Growth;
  /** Restrict the functions judged to these names (trekhleb: the exported function). */
  only?: string[];
  /** The author's technique tags (kamyu104: `# sort, two pointers` above the solution), if any. */
  tags?: string[];
  /** What the dev / held-out split hashes (doocs: the problem, so its solutions stay on one side). */
  group?: string;
}

/** A growth class: polynomial degree and number of log factors, or exponential / factorial. */
export interface Growth {
  degree: number;
  logs: number;
  exponential?: boolean;
  factorial?: boolean;
}

const ZERO: Growth = { degree: 0, logs: 0 };

function max(a: Growth, b: Growth): Growth {
  return compare(a, b) >= 0 ? a : b;
}

function times(a: Growth, b: Growth): Growth {
  return {
    degree: a.degree + b.degree,
    logs: a.logs + b.logs,
    exponential: a.exponential || b.exponential,
    factorial: a.factorial || b.factorial,
  };
}

/** Orders classes: 1 < log n < √n < n < n log n < n² < ... < 2^n < n!. */
export function compare(a: Growth, b: Growth): number {
  const rank = (g: Growth) => (g.factorial ? 2 : g.exponential ? 1 : 0);
  return rank(a) - rank(b) || a.degree - b.degree || a.logs - b.logs;
}

/** Position on the ladder 1, log n, n, n log n, n², n² log n, ... (√n sits with log n). */
function rung(g: Growth): number {
  if (g.factorial) return 1001;
  if (g.exponential) return 1000;
  return 2 * Math.floor(g.degree) + (g.logs > 0 || g.degree % 1 !== 0 ? 1 : 0);
}

export type Verdict = 'exact' | 'off by one' | 'wrong';

export function judge(claim: Growth, label: Growth): Verdict {
  if (
    compare(claim, label) === 0 &&
    !!claim.exponential === !!label.exponential &&
    !!claim.factorial === !!label.factorial
  )
    return 'exact';
  return Math.abs(rung(claim) - rung(label)) <= 1 ? 'off by one' : 'wrong';
}

export function formatGrowth(g: Growth): string {
  if (g.factorial) return 'O(n!)';
  if (g.exponential) return 'O(2^n)';
  const parts: string[] = [];
  if (g.degree === 0.5) parts.push('√n');
  else if (g.degree === 1) parts.push('n');
  else if (g.degree > 0) parts.push(`n^${g.degree}`);
  if (g.logs === 1) parts.push('log n');
  else if (g.logs > 1) parts.push(`log^${g.logs} n`);
  return `O(${parts.join(' ') || '1'})`;
}

type Token = { kind: 'num'; value: number } | { kind: 'id'; value: string } | { kind: 'op'; value: string };

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?)|(log|lg|ln|sqrt|√|[A-Za-z_|][\w|']*)|([-+*/^()!,·×]))/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return undefined;
    at = re.lastIndex;
    if (m[1]) tokens.push({ kind: 'num', value: Number(m[1]) });
    else if (m[2]) tokens.push({ kind: 'id', value: m[2] });
    else tokens.push({ kind: 'op', value: m[3] === '·' || m[3] === '×' ? '*' : m[3]! });
  }
  return tokens;
}

/** A value is either a plain number (constants) or a growth in the input sizes. */
type Value = { num: number } | { growth: Growth };

const growthOf = (v: Value): Growth => ('growth' in v ? v.growth : ZERO);

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Growth | undefined {
    const value = this.sum();
    return this.at === this.tokens.length && value ? growthOf(value) : undefined;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private isOp(value: string): boolean {
    const t = this.peek();
    return t?.kind === 'op' && t.value === value;
  }

  private sum(): Value | undefined {
    let left = this.product();
    while (left && (this.isOp('+') || this.isOp('-'))) {
      this.at++;
      const right = this.product();
      if (!right) return undefined;
      left =
        'num' in left && 'num' in right
          ? { num: left.num + right.num }
          : { growth: max(growthOf(left), growthOf(right)) };
    }
    return left;
  }

  private product(): Value | undefined {
    let left = this.power();
    for (;;) {
      if (!left) return undefined;
      const divide = this.isOp('/');
      if (this.isOp('*') || divide) this.at++;
      else if (!this.startsFactor()) return left;
      const right = this.power();
      if (!right) return undefined;
      // Dividing by a size (n / k) is read as at most n: the class of the numerator.
      if (divide) left = 'num' in right ? left : left;
      else
        left =
          'num' in left && 'num' in right
            ? { num: left.num * right.num }
            : { growth: times(growthOf(left), growthOf(right)) };
    }
  }

  private startsFactor(): boolean {
    const t = this.peek();
    return !!t && (t.kind !== 'op' || t.value === '(');
  }

  private power(): Value | undefined {
    let base = this.factor();
    while (base && (this.isOp('^') || this.isOp('!'))) {
      if (this.isOp('!')) {
        this.at++;
        base = 'num' in base ? base : { growth: { ...ZERO, factorial: true } };
        continue;
      }
      this.at++;
      const exponent = this.factor();
      if (!exponent) return undefined;
      if ('num' in base && 'num' in exponent) base = { num: base.num ** exponent.num };
      else if ('num' in base) base = base.num <= 1 ? base : { growth: { ...ZERO, exponential: true } };
      else if ('num' in exponent) {
        const g = base.growth;
        base = { growth: { ...g, degree: g.degree * exponent.num, logs: g.logs * exponent.num } };
      } else base = { growth: { ...ZERO, exponential: true } };
    }
    return base;
  }

  private factor(): Value | undefined {
    const t = this.peek();
    if (!t) return undefined;
    this.at++;
    if (t.kind === 'num') return { num: t.value };
    if (t.kind === 'op') {
      if (t.value !== '(') return undefined;
      const inner = this.sum();
      if (!inner || !this.isOp(')')) return undefined;
      this.at++;
      return inner;
    }
    if (/^(log|lg|ln)$/.test(t.value)) {
      let exponent = 1;
      if (this.isOp('^')) {
        this.at++;
        const e = this.factor();
        if (!e || !('num' in e)) return undefined;
        exponent = e.num;
      }
      const arg = this.isOp('(') ? this.factor() : this.power();
      if (!arg) return undefined;
      const g = growthOf(arg);
      if ('num' in arg || (g.degree === 0 && g.logs === 0 && !g.exponential)) return { num: 1 };
      // log of a polynomial is one log; log of an exponential is polynomial; log log n counts as 1.
      if (g.exponential || g.factorial) return { growth: { ...ZERO, degree: 1 } };
      if (g.degree === 0) return { num: 1 };
      return { growth: { ...ZERO, logs: exponent } };
    }
    if (t.value === 'sqrt' || t.value === '√') {
      const arg = this.isOp('(') ? this.factor() : this.power();
      if (!arg) return undefined;
      if ('num' in arg) return { num: Math.sqrt(arg.num) };
      return { growth: { ...arg.growth, degree: arg.growth.degree / 2, logs: arg.growth.logs / 2 } };
    }
    // α(n) (inverse Ackermann) and similar are constant for every practical input.
    if (/^(alpha|α)$/i.test(t.value)) {
      if (this.isOp('(')) this.factor();
      return { num: 1 };
    }
    // `|V|`, `|E|` set sizes and ordinary identifiers are input sizes.
    if (/^(max|min)$/.test(t.value) && this.isOp('(')) {
      // max(n, m) and min(n, m) grow like their largest argument (collapsed to one size anyway).
      this.at++;
      let widest: Growth = ZERO;
      for (;;) {
        const arg = this.sum();
        if (!arg) return undefined;
        widest = max(widest, growthOf(arg));
        if (this.isOp(',')) this.at++;
        else break;
      }
      if (!this.isOp(')')) return undefined;
      this.at++;
      return { growth: widest };
    }
    if (t.value.length > 1 && this.isOp('(')) return undefined; // f(n): not notation we can read
    return { growth: { ...ZERO, degree: 1 } };
  }
}

/** Reads the inside of an `O(...)` (or a bare expression from a table cell). */
export function parseGrowth(text: string): Growth | undefined {
  const tokens = tokenize(cleanNotation(text));
  if (!tokens?.length) return undefined;
  return new Parser(tokens).parse();
}

/** Authors' notation in the parser's terms: `nlogn` → `n log n`, `2n` → `2*n`, `|V|` → `V`. */
function cleanNotation(text: string): string {
  return text
    .replace(/<sup>(.*?)<\/sup>/g, '^($1)')
    .replace(/&nbsp;/g, ' ')
    .replace(/\|([A-Za-z])\|/g, '$1')
    .replace(/α/g, 'alpha')
    .replace(/\blog\s*(\d)\s*\(/g, 'log(') // log2(n)
    .replace(/\blog_?\d+\b/g, 'log')
    .replace(/log(?=[A-Za-z])/g, 'log ') // logk
    .replace(/([A-Za-z])log/g, '$1 log') // nlogn
    .replace(/(\d)\s*([A-Za-z(])/g, '$1*$2')
    .trim();
}

/** The class of a whole claim: `O(n^2)`, `O(n*m)`, `unknown` (undefined). */
export function parseClaim(text: string | undefined): Growth | undefined {
  const m = /^\s*O\((.*)\)\s*$/s.exec(text ?? '');
  // The engine writes a squared log of one size as `log^2 n`, which the labels' notation rules would
  // read as `log^2 * n`: make it `(log n)^2` (claims only, so the set of labelled functions is unchanged).
  return m ? parseGrowth(m[1]!.replace(/\blog\^(\d+)\s*([A-Za-z_]\w*)/g, '(log $2)^$1')) : undefined;
}

/** The first `O(...)` of a label with balanced brackets, e.g. from "Time:  O(n * logk), n is ...". */
export function firstBigO(text: string): string | undefined {
  const start = text.search(/O\s*\(/);
  if (start < 0) return undefined;
  let depth = 0;
  for (let i = text.indexOf('(', start); i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(text.indexOf('(', start) + 1, i);
  }
  return undefined;
}

/** A comment line stating a complexity (`# Time:  O(n)`, `// Space: O(1)`). */
export const LABEL = /^\s*(?:#|\/\/|\*|\/\*)\s*(Time|Space)\s*(?:complexity)?\s*:\s*(.*)$/i;

/** Removes every comment that states a complexity, so the engine never sees the answer. */
export function stripComplexityComments(code: string): string {
  return code
    .replace(/\/\*[\s\S]*?\*\//g, (c) => (/O\s*\(|complexity/i.test(c) ? c.replace(/[^\n]/g, '') : c))
    .split('\n')
    .map((line) =>
      LABEL.test(line) ? '' : line.replace(/(\s|^)(#|\/\/)[^'"`]*(O\s*\(|[Cc]omplexity)[^'"`]*$/, ''),
    )
    .join('\n');
}

const NOT_A_SIZE = /^(log|lg|ln|sqrt|√|max|min|alpha|α)$/i;

/**
 * The label multiplies two different sizes in some term (`n * l`, `m*n`, `(n + q) * l`), not only
 * one size by itself (`n^2`): its class in all sizes together is above its class in any one size.
 */
export function multipliesTwoSizes(labelText: string): boolean {
  const text = cleanNotation(labelText);
  const letters = [
    ...new Set(
      (tokenize(text) ?? []).flatMap((t) => (t.kind === 'id' && !NOT_A_SIZE.test(t.value) ? [t.value] : [])),
    ),
  ];
  const all = parseGrowth(text);
  if (!all || letters.length < 2) return false;
  const alone = letters.map((x) =>
    parseGrowth(text.replace(/[A-Za-z_][\w']*/g, (id) => (id === x || NOT_A_SIZE.test(id) ? id : '1'))),
  );
  return alone.every((g) => g && compare(all, g) > 0);
}

/**
 * The engine's claim read in the label's terms. The engine gives the total size of a collection's
 * items its own letter (legend `L = total size of the items of \`words\``): one quantity that labels
 * write two ways — as one size (`O(n)`, "n is the total length of the words") or as the number of
 * items times an item's size (`O(n * l)` for n words of length l, `O(m * n)` for the cells of a
 * grid). Both readings are returned; the second (each total counted as a product of two sizes) only
 * when the label itself multiplies two different sizes, so a total never matches `O(n^2)` (pairs).
 */
export function claimReadings(
  claim: string | undefined,
  legend: string[] | undefined,
  labelText: string,
): { plain: Growth | undefined; asProduct?: Growth } {
  const plain = parseClaim(claim);
  const totals = (legend ?? [])
    .map((l) => /^(\w+) = total size of /.exec(l)?.[1])
    .filter((l): l is string => !!l);
  if (!plain || !totals.length || !multipliesTwoSizes(labelText)) return { plain };
  const product = claim!.replace(new RegExp(`\\b(${totals.join('|')})\\b`, 'g'), '($1*$1_item)');
  return { plain, asProduct: parseClaim(product) };
}

/**
 * The claim of a file's entry functions (the largest; undefined when one is unknown), in the
 * reading of its totals closest to the label: both readings say the same of the code, in
 * different letters (claimReadings). `asProduct` says the second reading decided; `oneSizeKept`
 * says the first was kept where the second would have judged otherwise (the label multiplies two
 * sizes, and the claim read in them is further off) — counted so the benefit of the doubt the
 * harness gives in either direction is visible.
 */
export function closestClaim(
  units: { complexity?: string; complexity_legend?: string[] }[],
  label: Growth,
  labelText: string,
): { claim: Growth | undefined; asProduct: boolean; oneSizeKept: boolean } {
  const readings = units.map((u) => claimReadings(u.complexity, u.complexity_legend, labelText));
  const largest = (claims: (Growth | undefined)[]) =>
    claims.some((c) => !c)
      ? undefined
      : claims.reduce<Growth | undefined>((a, c) => (a && compare(a, c!) >= 0 ? a : c), undefined);
  const plain = largest(readings.map((r) => r.plain));
  const product = readings.some((r) => r.asProduct)
    ? largest(readings.map((r) => r.asProduct ?? r.plain))
    : undefined;
  const closeness = (c: Growth) => ['exact', 'off by one', 'wrong'].indexOf(judge(c, label));
  const asProduct = !!product && closeness(product) < closeness(plain!);
  const oneSizeKept = !!product && !asProduct && judge(product, label) !== judge(plain!, label);
  return { claim: asProduct ? product : plain, asProduct, oneSizeKept };
}
