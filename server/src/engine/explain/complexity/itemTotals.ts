// Loops over the items of a collection whose body works on the item itself (`for w in words: for c
// in w`, `for (int i = 0; i < size(words); ++i) for (char c : words[i])`): the inner passes over
// all items add up to the items' total size, Σ|w| — the total length of the words — not the number
// of items times the size of one item. Writing `O(n·m)` there bounds every word by the longest one,
// which a reader checking the claim would call loose (one long word among many short ones costs its
// length once, not once per word). The total has its own size key, `words[*]` ("total size of the
// items of `words`"), so the claim reads `O(n + L)`: one step per item plus one per letter.
import type { LoopFlow } from '../model';
import type { Cost, Term } from './cost';
import { add, multiply } from './cost';
import type { Estimator, Walk } from './walk';
import { readsAsMatrix } from './matrixShape';
import { statementsIn } from './traversal';
import { escape } from '../extract/boundText';
import { containerKind } from './elementKind';

/** The size key of the total size of `collection`'s items (the letters of all words). */
export function totalKey(collection: string): string {
  return `${collection}[*]`;
}

/** What a total key sums, for the legend: `the items of \`words\``, `\`.children\` over the items of \`tree\``. */
export function totalOf(key: string): string | undefined {
  const m = /^(.+?)\[\*\]((?:\.|->)[A-Za-z_]\w*)?$/.exec(key);
  if (!m) return undefined;
  return m[2] ? `\`${m[2]}\` over the items of \`${m[1]}\`` : `the items of \`${m[1]}\``;
}

/**
 * The keys that stand for the size of the item a pass of `flow` works on: the item variable of a
 * for-each (the last name bound: `w` in `for i, w in enumerate(words)`, `v` in `for k, v in
 * d.items()`, `for _, w := range words`, PHP `foreach ($words as $i => $w)`), or `xs[i]` for a counter `i` over `xs`. Empty when the
 * loop does not walk a collection (a number bound, `range(n)`, is not a collection of items).
 */
/**
 * C++ `while (ss >> word)` / `while (getline(ss, word, ','))`: each pass reads the stream's next
 * token into `word`, a part of the stream no other pass reads, so work on it adds up to the stream's
 * length. The token's name, or none.
 */
function streamToken(est: Estimator, flow: LoopFlow): string[] {
  if (est.facts.language !== 'cpp') return [];
  const cond = est.facts.statements.find((s) => s.kind === 'loop' && s.line === flow.line)?.condition ?? '';
  const token =
    /^(?:std::)?getline\s*\(\s*[\w$.]+\s*,\s*([A-Za-z_]\w*)\s*[,)]/.exec(cond)?.[1] ??
    /^[\w$.]+\s*>>\s*([A-Za-z_]\w*)$/.exec(cond.trim())?.[1];
  return token ? [token] : [];
}

function itemKeys(est: Estimator, flow: LoopFlow, collection: string, walk: Walk): string[] {
  if (flow.bound.kind !== 'linear' || walk.valueKeys.has(collection)) return [];
  // (PHP `foreach ($words as $i => $w)` binds `$w` last: its `$` goes, as in every key.)
  const names =
    flow.variable
      ?.split(/[\s,()[\]&*:]+|=>/)
      .map((n) => n.replace(/^\$/, ''))
      .filter((n) => /^[A-Za-z_$][\w$]*$/.test(n)) ?? streamToken(est, flow);
  const last = names.at(-1);
  if (!last || last === '_') return [];
  // An item used as a number (`for x in nums: for _ in range(x)`) has a value, not a size: the passes
  // add up to the sum of the values, which no size of the input bounds.
  if (!flow.counting && walk.valueKeys.has(last)) return [];
  // A counter: the item is the collection subscripted by it, as the bound names it or as resolved
  // (Java and Kotlin lists read it with `get`: `nums.get(i)`).
  // `for s, t in pairwise(words)` (or `zip(words, words[1:])`): both names are items, and each item
  // is in at most two pairs, so work on either still adds up to the items' total (twice at most).
  const paired = !flow.counting && names.length === 2 && walksPairs(est, flow);
  // Its neighbours too (`check(words[i - 1], words[i])`): each item is the neighbour of one pass
  // only, so work on them also adds up to the total (twice over at most).
  const items = flow.counting
    ? [
        ...new Set(
          // (PHP keys keep the counter's `$` inside the brackets: `words[$i]`.)
          [flow.bound.key, collection].flatMap((c) =>
            [last, `$${last}`].flatMap((i) =>
              [i, `${i} - 1`, `${i} + 1`].flatMap((at) => [`${c}[${at}]`, `${c}.get(${at})`]),
            ),
          ),
        ),
      ]
    : paired
      ? names
      : [last, ...indexedNeighbours(est, flow, collection, names), ...mapValue(est, walk, collection, last)];
  const others = flow.counting ? entriesAtCounter(est, walk, flow, last, [flow.bound.key, collection]) : [];
  return [...items, ...others, ...itemLocals(est, walk, flow, [...items, ...others])];
}

/**
 * The entries of other tables a counting loop reads at its counter (`adj[u]` in `for (int u = 0; u <
 * size(vals); ++u) nth_element(begin(adj[u]), …)`): the counter takes each value once, so each entry
 * is worked on by one pass only, and work on them adds up to the table's total size (the edges of
 * an adjacency list), not the passes times its largest entry. Only while the body never writes the
 * counter (a counter moved inside the body may come back to an entry).
 */
function entriesAtCounter(
  est: Estimator,
  walk: Walk,
  flow: LoopFlow,
  counter: string,
  own: string[],
): string[] {
  const end = flow.endLine ?? flow.line;
  if (walk.unit.writes.some((w) => w.target === counter && w.line > flow.line && w.line <= end)) return [];
  const at = new RegExp(`(?<![\\w$.>])([A-Za-z_]\\w*)\\s*\\[\\s*${escape(counter)}\\s*\\](?!\\s*\\[)`, 'g');
  const tables = new Set<string>();
  for (const s of statementsIn(est.facts, walk.unit))
    if (s.line > flow.line && s.line <= end)
      for (const m of s.code.matchAll(at)) if (!own.includes(m[1]!)) tables.add(m[1]!);
  return [...tables].map((t) => `${t}[${counter}]`);
}

/** The table whose entry at a counter `key` names (`adj` of `adj[u]`), when it is none of `own`. */
function entryTable(key: string, own: string[]): string | undefined {
  const table = /^([A-Za-z_]\w*)\[[^[\]]+\]$/.exec(key)?.[1];
  return table && !own.includes(table) ? table : undefined;
}

/**
 * A for-each binding a position before the item (Go `for i, t := range words[1:]`, Python `for i, w
 * in enumerate(words)`): the collection at that position or beside it (`words[i]`, `words[i - 1]`)
 * is an item too, each one the neighbour of one pass only, so work on it adds up to the total.
 */
function indexedNeighbours(est: Estimator, flow: LoopFlow, collection: string, names: string[]): string[] {
  const at = names[0];
  if (names.length !== 2 || !at || at === '_') return [];
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === flow.line)?.code ?? '';
  const indexed =
    (est.facts.language === 'go' && /\brange\b/.test(header)) ||
    (est.facts.language === 'python' && /\bin\s+enumerate\(/.test(header));
  if (!indexed) return [];
  return [at, `${at} - 1`, `${at} + 1`].map((i) => `${collection}[${i}]`);
}

/**
 * A for-each over a map's keys (`for x in lookup: for y in lookup[x]`): the value at the key is the
 * item, one value per distinct key, so work on it adds up to the values' total as work on a list's
 * item does. Only a collection built or typed as a hash map (a list subscripted by its own values
 * may reach one element many times).
 */
function mapValue(est: Estimator, walk: Walk, collection: string, key: string): string[] {
  return containerKind(est, walk.unit, collection) === 'hashed' ? [`${collection}[${key}]`] : [];
}

/** The loop's header walks adjacent pairs of its collection: `pairwise(xs)`, `zip(xs, xs[1:])`. */
function walksPairs(est: Estimator, flow: LoopFlow): boolean {
  if (flow.bound.kind !== 'linear') return false;
  const k = escape(flow.bound.key);
  const pairs = new RegExp(
    `\\bin\\s+(?:(?:itertools\\.)?pairwise\\(\\s*${k}\\s*\\)|zip\\(\\s*${k}\\s*,\\s*${k}\\s*\\[\\s*1\\s*:\\s*\\]\\s*\\))`,
  );
  return est.facts.statements.some((s) => s.line === flow.line && pairs.test(s.code));
}

/** A call's parenthesised arguments, with one level of nested parentheses. */
const CALL_ARGS = '\\((?:[^()]|\\([^()]*\\))*\\)';

/** A few more or fewer (`+ 1`, `- 2`), then spaces. */
const PLUS = '(?:\\s*[-+]\\s*\\d+)?\\s*';

/** Views of an item no larger than it: the item itself, its letters, parts or a reordering of them. */
const ITEM_VIEW = [
  (item: string) => item,
  (item: string) =>
    `(?:list|sorted|set|Counter|collections\\.Counter|reversed|enumerate)\\(\\s*${item}\\s*\\)`,
  // (`map(ord, w)`: one value per letter of the item)
  (item: string) => `map\\(\\s*[\\w.]+\\s*,\\s*${item}\\s*\\)`,
  (item: string) => `${item}\\s*\\[\\s*::\\s*-1\\s*\\]`,
  (item: string) =>
    `${item}\\s*\\.\\s*(?:split|strip|lower|upper|trim|toCharArray|toLowerCase|toUpperCase|chars|bytes|as_bytes|to_lowercase|to_uppercase|to_string|to_owned|clone)\\s*\\((?:[^()]|\\([^()]*\\))*\\)(?:\\s*\\.\\s*collect(?:::<[^()]*>)?\\(\\))?`,
  (item: string) =>
    `strings\\.(?:Split|Fields|ToLower|ToUpper|TrimSpace)\\(\\s*${item}\\s*(?:,(?:[^()]|\\([^()]*\\))*)?\\)`,
  (item: string) => `\\[\\s*\\.\\.\\.\\s*${item}\\s*\\]`,
  // Go's copy of its letters (`t := []byte(s)`, `[]rune(s)`).
  (item: string) => `\\[\\](?:byte|rune)\\(\\s*${item}\\s*\\)`,
  // One part at a written position of a view (`local := parts[0]` after `parts := strings.Split(email, "@")`).
  (item: string) => `${item}\\s*\\[\\s*\\d+\\s*\\]`,
  // A table with one entry per element of the item, give or take a few (`Array(nums.length + 1).fill(0)`,
  // Python `[0] * (len(nums) + 1)`, Java `new int[nums.length + 1]`, Go `make([]int, len(nums)+1)`):
  // work over it is work over the item (prefix sums of a pile, then a loop over them).
  (item: string) =>
    `(?:new\\s+)?Array(?:<[^<>()]*>)?\\(\\s*${item}\\.length${PLUS}\\)(?:\\s*\\.\\s*fill\\s*${CALL_ARGS})?`,
  (item: string) => `\\[[^[\\]]*\\]\\s*\\*\\s*\\(?\\s*len\\(\\s*${item}\\s*\\)${PLUS}\\)?`,
  (item: string) => `new\\s+\\w+\\s*\\[\\s*${item}\\s*\\.\\s*(?:length|size\\(\\))${PLUS}\\]`,
  (item: string) => `make\\(\\s*\\[\\]\\w+\\s*,\\s*len\\(\\s*${item}\\s*\\)${PLUS}\\)`,
  // (C++ `vector<int> s(nums.size() + 1);` keeps its constructor's arguments as the value.)
  (item: string) => `\\(\\s*${item}\\s*\\.\\s*size\\s*\\(\\s*\\)${PLUS}(?:,[^()]*)?\\)`,
  // Python's running sums of the item (`list(accumulate(nums, initial=0))`).
  (item: string) => `(?:list\\(\\s*)?accumulate\\(\\s*${item}\\s*(?:,[^()]*)?\\)(?:\\s*\\))?`,
  // Its letters reordered and joined back (`w.split('').reverse().join('')`, `[...w].sort().join('')`).
  (item: string) =>
    `(?:${item}\\s*\\.\\s*split\\s*${CALL_ARGS}|\\[\\s*\\.\\.\\.\\s*${item}\\s*\\])(?:\\s*\\.\\s*(?:reverse|toReversed|sort|toSorted)\\s*${CALL_ARGS})*\\s*\\.\\s*join\\s*${CALL_ARGS}`,
];

/**
 * Locals the loop's body binds to its item or to a view of it no larger than it (`w = words[i]`,
 * `const string& w = words[i];`, `ps := strings.Split(p, " ")`, `cs = list(w)`), assigned in the
 * loop only, first to such a view and then only to views of itself (`w = w.toLowerCase()`): work on
 * them is work on the item (`for c in w`), so it adds up to the items' total.
 */
function itemLocals(est: Estimator, walk: Walk, flow: LoopFlow, items: string[]): string[] {
  const end = flow.endLine ?? flow.line;
  const writes = new Map<string, { line: number; value: string }[]>();
  for (const s of statementsIn(est.facts, walk.unit)) {
    if ((s.kind !== 'assignment' && s.kind !== 'declaration') || !s.target) continue;
    const name =
      /^(?:(?:const\s+)?[\w:<>]+\s*[&*]?\s+|(?:let|var|const|auto)\s+)?&?([A-Za-z_$][\w$]*)$/.exec(
        // (a Rust binding's type goes: `parts: Vec<&str>`)
        s.target
          .trim()
          .replace(/^(?:mut\s+)?([A-Za-z_]\w*)\s*:\s*[^=]+$/, est.facts.language === 'rust' ? '$1' : '$&'),
      )?.[1] ??
      // (a C++ object built by its constructor: `vector<int> s(nums.size() + 1)`)
      (est.facts.language === 'cpp' ? /^([A-Za-z_]\w*)\s*\(/.exec(s.target.trim())?.[1] : undefined);
    // The parts of a destructured view (`const [local, domain] = email.split('@')`, Python
    // `local, domain = email.split('@')`) are each no larger than the item.
    const parts = name ? [name] : destructured(s.target);
    // JS/TS declarations carry `constant` / `variable` (`const w = words[i].toLowerCase()`).
    const plain = s.operator === undefined || /^(=|:=|constant|variable)$/.test(s.operator);
    for (const part of parts)
      writes.set(part, [...(writes.get(part) ?? []), { line: s.line, value: plain ? (s.value ?? '') : '' }]);
  }
  // A view of a view counts too (`const nums = piles[i]; const s = Array(nums.length + 1)`).
  const locals: string[] = [];
  for (let grew = true; grew;) {
    grew = false;
    const isView = viewOfItem([...items, ...locals]);
    for (const [name, ws] of writes) {
      if (items.includes(name) || locals.includes(name)) continue;
      if (!ws.every(({ line }) => line > flow.line && line <= end)) continue;
      // Later writes may only replace the view by a view of itself (`word = word.toLowerCase()`).
      const [first, ...later] = ws;
      const isOwnView = viewOfItem([name]);
      // A helper of the file applied to it alone (`t = f(t)`, a letter mapping) is taken to keep its size.
      const own = new RegExp(`^([A-Za-z_$][\\w$]*)\\(\\s*&?(?:mut\\s+)?${name}\\s*\\)$`);
      const helper = (v: string) => {
        const all = est.byName.get(own.exec(v.trim())?.[1] ?? '') ?? [];
        const nested = all.filter((u) => u.parent === walk.unit.id);
        return (nested.length ? nested : all).length === 1;
      };
      if (isView(first!.value) && later.every((w) => isOwnView(w.value) || helper(w.value))) {
        locals.push(name);
        grew = true;
      }
    }
  }
  return locals;
}

/** The names a destructuring target binds (`[a, b]`, `a, b`, `(a, b)`, JS/TS `[root, ...rest]`), or none. */
function destructured(target: string): string[] {
  const list =
    /^(?:(?:let|var|const)\s+)?[[(]?\s*([A-Za-z_$][\w$]*(?:\s*,\s*(?:\.\.\.)?[A-Za-z_$][\w$]*)+)\s*[\])]?$/.exec(
      target.trim(),
    )?.[1];
  return list ? list.split(/\s*,\s*/).map((n) => n.replace(/^\.\.\./, '')) : [];
}

/** Tests whether a text is one of `items` or a view of one no larger than it (ITEM_VIEW). */
function viewOfItem(items: string[]): (text: string) => boolean {
  const views = items.flatMap((item) => {
    const i = escape(item).replace(/\\\[/g, '\\[\\s*').replace(/\\\]/g, '\\s*\\]').replace(/ /g, '\\s*');
    return ITEM_VIEW.map((v) => new RegExp(`^${v(i)}$`));
  });
  return (text) => {
    const t = text.trim().replace(/;$/, '').trim();
    return views.some((re) => re.test(t));
  };
}

/**
 * `key` is the item, a field of it (`node.children`, `kvp.second`), or a total over the item's own
 * items (`w[*]`, from a loop nested deeper): the item's part of a total over all items.
 */
function itemPart(key: string, items: string[]): string | undefined {
  for (const item of items) {
    if (key === item || key.startsWith(`${item}[*]`)) return item;
    const field = key.startsWith(`${item}.`)
      ? key.slice(item.length + 1)
      : key.startsWith(`${item}->`)
        ? key.slice(item.length + 2)
        : undefined;
    if (field && /^[A-Za-z_]\w*$/.test(field)) return item;
  }
  return undefined;
}

/**
 * `iterations` passes (linear in `collection`) of a loop's body costing `body`: terms that grow with
 * the item's size are summed over the items — the item's size becomes the items' total — and the
 * rest is multiplied by the passes as usual. Undefined when the rule does not apply (the caller
 * multiplies).
 */
export function sumOverItems(
  est: Estimator,
  flow: LoopFlow,
  collection: string | undefined,
  iterations: Cost,
  body: Cost,
  walk: Walk,
): Cost | undefined {
  if (!collection) return undefined;
  const where = `passes of the loop at line ${flow.line} over the items of \`${flow.bound.kind === 'linear' ? flow.bound.key : collection}\``;
  return summedOver(
    est,
    flow,
    itemKeys(est, flow, collection, walk),
    collection,
    iterations,
    body,
    walk,
    where,
  );
}

/**
 * The same for an iterating method's callback (`words.map((w) => w.split('').reverse().join(''))`,
 * `words.stream().mapToInt(w -> w.length())`): the item is the callback's first parameter, read from
 * the one function literal written at the call's line, or else from the call's argument text: a
 * chain broken over lines (`title\n.split(' ')\n.map(s => …)`) starts its calls at the receiver's
 * line, above the literal.
 */
export function sumOverCallbackItems(
  est: Estimator,
  line: number,
  collection: string,
  iterations: Cost,
  callback: Cost,
  walk: Walk,
  args: string[] = [],
  itemIndex = 0,
): Cost | undefined {
  const literals = est.facts.units.filter(
    (u) => u.name === '<anonymous>' && u.line === line && u.parent !== undefined,
  );
  const written =
    literals.length === 1
      ? literals[0]!.params[itemIndex]
      : literals.length === 0
        ? args
            .map((a) => {
              const m = ARROW_PARAMS.exec(a);
              // (a C++ lambda written on the call's next lines: `[](int acc, const auto& s) {…}` → `s`)
              const cpp = /^\s*\[[^\]]*\]\s*\(([^)]*)\)/.exec(a)?.[1];
              const param = (m?.[1] ?? m?.[2] ?? m?.[3] ?? cpp)?.split(',')[itemIndex];
              return cpp !== undefined ? /([A-Za-z_]\w*)\s*$/.exec(param ?? '')?.[1] : param;
            })
            .find((p) => p !== undefined)
        : undefined;
  if (written === undefined) return undefined;
  const param = /^[\s(]*(?:final\s+)?(?:[\w$<>[\],.]+\s+)?([A-Za-z_$][\w$]*)\s*(?:[:=].*)?$/.exec(
    written,
  )?.[1];
  if (!param || walk.valueKeys.has(param)) return undefined;
  const where = `callbacks at line ${line} over the items of \`${collection}\``;
  return summedOver(est, undefined, [param], collection, iterations, callback, walk, where);
}

/** The parameter list of a JS/TS function literal written as an argument (`s =>`, `(s, i) =>`, `function (s)`). */
const ARROW_PARAMS =
  /^\s*(?:async\s+)?(?:function\s*[\w$]*\s*\(([^)]*)\)|\(([^)]*)\)\s*(?::[^=]*)?=>|([A-Za-z_$][\w$]*)\s*=>)/;

function summedOver(
  est: Estimator,
  flow: LoopFlow | undefined,
  items: string[],
  collection: string,
  iterations: Cost,
  body: Cost,
  walk: Walk,
  where: string,
): Cost | undefined {
  if (iterations.unknown.length || iterations.terms.length !== 1) return undefined;
  const count = iterations.terms[0]!;
  const keys = Object.keys(count.powers);
  if (keys.length !== 1 || keys[0] !== collection || count.powers[collection] !== 1) return undefined;
  if (Object.keys(count.logs).length || count.exponential) return undefined;
  if (!items.length || readsAsMatrix(est, walk, collection, flow)) return undefined;
  const summed: Term[] = [];
  const rest: Term[] = [];
  // A loop or scan over a view of the item (Go's `range strings.Split(w, sep)`) works on the item.
  const isView = viewOfItem(items);
  const part = (k: string) => itemPart(k, items) ?? (isView(k) ? k : undefined);
  for (const term of body.terms) {
    const key = Object.keys(term.powers).find(
      (k) =>
        (term.powers[k] ?? 0) >= 1 &&
        part(k) !== undefined &&
        !walk.valueKeys.has(k) &&
        term.exponential !== k,
    );
    if (!key) {
      rest.push(term);
      continue;
    }
    // Σ over items of |item|^p · g ≤ (Σ|item|) · max|item|^(p−1) · g: one power becomes the total
    // (of the table read at the counter, for an entry of another table: entriesAtCounter).
    const owner =
      (flow?.counting &&
        entryTable(part(key)!, [collection, flow.bound.kind === 'linear' ? flow.bound.key : collection])) ||
      collection;
    const total = totalKey(owner) + key.slice(part(key)!.length);
    const powers = { ...term.powers, [key]: term.powers[key]! - 1 };
    if (!powers[key]) delete powers[key];
    powers[total] = (powers[total] ?? 0) + 1;
    const why =
      owner === collection
        ? `${where} each work on their item: together they cover the items' total size once`
        : `passes of the loop at line ${flow!.line} each work on the entry of \`${owner}\` at their counter (\`${part(key)}\`), a different entry on each pass: together they cover the entries' total size once`;
    summed.push({ ...term, powers, why: [why, ...term.why] });
  }
  if (!summed.length) return undefined;
  // One step per item stays (an empty item still costs its pass): O(n + L), not O(L).
  const perPass: Cost = {
    terms: rest.length ? rest : [{ powers: {}, logs: {}, why: [] }],
    unknown: body.unknown,
  };
  return add(multiply(iterations, perPass), { terms: summed, unknown: [] });
}
