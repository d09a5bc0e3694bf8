// C++ spellings of what workListStates.ts reads in Python: the shape of a table a search allocates
// to mark its states (`vector<vector<int>> best(size(adj), vector<int>(k + 1, INF));` holds
// size(adj) × (k + 1) states, as `[[INF] * (k + 1) for _ in range(n)]` does), the sizes its
// dimensions name (`size(adj)`, `adj.size()`, `1 << graph.size()`), and the names a pop binds
// through `tie(state, node) = q.front();`. Sets of encoded keys (`lookup.emplace(r * n + c)`) are
// not read: a search marked only so keeps the drain reading.
import type { Statement } from '../model';
import { splitArgs, escape } from '../extract/boundText';
import { declaredName } from './declaredName';

/**
 * The dimensions given by the constructor arguments that start `text` (just after its `(`): the
 * first argument, then, when the second is itself a `vector<…>(…)`, that one's dimensions. A text
 * the facts cut short (`…(n, num...`) gives what it shows, as long as each dimension is whole.
 */
function dimsAt(text: string, depthLeft = 4): string[] | undefined {
  let depth = 0;
  let i = 0;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) {
      if (depth === 0) break;
      depth--;
    } else if (ch === ',' && depth === 0) break;
  }
  const first = text.slice(0, i).trim();
  if (i >= text.length || !first || first.endsWith('...')) return undefined; // cut inside it
  if (text[i] === ')') return [first];
  const rest = text.slice(i + 1).trimStart();
  const inner = /^(?:std::)?vector\s*</.exec(rest);
  if (!inner || depthLeft === 0) return [first];
  // The element type's brackets are a template's (`vector<vector<int64_t>>`).
  let angle = 0;
  let j = inner[0].length - 1;
  for (; j < rest.length; j++) {
    if (rest[j] === '<') angle++;
    else if (rest[j] === '>' && --angle === 0) break;
  }
  const open = /^\s*\(/.exec(rest.slice(j + 1));
  if (angle !== 0 || !open) return [first];
  const more = dimsAt(rest.slice(j + 1 + open[0].length), depthLeft - 1);
  return more ? [first, ...more] : [first];
}

/**
 * The dimensions of a table the statements declare with constructor arguments:
 * `dist(m, vector<int>(n, INF))` → [m, n]; `dp(1 << n, vector<int>(n))` → [1 << n, n];
 * `lookup(n)` → [n]. Undefined when `table` is not declared so.
 */
export function constructorDims(statements: Statement[], table: string): string[] | undefined {
  for (const s of statements) {
    if (s.kind !== 'declaration' || declaredName(s) !== table || !s.target) continue;
    const ctor = /^[A-Za-z_]\w*\s*\(/.exec(s.target.trim());
    if (ctor) return dimsAt(s.target.trim().slice(ctor[0].length));
  }
  return undefined;
}

/** A C++ size written as Python's: `size(xs)`, `ssize(xs)`, `xs.size()`, `(int)xs.size()` → `len(xs)`. */
export function asLenText(text: string): string {
  return text
    .replace(/\(\s*int\s*\)\s*/g, '')
    .replace(/\bstatic_cast\s*<\s*int\s*>\s*\(([^()]*(?:\([^()]*\))?[^()]*)\)/g, '$1')
    .replace(/\b(?:std::)?s?size\s*\(\s*([\w$.]+)\s*\)/g, 'len($1)')
    .replace(/\b([\w$]+(?:\.[\w$]+)*)\s*(?:\.|->)\s*size\s*\(\s*\)/g, 'len($1)');
}

/** `tie(state, node)` → `state, node`: the names a C++ pop binds through `std::tie`. */
export function tiedNames(target: string): string {
  const m = /^(?:std::)?tie\s*\(([\s\S]*)\)$/.exec(target.trim());
  return m ? m[1]! : target;
}

/**
 * A C++ set the loop both tests (`lookup.count(k)`, `find`, `contains`) and adds to
 * (`lookup.emplace(k)`, `insert`) with a key made of more than one part of a state — a pair
 * (`emplace(nr, nc)`, `make_pair(r, c)`, `{r, c}`) or an encoded number
 * (`b.first * size(grid[0]) + b.second`): its name and key text, else undefined. A key that is
 * one plain name (a graph node carried with its distance) is not such a mark.
 */
export function compositeSetMark(
  code: string,
  lists: Set<string>,
  parts: Set<string>,
): { set: string; key: string } | undefined {
  for (const m of code.matchAll(
    /(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*(?:emplace|insert)\s*\(([^;]*)\)\s*;/g,
  )) {
    const [set, key] = [m[1]!, m[2]!.trim()];
    if (lists.has(set)) continue;
    const tested = new RegExp(`(?<![\\w$.])${escape(set)}\\s*\\.\\s*(?:count|find|contains)\\s*\\(`);
    // (a set the loop also erases from holds a path, not the states seen)
    const erased = new RegExp(`(?<![\\w$.])${escape(set)}\\s*\\.\\s*erase\\s*\\(`);
    if (!tested.test(code) || erased.test(code)) continue;
    // Several parts: two arguments or a pair, or arithmetic over two or more names
    // (`r * n + c`); one value (`vals[u]`, a node) is no state of several parts.
    const names = new Set(key.match(/[A-Za-z_$][\w$]*(?:\.(?:first|second))?/g) ?? []);
    const pair = splitArgs(key).length >= 2 || /^(?:std::)?make_pair\s*\(|^\{/.test(key);
    if (pair || (/[*+]/.test(key) && names.size >= 2 && [...names].some((n) => parts.has(n) || /\./.test(n))))
      return { set, key };
  }
  return undefined;
}
