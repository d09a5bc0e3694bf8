// ESLint configs normalized once per worker instead of once per file. `Linter#verify` given a plain
// config array builds and validates a new config array on every call (a few milliseconds: more than
// linting a small module takes). ESLint's public `ESLint` class keeps its config array, and its
// `calculateConfigForFile` answers the finalized config for a file; `Linter#verify` takes an array
// with a `getConfig(filename)` method as already normalized (what the `ESLint` class itself passes
// it). The normalization is asynchronous, so it is prepared before the synchronous, time-guarded lint.
import type { ESLint, Linter } from 'eslint';

const normalized = new WeakMap<Linter.Config[], Linter.Config[]>();
const pending = new WeakMap<Linter.Config[], Promise<void>>();

/** The normalized form of `config` for `filename`, once `prepareNormalized` has finished; else `config`. */
export function normalizedOrPlain(config: Linter.Config[]): Linter.Config[] {
  return normalized.get(config) ?? config;
}

/**
 * Normalizes `config` for `filename` once (later calls wait for the same work). A config ESLint
 * refuses is left plain, so that `verify` reports the problem as it would have.
 */
export function prepareNormalized(config: Linter.Config[], filename: string): Promise<void> {
  if (normalized.has(config)) return Promise.resolve();
  let work = pending.get(config);
  if (!work) {
    work = normalize(config, filename).then(
      (result) => {
        if (result) normalized.set(config, result);
      },
      () => undefined,
    );
    pending.set(config, work);
  }
  return work;
}

async function normalize(config: Linter.Config[], filename: string): Promise<Linter.Config[] | undefined> {
  // Loaded on first use: the class brings ESLint's file-system side, which nothing else needs.
  const { ESLint: ESLintClass } = require('eslint') as { ESLint: typeof ESLint };
  // No config file is looked up (`overrideConfigFile: true`): the array is exactly `config`,
  // after ESLint's defaults, as `Linter#verify` would build it.
  const eslint = new ESLintClass({ overrideConfigFile: true, overrideConfig: config, cwd: '/' });
  const finalized = (await eslint.calculateConfigForFile(filename)) as Linter.Config | undefined;
  if (!finalized) return undefined;
  return Object.assign([finalized], { getConfig: () => finalized });
}
