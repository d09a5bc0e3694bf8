// What the elements of a collection are, read from where the collection is built: a list of sets
// (`[set() for _ in range(n)]`, `collections.defaultdict(set)`, `vector<unordered_set<int>>`,
// Java `Set<Integer>[] g` filled by `Arrays.setAll(g, k -> new HashSet<>())`, Go
// `make([]map[int]bool, n)`, Rust `vec![HashSet::new(); n]`) answers membership on an element
// (`v in adj[u]`, `g[j].remove(i)`) in O(1); a list of balanced trees (`vector<set<int>>`,
// `TreeSet<Integer>[]`, `Vec<BTreeSet<i32>>`) in O(log n); a list of lists (`[[] for ...]`,
// `defaultdict(list)`, `List<Integer>[]`) scans the element. When the file does not show how the
// elements are made, neither reading is confirmed.
import { type Statement, type Unit, isHashed, isOrdered } from '../model';
import { elementTypeOf } from '../extract/declaredType';
import type { Estimator } from './walk';
import { escape } from '../extract/boundText';

export type ElementKind = 'hashed' | 'ordered' | 'sequence';

const PY_HASHED = /^(?:collections\.)?(set|dict|defaultdict|Counter|OrderedDict|frozenset)\s*\(|^\{/;
const PY_ORDERED = /^(?:sortedcontainers\.)?(SortedList|SortedDict|SortedSet|SortedKeyList)\s*\(/;
const PY_SEQUENCE = /^(\[|list\s*\(|(?:collections\.)?deque\s*\(|["']|str\s*\()/;

/** Each language's containers, by the name of their type or constructor (`new` and namespaces stripped). */
const KINDS: Record<string, [ElementKind, RegExp][]> = {
  cpp: [
    ['hashed', /^unordered_(set|map|multiset|multimap)\b/],
    ['ordered', /^(set|map|multiset|multimap|priority_queue)\b/],
    ['sequence', /^(vector|deque|list|string|array|basic_string)\b/],
  ],
  java: [
    ['ordered', /^(Tree(Set|Map)|PriorityQueue|Sorted(Set|Map)|Navigable(Set|Map))\b/],
    ['hashed', /^((Hash|Linked|Concurrent\w*)?(Set|Map))\b(?!\.)/],
    ['sequence', /^(ArrayList|LinkedList|ArrayDeque|List|Deque|Queue|Stack|String|StringBuilder)\b|\[\s*\]$/],
  ],
  csharp: [
    ['ordered', /^(Sorted(Set|Dictionary|List)|PriorityQueue)\b/],
    ['hashed', /^(HashSet|Dictionary|ISet|IDictionary)\b/],
    ['sequence', /^(List|IList|LinkedList|Queue|Stack|string)\b|\[\s*\]$/],
  ],
  go: [
    ['hashed', /^(make\(\s*)?map\[/],
    ['sequence', /^(make\(\s*)?\[\d*\]|^string\b/],
  ],
  rust: [
    ['ordered', /^(BTreeSet|BTreeMap|BinaryHeap)\b/],
    ['hashed', /^(HashSet|HashMap)\b/],
    ['sequence', /^(Vec|VecDeque|String)\b|^vec!/],
  ],
};

/** The kind of one element expression or type (`set()`, `[]`, `new HashSet<>()`, `TreeSet<Integer>`). */
function kindOf(element: string, language: string): ElementKind | undefined {
  const e = element
    .trim()
    .replace(/^new\s+/, '')
    .replace(/^(?:std::collections::|std::|java\.util\.|System\.Collections\.Generic\.)/, '');
  if (language === 'python') {
    if (PY_ORDERED.test(e)) return 'ordered';
    if (PY_HASHED.test(e)) return 'hashed';
    return PY_SEQUENCE.test(e) ? 'sequence' : undefined;
  }
  const table = KINDS[language === 'c' ? 'cpp' : language];
  return table?.find(([, pattern]) => pattern.test(e))?.[0];
}

/** The element a built value holds: `new Set[n]`, `make([]map[int]bool, n)`, `vec![HashSet::new(); n]`. */
function valueElement(value: string): string | undefined {
  // Java/C# `new HashSet[n]`, `new TreeSet[] {new TreeSet<>(), ...}`; `new int[n][m]` holds arrays.
  const array = /^new\s+([\w.]+(?:<.*>)?)\s*\[[^\]]*\]\s*(\[|\{|$)/s.exec(value);
  if (array) return array[2] === '[' ? `${array[1]}[]` : array[1];
  const goMake = /^make\(\s*(\[\d*\].+?)\s*(?:,|\)$)/s.exec(value)?.[1];
  if (goMake) return elementTypeOf(goMake);
  const rustVec = /^vec!\s*\[\s*(.+?)\s*;/s.exec(value);
  if (rustVec) return rustVec[1];
  // `(0..n).map(|_| BTreeSet::new()).collect()`
  const mapped = /\.map\(\s*\|[^|]*\|\s*(.+?)\s*\)\s*\.collect/s.exec(value);
  if (mapped) return mapped[1];
  return undefined;
}

/** The type written before or after `root` in its declaration (`Set<Integer>[] g`, `g: Vec<..>`, `var g []T`). */
function writtenType(code: string, language: string, root: string): string | undefined {
  const name = escape(root);
  if (language === 'rust') return new RegExp(`\\b${name}\\s*:\\s*(.+?)\\s*(?:=|;|$)`).exec(code)?.[1];
  if (language === 'go') return new RegExp(`^var\\s+${name}\\s+([^=]+?)\\s*(?:=|$)`).exec(code)?.[1];
  const typed = new RegExp(
    `^(?:(?:final|private|public|protected|static|const|readonly)\\s+)*(.+?)\\s*[&*]?\\s*\\b${name}(?![\\w$<])\\s*(\\[)?`,
  ).exec(code);
  if (!typed || /[=(]/.test(typed[1]!)) return undefined;
  // C++ `unordered_set<int> g[26];`: an array of the written type.
  return typed[2] ? `${typed[1]}[]` : typed[1];
}

/** The element kinds one statement building `root` shows: built values first, then a written type. */
function builtKinds(
  s: Statement,
  language: string,
  root: string,
): { built?: ElementKind; typed?: ElementKind } {
  const code = s.code.trim();
  // Statement values are shortened; the code keeps the whole right-hand side.
  const value = (/^[^=]*?[^=!<>]=(?!=)\s*(.*?);?$/s.exec(code)?.[1] ?? s.value ?? '').trim();
  // `memo[l] = {}`, `g[i] = new HashSet<>()`: an element stored directly.
  if (s.target && s.target.trim() !== root && s.target.trim().startsWith(`${root}[`))
    return { built: kindOf(value, language) };
  // Java `Arrays.setAll(g, k -> new HashSet<>())` / `Arrays.fill(g, ...)`.
  if (s.kind === 'call') {
    const filled = new RegExp(
      `^Arrays\\.(?:setAll|fill)\\(\\s*${escape(root)}\\s*,\\s*(?:\\w+\\s*->\\s*)?(.+?)\\s*\\)\\s*;?$`,
      's',
    ).exec(code);
    return { built: filled ? kindOf(filled[1]!, language) : undefined };
  }
  if (language === 'python') {
    // `[set() for _ in range(n)]`, `[[] for _ in xrange(n)]`
    const comprehension = /^\[\s*(.+?)\s+for\s/s.exec(value);
    if (comprehension) return { built: kindOf(comprehension[1]!, language) };
    // `[[0] * n] * m`, `[set()] * n` (shared element, same kind)
    const repeated = /^\[\s*(.+)\s*\]\s*\*/s.exec(value);
    if (repeated) return { built: kindOf(repeated[1]!, language) };
    // `collections.defaultdict(set)`, `defaultdict(list)`, `defaultdict(lambda: defaultdict(int))`
    const factory = /^(?:collections\.)?defaultdict\s*\(\s*(?:lambda\s*:\s*)?(.*)\)$/s
      .exec(value)?.[1]
      ?.trim();
    if (factory !== undefined) {
      if (/^(?:collections\.)?(set|dict|Counter|OrderedDict|frozenset|defaultdict)\b|^\{/.test(factory))
        return { built: 'hashed' };
      if (/^(list|deque|str)\b|^\[|^["']/.test(factory)) return { built: 'sequence' };
    }
    return {};
  }
  const element = value && value !== code ? valueElement(value) : undefined;
  const type = writtenType(code, language, root);
  const typedElement = type ? elementTypeOf(type) : undefined;
  return {
    built: element ? kindOf(element, language) : undefined,
    typed: typedElement ? kindOf(typedElement, language) : undefined,
  };
}

/**
 * For `root[...]` (an element of `root`), what the file builds `root`'s elements as; undefined when
 * no statement building `root` shows it (a parameter, a value returned by a call). The built values
 * (`new TreeSet<>()`) say more than a written interface type (`Set<Integer>[]`), so they come first.
 */
export function elementKind(est: Estimator, container: string, unit?: Unit): ElementKind | undefined {
  const root = /^((?:self\.|this\.)?[\w$]+)\s*\[/.exec(container.trim())?.[1];
  if (!root) return undefined;
  const bare = root.replace(/^(self|this)\./, '');
  const language = est.facts.language;
  const found = est.facts.statements
    .filter(
      (s) =>
        ((s.kind === 'assignment' || s.kind === 'declaration') &&
          (s.target?.trim() === root ||
            s.target?.trim() === bare ||
            (/^[^[]*\[[^\]]*\]$/.test(s.target?.trim().slice(root.length) ?? '') &&
              s.target!.trim().startsWith(`${root}[`)) ||
            new RegExp(`(^|[\\s*&>])${escape(bare)}\\s*(\\(|\\{|\\[|;|=|$)`).test(s.code.trim()))) ||
        (s.kind === 'call' && /^Arrays\.(setAll|fill)\(/.test(s.code.trim())),
    )
    .map((s) => ({ line: s.line, ...builtKinds(s, language, bare) }));
  // Two functions may each build their own `g`: what the function itself builds comes first.
  const own = unit ? found.filter((k) => k.line >= unit.line && k.line <= unit.endLine) : [];
  const kindsIn = (list: typeof found): Set<ElementKind> => {
    const built = new Set(list.map((k) => k.built).filter((k): k is ElementKind => k !== undefined));
    const typed = new Set(list.map((k) => k.typed).filter((k): k is ElementKind => k !== undefined));
    return built.size > 0 ? built : typed;
  };
  const kinds = kindsIn(own).size > 0 ? kindsIn(own) : kindsIn(found);
  // Built once as sets and once as lists: no single reading.
  return kinds.size === 1 ? [...kinds][0] : undefined;
}

/**
 * What a receiver is: a variable built or typed as a heap/tree or hash set/map, an element of a
 * collection whose elements are (`g[j]`), or a name bound once to such an element
 * (`var s = ts[i % 2]`, `auto& s = g[u]`, whose type the compiler infers from the element).
 */
export function containerKind(est: Estimator, unit: Unit, key: string): ElementKind | undefined {
  if (isOrdered(est.facts, unit, key)) return 'ordered';
  if (isHashed(est.facts, unit, key)) return 'hashed';
  if (/^[\w$.]+\s*\[/.test(key)) return elementKind(est, key, unit);
  if (!/^[\w$]+$/.test(key)) return undefined;
  const binds = est.facts.statements.filter(
    (s) =>
      s.line >= unit.line &&
      s.line <= unit.endLine &&
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      s.target?.trim() === key,
  );
  const element =
    binds.length === 1 ? /^&?\s*([\w$.]+\s*\[[^\]]+\])$/.exec(binds[0]!.value?.trim() ?? '') : null;
  return element ? elementKind(est, element[1]!, unit) : undefined;
}

/**
 * The C/C++ type `name` is declared with in `unit` or a unit enclosing it: a local's or a field's
 * declaration (`vector<int> nums;`, `string s = …;`) or a parameter in the unit's header (`int
 * f(vector<int>& nums)`). Undefined when no such declaration is written or two disagree.
 */
export function declaredCppType(est: Estimator, unit: Unit, name: string): string | undefined {
  const n = escape(name);
  const types = new Set<string>();
  for (
    let u: Unit | undefined = unit;
    u;
    u = u.parent === undefined ? undefined : est.facts.units[u.parent]
  ) {
    const header = est.facts.statements.find((s) => s.kind === 'unit' && s.line === u!.line)?.code ?? '';
    const params = /^[^({]*\(([^)]*)\)/.exec(header)?.[1] ?? '';
    for (const p of params.split(',')) {
      const t = writtenType(p.trim(), 'cpp', name);
      if (t && new RegExp(`\\b${n}$`).test(p.trim())) types.add(t.replace(/\s*[&*]$/, ''));
    }
    for (const s of est.facts.statements) {
      if (s.kind !== 'declaration' || s.line <= u.line || s.line > u.endLine || s.target?.trim() !== name)
        continue;
      const t = writtenType(s.code.trim(), 'cpp', name);
      if (t) types.add(t.replace(/\s*[&*]$/, ''));
    }
    if (types.size) break;
  }
  return types.size === 1 ? [...types][0] : undefined;
}
