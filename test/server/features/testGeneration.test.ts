import assert from 'node:assert/strict';
import { join } from 'node:path';
import { planTests } from '../../../server/src/features/testGeneration';

const root = join('/', 'work', 'project');
const existing =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('features/testGeneration planTests', () => {
  it("puts tests in the project's test folder, mirroring folders below src/", () => {
    const plan = planTests(join(root, 'src', 'util', 'slug.js'), [root], existing(join(root, 'test')));
    assert.equal(plan.testPath, join(root, 'test', 'util', 'slug.test.js'));
    assert.equal(plan.modulePath, '../../src/util/slug.js');
    assert.equal(plan.framework, 'node:test');
  });

  it('falls back to beside the source, and drops the extension for TypeScript imports', () => {
    const plan = planTests(join(root, 'lib', 'parse.ts'), [root], existing());
    assert.equal(plan.testPath, join(root, 'lib', 'parse.test.ts'));
    assert.equal(plan.modulePath, './parse');
  });

  it('uses __tests__ or tests when that is what the project has', () => {
    const plan = planTests(join(root, 'index.js'), [root], existing(join(root, '__tests__')));
    assert.equal(plan.testPath, join(root, '__tests__', 'index.test.js'));
    assert.equal(plan.modulePath, '../index.js');
  });
});
