// Elements whose size the code fixes: a row of a table whose type gives the row a literal length
// (Go `make([][26][26]int, n)` → `f[i]` and `f[i][j]` hold 26 items each; `[3][4]int{}`), or
// whose every write at that depth stores a fixed-size value (`g[i] = make([]int, 26)`,
// `rows[i] = [0] * 26`). A loop over such an element (`for j := range f[i]`) is O(1), whatever
// the table's own length: without this, a DP table n × 26 × 26 was read as three input sizes.
import type { Statement } from '../model';
import { escape } from '../extract/boundText';
import { allocatedLengths, pythonTableDims } from './tableDims';
import { cappedRows } from './cappedRows';

/** Integers up to this count as small constants (as in fixedSize.ts). */
const SMALL = 1024;

/** The dimensions a Go type spells (`[][26][26]int` → ['', '26', '26']), or undefined. */
function goDims(type: string): string[] | undefined {
  const m = /^((?:\[\s*\d*\s*\])+)/.exec(type.trim());
  return m ? [...m[1]!.matchAll(/\[\s*(\d*)\s*\]/g)].map((d) => d[1]!) : undefined;
}

/** The type a write of a whole table gives it: `make([][26]int, n)`, `[3][4]int{}`, `var f [3][4]int`. */
function tableType(s: Statement, name: string): string | undefined {
  const value = (s.value ?? '').trim();
  const made = /^make\(\s*(\[[^,]*),/.exec(value)?.[1];
  if (made) return made;
  if (/^\[/.test(value) && /\{.*\}$/s.test(value)) return value.replace(/\{.*$/s, '');
  return new RegExp(`^\\s*var\\s+${escape(name)}\\s+(\\[.*)$`).exec(s.code)?.[1];
}

/**
 * True when `key` is an element (`f[i]`, `f[i][j]`) whose length the code fixes (see above).
 * `isFixed` judges a written value (fixedSize.ts's literal check); `statements` are those of the
 * scope the table's name belongs to.
 */
export function fixedElement(
  key: string,
  statements: Statement[],
  isFixed: (value: string) => boolean,
): boolean {
  const m = /^([A-Za-z_$][\w$]*)((?:\s*\[[^\][]*\])+)$/.exec(flatSubscripts(key.trim()));
  if (!m) return false;
  const name = m[1]!;
  const depth = (m[2]!.match(/\[/g) ?? []).length;
  // (JS/TS declarations carry `constant` / `variable` as their operator.)
  const writes = statements.filter(
    (s) =>
      (s.kind === 'declaration' || s.kind === 'assignment') &&
      (s.operator === undefined || /^(=|constant|variable)$/.test(s.operator)) &&
      new RegExp(`^${escape(name)}\\b`).test(s.target?.trim() ?? ''),
  );
  const whole = writes.filter((s) => s.target!.trim() === name);
  // The table's type fixes the rows at this depth.
  const types = whole.map((s) => tableType(s, name));
  if (whole.length && types.every((t) => t !== undefined)) {
    const dims = types.map((t) => goDims(t!));
    if (dims.every((d) => d && d.length > depth && /^\d+$/.test(d[depth]!) && Number(d[depth]) <= SMALL))
      return true;
  }
  // JS/TS and PHP spell the rows' lengths in nested calls (`Array.from({ length: n }, () =>
  // Array(26).fill(0))`, `array_fill(0, $n, array_fill(0, 26, 0))`; tableDims.ts).
  const allocations = statements.filter(
    (s) =>
      (s.kind === 'declaration' || s.kind === 'assignment') &&
      (((s.operator === undefined || /^(=|constant|variable)$/.test(s.operator)) &&
        s.target?.trim().replace(/^\$/, '') === name) ||
        (s.kind === 'declaration' && !!cppRows(s.target ?? '', name))),
  );
  // (Java spells every dimension in its allocation: `new long[m][n][2]`; Python `[[0] * 3 for _ in
  // range(26)]`: 26 rows of 3, from the comprehension and the repetition.)
  const lengths = allocations.map(
    (s) =>
      allocatedLengths(s.value ?? '') ??
      /^new\s+[\w$.]+\s*((?:\[[^[\]]+\])+)\s*;?$/
        .exec(s.value?.trim() ?? '')?.[1]
        ?.match(/\[([^[\]]+)\]/g)
        ?.map((d) => d.slice(1, -1).trim()) ??
      pythonTableDims(s.value ?? '') ??
      cppRows(s.target ?? '', name),
  );
  if (
    allocations.length &&
    lengths.every((l) => l && l.length > depth && /^\d+$/.test(l[depth]!) && Number(l[depth]) <= SMALL)
  )
    return true;
  // A literal table of string literals (`map[int]string{0: "zero", …}`, `[]string{"abc", …}`,
  // `{0: 'zero', …}`): each of its elements is one of those strings, as long as the text writes it.
  if (
    depth === 1 &&
    whole.length &&
    whole.length === writes.length &&
    whole.every((s) => stringTable(s.value ?? ''))
  )
    return true;
  // Rows that start empty and grow only under a cap on their length (cappedRows.ts).
  if (cappedRows(statements, name, depth)) return true;
  // Every write of an element at this depth stores a fixed-size value (`g[i] = make([]int, 26)`).
  const element = new RegExp(`^${escape(name)}(?:\\s*\\[[^\\][]*\\]){${depth}}$`);
  const rows = writes.filter((s) => element.test(s.target!.trim()));
  const grown = new RegExp(
    `\\b${escape(name)}(?:\\s*\\[[^\\][]*\\]){${depth}}\\s*(?:\\.|->)\\s*(?:append|push|push_back|emplace_back|add|insert|extend)\\b`,
  );
  return (
    rows.length > 0 &&
    rows.every((s) => isFixed(s.value ?? '')) &&
    !statements.some((s) => grown.test(s.code))
  );
}

/** C++ `lookup(26, vector<int>(3))` (a declaration's target) → ['26', '3']: rows and their length. */
function cppRows(target: string, name: string): string[] | undefined {
  const m = new RegExp(
    `^${escape(name)}\\s*\\(\\s*([^,()]+?)\\s*,\\s*(?:std::)?vector\\s*<[^()]*>\\s*\\(\\s*([^,()]+?)\\s*(?:,[^()]*)?\\)\\s*\\)$`,
  ).exec(target.trim());
  return m ? [m[1]!, m[2]!] : undefined;
}

/**
 * `lookup[ord(s[i]) - 97]` → `lookup[ord(s) - 97]`: brackets nested inside a subscript dropped
 * with their contents, so the subscripts are counted at the table's own depth.
 */
function flatSubscripts(key: string): string {
  let out = '';
  let depth = 0;
  for (const c of key) {
    if (c === '[') depth++;
    if (depth <= 1) out += c;
    if (c === ']') depth--;
  }
  return out;
}

/**
 * A literal list or map whose items are all string literals (keys may be numbers or strings). A
 * long literal reaches the facts cut short (`…, 3: "three"...`, `…, 4: 'four', 5...`): what is
 * shown must be whole items.
 */
function stringTable(value: string): boolean {
  // (cut after a string, or inside the next item, which is dropped: `…, 4: 'four', 5...`, `…, 'fi...`)
  const text = value
    .trim()
    .replace(/(["'])\.\.\.$/, '$1}')
    .replace(/(["'])\s*,[^,]*\.\.\.$/, '$1}');
  const body = /^(?:map\[[\w.]+\][\w.]+|\[\d*\][\w.]+)?\s*[[{]([\s\S]*)[\]}]$/.exec(text)?.[1];
  if (body === undefined) return false;
  const strings = body.match(/(["'])(?:\\.|(?!\1).)*\1/g) ?? [];
  const rest = body.replace(/(["'])(?:\\.|(?!\1).)*\1/g, '');
  return strings.length > 0 && strings.every((t) => t.length <= SMALL) && /^[\s\d:,]*$/.test(rest);
}
