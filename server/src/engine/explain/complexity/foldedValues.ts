// A set of the ORs (ANDs, gcds) of the subarrays that end at the current item: on each pass over
// the items `x`, a new set takes `x` and `x | y` for every `y` of the last pass's set, and then
// replaces it (`cur.add(x | y)` for `y` in `pre`, then `pre = cur`; Go `cur[x|y] = true`; C++
// `pre = move(cur)`). The values an OR of `x` with earlier items can take form a chain, each
// holding the bits of the one before and at least one more, so the set never holds more than the
// bit length of the largest value plus one entries (for AND each drops a bit; for gcd each divides
// the one before, at least halving it). A loop over it runs O(log M) passes, M the largest item —
// where the set's own name read as one more input size gave `O(n·m)`.
import type { LoopFlow, Statement } from '../model';
import { escape } from '../extract/boundText';
import { logarithmic, type Cost } from './cost';
import { blockEnd, loopAround, statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

const NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * A container made empty, or holding one entry (`new HashSet<>()`, `map[int]bool{x: true}`,
 * `new Set([x])`): inside the loop over the items that entry must be the item; before it, any one
 * value (`map[int]bool{arr[0]: true}`).
 */
function freshValue(value: string, item: string | undefined): boolean {
  const v = value.replace(/\s+/g, '');
  const entry = item === undefined ? '[^,:()]+(?:\\([^,()]*\\))?' : escape(item);
  return (
    /^new(?:Hash|Tree|Linked)?Set(?:<[^>]*>)?\(\)$/.test(v) ||
    new RegExp(`^newSet(?:<[^>]*>)?\\(\\[${entry}\\]\\)$`).test(v) ||
    new RegExp(`^map\\[\\w+\\]\\w+\\{(?:${entry}:true)?\\}$`).test(v) ||
    /^(?:HashSet|BTreeSet)::new\(\)$/.test(v)
  );
}

/** A name moved or copied whole: `t`, `move(t)`, `std::move(t)`. */
function movedName(value: string): string | undefined {
  return /^(?:(?:std::)?move\s*\(\s*([A-Za-z_$][\w$]*)\s*\)|([A-Za-z_$][\w$]*))$/
    .exec(value.trim())
    ?.slice(1)
    .find((n) => n !== undefined);
}

/** The item variable a for-each header binds (Go `_, x` and `i, x`: the last name). */
function itemOf(loop: Statement): string | undefined {
  const item = loop.item?.split(',').pop()?.trim();
  return item && NAME.test(item) ? item : undefined;
}

/** The operator folding `item` into `other` (`x | y`, `y & x`, `gcd(x, y)`), or undefined. */
function foldOf(value: string, item: string, other: string): string | undefined {
  const v = value.replace(/\s+/g, '');
  const pair = (a: string, b: string) => (a === item && b === other) || (a === other && b === item);
  const op = /^([A-Za-z_$][\w$]*)([|&])([A-Za-z_$][\w$]*)$/.exec(v);
  if (op && pair(op[1]!, op[3]!)) return op[2]!;
  const gcd = /^(?:[\w$]+(?:\.|::))?gcd\(([A-Za-z_$][\w$]*),([A-Za-z_$][\w$]*)\)$/.exec(v);
  return gcd && pair(gcd[1]!, gcd[2]!) ? 'gcd' : undefined;
}

/**
 * A write into `name`: the inserted value of `name.add(v)` / `name.insert(v)` / `name[v] = true`,
 * `{ clear: true }` for `name.clear()`, `{ other: true }` for any other call on it or store into it
 * (`addAll`, `put`, `remove`), undefined when the statement does not write it.
 */
function writeInto(
  s: Statement,
  name: string,
): { value?: string; clear?: boolean; other?: boolean } | undefined {
  const n = escape(name);
  const code = s.code.trim().replace(/;$/, '');
  const call = new RegExp(`^${n}\\s*\\.\\s*(add|insert|emplace|clear)\\s*\\((.*)\\)$`).exec(code);
  if (call) return call[1] === 'clear' ? { clear: !call[2]!.trim() } : { value: call[2]! };
  const stored = new RegExp(`^${n}\\s*\\[(.+)\\]\\s*=\\s*(?:true|1)$`).exec(code);
  if (stored) return { value: stored[1]! };
  const readOnly =
    /^(?:contains|has|size|length|get|count|find|begin|end|isEmpty|empty|iter|len|keys|values|stream|cbegin|cend)$/;
  for (const m of code.matchAll(new RegExp(`(?<![\\w$.])${n}\\s*\\.\\s*([A-Za-z_$][\\w$]*)\\s*\\(`, 'g')))
    if (!readOnly.test(m[1]!)) return { other: true };
  if (new RegExp(`(?<![\\w$.])${n}\\s*\\[[^\\]]*\\]\\s*(?:[-+*/|&^]?=(?!=)|\\+\\+|--)`).test(code))
    return { other: true };
  return undefined;
}

/**
 * The passes of the loop `flow` when it walks such a set of folded values (see above): O(log M),
 * M the largest item of the enclosing loop's collection; undefined for any other loop.
 */
export function foldedValuesLoop(est: Estimator, flow: LoopFlow, walk: Walk): Cost | undefined {
  const bound = flow.bound;
  if (bound.kind !== 'linear' || bound.amortised || bound.alsoKeys?.length || est.facts.language === 'python')
    return undefined;
  const start = bound.key.trim();
  if (!NAME.test(start) || walk.unit.params.some((p) => new RegExp(`\\b${escape(start)}\\b`).test(p)))
    return undefined;
  const statements = statementsIn(est.facts, walk.unit);
  const header = statements.find((s) => s.kind === 'loop' && s.line === flow.line);
  const outer = header && loopAround(statements, header);
  const item = outer?.loopKind === 'for-each' ? itemOf(outer) : undefined;
  if (!header || !outer || !item || !outer.collection) return undefined;
  const end = blockEnd(statements, outer);
  const inOuter = (s: Statement) => s.line > outer.line && s.line <= end;
  // The sets the walked one is filled from, by a whole move or by the items of a loop over them.
  const chain = new Set([start]);
  const ops = new Set<string>();
  for (let grown = true; grown;) {
    grown = false;
    for (const name of [...chain]) {
      let restarted = false;
      for (const s of statements) {
        if (s.kind === 'unit' || s.kind === 'loop') continue;
        if ((s.kind === 'assignment' || s.kind === 'declaration') && s.target?.trim() === name) {
          const value = s.value?.trim() ?? '';
          const moved = movedName(value);
          if (freshValue(value, inOuter(s) ? item : undefined) || (s.kind === 'declaration' && !value)) {
            if (inOuter(s)) restarted = true;
            else if (loopAround(statements, s)) return undefined;
          } else if (moved && moved !== name && moved !== item) {
            if (!inOuter(s)) return undefined;
            restarted = true;
            if (!chain.has(moved)) {
              chain.add(moved);
              grown = true;
            }
          } else return undefined;
          continue;
        }
        const write = writeInto(s, name);
        if (!write) continue;
        if (write.other) return undefined;
        if (write.clear) {
          if (inOuter(s)) restarted = true;
          continue;
        }
        const value = write.value!.trim();
        const around = loopAround(statements, s);
        // One entry written before the items are walked, outside every loop (`pre.add(arr[0])`).
        if (!inOuter(s)) {
          if (around) return undefined;
          continue;
        }
        if (value === item) continue;
        // The items of a loop over another set, folded with the item or copied.
        const other = around && around !== outer ? itemOf(around) : undefined;
        const source = around?.collection?.trim();
        if (!other || !source || !NAME.test(source) || loopAround(statements, around!) !== outer)
          return undefined;
        const op = value === other ? undefined : foldOf(value, item, other);
        if (value !== other && !op) return undefined;
        if (op) ops.add(op);
        if (!chain.has(source)) {
          chain.add(source);
          grown = true;
        }
      }
      if (!restarted) return undefined;
    }
  }
  // One operator folds the item in (an OR chain and an AND chain mixed are no chain).
  if (ops.size !== 1) return undefined;
  const op = [...ops][0]!;
  const max = `max(${outer.collection.trim()})`;
  walk.valueKeys.add(max);
  const folded = op === 'gcd' ? `gcd(${item}, …)` : `${item} ${op} …`;
  return logarithmic(
    max,
    `loop over \`${start}\` (line ${flow.line}): it holds the distinct values \`${folded}\` of the stretches ending at \`${item}\` (line ${outer.line}), each ${op === 'gcd' ? 'dividing' : op === '|' ? 'adding bits to' : 'dropping bits from'} the one before: at most the bit length of the largest item, O(log M)`,
  );
}
