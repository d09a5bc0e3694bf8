// JS/TS utility functions: timing, collections, objects and strings.
import type { Recipe } from './recipe';

const js = (recipe: Omit<Recipe, 'family' | 'kind'> & { kind?: Recipe['kind'] }): Recipe => ({
  family: 'js',
  kind: 'function',
  ...recipe,
});

export const JS_UTILITIES: Recipe[] = [
  js({
    id: 'js.debounce',
    entry: 'debounce',
    title: 'Debounce a function',
    description:
      'Delay calling a function until it has not been called for a wait period (search box input, resize).',
    tags: ['debounce', 'delay', 'wait', 'pause', 'typing', 'input', 'resize', 'timer'],
    code: `/** Returns a function that calls \`fn\` only after \`waitMs\` without another call; \`cancel()\` drops a pending call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, waitMs);
  };
  debounced.cancel = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { debounce } from './subject';

test('calls once with the last arguments after the pause', async () => {
  const calls: number[] = [];
  const debounced = debounce((n: number) => calls.push(n), 20);
  debounced(1);
  debounced(2);
  debounced(3);
  assert.deepEqual(calls, []);
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(calls, [3]);
});

test('cancel drops the pending call', async () => {
  let called = false;
  const debounced = debounce(() => (called = true), 10);
  debounced();
  debounced.cancel();
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(called, false);
});
`,
  }),
  js({
    id: 'js.throttle',
    entry: 'throttle',
    title: 'Throttle a function',
    description: 'Call a function at most once per interval (scroll handlers, rate of events).',
    tags: ['throttle', 'interval', 'at most once', 'scroll', 'rate', 'limit', 'events'],
    code: `/** Returns a function that calls \`fn\` at most once every \`intervalMs\` (the first call runs at once). */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, intervalMs: number, now = Date.now) {
  let last = -Infinity;
  return (...args: A): boolean => {
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    fn(...args);
    return true;
  };
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { throttle } from './subject';

test('runs at most once per interval', () => {
  let clock = 0;
  const calls: number[] = [];
  const throttled = throttle((n: number) => calls.push(n), 100, () => clock);
  assert.equal(throttled(1), true);
  clock = 50;
  assert.equal(throttled(2), false);
  clock = 100;
  assert.equal(throttled(3), true);
  assert.deepEqual(calls, [1, 3]);
});
`,
  }),
  js({
    id: 'js.deepClone',
    entry: 'deepClone',
    title: 'Deep clone a value',
    description:
      'Copy nested objects, arrays, dates, maps and sets so changes to the copy do not affect the original.',
    tags: ['deep', 'clone', 'copy', 'nested', 'object', 'duplicate'],
    code: `/** A deep copy of plain objects, arrays, Date, Map and Set; cycles are preserved. */
export function deepClone<T>(value: T, seen = new Map<unknown, unknown>()): T {
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return seen.get(value) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value instanceof Map) {
    const copy = new Map();
    seen.set(value, copy);
    for (const [k, v] of value) copy.set(deepClone(k, seen), deepClone(v, seen));
    return copy as T;
  }
  if (value instanceof Set) {
    const copy = new Set();
    seen.set(value, copy);
    for (const v of value) copy.add(deepClone(v, seen));
    return copy as T;
  }
  const copy: Record<string | symbol, unknown> = Array.isArray(value) ? ([] as never) : {};
  seen.set(value, copy);
  for (const key of Reflect.ownKeys(value)) copy[key] = deepClone((value as Record<string | symbol, unknown>)[key], seen);
  return copy as T;
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deepClone } from './subject';

test('copies nested structures independently', () => {
  const original = { a: [1, { b: 2 }], when: new Date(0), tags: new Set(['x']), map: new Map([['k', { v: 1 }]]) };
  const copy = deepClone(original);
  assert.deepEqual(copy, original);
  (copy.a[1] as { b: number }).b = 3;
  copy.map.get('k')!.v = 9;
  assert.equal((original.a[1] as { b: number }).b, 2);
  assert.equal(original.map.get('k')!.v, 1);
  assert.notEqual(copy.when, original.when);
});

test('keeps cycles', () => {
  const node: { self?: unknown } = {};
  node.self = node;
  const copy = deepClone(node);
  assert.equal(copy.self, copy);
});
`,
  }),
  js({
    id: 'js.deepEqual',
    entry: 'deepEqual',
    title: 'Deep equality of two values',
    description:
      'Compare two values structurally: nested objects and arrays equal when all their members are equal.',
    tags: ['deep', 'equal', 'equality', 'compare', 'structural', 'same', 'objects'],
    code: `/** Structural equality of JSON-like values (objects, arrays, primitives, Date). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every(
    (key) => Object.prototype.hasOwnProperty.call(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deepEqual } from './subject';

test('equal and unequal structures', () => {
  assert.equal(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }), true);
  assert.equal(deepEqual({ a: 1 }, { a: 1, b: undefined }), false);
  assert.equal(deepEqual([1, 2], { 0: 1, 1: 2 }), false);
  assert.equal(deepEqual(NaN, NaN), true);
  assert.equal(deepEqual(new Date(5), new Date(5)), true);
  assert.equal(deepEqual(null, {}), false);
});
`,
  }),
  js({
    id: 'js.chunk',
    entry: 'chunk',
    title: 'Split an array into chunks',
    description: 'Split an array into groups (batches, pages) of a given size.',
    tags: ['chunk', 'split', 'array', 'batch', 'groups', 'size', 'pages', 'partition'],
    code: `/** Splits \`items\` into consecutive chunks of \`size\` (the last may be shorter). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chunk } from './subject';

test('splits into chunks', () => {
  assert.deepEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
  assert.deepEqual(chunk([], 3), []);
  assert.throws(() => chunk([1], 0), RangeError);
});
`,
  }),
  js({
    id: 'js.groupBy',
    entry: 'groupBy',
    title: 'Group array items by a key',
    description: 'Group the items of an array into an object keyed by a property or a function of each item.',
    tags: ['group', 'groupby', 'array', 'key', 'category', 'bucket', 'aggregate'],
    code: `/** Groups items by the key \`keyOf\` returns, keeping their order within each group. */
export function groupBy<T, K extends PropertyKey>(items: readonly T[], keyOf: (item: T) => K): Record<K, T[]> {
  const groups = {} as Record<K, T[]>;
  for (const item of items) {
    const key = keyOf(item);
    (groups[key] ??= []).push(item);
  }
  return groups;
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupBy } from './subject';

test('groups by key in order', () => {
  const people = [{ name: 'a', team: 'x' }, { name: 'b', team: 'y' }, { name: 'c', team: 'x' }];
  assert.deepEqual(groupBy(people, (p) => p.team), {
    x: [people[0], people[2]],
    y: [people[1]],
  });
});
`,
  }),
  js({
    id: 'js.slugify',
    entry: 'slugify',
    title: 'Turn a title into a URL slug',
    description: 'Make a URL-friendly slug from text: lowercase, accents removed, words joined by hyphens.',
    tags: ['slug', 'slugify', 'url', 'permalink', 'hyphen', 'title', 'string'],
    code: `/** 'Héllo, World!' → 'hello-world'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\\u0300-\\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify } from './subject';

test('slugs', () => {
  assert.equal(slugify('Héllo, World!'), 'hello-world');
  assert.equal(slugify('  Many   spaces -- here '), 'many-spaces-here');
  assert.equal(slugify('!!!'), '');
});
`,
  }),
  js({
    id: 'js.titleCase',
    entry: 'toTitleCase',
    title: 'Capitalize each word (title case)',
    description: 'Capitalize the first letter of every word in a string.',
    tags: ['capitalize', 'title', 'case', 'uppercase', 'first letter', 'words', 'string'],
    code: `/** 'hello wide world' → 'Hello Wide World'. */
export function toTitleCase(text: string): string {
  return text.replace(/\\p{L}[\\p{L}']*/gu, (word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase());
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toTitleCase } from './subject';

test('capitalizes words', () => {
  assert.equal(toTitleCase('hello wide world'), 'Hello Wide World');
  assert.equal(toTitleCase("o'neil IS here"), "O'neil Is Here");
  assert.equal(toTitleCase(''), '');
});
`,
  }),
  js({
    id: 'js.camelCase',
    entry: 'toCamelCase',
    title: 'Convert to camelCase',
    description: 'Convert snake_case, kebab-case or spaced words into camelCase.',
    tags: ['camelcase', 'camel', 'case', 'convert', 'snake', 'kebab', 'identifier'],
    code: `/** 'user_first-name' → 'userFirstName'. */
export function toCamelCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
  return words
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join('');
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toCamelCase } from './subject';

test('converts', () => {
  assert.equal(toCamelCase('user_first-name'), 'userFirstName');
  assert.equal(toCamelCase('Hello World'), 'helloWorld');
  assert.equal(toCamelCase('XMLHttp request'), 'xmlhttpRequest');
});
`,
  }),
  js({
    id: 'js.uniqueBy',
    entry: 'uniqueBy',
    title: 'Remove duplicates from an array',
    description: 'Deduplicate array items by a key, keeping the first occurrence.',
    tags: ['unique', 'dedupe', 'duplicates', 'distinct', 'remove', 'array'],
    code: `/** The items whose key was not seen before, in order (the identity key by default). */
export function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => unknown = (item) => item): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { uniqueBy } from './subject';

test('keeps first occurrences', () => {
  assert.deepEqual(uniqueBy([3, 1, 3, 2, 1]), [3, 1, 2]);
  const rows = [{ id: 1, v: 'a' }, { id: 1, v: 'b' }, { id: 2, v: 'c' }];
  assert.deepEqual(uniqueBy(rows, (r) => r.id).map((r) => r.v), ['a', 'c']);
});
`,
  }),
  js({
    id: 'js.flatten',
    entry: 'flattenDeep',
    title: 'Flatten nested arrays',
    description: 'Flatten arbitrarily nested arrays into one flat array.',
    tags: ['flatten', 'nested', 'array', 'flat', 'deep'],
    code: `export type Nested<T> = T | Nested<T>[];

/** [1, [2, [3]]] → [1, 2, 3], iteratively (no recursion limit). */
export function flattenDeep<T>(items: Nested<T>[]): T[] {
  const out: T[] = [];
  const stack: Nested<T>[] = [...items].reverse();
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (Array.isArray(item)) for (let i = item.length - 1; i >= 0; i--) stack.push(item[i]!);
    else out.push(item);
  }
  return out;
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flattenDeep } from './subject';

test('flattens', () => {
  assert.deepEqual(flattenDeep([1, [2, [3, [4]]], 5]), [1, 2, 3, 4, 5]);
  assert.deepEqual(flattenDeep([]), []);
});
`,
  }),
  js({
    id: 'js.range',
    entry: 'range',
    title: 'Range of numbers',
    description: 'Create an array of numbers from start to end (exclusive) with a step.',
    tags: ['range', 'numbers', 'sequence', 'step', 'array', 'integers'],
    code: `/** range(3) → [0, 1, 2]; range(1, 10, 3) → [1, 4, 7]; a negative step counts down. */
export function range(start: number, end?: number, step = 1): number[] {
  if (end === undefined) [start, end] = [0, start];
  if (step === 0) throw new RangeError('step must not be 0');
  const out: number[] = [];
  for (let n = start; step > 0 ? n < end : n > end; n += step) out.push(n);
  return out;
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { range } from './subject';

test('ranges', () => {
  assert.deepEqual(range(3), [0, 1, 2]);
  assert.deepEqual(range(1, 10, 3), [1, 4, 7]);
  assert.deepEqual(range(3, 0, -1), [3, 2, 1]);
  assert.throws(() => range(0, 1, 0), RangeError);
});
`,
  }),
  js({
    id: 'js.pick',
    entry: 'pick',
    title: 'Pick keys from an object',
    description: 'Return a new object with only the chosen properties of an object (and omit for the rest).',
    tags: ['pick', 'omit', 'keys', 'properties', 'object', 'subset', 'select'],
    code: `/** A new object with only \`keys\` of \`source\` (keys it lacks are left out). */
export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (Object.prototype.hasOwnProperty.call(source, key)) out[key] = source[key];
  return out;
}

/** A new object without \`keys\`. */
export function omit<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Omit<T, K> {
  const out = { ...source };
  for (const key of keys) delete out[key];
  return out;
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pick, omit } from './subject';

test('pick and omit', () => {
  const user = { id: 1, name: 'Ada', password: 'x' };
  assert.deepEqual(pick(user, ['id', 'name']), { id: 1, name: 'Ada' });
  assert.deepEqual(omit(user, ['password']), { id: 1, name: 'Ada' });
  assert.deepEqual(user, { id: 1, name: 'Ada', password: 'x' });
});
`,
  }),
  js({
    id: 'js.formatBytes',
    entry: 'formatBytes',
    title: 'Format a byte count as a human-readable size',
    description: 'Format a number of bytes as KB, MB, GB with a chosen number of decimals.',
    tags: ['format', 'bytes', 'size', 'file size', 'kb', 'mb', 'human', 'readable'],
    code: `const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** 1536 → '1.5 KB' (binary units of 1024). */
export function formatBytes(bytes: number, decimals = 1): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError('bytes must be a non-negative number');
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return (unit === 0 ? String(value) : value.toFixed(decimals)) + ' ' + UNITS[unit];
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatBytes } from './subject';

test('formats', () => {
  assert.equal(formatBytes(0), '0 B');
  assert.equal(formatBytes(1536), '1.5 KB');
  assert.equal(formatBytes(5 * 1024 ** 3, 2), '5.00 GB');
  assert.throws(() => formatBytes(-1), RangeError);
});
`,
  }),
  js({
    id: 'js.parseQuery',
    entry: 'parseQueryString',
    title: 'Parse a URL query string',
    description: 'Parse a query string into an object; repeated keys become arrays.',
    tags: ['query', 'string', 'parse', 'url', 'parameters', 'search params', 'querystring'],
    code: `/** '?a=1&b=2&a=3' → { a: ['1', '3'], b: '2' }. */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(query.replace(/^\\?/, ''))) {
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseQueryString } from './subject';

test('parses', () => {
  assert.deepEqual(parseQueryString('?a=1&b=two%20words&a=3'), { a: ['1', '3'], b: 'two words' });
  assert.deepEqual(parseQueryString(''), {});
});
`,
  }),
  js({
    id: 'js.validateEmail',
    entry: 'isValidEmail',
    title: 'Validate an email address',
    description: 'Check whether a string is a plausible email address (local part, @, domain with a dot).',
    tags: ['email', 'validate', 'validation', 'address', 'check', 'form'],
    code: `// A practical check, not full RFC 5322: one @, no spaces, a dotted domain of valid labels.
const EMAIL = /^[^\\s@]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,}$/;

export function isValidEmail(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isValidEmail } from './subject';

test('accepts and refuses', () => {
  assert.equal(isValidEmail('ada@example.com'), true);
  assert.equal(isValidEmail('a.b+c@mail.example.org'), true);
  assert.equal(isValidEmail('no-at.example.com'), false);
  assert.equal(isValidEmail('two@@example.com'), false);
  assert.equal(isValidEmail('space @example.com'), false);
  assert.equal(isValidEmail('ada@localhost'), false);
});
`,
  }),
  js({
    id: 'js.memoize',
    entry: 'memoize',
    title: 'Memoize a function',
    description: 'Cache the results of a function by its arguments so repeated calls are not recomputed.',
    tags: ['memoize', 'cache', 'results', 'memo', 'remember', 'expensive'],
    code: `/** Caches results by a key of the arguments (JSON of them by default). */
export function memoize<A extends unknown[], R>(fn: (...args: A) => R, keyOf: (...args: A) => string = (...args) => JSON.stringify(args)) {
  const cache = new Map<string, R>();
  const memoized = (...args: A): R => {
    const key = keyOf(...args);
    if (!cache.has(key)) cache.set(key, fn(...args));
    return cache.get(key)!;
  };
  memoized.clear = (): void => cache.clear();
  return memoized;
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoize } from './subject';

test('computes once per arguments', () => {
  let calls = 0;
  const square = memoize((n: number) => {
    calls++;
    return n * n;
  });
  assert.equal(square(4), 16);
  assert.equal(square(4), 16);
  assert.equal(square(5), 25);
  assert.equal(calls, 2);
  square.clear();
  square(4);
  assert.equal(calls, 3);
});
`,
  }),
  js({
    id: 'js.truncate',
    entry: 'truncate',
    title: 'Truncate a string with an ellipsis',
    description:
      'Shorten text to a maximum length, ending with an ellipsis, without cutting a word when possible.',
    tags: ['truncate', 'shorten', 'ellipsis', 'string', 'text', 'length', 'excerpt'],
    code: `/** At most \`max\` characters, cut at a word boundary when one is near, ending with '…'. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max < 1) return '';
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).trimEnd() + '…';
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { truncate } from './subject';

test('truncates', () => {
  assert.equal(truncate('short', 10), 'short');
  assert.equal(truncate('the quick brown fox', 12), 'the quick…');
  assert.equal(truncate('abcdefghij', 5), 'abcd…');
  assert.ok(truncate('the quick brown fox', 12).length <= 12);
});
`,
  }),
  js({
    id: 'js.clamp',
    entry: 'clamp',
    title: 'Clamp a number to a range',
    description: 'Limit a number to lie between a minimum and a maximum.',
    tags: ['clamp', 'limit', 'bound', 'range', 'min', 'max', 'number'],
    code: `/** value limited to [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  if (min > max) throw new RangeError('min must not exceed max');
  return Math.min(max, Math.max(min, value));
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clamp } from './subject';

test('clamps', () => {
  assert.equal(clamp(5, 0, 10), 5);
  assert.equal(clamp(-1, 0, 10), 0);
  assert.equal(clamp(11, 0, 10), 10);
  assert.throws(() => clamp(1, 2, 1), RangeError);
});
`,
  }),
  js({
    id: 'js.escapeHtml',
    entry: 'escapeHtml',
    title: 'Escape HTML special characters',
    description: 'Escape &, <, >, quotes in text before inserting it into HTML to prevent XSS.',
    tags: ['escape', 'html', 'xss', 'sanitize', 'entities', 'special characters'],
    code: `const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe to place in HTML element content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml } from './subject';

test('escapes', () => {
  assert.equal(escapeHtml('<a href="x">Tom & Jerry\\'s</a>'), '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  assert.equal(escapeHtml('plain'), 'plain');
});
`,
  }),
  js({
    id: 'js.parseCsv',
    entry: 'parseCsv',
    title: 'Parse CSV text',
    description: 'Parse CSV text with quoted fields into rows, or into objects keyed by the header row.',
    tags: ['csv', 'parse', 'comma', 'rows', 'columns', 'header', 'spreadsheet'],
    code: `/** Rows of fields; quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') row.push(field), (field = '');
    else if (ch === '\\n' || ch === '\\r') {
      if (ch === '\\r' && text[i + 1] === '\\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += ch;
  }
  if (field !== '' || row.length > 0) row.push(field), rows.push(row);
  return rows;
}

/** Objects keyed by the first row. */
export function parseCsvObjects(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}
`,
    tests: `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv, parseCsvObjects } from './subject';

test('parses quoted fields', () => {
  assert.deepEqual(parseCsv('a,b\\r\\n"x, y","say ""hi"""\\n'), [['a', 'b'], ['x, y', 'say "hi"']]);
});

test('objects from the header', () => {
  assert.deepEqual(parseCsvObjects('name,age\\nAda,36\\nAlan'), [{ name: 'Ada', age: '36' }, { name: 'Alan', age: '' }]);
});
`,
  }),
];
