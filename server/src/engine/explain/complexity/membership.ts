// The cost of a membership test (`x in xs`, `contains`, `includes`): O(1) on a hash set
// or map, or on a collection whose size the code fixes; O(log n) on a sorted tree; otherwise a
// scan of the collection, doubted when the code does not show whether its elements are sets or lists.
import { collectionKey } from '../extract/bounds';
import { type Cost, constant, doubted, linear, logarithmic } from './cost';
import { containerKind } from './elementKind';
import type { Estimator, Walk } from './walk';
import { escape } from '../extract/boundText';

export function membershipCost(
  est: Estimator,
  container: string,
  line: number,
  walk: Walk,
  what: string,
): Cost {
  const key = collectionKey(container);
  if (key && est.fixedSize(key, walk.unit)) return constant();
  // What the container is: built or typed as a tree or hash, or an element of a list of them.
  const kind = key ? containerKind(est, walk.unit, key) : undefined;
  if (key && kind === 'ordered')
    return logarithmic(
      est.resolveKey(key, walk),
      `${what} searches the sorted \`${key}\` (line ${line}): O(log n)`,
    );
  // A literal (`[1, 2]`, `"aeiou"`) or a module's string constant (`string.hexdigits`) has a size
  // fixed by the text, not by the input.
  if (
    !key ||
    kind === 'hashed' ||
    subscriptedByTestedKey(est, walk, key) ||
    /^([[({]|(['"]).*\2$)/s.test(container.trim()) ||
    /^string\.(ascii_\w+|digits|hexdigits|octdigits|punctuation|whitespace|printable)$/.test(container.trim())
  )
    return constant();
  // `v in adj[u]`: an element's kind shows where the elements are made (elementKind.ts).
  const element = /^[\w$.]+\s*\[/.test(key) ? kind : 'sequence';
  if (walk.loopLines.length > 0) {
    walk.notes.push(
      `${what} on \`${key}\` inside the loop at line ${walk.loopLines.at(-1)} (line ${line}) scans it each time; a set or map would make the lookup O(1)`,
    );
  }
  const scan = linear(
    est.resolveKey(key, walk),
    `${what} scans \`${key}\` (line ${line}), O(n) unless it is a hash set`,
  );
  // A list of sets and a list of lists read alike here: the scan is a guess when the file does
  // not show how the elements are made.
  return element
    ? scan
    : doubted(
        scan,
        `${what} on \`${key}\` (line ${line}) is O(1) if the elements of \`${key.replace(/\s*\[.*$/s, '')}\` are sets or maps and O(n) if they are lists, and the code does not show which`,
      );
}

/**
 * `c in node` and `node[c]` with the same key in one function (`if c not in curr: curr[c] = {}`,
 * `curr["_cnt"] if "_cnt" in curr`): the container is indexed by the very value tested, so it is a
 * mapping (a trie node, a dict) and the test is a hashed lookup, not a scan of a list.
 */
function subscriptedByTestedKey(est: Estimator, walk: Walk, container: string): boolean {
  if (!/^[\w$.]+$/.test(container)) return false;
  const c = escape(container);
  const codes = est.facts.statements
    .filter((s) => s.line >= walk.unit.line && s.line <= walk.unit.endLine)
    .map((s) => s.code);
  // The key may itself be an element (`if S[j] not in curr: curr[S[j]] = {}`).
  const tested = new RegExp(
    `([\\w$.]+(?:\\[[^\\]]*\\])*|"[^"]*"|'[^']*')\\s+(?:not\\s+)?in\\s+${c}\\b(?!\\s*[.[(])`,
    'g',
  );
  const keys = new Set(codes.flatMap((code) => [...code.matchAll(tested)].map((m) => m[1]!)));
  return [...keys].some((k) => {
    const subscript = new RegExp(`\\b${c}\\s*\\[\\s*${escape(k)}\\s*\\]`);
    return codes.some((code) => subscript.test(code));
  });
}
