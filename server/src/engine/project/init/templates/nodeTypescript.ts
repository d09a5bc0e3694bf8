// node-typescript: a TypeScript library (ES modules) with one documented function and its test.
import type { Template } from '../model';
import { nodeProject } from '../nodeProject';

const INDEX = `/** Splits \`items\` into consecutive groups of \`size\` items (the last one may be shorter). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    groups.push(items.slice(start, start + size));
  }
  return groups;
}
`;

const TEST = `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunk } from '../src/index.js';

test('chunk splits into groups of the given size', () => {
  assert.deepEqual(chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5]]);
});

test('chunk of an empty list is empty', () => {
  assert.deepEqual(chunk([], 3), []);
});

test('chunk refuses a size below 1', () => {
  assert.throws(() => chunk([1], 0), RangeError);
});
`;

export const nodeTypescript: Template = {
  id: 'node-typescript',
  description: 'A TypeScript library published as ES modules with type declarations.',
  scaffold: (name, options) =>
    nodeProject({
      name,
      options,
      description: 'A TypeScript library.',
      sources: { 'src/index.ts': INDEX },
      tests: { 'test/index.test.ts': TEST },
      manifest: {
        type: 'module',
        main: 'dist/src/index.js',
        types: 'dist/src/index.d.ts',
        files: ['dist/src'],
      },
      testRunner: 'node',
      readmeUsage: `\`\`\`ts\nimport { chunk } from '${name}';\n\nchunk([1, 2, 3], 2); // [[1, 2], [3]]\n\`\`\``,
    }),
};
