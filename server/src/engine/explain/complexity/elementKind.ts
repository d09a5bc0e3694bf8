// What the elements of a collection are, read from where the collection is built: a list of sets
// (`[set() for _ in range(n)]`, `collections.defaultdict(set)`, `vector<unordered_set<int>>`)
// answers membership on an element (`v in adj[u]`) in O(1); a list of lists (`[[] for ...]`,
// `defaultdict(list)`) scans the element. When the file does not show how the elements are made,
// neither reading is confirmed.
import type { Statement } from '../model';
import type { Estimator } from './walk';

export type ElementKind = 'hashed' | 'sequence';

const HASHED = /^(?:collections\.)?(set|dict|defaultdict|Counter|OrderedDict|frozenset)\s*\(|^\{/;
const SEQUENCE = /^(\[|list\s*\(|(?:collections\.)?deque\s*\(|["']|str\s*\()/;

/** The kind of one element expression (`set()`, `[]`, `[0] * n`). */
function kindOf(element: string): ElementKind | undefined {
  const e = element.trim();
  if (HASHED.test(e)) return 'hashed';
  if (SEQUENCE.test(e)) return 'sequence';
  return undefined;
}

/** The element kind a statement building `root` gives it, if it shows one. */
function builtKind(s: Statement, language: string, root: string): ElementKind | undefined {
  // Statement values are shortened; the code keeps the whole right-hand side.
  const value = (/^[^=]*?[^=!<>]=(?!=)\s*(.*)$/s.exec(s.code.trim())?.[1] ?? s.value ?? '').trim();
  // `memo[l] = {}`: an element stored directly.
  if (s.target && s.target.trim() !== root && s.target.trim().startsWith(`${root}[`)) return kindOf(value);
  if (language === 'cpp' || language === 'c') {
    // `vector<unordered_set<int>> adj(n);`, `unordered_map<int, unordered_set<int>> lookup;`
    const type =
      /^(?:const\s+)?(?:std::)?(?:vector|array|unordered_map|map)\s*<\s*(?:[\w:]+\s*,\s*)?(?:std::)?(\w+)/.exec(
        s.code.trim(),
      )?.[1];
    if (!type) return undefined;
    if (/^(unordered_set|unordered_map|set|map|multiset|multimap)$/.test(type)) return 'hashed';
    if (/^(vector|string|deque|list|array)$/.test(type)) return 'sequence';
    return undefined;
  }
  // `[set() for _ in range(n)]`, `[[] for _ in xrange(n)]`
  const comprehension = /^\[\s*(.+?)\s+for\s/s.exec(value);
  if (comprehension) return kindOf(comprehension[1]!);
  // `[[0] * n] * m`, `[set()] * n` (shared element, same kind)
  const repeated = /^\[\s*(.+)\s*\]\s*\*/s.exec(value);
  if (repeated) return kindOf(repeated[1]!);
  // `collections.defaultdict(set)`, `defaultdict(list)`, `defaultdict(lambda: defaultdict(int))`
  const factory = /^(?:collections\.)?defaultdict\s*\(\s*(?:lambda\s*:\s*)?(.*)\)$/s.exec(value)?.[1]?.trim();
  if (factory !== undefined) {
    if (/^(?:collections\.)?(set|dict|Counter|OrderedDict|frozenset|defaultdict)\b|^\{/.test(factory))
      return 'hashed';
    if (/^(list|deque|str)\b|^\[|^["']/.test(factory)) return 'sequence';
  }
  return undefined;
}

/**
 * For `root[...]` (an element of `root`), what the file builds `root`'s elements as; undefined when
 * no statement building `root` shows it (a parameter, a value returned by a call).
 */
export function elementKind(est: Estimator, container: string): ElementKind | undefined {
  const root = /^((?:self\.|this\.)?[\w$]+)\s*\[/.exec(container.trim())?.[1];
  if (!root) return undefined;
  const bare = root.replace(/^(self|this)\./, '');
  const kinds = new Set(
    est.facts.statements
      .filter(
        (s) =>
          (s.kind === 'assignment' || s.kind === 'declaration') &&
          (s.target?.trim() === root ||
            s.target?.trim() === bare ||
            (/^[^[]*\[[^\]]*\]$/.test(s.target?.trim().slice(root.length) ?? '') &&
              s.target!.trim().startsWith(`${root}[`)) ||
            new RegExp(`(^|[\\s*&>])${bare.replace(/\$/g, '\\$')}\\s*(\\(|\\{|;|=|$)`).test(s.code.trim())),
      )
      .map((s) => builtKind(s, est.facts.language, root))
      .filter((k): k is ElementKind => k !== undefined),
  );
  // Built once as sets and once as lists: no single reading.
  return kinds.size === 1 ? [...kinds][0] : undefined;
}
