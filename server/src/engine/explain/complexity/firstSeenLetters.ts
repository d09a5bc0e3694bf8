// A list that gains a character only the first time a map or set sees it: `for _, c := range s { if
// _, ok := cnt[c]; !ok { vowels = append(vowels, c) }; cnt[c]++ }` (Java `if
// (!cnt.containsKey(c)) vowels.add(c);` over `s.toCharArray()`, TS `if (!cnt.has(c))
// vowels.push(c)` over `for (const c of s)`). The map gains `c` in the same pass, so the list holds
// each distinct character once: at most the alphabet, however long the text — a sort of it is
// O(C log C), a constant, not O(n log n) in the passes of the loop that filled it. Read only when the
// loop walks the characters of a text the code types as one (Go `s string`, TS `s: string`, Java
// `s.toCharArray()`, C# `foreach (char c in s)`, Rust `s.chars()` / `s.bytes()`, Python text
// parameters): the distinct items of a list of numbers can be as many as the items.
import type { Statement, Unit } from '../model';
import { escape } from '../extract/boundText';
import { blockEnd } from './traversal';

/** The nearest `if` header enclosing `s` (by depth), or undefined. */
function ifAround(statements: Statement[], s: Statement): Statement | undefined {
  let depth = s.depth;
  for (let i = statements.indexOf(s) - 1; i >= 0; i--) {
    const t = statements[i]!;
    if (t.depth >= depth) continue;
    if (t.kind === 'if') return t;
    if (t.kind === 'loop' || t.kind === 'unit') return undefined;
    depth = t.depth;
  }
  return undefined;
}

/** The map or set an `if` header tests `item` absent from, or undefined. */
function absenceTested(code: string, item: string): string | undefined {
  const c = escape(item);
  const m =
    new RegExp(
      `^if\\s+_\\s*,\\s*(\\w+)\\s*:=\\s*([A-Za-z_]\\w*)\\[\\s*${c}\\s*\\]\\s*;\\s*!\\s*\\1\\s*\\{$`,
    ).exec(code.trim()) ??
    new RegExp(
      `^if\\s*\\(?\\s*!\\s*(?:this\\.)?()([A-Za-z_$][\\w$]*)\\s*\\.\\s*(?:has|containsKey|contains|ContainsKey|Contains|contains_key)\\(\\s*&?\\s*${c}\\s*\\)\\s*\\)?\\s*\\{?$`,
    ).exec(code.trim()) ??
    new RegExp(`^if\\s+${c}\\s+not\\s+in\\s+()([A-Za-z_]\\w*)\\s*:$`).exec(code.trim());
  return m?.[2];
}

/** Whether the loop header walks the characters of a text, binding `item` to each. */
function overCharacters(
  loop: Statement,
  unit: Statement | undefined,
  item: string,
  textParams: string[],
): boolean {
  const code = loop.code.trim();
  const c = escape(item);
  const text = (name: string) =>
    textParams.includes(name) ||
    (!!unit &&
      new RegExp(
        `(?:[(,]\\s*${escape(name)}\\s+string\\b|\\b${escape(name)}\\s*:\\s*&?\\s*(?:string|String|str)\\b)`,
      ).test(unit.code));
  const go = new RegExp(`^for\\s+_\\s*,\\s*${c}\\s*:=\\s*range\\s+([A-Za-z_]\\w*)\\s*\\{$`).exec(code)?.[1];
  if (go) return text(go);
  const ts = new RegExp(`^for\\s*\\(\\s*(?:const|let|var)\\s+${c}\\s+of\\s+([A-Za-z_$][\\w$]*)\\s*\\)`).exec(
    code,
  )?.[1];
  if (ts) return text(ts);
  const py = new RegExp(`^for\\s+${c}\\s+in\\s+([A-Za-z_]\\w*)\\s*:$`).exec(code)?.[1];
  if (py) return textParams.includes(py);
  return (
    new RegExp(`^for\\s*\\(\\s*(?:final\\s+)?char\\s+${c}\\s*:\\s*[\\w.]+\\.toCharArray\\(\\)\\s*\\)`).test(
      code,
    ) ||
    new RegExp(`^foreach\\s*\\(\\s*(?:var|char)\\s+${c}\\s+in\\s+[\\w.]+\\s*\\)`).test(code) ||
    new RegExp(`^for\\s+${c}\\s+in\\s+[\\w.]+\\.(?:chars|bytes)\\(\\)\\s*\\{$`).test(code)
  );
}

/**
 * When every append to the list (`appends`, with the filling `loop`) adds the loop's character
 * only under a test that a map or set lacks it, and that map or set gains the character in the
 * same pass: the reason the list holds at most the alphabet; undefined otherwise.
 */
export function firstSeenLetters(
  all: Statement[],
  statements: Statement[],
  unit: Unit,
  loop: Statement,
  appends: { statement: Statement; item: string }[],
  key: string,
): string | undefined {
  const item = appends[0]?.item;
  if (!item || !/^[A-Za-z_$][\w$]*$/.test(item) || appends.some((a) => a.item !== item)) return undefined;
  const header = all.find((s) => s.kind === 'unit' && s.line === unit.line);
  if (!overCharacters(loop, header, item, unit.textParams ?? [])) return undefined;
  const maps = new Set(
    appends.map((a) => absenceTested(ifAround(statements, a.statement)?.code ?? '', item)),
  );
  const [map] = maps;
  if (!map || maps.size !== 1) return undefined;
  const m = escape(map);
  const c = escape(item);
  const end = blockEnd(statements, loop);
  const gains = new RegExp(
    `^(?:(?:this\\.)?${m}\\s*\\[\\s*${c}\\s*\\]|(?:this\\.)?${m}\\s*\\.\\s*(?:set|put|merge|add|Add|insert|entry|compute|getOrDefault)\\(\\s*&?${c}\\b)`,
  );
  if (
    !statements.some(
      (s) =>
        s.line > loop.line &&
        s.line <= end &&
        (gains.test(s.target?.trim() ?? '') || gains.test(s.code.trim())),
    )
  )
    return undefined;
  return `\`${key}\` gains \`${item}\` only when \`${map}\` lacks it, and \`${map}\` gains it in the same pass of the loop at line ${loop.line} over a text's characters: at most one entry per letter of the alphabet, a fixed number`;
}
