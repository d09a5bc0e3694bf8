// The values `arrayShapes.ts` follows: an array's shape (what each constant key holds, what was
// written at keys not written out, and those keys' expressions) and the slots that hold values, with
// what the array functions keep of their arguments' shapes.
import type { SyntaxNode } from '../../../parsing/treeSitter';

/** What an array holds: constant keys, values at keys not written out, and those keys' expressions. */
export interface Shape {
  entries: Map<string, Slot>;
  unknown: Slot[];
  keys: SyntaxNode[];
}

/** One value: an expression (followed by the tracker), an array's shape, one of several, or nothing. */
export type Slot = { node: SyntaxNode } | { shape: Shape } | { union: Slot[] } | { clean: true };

/** The array functions whose result is built from their arguments' shapes (the table's `keyedArrays`). */
export type ArrayFunction = 'values' | 'keys' | 'keyDiff' | 'keyIntersect' | 'valueIntersect' | 'first';

export function copy(shape: Shape): Shape {
  return { entries: new Map(shape.entries), unknown: [...shape.unknown], keys: [...shape.keys] };
}

/** PHP's `$a + $b` on arrays: the keys `$a` lacks are taken from `$b`. */
export function unite(target: Shape, added: Shape): void {
  for (const [key, slot] of added.entries) if (!target.entries.has(key)) target.entries.set(key, slot);
  target.unknown.push(...added.unknown);
  target.keys.push(...added.keys);
}

/** What an array function keeps of `first` given the `others` (`holdsInput`: whether slots carry input). */
export function picked(
  kind: ArrayFunction,
  first: Shape,
  others: Shape[],
  holdsInput: (slots: Slot[]) => boolean,
): Shape {
  const out = copy(first);
  switch (kind) {
    case 'values':
      // `array_values`: the elements, at keys 0, 1, ... (the keys' input is gone).
      return { entries: new Map(), unknown: [...first.entries.values(), ...first.unknown], keys: [] };
    case 'keys':
      // `array_keys`: the keys at 0, 1, ...; a key written out is no input, a computed one is its expression.
      return {
        entries: new Map(),
        unknown: [
          ...[...first.entries.keys()].map((): Slot => ({ clean: true })),
          ...first.keys.map((node) => ({ node })),
        ],
        keys: [],
      };
    case 'keyDiff':
      // The first array's elements whose key none of the others has for certain.
      for (const key of first.entries.keys())
        if (others.some((o) => o.entries.has(key))) out.entries.delete(key);
      return out;
    case 'keyIntersect':
      // Its elements whose key every other may have (a key not written out may be any).
      for (const key of first.entries.keys())
        if (others.some((o) => !o.entries.has(key) && o.unknown.length === 0)) out.entries.delete(key);
      return out;
    case 'valueIntersect':
      // Its elements equal to an element of every other: when one other holds no input, each kept
      // value equals text that is no input (the keys stay the first array's).
      if (!others.some((o) => !holdsInput([...o.entries.values(), ...o.unknown]))) return out;
      for (const key of out.entries.keys()) out.entries.set(key, { clean: true });
      out.unknown = out.unknown.length > 0 ? [{ clean: true }] : [];
      return out;
    default:
      return out;
  }
}
