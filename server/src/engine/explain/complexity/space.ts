// Extra memory a function uses beyond its inputs (auxiliary space), from the same model as time:
// - collections it allocates with a size (`[0] * (n + 1)`, `vector<vector<int>> dp(n, vector<int>(m))`,
//   `new Array(n)`, a comprehension over `xs`, a copy `list(xs)` / `sorted(xs)` / `new Set(xs)`);
// - collections it grows inside loops (`out.append(x)` / `seen.add(x)` / `q.push_back(x)`): at most
//   one entry per pass of the enclosing loops (amortised loops count their total), recorded by
//   callCost while the time walk runs;
// - the call stack of a recursion: its depth (one frame per level: linear, or log n when halving);
// - the space of the functions of the file it calls.
// A size the analyser cannot read makes the result `unknown`, with the reason.
import { type Unit, isHashed } from '../model';
import { collectionKey } from '../extract/bounds';
import { type Cost, add, constant, linear, logarithmic, multiply } from './cost';
import { statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

/** Copies or conversions whose size is their (first) argument's. */
const COPY_CALL =
  /^(?:list|set|dict|tuple|frozenset|sorted|bytearray|collections\.Counter|Counter|collections\.deque|deque|Array\.from|new\s+(?:Set|Map|Array)|Object\.(?:keys|values|entries)|Arrays\.copyOf|new\s+(?:ArrayList|HashSet|HashMap|LinkedList|ArrayDeque|TreeSet|TreeMap)(?:<[^>]*>)?)\s*\((.+)\)$/s;

export function spaceCost(
  est: Estimator,
  unit: Unit,
  walk: Walk,
  depth: { key: string; kind: 'linear' | 'log' } | undefined,
): Cost {
  const parts: Cost[] = [constant(), ...walk.grown];
  if (depth) {
    const why = `call stack: one frame per level of recursion on \`${depth.key}\``;
    parts.push(depth.kind === 'log' ? logarithmic(depth.key, why) : linear(depth.key, why));
  }
  const stores = new Set<string>();
  for (const s of statementsIn(est.facts, unit)) {
    if ((s.kind !== 'declaration' && s.kind !== 'assignment') || s.line > unit.endLine) continue;
    if (innermost(est, s.line) !== unit.id) continue;
    const size = allocationSize(est, s.code, s.value ?? '', walk);
    if (size) parts.push(size);
    // `cnt[x] += 1` / `lookup[k] = v` on a hash map local to the function, inside a loop: one new
    // key per pass at most (a map allocated with a size is counted above instead).
    const map = /^([\w$]+)\s*\[/.exec(s.target?.trim() ?? '')?.[1];
    if (map && !stores.has(map) && unit.locals.has(map) && isHashed(est.facts, unit, map)) {
      const passes = passesAt(est, s.line, walk);
      if (passes) {
        stores.add(map);
        parts.push(
          multiply(
            {
              terms: [
                { powers: {}, logs: {}, why: [`\`${map}\` gains a key on each pass (line ${s.line})`] },
              ],
              unknown: [],
            },
            passes,
          ),
        );
      }
    }
  }
  return add(...parts);
}

/** Passes of the innermost loop (of this walk) enclosing `line`, from the loop headers' statement depths. */
function passesAt(est: Estimator, line: number, walk: Walk): Cost | undefined {
  let best: { line: number; passes: Cost } | undefined;
  for (const [loopLine, passes] of walk.loopPasses) {
    if (loopLine > line || (best && best.line > loopLine)) continue;
    const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === loopLine);
    if (!header) continue;
    let end = header.line;
    for (const s of est.facts.statements) {
      if (s.line <= header.line) continue;
      if (s.depth <= header.depth) break;
      end = s.line;
    }
    if (line <= end) best = { line: loopLine, passes };
  }
  return best?.passes;
}

/** The id of the innermost unit containing `line`. */
function innermost(est: Estimator, line: number): number | undefined {
  let best: Unit | undefined;
  for (const u of est.facts.units)
    if (u.line <= line && line <= u.endLine && (!best || u.line >= best.line)) best = u;
  return best?.id;
}

/** A size named by `text` (`n`, `len(xs)`, `xs.size()`), or undefined for a literal or fixed name. */
export function sizeOf(est: Estimator, text: string, walk: Walk): string | undefined {
  const cleaned = text
    .trim()
    .replace(/\s*[-+]\s*\d+\s*$/, '')
    .replace(/^\((.*)\)$/, '$1');
  if (/^\d+$/.test(cleaned)) return undefined;
  const key = collectionKey(cleaned);
  if (!key || !/^[\w$.]+(\[[^\]]*\])*$/.test(key) || est.fixedSize(key, walk.unit)) return undefined;
  return est.resolveKey(key, walk);
}

/** The memory a declaration or assignment allocates, when its value builds a sized collection. */
function allocationSize(est: Estimator, code: string, value: string, walk: Walk): Cost | undefined {
  const v = value.trim().replace(/;$/, '');
  // The nested part of a table (`[0] * m` inside `[... for _ in range(n)]`) has no line of its own.
  const line = code.trim().split('\n')[0]!.slice(0, 60);
  const why = (what: string) => (line ? `allocates ${what} (\`${line}\`)` : `each holding ${what}`);
  // C++ `vector<vector<int>> dp(n, vector<int>(m))` / `vector<int> cnt(n + 1)` / `string s(n, 'a')`.
  const ctor =
    /^(?:const\s+|static\s+)*(?:std::)?(vector|string|deque|basic_string|unordered_set|unordered_map|unordered_multiset|set|map|multiset|priority_queue)\b[^(=;{]*?\b[\w$]+\s*\(([^;]*)\)\s*;?$/.exec(
      code.trim(),
    );
  if (ctor) return nestedCtor(est, ctor[2]!, walk, why);
  // Python `[0] * n`, `[[0] * m for _ in range(n)]`, `[x for x in xs]`.
  const rows = /^\[\s*(.+?)\s+for\s+[\w$, ()]+\s+in\s+(.+?)\s*\]$/s.exec(v);
  if (rows) {
    const outer = sizeOf(est, rows[2]!, walk);
    const inner = allocationSize(est, '', rows[1]!, walk);
    if (!outer) return inner;
    const row = linear(
      outer,
      why(`${inner ? 'a row' : 'an entry'} per element of \`${rows[2]!.trim().slice(0, 30)}\``),
    );
    return inner ? multiply(row, inner) : row;
  }
  const repeated = /^\[.*\]\s*\*\s*(.+)$/s.exec(v) ?? /^(.+?)\s*\*\s*\[.*\]$/s.exec(v);
  if (repeated) {
    const key = sizeOf(est, repeated[1]!, walk);
    return key ? linear(key, why(`a list of \`${repeated[1]!.trim()}\` entries`)) : undefined;
  }
  // JS `new Array(n)`, `Array(n).fill(0)`, `Array.from({ length: n })`.
  const array = /^(?:new\s+)?Array\s*\(\s*([^()]+?)\s*\)/.exec(v) ?? /length\s*:\s*([\w$.]+)/.exec(v);
  if (array) {
    const key = sizeOf(est, array[1]!, walk);
    return key ? linear(key, why(`an array of \`${array[1]!.trim()}\` entries`)) : undefined;
  }
  // Copies: `list(xs)`, `sorted(xs)`, `new Set(xs)`, `xs[:]`, `[...xs]`, `xs.slice()`.
  const copy =
    COPY_CALL.exec(v)?.[1]?.split(',')[0] ??
    /^([\w$.]+)\[\s*:\s*\]$/.exec(v)?.[1] ??
    /^\[\s*\.\.\.\s*([\w$.]+)\s*\]$/.exec(v)?.[1] ??
    /^([\w$.]+)\.(?:slice|copy|clone)\s*\(\s*\)$/.exec(v)?.[1];
  if (copy) {
    const key = sizeOf(est, copy, walk);
    return key ? linear(key, why(`a copy of \`${copy.trim()}\``)) : undefined;
  }
  return undefined;
}

/** `n, vector<int>(m)` → n·m; `n + 1` → n; `26` → nothing. */
export function nestedCtor(
  est: Estimator,
  args: string,
  walk: Walk,
  why: (what: string) => string,
): Cost | undefined {
  const first = /^([^,(]+(?:\([^()]*\))?[^,]*)/.exec(args.trim())?.[1];
  if (!first) return undefined;
  const key = sizeOf(est, first, walk);
  // `vector<int> v(begin(xs), end(xs))` copies `xs`.
  const here = key ? linear(key, why(`\`${first.trim()}\` entries`)) : undefined;
  const inner = /(?:vector|string)\s*<?[^(]*\(([^()]*(?:\([^()]*\))?[^()]*)\)\s*\)?\s*$/.exec(
    args.slice(first.length),
  );
  const nested = inner ? nestedCtor(est, inner[1]!, walk, why) : undefined;
  if (here && nested) return multiply(here, nested);
  return here ?? nested;
}
