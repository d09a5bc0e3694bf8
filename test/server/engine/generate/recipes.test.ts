// Every builtin recipe ships with tests; here they run for real (node --test / python3 -m unittest).
import assert from 'node:assert/strict';
import { RECIPES } from '../../../../server/src/engine/generate/recipes';
import { pythonAvailable, runJsRecipes, runPythonRecipes } from './recipeRunner';

describe('generate: the builtin recipe library', function () {
  this.timeout(300_000);

  it('holds at least 80 recipes with unique ids, across JS/TS and Python', () => {
    assert.ok(RECIPES.length >= 80, `${RECIPES.length} recipes`);
    assert.equal(new Set(RECIPES.map((r) => r.id)).size, RECIPES.length);
    const js = RECIPES.filter((r) => r.family === 'js');
    assert.ok(RECIPES.filter((r) => r.family === 'python').length >= 20);
    for (const framework of ['express', 'fastify', 'react', 'vue'] as const) {
      assert.ok(
        js.some((r) => r.framework === framework),
        framework,
      );
    }
    assert.ok(js.some((r) => r.kind === 'cli'));
    for (const recipe of RECIPES) {
      assert.match(
        recipe.code,
        new RegExp(`\\b${recipe.entry.replace('$', '\\$')}\\b`),
        `${recipe.id} defines its entry`,
      );
      assert.match(
        recipe.tests,
        recipe.family === 'python' ? /^from subject import/m : /from '\.\/subject'/,
        recipe.id,
      );
    }
  });

  it("passes every JS/TS recipe's own tests", () => {
    const failures = runJsRecipes(RECIPES.filter((r) => r.family === 'js'));
    assert.deepEqual(
      failures.map((f) => f.id),
      [],
      failures.map((f) => `${f.id}:\n${f.output}`).join('\n\n'),
    );
  });

  it("passes every Python recipe's own tests", function () {
    if (!pythonAvailable()) this.skip();
    const failures = runPythonRecipes(RECIPES.filter((r) => r.family === 'python'));
    assert.deepEqual(
      failures.map((f) => f.id),
      [],
      failures.map((f) => `${f.id}:\n${f.output}`).join('\n\n'),
    );
  });
});
