// Names whose size is fixed by the text of the file, not by the input: small integer constants,
// literal collections, and containers built with a literal count (`vector<int> dp(3)`) or copied
// from one (`new_dp = dp[:]`, `dp = move(new_dp)`), never grown. Loops and scans over them are O(1).
import { declaredName } from './declaredName';
import { type SourceFacts, type Statement, type Unit, isFunctionUnit } from '../model';
import { balanced, splitArgs, escape } from '../extract/boundText';
import { fixedElement } from './fixedElements';
import { assignedPairs } from './traversal';
import { allocatedLengths } from './tableDims';
import { cappedByLiteral } from './cappedLists';

/** The innermost unit whose lines contain `line`. */
function innermostUnit(facts: SourceFacts, line: number): Unit | undefined {
  let best: Unit | undefined;
  for (const u of facts.units)
    if (u.line <= line && line <= u.endLine && (!best || u.line >= best.line)) best = u;
  return best;
}

/** Integers up to this count as small constants (alphabet sizes, bit widths), larger ones as inputs. */
const SMALL = 1024;

/** A literal whose size is fixed by the text: a small integer, a string, or brackets of literals (`[0] * 2`). */
function isFixedLiteral(value: string): boolean {
  const text = literalCore(value.trim().replace(/;$/, ''));
  if (/^\d+$/.test(text)) return Number(text) <= SMALL;
  // An empty literal (`[]`, `{}`, `""`) is a container about to be filled, not a fixed one.
  if (/^(\[\s*\]|\{\s*\}|\(\s*\)|''|""|``)$/.test(text)) return false;
  // Go: an array type counts its elements (`[26]int{}`, `[3][3]byte{}`), and so does `make`
  // with a literal length (`make([]int, 26)`); growing it rewrites the name (`xs = append(xs, …)`).
  const goArray = /^((?:\[\s*\d+\s*\])+)[\w.*[\]]*\s*\{.*\}$/s.exec(text)?.[1];
  if (goArray) return [...goArray.matchAll(/\d+/g)].every((m) => Number(m[0]) <= SMALL);
  const made = /^make\(\s*\[\][^,]*,\s*(\d+)\s*(?:,\s*\d+\s*)?\)$/.exec(text)?.[1];
  if (made) return Number(made) <= SMALL;
  // JS/TS and PHP allocations whose every length is a literal (`new Array(26).fill(0)`,
  // `Array.from({ length: 2 }, () => Array(26).fill(0))`, `array_fill(0, 26, 0)`; tableDims.ts).
  const lengths = allocatedLengths(text);
  if (lengths) return lengths.every((l) => /^\d+$/.test(l) && Number(l) <= SMALL);
  const noStrings = text.replace(/(['"])(?:\\.|(?!\1).)*\1/g, '0');
  if (/^(['"]).*\1$/s.test(text) && !/[{}]/.test(text)) return true;
  // A repetition a small literal counts (`[NEG_INF] * 4`, `[None] * 3`): that many elements,
  // whatever each one holds.
  const repeated = /^\[(.*)\]\s*\*\s*(\d+)$/s.exec(noStrings) ?? /^(\d+)\s*\*\s*\[(.*)\]$/s.exec(noStrings);
  if (repeated) {
    const [inner, count] = /^\d+$/.test(repeated[1]!)
      ? [repeated[2]!, repeated[1]!]
      : [repeated[1]!, repeated[2]!];
    if (balanced(inner) && !/\bfor\b|\*/.test(inner) && Number(count) <= SMALL) return true;
  }
  // Brackets (or a repetition of them) holding only numbers, strings, signs and booleans.
  return (
    (/^[[({]/.test(noStrings) &&
      !/\b(?!(?:True|False|None|true|false|null)\b)[A-Za-z_$]/.test(noStrings) &&
      !/\*\s*\d{4,}/.test(noStrings)) ||
    isFixedDisplay(noStrings)
  );
}

/**
 * A literal converted or copied keeps its size: Rust `String::from("aeiou")`, `"aeiou".to_string()`,
 * `vec![0; 26]` (as `[0; 26]`), `b"aeiou"`, `"aeiou".chars().collect::<Vec<_>>()`.
 */
function literalCore(text: string): string {
  let t = text;
  for (let i = 0; i < 4; i++)
    t = t
      .replace(/^(?:String|Vec|VecDeque|HashSet|BTreeSet)::from\((.*)\)$/s, '$1')
      .replace(
        /\.(?:to_string|to_owned|to_vec|into|as_bytes|bytes|chars|iter|into_iter|collect(?:::<[^()]*>)?)\(\)$/,
        '',
      )
      .replace(/^vec!\s*\[(.*)\]$/s, (whole, inner: string) =>
        /;\s*\d{4,}\s*$/.test(inner) ? whole : `[${inner}]`,
      )
      .replace(/^b(['"])/, '$1')
      // Go's slice literal `[]int{1, 5, 10}`, `[][]int{{0, 1}, {1, 0}}`: the elements written.
      .replace(/^\[\](?:\[\])*[\w.*]+\s*\{(.*)\}$/s, '[$1]')
      // Java's array creation with its elements (`new long[] {a, b, c}`): as many as written.
      .replace(/^new\s+[\w.$]+\s*(?:\[\s*\])+\s*\{(.*)\}$/s, '{$1}')
      // Java's immutable lists and sets of written elements (`List.of("M", "CM", …)`,
      // `Arrays.asList(1, 5, 10)`): as many as written, also when the model cut the value.
      .replace(/^(?:List\.of|Set\.of|Arrays\.asList)\((.*)\)$/s, '[$1]')
      .replace(/^(?:List\.of|Set\.of|Arrays\.asList)\((.*\.\.\.)$/s, '[$1');
  return t;
}

/** A character or bit converted to its value: `s[i] - '0'`, `ord(c) - ord('0')`, `x % 10`, `n >> i & 1`. */
const DIGIT_CONVERSION = /-\s*(?:'0'|b'0'|"0"|48)\s*\)*(?:\s*as\s+\w+)?$|%\s*10\s*\)*$|&\s*1\s*\)*$/;

/** An element of a numeral or digit array, taken as a digit (`int(s[i])`, `s[i] - '0'`, `a[pos]`, `+s[i]`). */
const DIGIT_ELEMENT =
  /^(?:\(?\s*(?:int|Number|parseInt|\+)\s*\(?\s*)?[\w$.]+\s*\[[^\]]+\]\s*\)?(?:\s*-\s*(?:'0'|b'0'|"0"|48))?\s*\)?(?:\s*as\s+\w+)?$/;

/**
 * The value of one digit, at most 9 (or 1 in binary): a conversion (`s[i] - '0'`) or digit DP's
 * limit for the next digit, `int(s[i]) if limit else 9` / `limit ? a[i] : 9` / Rust
 * `if limit { s[i] - b'0' } else { 9 }` — the bound's own digit while the prefix is tight, any
 * digit after. A loop up to it runs at most ten times.
 */
function isDigitValue(value: string): boolean {
  const v = value.trim().replace(/;$/, '').trim();
  if (DIGIT_CONVERSION.test(v) && !/\?|\bif\b/.test(v)) return true;
  const arms =
    /^(.+?)\s+if\s+.+?\s+else\s+(.+)$/.exec(v)?.slice(1) ??
    /^[^?]+\?\s*([^:]+?)\s*:\s*(.+)$/.exec(v)?.slice(1) ??
    /^if\s+.+?\{\s*(.+?)\s*\}\s*else\s*\{\s*(.+?)\s*\}$/.exec(v)?.slice(1);
  if (!arms) return false;
  const [a, b] = arms.map((x) =>
    x
      .trim()
      .replace(/^\((.*)\)$/, '$1')
      .trim(),
  );
  const digitArm = (x: string) => DIGIT_CONVERSION.test(x) || DIGIT_ELEMENT.test(x);
  return (/^[19]$/.test(b!) && digitArm(a!)) || (/^[19]$/.test(a!) && digitArm(b!));
}

/**
 * A list, tuple or initializer display whose elements are written out (`[max(a, b), c + 1]`,
 * `(lo, hi)`, `{x, y}`): its length is the number of elements written, whatever they hold. Not a
 * comprehension (`for`), a spread (`*xs`, `...xs`) or a repetition (`[x] * n`), and a parenthesised
 * expression is a tuple only with a comma.
 */
function isFixedDisplay(whole: string): boolean {
  // The model keeps 60 characters of a value (`[max(a, b), max(c, ...`): the visible part must
  // already show a top-level comma, and its opening bracket must still be open where it is cut.
  const cut = whole.endsWith('...');
  const text = cut ? whole.slice(0, -3) : whole;
  const open = text[0];
  const close = open === '[' ? ']' : open === '(' ? ')' : open === '{' ? '}' : undefined;
  if (!close || (!cut && !text.endsWith(close))) return false;
  let depth = 0;
  let commas = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    // The opening bracket closes before the end: `[a] * n`, `(a) + (b)`.
    if (depth === 0 && i < text.length - 1) return false;
    if (depth === 1 && ch === ',') commas++;
  }
  const inner = cut ? text.slice(1) : text.slice(1, -1);
  if (!inner.trim() || /\bfor\b|\.\.\.|(^|,)\s*\*/.test(inner)) return false;
  return cut ? commas > 0 : open !== '(' || commas > 0;
}

/**
 * Names assigned exactly once in the file, to a fixed-size literal, and never grown by a method
 * call (`append`, `push_back`, `add`, ...): `ALPHABET_SIZE = 26`, `static const int MAX_BIT = 31`,
 * `DIRECTIONS = [(0, 1), (1, 0), (0, -1), (-1, 0)]`, `int cnt[26] = {0}`.
 */
export function fixedSizeNames(facts: SourceFacts, statements = facts.statements): Set<string> {
  const writes = new Map<string, string[]>();
  const updated = new Set<string>();
  for (const s of statements) {
    if ((s.kind !== 'assignment' && s.kind !== 'declaration') || !s.target) continue;
    // A counter stepped inside an index (`t[tSize++] = tmp`) is written there too.
    for (const m of s.target.matchAll(
      /\[[^\]]*?(?:([A-Za-z_]\w*)\s*(?:\+\+|--)|(?:\+\+|--)\s*([A-Za-z_]\w*))/g,
    ))
      writes.set((m[1] ?? m[2])!, [...(writes.get((m[1] ?? m[2])!) ?? []), '']);
    // An element updated in place (`cnt[ord(c) - 97] += 1`, `++cnt[x - 'a']`) must already exist:
    // the write changes a value, not the size, and the names in its index are read, not written.
    // A map literal updated so may gain the key (C++ `m[k]++`): dropped below.
    if (
      s.kind === 'assignment' &&
      s.operator !== undefined &&
      s.operator !== '=' &&
      s.operator !== 'constant' &&
      isElementOf(elementTarget(s.target))
    ) {
      updated.add(/^[A-Za-z_$][\w$]*/.exec(elementTarget(s.target))![0]);
      continue;
    }
    // `lo, hi = 0, n` / `[a, b] = ...` / `i += 1`: every name written is written with a non-literal.
    const plain = s.operator === undefined || s.operator === '=' || s.operator === 'constant';
    // A C++ constructor declaration (`vector<int> curr(SIZE)`) writes only its leading name.
    // (arguments nested at any depth: `dist(L + 1, vector<int64_t>(size(adj), INF))`)
    let bare = s.target.replace(/\{.*$/s, '');
    for (let before = ''; before !== bare;) [before, bare] = [bare, bare.replace(/\([^()]*\)/g, '')];
    // `result, left = 0, [-1] * 3`: each name takes the value written in its place.
    const paired = plain && s.kind === 'assignment' ? pairedValues(s) : undefined;
    if (paired) {
      for (const [n, v] of paired) writes.set(n, [...(writes.get(n) ?? []), fixedOrRef(v, facts)]);
      continue;
    }
    if (!plain || /[,(]/.test(bare)) {
      // (a swap `l, top2[i] = top2[i], l` writes an element of `top2`, not its size, and reads `i`)
      const parts = plain && !/[()]/.test(bare) ? splitArgs(bare) : [bare];
      for (const part of parts.filter((p) => parts.length === 1 || !isElementOf(elementTarget(p))))
        for (const n of part.match(/[A-Za-z_$][\w$]*/g) ?? []) writes.set(n, [...(writes.get(n) ?? []), '']);
      continue;
    }
    // (an element write whose index holds parentheses, `m[i][(i + j) % 26] = 1`, is no constructor,
    // nor is one whose index calls something: `left[ord(c) - 97] = i`)
    if (bare !== s.target.replace(/\{.*$/s, '') && /^[A-Za-z_$][\w$]*\s*\(/.test(s.target.trim())) {
      const n = /^[A-Za-z_$][\w$]*/.exec(bare.trim())?.[0];
      // `vector<int> dp(3)`, `vector<int> top(L)`, `vector<int> new_dp(dp)`: the first argument is
      // the count (or the container copied).
      const first = /^[A-Za-z_$][\w$]*\s*\(\s*([^,()]*?)\s*[,)]/.exec(s.target.trim())?.[1] ?? '';
      if (n) writes.set(n, [...(writes.get(n) ?? []), /^\d+$/.test(first) ? first : refTo(first)]);
      continue;
    }
    const name = /^[A-Za-z_$][\w$]*/.exec(s.target.replace(/^(self|this)\./, ''))?.[0];
    if (!name) continue;
    // `int cnt[26]` fixes the size; `int dp[n]` or `x[i] = ...` (an element write) does not count here.
    // A Python slice assignment of the whole list (`dp[:] = [...]`) replaces it: a write of `dp`.
    const dims = s.target
      .slice(name.length)
      .trim()
      .replace(/^\[\s*:\s*\]$/, '');
    if (dims.startsWith('[') && s.kind === 'assignment') continue;
    const fixedDims = /^(\[\s*\d+\s*\])*(\{.*\})?$/s.test(dims);
    // Go's `var cnt [26]int`: the type alone, zero-filled.
    const goVar = new RegExp(`^\\s*var\\s+${escape(name)}\\s+(\\[\\s*\\d+\\s*\\][^=]*)$`).exec(s.code)?.[1];
    const list = writes.get(name) ?? [];
    const value =
      fixedDims && s.elements !== undefined && s.elements <= SMALL
        ? `[${Array.from({ length: s.elements }, () => '0').join(', ')}]`
        : fixedDims && (s.value ?? goVar) !== undefined
          ? fixedOrRef(s.value ?? `${goVar!.trim()}{}`, facts)
          : fixedDims && dims.startsWith('[')
            ? '[0]'
            : '';
    // A literal-filled field of a class (`string[] items = { "a", "b" }`) is sample or default
    // content a caller may replace (`readonly` / `final` only fix the reference); only constants
    // (UPPER_CASE, or shared by the class: `static`, `const` — `private static $dirs = [[0, 1], …]`)
    // and function locals count as fixed.
    const field = innermostUnit(facts, s.line)?.kind.match(/^(class|struct|module|impl)$/);
    const constant = /^[A-Z][A-Z0-9_]*$/.test(name) || /^[^=]*\b(static|const)\b/.test(s.code);
    list.push(field && !constant && !/^\d+$/.test(value.trim()) ? '' : value);
    writes.set(name, list);
  }
  // `(?<![\w$])` rather than `\b`: a PHP name starts with `$`, which `\b` cannot precede.
  // PHP grows an array by `$xs[] = x` or `array_push($xs, x)` (C's `int xs[] = {…}` declares one).
  // C++ `swap(q, next)` / `q.swap(next)` gives it another list's items.
  const grows = (name: string) => {
    const n = escape(name);
    return new RegExp(
      `(?<![\\w$])${n}\\s*(\\.|->)\\s*(append|push|push_back|emplace_back|emplace|add|insert|extend|unshift|concat|update|resize|setdefault|splice|swap)\\b|\\b(heappush|insort|insort_left|insort_right|push_heap|array_push|array_unshift|array_splice|swap)\\s*\\(\\s*${n}\\b|\\bswap\\s*\\([^,()]*,\\s*${n}\\s*\\)${name.startsWith('$') ? `|(?<![\\w$])${n}\\s*\\[\\s*\\]\\s*=(?!=)` : ''}`,
    );
  };
  // JS/TS `f.splice(0, 10, ...g)` replaces every item of `f` by `g`'s: a copy of `g`, not a growth.
  const spliced = (code: string) =>
    /^([\w$]+)\s*\.\s*splice\s*\(\s*0\s*,\s*[^,]+,\s*\.\.\.\s*([\w$]+)\s*\)\s*;?$/.exec(code.trim());
  for (const s of statements) {
    const m = spliced(s.code);
    if (m && writes.has(m[1]!)) writes.get(m[1]!)!.push(`${REF}${m[2]!}`);
  }
  const fixed = new Set<string>();
  for (const [name, values] of writes) {
    // Every write gives a fixed size (`dp = [1] * 2`, then `dp = [a, b]` on each pass), or copies
    // another name (resolved below).
    if (!values.length || !values.every((v) => isFixedLiteral(v) || isDigitValue(v) || v.startsWith(REF)))
      continue;
    if (statements.some((s) => grows(name).test(s.code) && spliced(s.code)?.[1] !== name)) continue;
    if (updated.has(name) && values.some((v) => /^\s*\{/.test(v) && /:|\{\s*\{/.test(v))) continue;
    // A write the model keeps only inside another statement's text (a one-line loop body:
    // `for (int x : nums) mx = Math.max(mx, x);`) changes the value too.
    const written = new RegExp(`(^|[^\\w$.])${escape(name)}\\s*(?:[-+*/%|&^]|<<|>>)?=(?!=)`);
    if (
      statements.some(
        (s) =>
          s.kind !== 'assignment' && s.kind !== 'declaration' && s.kind !== 'unit' && written.test(s.code),
      )
    )
      continue;
    fixed.add(name);
  }
  // A copy is fixed when what it copies is: drop names referring to a name that is not, until stable.
  for (let changed = true; changed;) {
    changed = false;
    for (const name of fixed) {
      const refs = writes.get(name)!.filter((v) => v.startsWith(REF));
      if (refs.some((r) => !fixed.has(r.slice(REF.length)) || r.slice(REF.length) === name)) {
        fixed.delete(name);
        changed = true;
      }
    }
  }
  // Copies alone (`a = b`, `b = a`) fix nothing: keep a name only if a literal reaches it.
  const anchored = new Set([...fixed].filter((n) => writes.get(n)!.some((v) => !v.startsWith(REF))));
  for (let changed = true; changed;) {
    changed = false;
    for (const name of fixed)
      if (!anchored.has(name) && writes.get(name)!.some((v) => anchored.has(v.slice(REF.length)))) {
        anchored.add(name);
        changed = true;
      }
  }
  // Keys name PHP variables without their `$` (`foreach ($vs as $v)` loops over `vs`).
  return new Set([...anchored].map((n) => n.replace(/^\$/, '')));
}

/**
 * Fixed names by scope: a name a function declares (a parameter or a local it assigns) is judged
 * by that function's own statements, so another function's `k = 3` does not fix this one's `k`,
 * and a parameter is an input whatever the rest of the file writes to its name. Other names
 * (module constants, fields) are judged over the whole file.
 */
export class FixedSizes {
  private whole?: Set<string>;
  private readonly scoped = new Map<number, Set<string>>();

  constructor(private readonly facts: SourceFacts) {}

  has(name: string, unit?: Unit): boolean {
    // `max(helper(root))`: the result of a function that returns a fixed tuple.
    if (/\)$/.test(name) && returnsFixedTuple(this.facts, name)) return true;
    // An element (`f[i]`) is judged by its table's type and element writes, in the table's scope.
    const table = /^([A-Za-z_$][\w$]*)\s*\[/.exec(name)?.[1];
    if (table) {
      let scope = unit;
      while (scope && !scope.locals.has(table)) scope = this.parentOf(scope);
      const statements = scope
        ? this.facts.statements.filter((s) => s.line >= scope!.line && s.line <= scope!.endLine)
        : this.facts.statements;
      return (
        fixedElement(name, statements, (v) => isFixedLiteral(v) || isDigitValue(v)) ||
        cappedByLiteral(statements, name)
      );
    }
    for (let u = unit; u && /^[A-Za-z_$][\w$]*$/.test(name); u = this.parentOf(u)) {
      if (!u.locals.has(name)) continue;
      if (u.params.some((p) => p.replace(/^[*&$]+/, '') === name)) return false;
      let own = this.scoped.get(u.id);
      if (!own) {
        const inUnit = this.facts.statements.filter((s) => s.line >= u!.line && s.line <= u!.endLine);
        own = fixedSizeNames(this.facts, inUnit);
        this.scoped.set(u.id, own);
      }
      return (
        own.has(name) ||
        this.boundToFixedRows(name, u) ||
        cappedByLiteral(
          this.facts.statements.filter((s) => s.line >= u!.line && s.line <= u!.endLine),
          name,
        )
      );
    }
    this.whole ??= fixedSizeNames(this.facts);
    return this.whole.has(name);
  }

  /**
   * `curr = lookup[ord(c) - 97]` with `lookup = [[0] * 3 for _ in range(26)]`: a name only ever
   * bound to a row of a table whose rows the code fixes, and never grown, holds a fixed count.
   */
  private boundToFixedRows(name: string, unit: Unit): boolean {
    const inUnit = this.facts.statements.filter((s) => s.line >= unit.line && s.line <= unit.endLine);
    const binds = inUnit.filter(
      // (C++ binds a reference: `auto& curr = lookup[s[i] - 'a'];`)
      (s) =>
        (s.kind === 'assignment' || s.kind === 'declaration') &&
        declaredName(s)?.replace(/^(?:const\s+)?auto\s*&?\s*/, '') === name,
    );
    const row = /^[A-Za-z_$][\w$]*(?:\s*\[(?:[^[\]]|\[[^[\]]*\])*\])+$/;
    const grown = new RegExp(
      `(?<![\\w$.])${name}\\s*\\.\\s*(?:append|add|extend|insert|push|push_back)\\s*\\(`,
    );
    return (
      binds.length > 0 &&
      binds.every(
        (s) =>
          (s.operator === '=' || (s.kind === 'declaration' && !s.operator)) &&
          row.test(s.value?.trim() ?? '') &&
          this.has(s.value!.trim(), unit),
      ) &&
      !inUnit.some((s) => grown.test(s.code))
    );
  }

  private parentOf(unit: Unit): Unit | undefined {
    return unit.parent === undefined ? undefined : this.facts.units[unit.parent];
  }
}

const REF = '\u0000ref:';

/** The value as `fixedSizeNames` records it: the literal itself when fixed, else a reference or ''. */
function fixedOrRef(value: string, facts?: SourceFacts): string {
  if (isFixedLiteral(value) || isDigitValue(value)) return value;
  return facts && returnsFixedTuple(facts, value) ? '[0, 0]' : refTo(value);
}

/**
 * `robHelper(root.left)` where every `return` of the file's one function `robHelper` (its own, not
 * a nested function's) returns a display of written-out elements (`return (0, 0)`, `return (a + b,
 * max(left))`, `return [x, y]`; isFixedDisplay): the result holds that many entries whatever the
 * input, so scans of it (`max(left)`) are O(1).
 */
function returnsFixedTuple(facts: SourceFacts, value: string): boolean {
  const callee = /^(?:self\.)?([A-Za-z_]\w*)\s*\((.*)\)$/s.exec(value.trim());
  if (!callee || !balanced(callee[2]!)) return false;
  const units = facts.units.filter((u) => u.name === callee[1] && isFunctionUnit(u));
  if (units.length !== 1) return false;
  const unit = units[0]!;
  const returns = facts.statements.filter(
    (s) =>
      s.kind === 'return' &&
      s.line > unit.line &&
      s.line <= unit.endLine &&
      innermostUnit(facts, s.line) === unit,
  );
  const tuples = facts.language === 'python' || facts.language === 'rust';
  return (
    returns.length > 0 &&
    returns.every((s) => {
      const v = s.value?.trim() ?? '';
      // (a tuple, bracketed or bare, in Python and Rust only: JS's `(a, b)` is the comma operator,
      // Go's `return a, b` two values; a cut value keeps its `...`)
      if (!tuples) return /^[[{]/.test(v) && isFixedDisplay(v);
      return isFixedDisplay(/^[([]/.test(v) ? v : v.endsWith('...') ? `(${v}` : `(${v})`);
    })
  );
}

/**
 * `result, left = 0, [-1] * 3` → [[`result`, `0`], [`left`, `[-1] * 3`]]: a tuple assignment of
 * plain names whose value writes as many parts, each name paired with its own (undefined when the
 * parts do not pair one to one, or the value is cut).
 */
function pairedValues(s: Statement): [string, string][] | undefined {
  if (!s.value || s.value.endsWith('...') || !/,/.test(s.target ?? '')) return undefined;
  const pairs = assignedPairs(s);
  return pairs.length > 1 && pairs.every(([n, v]) => /^[A-Za-z_$][\w$]*$/.test(n) && v) ? pairs : undefined;
}

/**
 * `move(new_dp)`, `new_dp`, `dp[:]`, `list(dp)`, `dp.copy()`, `copy.copy(dp)`: a value that copies
 * (or moves) the named container or number, recorded as a reference to it; anything else is ''.
 */
function refTo(value: string): string {
  const v = value.trim().replace(/;$/, '').trim();
  const name =
    /^(?:std::)?(?:move|list|copy\.copy|copy\.deepcopy)\s*\(\s*([A-Za-z_$][\w$]*)\s*\)$/.exec(v)?.[1] ??
    /^([A-Za-z_$][\w$]*)(?:\[\s*:\s*\]|\.copy\(\s*\))?$/.exec(v)?.[1];
  return name && !/^(true|false|True|False|None|null|nullptr)$/.test(name) ? REF + name : '';
}

/**
 * `cnt[i]`, `cnt[ord(s[j]) - 97]`, `dp[i][j]`: a name followed only by subscripts, each one index
 * (no comma: `dist[x, y]` is a tuple key), brackets inside an index allowed.
 */
function isElementOf(target: string): boolean {
  const m = /^[A-Za-z_$][\w$]*\s*(\[.*\])$/s.exec(target);
  if (!m) return false;
  let depth = 0;
  for (const ch of m[1]!) {
    if (depth === 0 && ch !== '[' && !/\s/.test(ch)) return false;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === ',' && depth === 1) return false;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** `self.cnt[i]` / `this.cnt[i]` → `cnt[i]`: the target an element write names, without its owner. */
function elementTarget(target: string): string {
  return target.trim().replace(/^(self|this)\./, '');
}
