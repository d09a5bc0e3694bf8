// Every builtin recipe. Ids are unique (a test holds this).
import { JS_ASYNC } from './jsAsync';
import { JS_CLI } from './jsCli';
import { JS_DATA_STRUCTURES } from './jsDataStructures';
import { JS_SERVER } from './jsServer';
import { JS_UI } from './jsUi';
import { JS_UTILITIES } from './jsUtilities';
import { PYTHON_DATA_STRUCTURES } from './pythonDataStructures';
import { PYTHON_UTILITIES } from './pythonUtilities';
import type { Recipe } from './recipe';

export const RECIPES: readonly Recipe[] = [
  ...JS_UTILITIES,
  ...JS_DATA_STRUCTURES,
  ...JS_ASYNC,
  ...JS_SERVER,
  ...JS_UI,
  ...JS_CLI,
  ...PYTHON_UTILITIES,
  ...PYTHON_DATA_STRUCTURES,
];

export type { Recipe, RecipeFamily, RecipeFramework, UnitKind } from './recipe';
