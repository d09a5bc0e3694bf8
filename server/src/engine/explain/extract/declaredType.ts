// What a typed declaration says a variable is. Java, C++, Go, Rust and C# write the container's
// type beside the name even when the value does not show it (`TreeSet<int[]> set = items.get(k);`,
// `void f(Map<Integer, Integer> cnt)`, `fn f(seen: &HashSet<i32>)`, `let s: HashSet<i32> = ...collect()`),
// so the type says whether lookups are hashed (O(1)), ordered (O(log n)) or scans, as an
// initialiser would. The element type of a container of containers (`Set<Integer>[] g`,
// `vector<unordered_set<int>>`, `[]map[int]bool`, `Vec<HashSet<usize>>`) is read the same way.
import type { SyntaxNode } from '../../parsing/treeSitter';

/** The type written for a declaration: its own `type` field, or its declaration's (Java declarators). */
export function declaredTypeOf(node: SyntaxNode): string | undefined {
  const own = node.childForFieldName('type');
  if (own) return own.text;
  const parent = node.parent;
  if (parent && /declaration$/.test(parent.type)) return parent.childForFieldName('type')?.text;
  return undefined;
}

/**
 * The container a type names, without what does not change its kind: references, `mut`, `const`,
 * `final`, the standard namespaces. An array of containers (`Set<Integer>[]`) is not itself one:
 * undefined.
 */
export function containerType(type: string): string | undefined {
  const t = type
    .trim()
    .replace(/^(?:&\s*(?:'\w+\s+)?(?:mut\s+)?|\*\s*|(?:const|final|mut)\s+)+/, '')
    .replace(/^(?:std::collections::|std::|java\.util\.|System\.Collections\.Generic\.)/, '');
  if (/\[\s*\]\s*$/.test(t)) return undefined;
  return t;
}

/** `Outer<A, B<C, D>>` → `Outer` and its top-level arguments `A`, `B<C, D>`. */
export function typeArguments(type: string): { outer: string; args: string[] } | undefined {
  const open = type.indexOf('<');
  if (open < 0 || !type.trimEnd().endsWith('>')) return undefined;
  const inner = type.trimEnd().slice(open + 1, -1);
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '<' || c === '(' || c === '[') depth++;
    else if (c === '>' || c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      args.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  args.push(inner.slice(start).trim());
  return { outer: type.slice(0, open).trim(), args };
}

/**
 * The type of one element of a container type: an array's item (`Set<Integer>[]`, Go `[]map[int]bool`),
 * a sequence's or map's last type argument (`List<Set<Integer>>`, `Map<Integer, TreeSet<Integer>>`,
 * `vector<unordered_set<int>>`, `Vec<HashSet<usize>>`), a Go map's value (`map[int]map[int]bool`).
 */
export function elementTypeOf(type: string): string | undefined {
  const t = type
    .trim()
    .replace(/^(?:&\s*(?:mut\s+)?|(?:const|final)\s+)+/, '')
    .replace(/^(?:std::collections::|std::|java\.util\.)/, '');
  const array = /^(.+?)\s*\[\s*\]$/.exec(t);
  if (array) return array[1];
  const goSlice = /^\[\d*\](.+)$/.exec(t);
  if (goSlice) return goSlice[1];
  const goMap = /^map\[[^\]]+\](.+)$/.exec(t);
  if (goMap) return goMap[1];
  const generic = typeArguments(t);
  if (!generic) return undefined;
  // `array<set<int>, 26>`: the element is the first argument; elsewhere the last (a map's value).
  if (/^array$/.test(generic.outer)) return generic.args[0];
  return generic.args.at(-1);
}
