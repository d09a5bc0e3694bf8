// Sizes in units of a C type (`n` chars, ints or structs) and their arithmetic: what a copy writes
// and what a buffer holds are compared only when both units have a known width.

/** `n` units of `unit` (a type name; `''` for a plain count). */
export interface Size {
  n: number;
  unit: string;
}

export const WIDTH: Record<string, number> = {
  char: 1,
  'unsigned char': 1,
  'signed char': 1,
  byte: 1,
  wchar_t: 4,
  short: 2,
  int: 4,
  'unsigned int': 4,
  unsigned: 4,
  float: 4,
  long: 8,
  'long long': 8,
  double: 8,
  int64_t: 8,
  uint64_t: 8,
  int32_t: 4,
  uint32_t: 4,
  int16_t: 2,
  uint16_t: 2,
  int8_t: 1,
  uint8_t: 1,
  size_t: 8,
};

export function typeName(text: string): string {
  return text
    .replace(/\b(?:const|volatile|struct|std::)\b\s*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function literalLength(text: string): number {
  return text.replace(/^(?:u8|[uUL])?"|"$/g, '').replace(/\\(?:x[0-9a-fA-F]+|[0-7]{1,3}|.)/g, 'x').length;
}

export function plus(size: Size | number | undefined, k: number): Size | undefined {
  if (size === undefined) return undefined;
  return typeof size === 'number' ? { n: size + k, unit: '' } : { n: size.n + k, unit: size.unit };
}

export function sum(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined ? undefined : a + b;
}

export function combine(operator: string, a: Size, b: Size): Size | undefined {
  switch (operator) {
    case '*':
      if (a.unit !== '' && b.unit !== '') return undefined;
      return { n: a.n * b.n, unit: a.unit || b.unit };
    case '+':
    case '-':
      if (a.unit !== b.unit) return undefined;
      return { n: operator === '+' ? a.n + b.n : a.n - b.n, unit: a.unit };
    case '/':
      if (b.n === 0) return undefined;
      if (a.unit === b.unit) return { n: Math.trunc(a.n / b.n), unit: '' };
      return b.unit === '' ? { n: Math.trunc(a.n / b.n), unit: a.unit } : undefined;
    default:
      return undefined;
  }
}

/** Whether `written` is provably more than `capacity` holds. */
export function exceeds(written: Size, capacity: Size): boolean {
  if (written.unit === capacity.unit) return written.n > capacity.n;
  const w = WIDTH[written.unit];
  const c = WIDTH[capacity.unit];
  return w !== undefined && c !== undefined && written.n * w > capacity.n * c;
}

export function describe(size: Size): string {
  return size.unit === 'byte' || size.unit === '' ? `${size.n} bytes` : `${size.n} × ${size.unit}`;
}
