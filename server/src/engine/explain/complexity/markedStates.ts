// How many items a visited mark or memo table can hold, and what each costs. A visited-guarded
// recursion enters each item of its mark once; "O(V + E)" holds only when the mark has one index
// per item and the only repeated work is the item's neighbour list. A table marked with two or
// three subscripts (`vis[i][j]`, `f[i][j]`) holds a product of sizes (a grid, a DP over two
// indices), a table allocated with `1 << n` entries holds 2^n states (bit-mask DP), and a loop in
// the body over anything but the item's neighbour list (`for j := i + 1; j < n; j++`) runs once per
// item, not once in all.
import type { Flow, Unit } from '../model';
import { type Cost, exponential, linear } from './cost';
import { statementsIn } from './traversal';
import { cacheRoots, storedKeyParts } from './memoKeys';
import { lengthNames, literalLengths } from './tableDims';
import type { Estimator, Walk } from './walk';
import { escape } from '../extract/boundText';

/**
 * Dimensions of `mark`'s allocation that are literal counts (`new int[n][3]`, `make([][3]int, n)`,
 * `[[0] * 2 for _ in …]` is not read): those subscripts take a fixed number of values. `cut`: the
 * allocation's text was shortened (`Array.from({ length: m }, () => Array.from(...`), so more
 * literal dimensions may follow unseen.
 */
function literalDimensions(est: Estimator, mark: string): { count: number; cut: boolean } {
  const target = new RegExp(`^(?:(?:this|self)\\.)?${escape(mark)}$`);
  const literal = (dims: string[]) => dims.filter((d) => /^\d+$/.test(d.trim())).length;
  for (const s of est.facts.statements) {
    if ((s.kind !== 'assignment' && s.kind !== 'declaration') || !s.target) continue;
    const declaration = s.kind === 'declaration' ? declaredText(s.target, s.value, mark) : undefined;
    const declarator = declaration ? cDeclarator(declaration, mark) : undefined;
    if (declarator) return { count: literal(declarator), cut: /\.\.\.$/.test(declaration!) };
    if (!s.value) continue;
    if (!target.test(s.target.trim().replace(/^.*\s/, ''))) continue;
    const java = /\bnew\s+[\w$<>]+\s*((?:\[[^\]]*\])+)/.exec(s.value)?.[1];
    const go = /\bmake\s*\(\s*\[\]((?:\[[^\]]*\])+)/.exec(s.value)?.[1];
    // (C# spells a rectangular table's lengths in one bracket: `new int[n, 3]`)
    const dims = ((java ?? (go ? `[n]${go}` : '')).match(/\[[^\]]*\]/g) ?? []).flatMap((d) =>
      d.slice(1, -1).split(','),
    );
    // JS/TS and PHP spell the shape in nested calls (`Array.from({ length: m }, () => Array(2))`).
    return { count: literal(dims) + literalLengths(s.value), cut: /\.\.\.$/.test(s.value.trim()) };
  }
  return { count: 0, cut: false };
}

/**
 * A C++ declaration's declarator with its constructor arguments: the statement's target is cut
 * short for a long one (`f(n, vector(9 * n + 1, vector(10, …`), while its value holds the whole
 * argument list.
 */
function declaredText(target: string, value: string | undefined, mark: string): string {
  const name = target.trim();
  return value?.startsWith('(') && new RegExp(`^[*&\\s]*${escape(mark)}\\s*\\(`).test(name)
    ? `${mark}${value}`
    : name;
}

/**
 * The lengths a C or C++ declaration gives `mark`, outermost first: an array declarator
 * (`int f[n][3];` → n, 3) or nested vector constructors (`vector<vector<int>> f(n,
 * vector<int>(3, -1));`, also with deduced types `vector f(n, vector(3, -1))` → n, 3); undefined
 * when the declaration declares something else.
 */
function cDeclarator(target: string, mark: string): string[] | undefined {
  const name = target.replace(/^[*&\s]+/, '');
  const array = new RegExp(`^${escape(mark)}\\s*((?:\\[[^\\]]*\\])+)$`).exec(name)?.[1];
  if (array) return array.match(/\[[^\]]*\]/g)!.map((d) => d.slice(1, -1));
  if (!new RegExp(`^${escape(mark)}\\s*\\(`).test(name)) return undefined;
  // The first argument of the table's constructor and of each row's: the lengths.
  return [
    ...name.matchAll(new RegExp(`(?:^${escape(mark)}|\\bvector\\s*(?:<[^()]*>)?)\\s*\\(\\s*([^,()]+)`, 'g')),
  ].map((m) => m[1]!);
}

/**
 * The parts of a key: one per subscript, and one per component of a tuple key (`memo[i, k]`,
 * `memo[(i, k)]`, C++ `memo[{i, k}]`), which indexes as many dimensions as a table `f[i][k]`.
 */
function keyParts(subscripts: string): number {
  return (subscripts.match(/\[[^\]]*\]/g) ?? []).reduce((sum, sub) => {
    const inner = sub
      .slice(1, -1)
      .trim()
      .replace(/^[({](.*)[)}]$/, '$1');
    let depth = 0;
    let parts = 1;
    for (const ch of inner) {
      if ('([{'.includes(ch)) depth++;
      else if (')]}'.includes(ch)) depth--;
      else if (ch === ',' && depth === 0) parts++;
    }
    return sum + parts;
  }, 0);
}

/** Subscripts of the widest store into `mark` in the unit (`f[i][j] = …` → 2); at least 1. */
function markDimensions(est: Estimator, unit: Unit, mark: string): number {
  const store = new RegExp(
    `^\\(?\\s*\\*?\\s*(?:(?:this|self)\\.)?${escape(mark)}\\s*\\)?((?:\\s*\\[[^\\]]*\\])+)`,
  );
  let widest = 1;
  for (const s of statementsIn(est.facts, unit)) {
    if (s.kind !== 'assignment' || !s.target) continue;
    const subscripts = store.exec(s.target.trim())?.[1];
    if (subscripts) widest = Math.max(widest, keyParts(subscripts));
  }
  // A key built in a local first (`key = (i, j)`, `f.put(List.of(i, j), …)` through `key`).
  widest = Math.max(widest, storedKeyParts(est, unit, mark));
  // Literal dimensions first: `f[pos][sum][10][4]` varies in two sizes, not in min(4, 3) − 2 — when
  // the allocation was read whole; a shortened one may hide literal dimensions, so it is read as
  // at most three sizes less the literal ones seen.
  const literal = literalDimensions(est, mark);
  return Math.max(1, literal.cut ? Math.min(widest, 3) - literal.count : Math.min(widest - literal.count, 3));
}

/**
 * The size a table is allocated with when it is a power of two (`make([]int, 1<<n)`,
 * `new int[1 << n]`, `vec![-1; 1 << n]`, `Array(1 << n)`): the exponent's name.
 */
function powerOfTwoSize(est: Estimator, mark: string): string | undefined {
  const target = new RegExp(`^(?:(?:this|self)\\.)?${escape(mark)}$`);
  for (const s of est.facts.statements) {
    if ((s.kind !== 'assignment' && s.kind !== 'declaration') || !s.target || !s.value) continue;
    if (!target.test(s.target.trim().replace(/^.*\s/, ''))) continue;
    const exponent = /(?:^|[^\w$.])1\s*<<\s*\(?\s*([A-Za-z_$][\w$.]*)/.exec(s.value)?.[1];
    if (exponent) return exponent;
  }
  return undefined;
}

/**
 * The names of a table's non-literal lengths, from its allocation: JS/TS and PHP nested calls
 * (tableDims.ts), a C or C++ declarator (`int f[n][3]` → n).
 */
function allocatedNames(est: Estimator, mark: string): (string | undefined)[] {
  const target = new RegExp(`^(?:(?:this|self)\\.)?${escape(mark)}$`);
  for (const s of est.facts.statements) {
    if (s.kind !== 'declaration' || !s.target) continue;
    const declarator = cDeclarator(declaredText(s.target, s.value, mark), mark);
    if (declarator)
      return declarator
        .filter((d) => !/^\d+$/.test(d.trim()))
        .map((d) => /^([A-Za-z_]\w*)(?:\s*[+-]\s*\d+)?$/.exec(d.trim())?.[1]);
  }
  const write = est.facts.statements.find(
    (s) =>
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      s.target &&
      s.value &&
      target.test(s.target.trim().replace(/^.*\s/, '')),
  );
  return write ? lengthNames(write.value!) : [];
}

/** The items a mark can hold: one size per subscript, 2^k for a table of `1 << k` entries. */
export function markedItems(est: Estimator, unit: Unit, mark: string, walk: Walk, why: string): Cost {
  const dimensions = markDimensions(est, unit, mark);
  const exponent = powerOfTwoSize(est, mark);
  // Further subscripts index rows of the first: `grid[0]` is the length of a row.
  // A length the allocation names (`Array.from({ length: m }, () => Array(k))`) is that size.
  const names = allocatedNames(est, mark);
  const rows = Array.from({ length: dimensions - 1 }, (_, d) =>
    names[d + 1] ? est.resolveKey(names[d + 1]!, walk) : `${mark}${'[0]'.repeat(d + 1)}`,
  );
  const note = [
    exponent ? `\`${mark}\` has 2^${exponent} entries` : '',
    dimensions > 1 ? `${dimensions} subscripts per item` : '',
  ].filter(Boolean);
  const first = exponent
    ? exponential(est.resolveKey(exponent, walk), '')
    : linear(names[0] ? est.resolveKey(names[0], walk) : mark, '');
  const term = first.terms[0]!;
  for (const row of rows.map((r) => r.replace(/^\$/, ''))) term.powers[row] = (term.powers[row] ?? 0) + 1;
  term.why = [note.length ? `${why}; ${note.join(', ')}` : why];
  return first;
}

/**
 * `graph` for a loop over `graph[node]` or `graph.get(node)`: the adjacency lists a traversal scans.
 * Not a row of an adjacency matrix walked by position (`for j, x in enumerate(isConnected[i]): if x
 * and not vis[j]: dfs(j)`): the calls go to the index, not to the item, so each visit scans a whole
 * row of n entries, whatever the edges — O(V²), paid per item.
 */
export function neighbourLists(flows: Flow[], est?: Estimator): string[] {
  const lists = new Set<string>();
  const visit = (fs: Flow[]) => {
    for (const f of fs) {
      if (f.kind === 'loop') {
        const base =
          f.bound.kind === 'linear' && !(est && matrixRow(est, f))
            ? // (a member through `->` too: PHP `$this->g[$u]`, C++ `this->g[u]`)
              /^((?:[\w$.]|->)+)(?:\[|\.(?:get|getOrDefault|Get)\()/.exec(f.bound.key)?.[1]
            : undefined;
        if (base) lists.add(base);
        visit(f.body);
      } else if (f.kind === 'branch') f.arms.forEach(visit);
    }
  };
  visit(flows);
  return [...lists];
}

/** A Python loop `for j, x in enumerate(row)` whose body calls with the position `j` and never with the entry `x`. */
function matrixRow(est: Estimator, loop: Extract<Flow, { kind: 'loop' }>): boolean {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === loop.line);
  const m = /^for\s+([A-Za-z_]\w*)\s*,\s*([A-Za-z_]\w*)\s+in\s+enumerate\(/.exec(header?.code.trim() ?? '');
  if (!m) return false;
  const args: string[] = [];
  const calls = (fs: Flow[]) => {
    for (const f of fs) {
      if (f.kind === 'call') args.push(...f.args.map((a) => a.trim()));
      else if (f.kind === 'loop') calls(f.body);
      else if (f.kind === 'branch') f.arms.forEach(calls);
    }
  };
  calls(loop.body);
  return args.includes(m[1]!) && !args.includes(m[2]!);
}

/**
 * The work of one visit besides its neighbour lists: terms in a neighbour list's size are shared
 * out over all visits (each list is scanned once in all), every other term is paid per item.
 */
export function workPerItem(perCall: Cost, lists: string[]): Cost {
  const shared = (key: string) =>
    lists.some((l) => key === l || key.startsWith(`${l}[`) || key.startsWith(`${l}.`));
  const terms = perCall.terms.filter((t) => !Object.keys({ ...t.powers, ...t.logs }).some(shared));
  return { terms: terms.length ? terms : [{ powers: {}, logs: {}, why: [] }], unknown: perCall.unknown };
}

/**
 * The states of a memoized recursion: one size per parameter the calls vary (`f(i + 1, j)`,
 * `f(i, j + 1)` range over i × j), not only the first one — a table keyed by two indexes holds
 * their product. Parameters passed through or reset to literals add no factor.
 */
export function memoStates(est: Estimator, varying: string[], key: string, walk: Walk, why: string): Cost {
  const keys = varying.length > 1 ? varying.map((p) => est.resolveKey(p, walk)) : [key];
  const over =
    varying.length > 1 ? `; the states range over ${varying.map((p) => `\`${p}\``).join(' × ')}` : '';
  const cost = linear(keys[0]!, `${why}${over}`);
  for (const k of keys.slice(1)) cost.terms[0]!.powers[k] = (cost.terms[0]!.powers[k] ?? 0) + 1;
  return cost;
}

/**
 * The memo table the unit fills is indexed by one key (`f[i]`), so its states are counted by one
 * size. A table read with two subscripts or a tuple key (`f[i][j]`, `memo[(i, mask)]`) holds a
 * product of sizes one key cannot count: the caller then counts the parameters the calls vary
 * (memoStates), or claims nothing when fewer than two vary.
 */
export function oneKeyMemo(est: Estimator, unit: Unit): boolean {
  const roots = cacheRoots(unit);
  const codes = statementsIn(est.facts, unit).map((s) => s.code);
  return roots.some((root) => {
    const access = new RegExp(
      `(^|[^\\w$.])(?:(?:this|self)\\.)?${escape(root)}\\s*\\[([^\\]]*)\\](\\s*\\[)?`,
      'g',
    );
    const uses = codes.flatMap((c) => [...c.matchAll(access)]);
    return (
      uses.length > 0 && uses.every((m) => !m[3] && !/,/.test(m[2]!)) && storedKeyParts(est, unit, root) < 2
    );
  });
}
