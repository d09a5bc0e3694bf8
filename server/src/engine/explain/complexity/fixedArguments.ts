// Callees whose sizes come from a fixed argument. `matrixExpo(T, n)` with
// `vector<vector<int>> T = {{1, 1}, {1, 0}}` multiplies 2×2 matrices: the loops of `matrixMult`
// over `A.size()`, `B[0].size()` and `B.size()` run twice each, whatever n is. The callee's cost is
// written in its parameters and in locals sized from them (`result(A.size(), …)`, a copy
// `A_exp(A)`, `result = matrixMult(result, A_exp)`), so a caller passing a literal matrix, a name
// the file fixes, or the result of a call sized from one, pays a constant for those keys. Without
// this the product of three loops (`O(n³ log n)`) was charged for a Fibonacci step.
import { escape, splitArgs } from '../extract/boundText';
import { comprehensionRows } from '../extract/comprehensions';
import { cutRows, display, elementsOf, writtenRow } from './writtenDisplays';
import type { SourceFacts, Statement, Unit } from '../model';
import { type Cost, add } from './cost';
import { selfCallsOf } from './recursion';
import { rowCountOf, unbracketed } from './rowDisplays';
import type { Estimator } from './walk';

const NAME = /^[A-Za-z_$][\w$]*$/;
/** `a.size()`, `a->size()`, Java/JS `a.length`, C# `a.Length`, Rust `a.len()`: the count of a name's items. */
const SIZE_OF = /^([A-Za-z_$][\w$]*)\s*(?:\.|->)\s*(?:size\(\)|[Ll]ength|len\(\))$/;
/** A copy of a parameter's letters as large as it: Go `[]byte(w)` / `[]rune(w)`, Java `w.toCharArray()`. */
const LETTERS_OF = /^(?:\[\](?:byte|rune)\(\s*([A-Za-z_$][\w$]*)\s*\)|([A-Za-z_$][\w$]*)\.toCharArray\(\))$/;

/**
 * Whole writes of `name` inside `unit`'s lines (an element write `x[i] = …` is not one); a tuple
 * write (Go `m, n := len(a), len(b[0])`) is given as the write of `name`'s own part.
 */
function writesOf(facts: SourceFacts, unit: Unit, name: string): Statement[] {
  return facts.statements
    .filter(
      (s) =>
        s.line >= unit.line &&
        s.line <= unit.endLine &&
        (s.kind === 'declaration' || s.kind === 'assignment') &&
        !!s.target &&
        !/^[A-Za-z_$][\w$]*\s*\[/.test(s.target.trim()) &&
        (/^[A-Za-z_$][\w$]*/.exec(s.target.trim())?.[0] === name || tupleNames(s).includes(name)),
    )
    .map((s) => {
      const names = tupleNames(s);
      const value = /^\[.*\]$/s.test(s.target!.trim()) ? unbracketed(s.value) : s.value;
      const values = names.length > 1 && value !== undefined ? splitArgs(value) : [];
      return names.length > 1 && values.length === names.length
        ? { ...s, target: name, value: values[names.indexOf(name)]!.trim() }
        : s;
    });
}

/** The names of a tuple write's target (`m, n`), or [] for a single name. */
function tupleNames(s: Statement): string[] {
  const names = (unbracketed(s.target) ?? '').split(',').map((t) => t.trim());
  return names.length > 1 && names.every((n) => NAME.test(n)) ? names : [];
}

/** `f(a, b)` → its name and arguments; undefined for anything else. */
function callParts(text: string): { name: string; args: string[] } | undefined {
  const m = /^([A-Za-z_$][\w$]*)\s*\((.*)\)$/s.exec(text.trim().replace(/;$/, '').trim());
  if (!m) return undefined;
  return { name: m[1]!, args: m[2]!.trim() ? splitArgs(m[2]!) : [] };
}

/** The function of the file called `name` with `arity` parameters, when there is exactly one. */
function localFunction(facts: SourceFacts, name: string, arity: number): Unit | undefined {
  const found = facts.units.filter(
    (u) => u.name === name && u.params.length === arity && !/^(class|struct|module|impl)$/.test(u.kind),
  );
  return found.length === 1 ? found[0] : undefined;
}

function paramName(p: string): string {
  return p
    .replace(/^[.*&$]+/, '')
    .replace(/[:=].*$/, '')
    .trim();
}

/**
 * The callee's parameter names in the order the call's arguments fill them: a Python method's
 * `self`/`cls` is filled by the receiver (`self.fill(grid, r, c)`), not by the first argument.
 */
export function paramsFilledBy(callee: Unit, args: readonly string[]): string[] {
  const params = callee.params.map(paramName);
  return params.length === args.length + 1 && /^(self|cls)$/.test(params[0] ?? '') ? params.slice(1) : params;
}

/**
 * The parameter whose size a local of `unit` takes: declared with a count read from it
 * (`result(A.size(), …)`, `result(size(A))`) or as a copy of it (`A_exp(A)`, `auto x = A`), and
 * otherwise only reassigned from calls of the file that return something sized by an argument
 * the local itself fills (`result = matrixMult(result, A_exp)`). Undefined when any write says
 * otherwise.
 */
export function sizedByParam(facts: SourceFacts, unit: Unit, name: string, depth = 0): string | undefined {
  if (depth > 3 || !NAME.test(name)) return undefined;
  const params = unit.params.map(paramName);
  if (params.includes(name)) return name;
  const writes = writesOf(facts, unit, name);
  const first = writes[0];
  // (Python declares a local by its first assignment: `ZB = zip(*B)`.)
  const declares = first?.kind === 'declaration' || (facts.language === 'python' && first?.operator === '=');
  if (!first || !declares) return undefined;
  // Java `new int[m][n]` counts its rows like a constructor's first argument.
  const dims =
    /^new\s+[\w$.<>]+\s*\[\s*([^\]]+?)\s*\]/.exec(first.value?.trim() ?? '')?.[1] ??
    // Python `zip(*B)`: the columns of `B` (as many as its rows for the square matrices multiplied).
    /^(?:list\()?zip\(\s*\*\s*([A-Za-z_$][\w$]*)\s*\)\)?$/.exec(first.value?.trim() ?? '')?.[1] ??
    // Python `[(inf, inf)] * k`: a list of k copies of one written item.
    (facts.language === 'python'
      ? /^\[[^[\]]*\]\s*\*\s*([A-Za-z_$][\w$]*)$/.exec(first.value?.trim() ?? '')?.[1]
      : undefined) ??
    // Go `make([][]int, m)`: its count of rows.
    /^make\(\s*\[\][^,]+,\s*([A-Za-z_$][\w$]*)\s*\)$/.exec(first.value?.trim() ?? '')?.[1] ??
    // JS/TS `Array.from({ length: m }, …)`, Rust `vec![…; m]` (rowDisplays.ts).
    rowCountOf(first.value ?? '', facts.language);
  const ctor = /^[A-Za-z_$][\w$]*\s*\((.*)\)$/s.exec(first.target!.trim()) ?? (dims ? [dims, dims] : null);
  // (Python `[[…] for i in xrange(len(A))]`: as many rows as its outermost clause walks.)
  const count = ctor
    ? splitArgs(ctor[1]!)[0]?.trim()
    : (comprehensionRows(first.value ?? '') ?? first.value?.trim());
  const param =
    count &&
    (SIZE_OF.exec(count)?.[1] ??
      (LETTERS_OF.exec(count)?.[1] || LETTERS_OF.exec(count)?.[2]) ??
      /^(?:std::)?(?:s?size|len)\(\s*([A-Za-z_$][\w$]*)\s*\)$/.exec(count)?.[1] ??
      (ctor && splitArgs(ctor[1]!).length === 1 ? NAME.exec(count)?.[0] : undefined) ??
      (!ctor ? NAME.exec(count)?.[0] : undefined) ??
      // `c(m, vector<int>(n))` with `int m = a.size()`: a count held in a local sized by a parameter.
      (ctor && NAME.test(count) && count !== name && !params.includes(count)
        ? sizedByParam(facts, unit, count, depth + 1)
        : undefined));
  if (!param) return undefined;
  // `int m = a.size(); vector<vector<int>> c(m, …)`: a count held in a local sized by a parameter.
  if (!params.includes(param))
    return param !== name && writes.length === 1 ? sizedByParam(facts, unit, param, depth + 1) : undefined;
  for (const w of writes.slice(1)) {
    if (w.operator !== '=' || w.value === undefined) return undefined;
    const call = callParts(w.value);
    const callee = call && localFunction(facts, call.name, call.args.length);
    const index = callee && returnedParamIndex(facts, callee, depth + 1);
    if (index === undefined || call!.args[index]?.trim() !== name) return undefined;
  }
  return param;
}

/**
 * The parameter whose rows a local of `unit` has too: a copy of it (`base(X)`), or declared with
 * counts that all read it (`acc(X.size(), vector<int>(X.size()))`).
 */
function rowsFromParam(facts: SourceFacts, unit: Unit, name: string): string | undefined {
  const param = sizedByParam(facts, unit, name);
  const decl = param === undefined ? undefined : writesOf(facts, unit, name)[0];
  if (!decl?.target) return undefined;
  const copy = /^[A-Za-z_$][\w$]*\s*\(\s*([A-Za-z_$][\w$]*)\s*\)$/.exec(decl.target.trim())?.[1];
  if (copy === param || decl.value?.trim() === param) return param;
  return countsRead(decl).length > 1 && countsRead(decl).every((p) => p === param) ? param : undefined;
}

/** The names whose sizes a declaration counts with: `X.size()` in a C++ declarator, `len(X)` in a Python value. */
function countsRead(decl: Statement): string[] {
  const cpp = [...(decl.target ?? '').matchAll(/([A-Za-z_$][\w$]*)\s*(?:\.|->)\s*size\(\)/g)];
  const python = comprehensionRows(decl.value ?? '')
    ? [...(decl.value ?? '').matchAll(/\blen\(\s*([A-Za-z_$][\w$]*)\s*\)/g)]
    : [];
  return [...cpp, ...python].map((m) => m[1]!);
}

/** Which parameter the value `unit` returns is sized by (every `return` gives the same local). */
function returnedParamIndex(facts: SourceFacts, unit: Unit, depth: number): number | undefined {
  const returns = facts.statements.filter(
    (s) => s.kind === 'return' && s.line >= unit.line && s.line <= unit.endLine,
  );
  const names = new Set(returns.map((r) => r.value?.trim().replace(/;$/, '')));
  const [returned] = [...names];
  // (`return [[…] for row in A]`: a comprehension as many rows as the parameter it walks.)
  const rows = returned && comprehensionRows(returned);
  if (names.size === 1 && rows && unit.params.map(paramName).includes(rows))
    return unit.params.map(paramName).indexOf(rows);
  if (names.size !== 1 || !returned || !NAME.test(returned)) return undefined;
  const param = sizedByParam(facts, unit, returned, depth);
  const index = param === undefined ? -1 : unit.params.map(paramName).indexOf(param);
  return index >= 0 ? index : undefined;
}

/**
 * The element a local of `unit` holds the size of: `int n = b[0].size();`, also as a later
 * declarator of its line (`int m = a.size(), n = b[0].size();`), when `b` is a parameter and the
 * local is written nowhere else; undefined otherwise.
 */
function elementSized(facts: SourceFacts, unit: Unit, name: string): string | undefined {
  if (!NAME.test(name)) return undefined;
  const params = unit.params.map(paramName);
  // (`;` ends the declaration in C-family code, the line ends it in Go and Python)
  const size = new RegExp(
    `(?:^|[\\s,])${escape(name)}\\s*:?=\\s*(?:([A-Za-z_$][\\w$]*\\s*\\[[^\\]]*\\])\\s*(?:\\.|->)\\s*(?:size\\(\\)|[Ll]ength|len\\(\\))|(?:std::)?(?:s?size|len)\\(\\s*([A-Za-z_$][\\w$]*\\s*\\[[^\\]]*\\])\\s*\\))\\s*(?:[,;]|$)`,
  );
  const found = facts.statements
    .filter((s) => s.line >= unit.line && s.line <= unit.endLine && s.kind === 'declaration')
    .map((s) => size.exec(s.code))
    .filter((m): m is RegExpExecArray => !!m);
  // (a tuple declaration pairs each name with its own value: Go `m, n := len(a), len(b[0])`)
  if (!found.length)
    for (const w of writesOf(facts, unit, name)) {
      const m =
        w.kind === 'declaration' && w.code.includes(',') ? size.exec(`${name} = ${w.value ?? ''}`) : null;
      if (m) found.push(m);
    }
  const element = found.length === 1 ? (found[0]![1] ?? found[0]![2])!.replace(/\s+/g, '') : undefined;
  if (!element || !params.includes(/^[A-Za-z_$][\w$]*/.exec(element)![0])) return undefined;
  return writesOf(facts, unit, name).some((w) => w.kind === 'assignment') ? undefined : element;
}

/** A statement that declares its target: a declaration, or in Python a first plain assignment. */
function declares(facts: SourceFacts, s: Statement | undefined): boolean {
  return (
    s?.kind === 'declaration' ||
    (facts.language === 'python' && s?.kind === 'assignment' && s.operator === '=')
  );
}

/**
 * What an argument's size is, as far as the file fixes it: `rows` when its rows are fixed too
 * (a display of displays, `matrix(26, vector<int>(26))`), `fixed` when only its count is, or
 * undefined when it grows with the input (or the code does not say).
 */
export function argumentSize(
  est: Estimator,
  facts: SourceFacts,
  arg: string,
  depth = 0,
  scope?: Unit,
): 'rows' | 'fixed' | undefined {
  if (depth > 3) return undefined;
  const shown = display(arg, facts.language);
  if (shown) return elementsOf(shown).every((e) => writtenRow(e, facts.language)) ? 'rows' : 'fixed';
  // Rust passes a copy of the matrix (`mul(res, a.clone())`): the same size.
  const name = arg.trim().replace(/\.clone\(\)$/, '');
  if (NAME.test(name)) {
    if (!est.fixedSize(name)) {
      // `const auto& P = power(T, t)`: a name bound once to a call of the file has its result's size.
      const everywhere = facts.statements.filter(
        (s) =>
          (s.kind === 'declaration' || s.kind === 'assignment') &&
          /^[A-Za-z_$][\w$]*/.exec(s.target?.trim() ?? '')?.[0] === name &&
          // (an element write, C# `res[0] = new int[size]`, keeps the count of rows)
          !/^[A-Za-z_$][\w$]*\s*\[/.test(s.target!.trim()),
      );
      // The caller's own writes of the name when it has any (two functions may each have a `res`).
      const own = scope ? everywhere.filter((s) => s.line >= scope.line && s.line <= scope.endLine) : [];
      const bound = own.length ? own : everywhere;
      const value = bound.length === 1 && declares(facts, bound[0]) ? bound[0]!.value : undefined;
      if (value && callParts(value)) return argumentSize(est, facts, value, depth + 1);
      // A field written once, as a display of written rows (`private final int[][] base = {{0, 1},
      // …}`), and never again: the matrix the code shows.
      // (A display cut short by the model, `{{0, 0, …`, has its first row written out.)
      // (An empty display later filled by appends is no matrix: `num_idxs = []; …
      // num_idxs.append((x, i))`; one only read stays the empty table it shows.)
      const grown = new RegExp(
        `(?<![\\w$.])${escape(name)}\\s*\\.\\s*(?:append|extend|insert|add|push|push_back|emplace_back)\\s*\\(`,
      );
      const shownRows = display(value ?? '', facts.language);
      if (
        value &&
        bound.length === 1 &&
        ((shownRows &&
          (elementsOf(shownRows).length > 0 || !facts.statements.some((t) => grown.test(t.code))) &&
          argumentSize(est, facts, value, depth + 1) === 'rows') ||
          cutRows(value))
      )
        return 'rows';
      // `res = {{1, 0}}` then only `res = mul(res, a)`: each call returns a value sized by the
      // argument `res` fills, so `res` keeps the size of the display it was declared with.
      const [first, ...rest] = bound;
      const keeps = rest.every((w) => {
        const call = w.operator === '=' && w.value !== undefined ? callParts(w.value) : undefined;
        const callee = call && localFunction(facts, call.name, call.args.length);
        const index = callee ? returnedParamIndex(facts, callee, depth + 1) : undefined;
        return index !== undefined && call!.args[index]?.trim() === name;
      });
      if (!declares(facts, first) || !rest.length || !keeps || !first?.value) return undefined;
      // (`res(1, vector<int>(size, 1))`: a literal count of rows.)
      if (/^\(\s*\d+\s*[,)]/.test(first.value.trim())) return 'fixed';
      // (Java `new int[1][a.length]`: a literal count of rows.)
      if (/^new\s+[\w$.<>]+\s*\[\s*\d+\s*\]/.test(first.value.trim())) return 'fixed';
      // (JS `Array.from({ length: 1 }, …)`, Rust `vec![…; 1]`: a literal count of rows.)
      if (/^\d+$/.test(rowCountOf(first.value, facts.language) ?? '')) return 'fixed';
      return display(first.value, facts.language)
        ? argumentSize(est, facts, first.value, depth + 1)
        : undefined;
    }
    // Declared as a display of displays or with literal counts for both dimensions.
    const decl = facts.statements.find(
      (s) => declares(facts, s) && /^[A-Za-z_$][\w$]*/.exec(s.target?.trim() ?? '')?.[0] === name,
    );
    const value = decl?.value?.trim() ?? '';
    const shownValue = display(value, facts.language);
    if (shownValue && elementsOf(shownValue).every((e) => writtenRow(e, facts.language))) return 'rows';
    // A display cut short by the model (`{{0, m - 1, …}, …`): its first row is written out.
    if (cutRows(value)) return 'rows';
    if (/^\(\s*\d+\s*,\s*[\w:<>]+\s*\(\s*\d+\s*(?:,[^()]*)?\)\s*\)$/.test(value)) return 'rows';
    return 'fixed';
  }
  const call = callParts(name);
  const callee = call && localFunction(facts, call.name, call.args.length);
  const index = callee ? returnedParamIndex(facts, callee, depth + 1) : undefined;
  if (!callee || index === undefined) return undefined;
  const size = argumentSize(est, facts, call!.args[index]!, depth + 1);
  // The returned local's rows are fixed only when every count it is declared with reads the same
  // parameter (`result(A.size(), vector<int>(A.size()))`).
  if (size !== 'rows') return size;
  const returned = facts.statements.find(
    (s) => s.kind === 'return' && s.line >= callee.line && s.line <= callee.endLine,
  )?.value;
  const decl = returned ? writesOf(facts, callee, returned.trim().replace(/;$/, ''))[0] : undefined;
  const param = paramName(callee.params[index]!);
  const sizesRead = decl ? countsRead(decl) : [];
  return sizesRead.length > 1 && sizesRead.every((p) => p === param) ? 'rows' : 'fixed';
}

/** A key standing for a size the file fixes: renamed keys that reach it are dropped (dropFixed). */
export const FIXED_KEY = '\u0000fixed';

/**
 * The caller's key for the callee's key `k`: a parameter or a local sized by one becomes the
 * argument's key, or FIXED_KEY when the argument's size is fixed; an element of a parameter
 * (`B[0]`) becomes the argument's element, fixed when the argument's rows are. Undefined when
 * this reading has nothing to say (the caller's own renaming applies).
 */
export function renameThroughArguments(
  est: Estimator,
  facts: SourceFacts,
  callee: Unit,
  args: string[],
  k: string,
  caller?: Unit,
): string | undefined {
  const params = paramsFilledBy(callee, args);
  const element = /^([A-Za-z_$][\w$]*)((?:\s*\[[^\]]*\])+)$/.exec(elementSized(facts, callee, k) ?? k);
  const base = element ? element[1]! : k;
  const param = params.includes(base)
    ? base
    : element
      ? rowsFromParam(facts, callee, base)
      : sizedByParam(facts, callee, base);
  const arg = param === undefined ? undefined : args[params.indexOf(param)]?.replace(/\.clone\(\)\s*$/, '');
  if (arg === undefined) return undefined;
  // A small integer written in the call (`nCr(n + 4, 4)`) is a count the input does not change
  // (small as for fixed names: at most 1024) — unless it is where a walk starts: 0 or 1 (an
  // index, a root: `dfs(0, 0)`, `ask(1, 0, n - 1, …)`), or a parameter the callee's recursion
  // steps up (`dfs(i + 1, …)`, `ask(2 * node, …)`). Measured on C and C++ (kamyu104, doocs).
  // Python: only a local sized by that parameter (`result = [x] * k`), since the parameter itself
  // can be a memo key a label counts (`dfs(0, 0, 2)` over `k`, doocs 3418); measured on kamyu104
  // and doocs Python. A helper that never calls itself has no memo: its parameter itself is a
  // count (`max_sub_k_array(arr, 2)` looping `for _ in range(k)`), also when it is 0 or 1 (fifteenth
  // round).
  const python = est.facts.language === 'python';
  // (0 and 1 too in a Python helper that never calls itself: no walk starts there.)
  if (
    python &&
    param === base &&
    /^\d+$/.test(arg.trim()) &&
    Number(arg.trim()) <= 1 &&
    !callsItself(facts, callee)
  )
    return FIXED_KEY;
  if (
    /^(c|cpp|python)$/.test(est.facts.language) &&
    /^\d+$/.test(arg.trim()) &&
    Number(arg.trim()) >= 2 &&
    Number(arg.trim()) <= 1024
  )
    return (python ? param !== base || !callsItself(facts, callee) : param === base) &&
      !steppedUp(facts, callee, params.indexOf(param!))
      ? FIXED_KEY
      : undefined;
  // An empty map or set passed in and filled by the callee (a memo: `lookup = {}; dp(s, 0, n - 1,
  // lookup)` storing `lookup[(i, j)] = …`) grows with the states it stores, not fixed by its empty
  // display.
  if (param === base && NAME.test(arg.trim()) && filledEmpty(facts, callee, param, arg.trim(), caller))
    return undefined;
  const size = argumentSize(est, facts, arg, 0, caller);
  if (element)
    return size === 'rows' ? FIXED_KEY : NAME.test(arg.trim()) ? `${arg.trim()}${element[2]}` : undefined;
  if (size) return FIXED_KEY;
  return param === base ? undefined : NAME.test(arg.trim()) ? arg.trim() : undefined;
}

/**
 * True when the caller binds `arg` only to an empty map or set (`{}`, `dict()`, `set()`) and the
 * callee stores into its parameter `param` by key (`param[k] = v`) or adds to it (`param.add(x)`).
 */
function filledEmpty(facts: SourceFacts, callee: Unit, param: string, arg: string, caller?: Unit): boolean {
  const within = (s: Statement, u?: Unit) => !u || (s.line >= u.line && s.line <= u.endLine);
  const writes = facts.statements.filter(
    (s) => declares(facts, s) && within(s, caller) && s.target?.trim() === arg,
  );
  if (writes.length !== 1 || !/^(?:\{\s*\}|dict\(\s*\)|set\(\s*\))$/.test(writes[0]!.value?.trim() ?? ''))
    return false;
  const p = escape(param);
  return facts.statements.some(
    (s) =>
      within(s, callee) &&
      s.line > callee.line &&
      (new RegExp(`^${p}\\s*\\[`).test(s.target?.trim() ?? '') ||
        new RegExp(`(?<![\\w$.])${p}\\.(?:add|update|setdefault)\\s*\\(`).test(s.code)),
  );
}

/** True when `callee`'s body calls it by name (a recursion, whose parameters may be memo keys). */
function callsItself(facts: SourceFacts, callee: Unit): boolean {
  const call = new RegExp(`(?<![\\w$])(?:self\\.|this\\.)?${escape(callee.name)}\\s*\\(`);
  // (the flows see a call a cut statement text hides: `return max(… dfs(i + x, …) for x in …)`)
  return (
    selfCallsOf(callee.body, callee).length > 0 ||
    facts.statements.some((s) => s.line > callee.line && s.line <= callee.endLine && call.test(s.code))
  );
}

/** True when a call of `callee` inside itself passes its parameter at `index` increased or scaled. */
function steppedUp(facts: SourceFacts, callee: Unit, index: number): boolean {
  const param = paramName(callee.params[index] ?? '');
  const call = new RegExp(`(?<![\\w$.])${escape(callee.name)}\\s*\\(`, 'g');
  return facts.statements.some((s) => {
    if (s.line <= callee.line || s.line > callee.endLine) return false;
    for (const m of s.code.matchAll(call)) {
      let depth = 0;
      let end = m.index + m[0].length;
      for (; end < s.code.length && depth >= 0; end++) {
        if ('([{'.includes(s.code[end]!)) depth++;
        else if (')]}'.includes(s.code[end]!)) depth--;
      }
      const arg = splitArgs(s.code.slice(m.index + m[0].length, end - 1))[index]?.replace(/\s+/g, '') ?? '';
      const p = escape(param);
      if (new RegExp(`^${p}[+*]|^\\d+\\*${p}\\b|^${p}<<`).test(arg)) return true;
    }
    return false;
  });
}

/** `cost` without the sizes renamed to FIXED_KEY: a loop over a fixed size is a constant count. */
export function dropFixed(cost: Cost): Cost {
  const keep = (r: Record<string, number>) =>
    Object.fromEntries(Object.entries(r).filter(([k]) => k !== FIXED_KEY));
  const terms = cost.terms.map((t) => {
    const { exponential: exp, factorial: fact, ...rest } = t;
    const fixedExp = exp === FIXED_KEY;
    const dropped = fixedExp || FIXED_KEY in t.powers || FIXED_KEY in t.logs;
    return {
      ...rest,
      why: dropped
        ? [
            ...t.why,
            "the loops over the callee's parameters run a fixed number of times: the call passes sizes fixed by the code (a literal or fixed-size table)",
          ]
        : t.why,
      powers: keep(t.powers),
      logs: keep(t.logs),
      ...(exp !== undefined && !fixedExp ? { exponential: exp } : {}),
      ...(fact && !fixedExp ? { factorial: fact } : {}),
    };
  });
  return add({ terms, unknown: cost.unknown });
}
