// The shape of a builtin recipe. JS/TS recipes are written in TypeScript (JavaScript answers strip
// the types with the TypeScript compiler); their tests use node:test and import from './subject',
// which an answer renames to the file the code would live in. Python tests use unittest and import
// from `subject` likewise. Every recipe's tests run in this project's own test suite
// (test/server/engine/generate/recipes.test.ts), so no recipe ships untested.

export type RecipeFamily = 'js' | 'python';

/** The kinds of unit a recipe (or a scaffold) is. */
export type UnitKind = 'function' | 'class' | 'route' | 'component' | 'cli' | 'hook' | 'middleware';

export type RecipeFramework = 'express' | 'fastify' | 'react' | 'vue';

export interface Recipe {
  /** Stable id, e.g. `js.debounce`. */
  id: string;
  family: RecipeFamily;
  kind: UnitKind;
  framework?: RecipeFramework;
  /** The identifier a name from the prompt replaces (in code and tests alike). */
  entry: string;
  title: string;
  description: string;
  tags: string[];
  /** TSX for React components (the file is then .tsx/.jsx). */
  jsx?: boolean;
  code: string;
  tests: string;
}
