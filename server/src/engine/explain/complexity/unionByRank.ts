// Union-find with path compression costs O(α(n)) per operation, amortised, only when the union links
// the smaller tree under the larger (by size or by rank). With path compression alone (a union that
// links one root under the other whatever their sizes: `p[find(a)] = find(b)`), a sequence of
// operations costs O(log n) each, amortised (Tarjan and van Leeuwen, 1984), and that is the bound to
// claim.
import type { SourceFacts } from '../model';
import { escape } from '../extract/boundText';

// An entry of a table or map (`size[pa]`, `uf.size[pa]`, `this.rank[x]`, `self.sz[a]`,
// `size.get(pa)`), the table's text captured; the index is one simple operand.
const ENTRY = String.raw`((?:[\w$]+\s*(?:\.|->)\s*)*[\w$]+)\s*(?:\[\s*([\w$.>-]+)\s*\]|\.get\s*\(\s*([\w$.>-]+)\s*\))`;
// Two entries of the same table compared (`size[pa] > size[pb]`, `rank[x] < rank[y]`).
const COMPARED = new RegExp(
  String.raw`(?<![\w$.])${ENTRY}\s*[<>]=?\s*\1\s*(?:\[\s*([\w$.>-]+)\s*\]|\.get\s*\(\s*([\w$.>-]+)\s*\))`,
  'g',
);

/**
 * The tables the code links by size or rank: two of a table's entries are compared
 * (`size[pa] > size[pb]`) and an entry of it grows (`size[pa] += size[pb]`, `rank[x]++`,
 * `size.merge(pa, …)`), as a union by size or rank does. Read from every statement of the file, since
 * the union is usually another function than `find`.
 */
export function linksBySize(facts: SourceFacts): boolean {
  const compared = new Set<string>();
  // Entries held in locals first (`int sa = size.get(pa), sb = size.get(pb); if (sa > sb)`).
  const held = new Map<string, string>();
  const binding = new RegExp(String.raw`(?<![\w$.])([\w$]+)\s*:?=\s*${ENTRY}`, 'g');
  for (const s of facts.statements) for (const b of s.code.matchAll(binding)) held.set(b[1]!, b[2]!);
  for (const s of facts.statements) {
    for (const m of s.code.matchAll(COMPARED)) if ((m[2] ?? m[3]) !== (m[4] ?? m[5])) compared.add(m[1]!);
    for (const m of s.code.matchAll(/(?<![\w$.])([\w$]+)\s*[<>]=?\s*([\w$]+)(?![\w$.([])/g)) {
      const table = held.get(m[1]!);
      if (table && m[1] !== m[2] && held.get(m[2]!) === table) compared.add(table);
    }
  }
  return [...compared].some((table) => {
    const t = escape(table);
    const grows = new RegExp(
      String.raw`(?<![\w$.])${t}\s*\[[^\]]*\]\s*(?:\+=|\+\+)|\+\+\s*${t}\s*\[|(?<![\w$.])${t}\s*\.\s*(?:merge|put|insert|set)\s*\(`,
    );
    return facts.statements.some((w) => grows.test(w.code));
  });
}
