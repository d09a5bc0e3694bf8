// The part of TOML that dependency manifests use (pyproject.toml, Cargo.toml): table headers,
// `key = value` with strings, inline tables and string arrays spanning lines. Enough to list
// dependencies; anything it cannot read is a ManifestError, reported beside the rest of the analysis.

export class ManifestError extends Error {}

export type TomlValue = string | number | boolean | TomlValue[] | { [key: string]: TomlValue };
export type TomlTable = { [key: string]: TomlValue };

export function parseTomlSubset(text: string): TomlTable {
  const root: TomlTable = {};
  let table = root;
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    let line = stripComment(lines[index]!).trim();
    if (!line) continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?$/.exec(line);
    if (header) {
      table = root;
      for (const key of splitKey(header[1]!)) {
        const next = (table[key] ??= {});
        if (Array.isArray(next)) {
          const item: TomlTable = {};
          next.push(item);
          table = item;
        } else if (typeof next === 'object') table = next;
        else throw new ManifestError(`line ${index + 1}: '${key}' is both a value and a table`);
      }
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new ManifestError(`line ${index + 1}: expected 'key = value'`);
    // A value may continue over lines until its brackets close (multi-line arrays).
    while (depth(line) > 0 && index + 1 < lines.length) line += ' ' + stripComment(lines[++index]!).trim();
    const keys = splitKey(line.slice(0, eq).trim());
    let target = table;
    for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as TomlTable;
    target[keys[keys.length - 1]!] = parseValue(line.slice(eq + 1).trim(), index + 1);
  }
  return root;
}

function splitKey(key: string): string[] {
  return key.split('.').map((part) => part.trim().replace(/^["']|["']$/g, ''));
}

function stripComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') return line.slice(0, i);
  }
  return line;
}

function depth(text: string): number {
  let level = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '{') level++;
    else if (ch === ']' || ch === '}') level--;
  }
  return level;
}

function parseValue(text: string, line: number): TomlValue {
  const reader = { text, at: 0 };
  const value = readValue(reader, line);
  if (reader.text.slice(reader.at).trim())
    throw new ManifestError(`line ${line}: unexpected text after the value`);
  return value;
}

function readValue(r: { text: string; at: number }, line: number): TomlValue {
  skipSpace(r);
  const ch = r.text[r.at];
  if (ch === '"' || ch === "'") return readString(r, line);
  if (ch === '[') {
    r.at++;
    const items: TomlValue[] = [];
    for (;;) {
      skipSpace(r);
      if (r.text[r.at] === ']') return (r.at++, items);
      items.push(readValue(r, line));
      skipSpace(r);
      if (r.text[r.at] === ',') r.at++;
      else if (r.text[r.at] !== ']') throw new ManifestError(`line ${line}: expected ',' or ']'`);
    }
  }
  if (ch === '{') {
    r.at++;
    const table: TomlTable = {};
    for (;;) {
      skipSpace(r);
      if (r.text[r.at] === '}') return (r.at++, table);
      const eq = r.text.indexOf('=', r.at);
      if (eq < 0) throw new ManifestError(`line ${line}: expected 'key = value' in an inline table`);
      const key = r.text
        .slice(r.at, eq)
        .trim()
        .replace(/^["']|["']$/g, '');
      r.at = eq + 1;
      table[key] = readValue(r, line);
      skipSpace(r);
      if (r.text[r.at] === ',') r.at++;
      else if (r.text[r.at] !== '}') throw new ManifestError(`line ${line}: expected ',' or '}'`);
    }
  }
  const bare = /^[A-Za-z0-9_.:+-]+/.exec(r.text.slice(r.at));
  if (!bare)
    throw new ManifestError(`line ${line}: cannot read the value '${r.text.slice(r.at, r.at + 20)}'`);
  r.at += bare[0].length;
  if (bare[0] === 'true' || bare[0] === 'false') return bare[0] === 'true';
  const number = Number(bare[0]);
  return Number.isNaN(number) ? bare[0] : number;
}

function readString(r: { text: string; at: number }, line: number): string {
  const quote = r.text[r.at]!;
  const triple = r.text.startsWith(quote.repeat(3), r.at);
  const close = triple ? quote.repeat(3) : quote;
  let i = r.at + close.length;
  let out = '';
  while (i < r.text.length) {
    if (r.text.startsWith(close, i)) {
      r.at = i + close.length;
      return out;
    }
    if (quote === '"' && r.text[i] === '\\') {
      out += r.text[i + 1] ?? '';
      i += 2;
    } else out += r.text[i++];
  }
  throw new ManifestError(`line ${line}: unclosed string`);
}

function skipSpace(r: { text: string; at: number }): void {
  while (r.at < r.text.length && /\s/.test(r.text[r.at]!)) r.at++;
}
