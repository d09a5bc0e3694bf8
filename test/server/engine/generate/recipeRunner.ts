// Runs recipes' own tests for real: JS/TS recipes transpiled to CommonJS and run with `node --test`
// (react, vue, express and fastify resolved from this repo's node_modules), Python recipes with
// `python3 -m unittest`. Returns the failures with their output, so a failing recipe names itself.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import type { Recipe } from '../../../../server/src/engine/generate/recipes/recipe';

const NODE_MODULES = resolve(__dirname, '../../../../node_modules');

function toCommonJs(source: string, jsx: boolean, name: string): string {
  return ts.transpileModule(source, {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      jsx: jsx ? ts.JsxEmit.ReactJSX : undefined,
      esModuleInterop: true,
    },
    fileName: jsx ? `${name}.tsx` : `${name}.ts`,
  }).outputText;
}

export interface RecipeFailure {
  id: string;
  output: string;
}

export function runJsRecipes(recipes: readonly Recipe[]): RecipeFailure[] {
  const root = mkdtempSync(join(tmpdir(), 'cw-recipes-'));
  try {
    const failures: RecipeFailure[] = [];
    for (const recipe of recipes) {
      const dir = join(root, recipe.id);
      mkdirSync(dir);
      writeFileSync(join(dir, 'subject.js'), toCommonJs(recipe.code, Boolean(recipe.jsx), 'subject'));
      writeFileSync(
        join(dir, 'subject.test.js'),
        toCommonJs(recipe.tests, Boolean(recipe.jsx), 'subject.test'),
      );
      const run = spawnSync(process.execPath, ['--test', join(dir, 'subject.test.js')], {
        cwd: dir,
        env: { ...process.env, NODE_PATH: NODE_MODULES, NODE_OPTIONS: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      if (run.status !== 0)
        failures.push({ id: recipe.id, output: `${run.stdout}\n${run.stderr}`.slice(-3000) });
    }
    return failures;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export function runPythonRecipes(recipes: readonly Recipe[]): RecipeFailure[] {
  const root = mkdtempSync(join(tmpdir(), 'cw-recipes-py-'));
  try {
    const failures: RecipeFailure[] = [];
    for (const recipe of recipes) {
      const dir = join(root, recipe.id.replace(/\W/g, '_'));
      mkdirSync(dir);
      writeFileSync(join(dir, 'subject.py'), recipe.code);
      writeFileSync(join(dir, 'test_subject.py'), recipe.tests);
      const run = spawnSync('python3', ['-m', 'unittest', '-q', 'test_subject'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
      });
      if (run.status !== 0)
        failures.push({ id: recipe.id, output: `${run.stdout}\n${run.stderr}`.slice(-3000) });
    }
    return failures;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export function pythonAvailable(): boolean {
  return spawnSync('python3', ['--version']).status === 0;
}
