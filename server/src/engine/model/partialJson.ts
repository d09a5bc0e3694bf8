// Reads one string field of a JSON object while the object is still arriving, so the code a model
// streams inside {"code": "..."} reaches the client as text deltas before the object is complete.
// Only the decoded prefix of the field's value is returned; escapes cut in half wait for more text.

/** The decoded prefix of the top-level string field `field` in a partial JSON text, or undefined. */
export function partialStringField(
  text: string,
  field: string,
): { value: string; complete: boolean } | undefined {
  const key = new RegExp(`"${field}"\\s*:\\s*"`, 'g');
  const match = key.exec(text);
  if (!match) return undefined;
  let value = '';
  for (let i = match.index + match[0].length; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') return { value, complete: true };
    if (ch !== '\\') {
      value += ch;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) break;
    if (next === 'u') {
      const hex = text.slice(i + 2, i + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) break;
      value += String.fromCharCode(Number.parseInt(hex, 16));
      i += 5;
      continue;
    }
    value += ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' } as Record<string, string>)[next] ?? next;
    i++;
  }
  return { value, complete: false };
}
