// Exact statement and branch coverage the way nyc measures it: istanbul instruments the original
// source (so counts refer to its statements, not to lines, comments or transpiled helpers), then the
// TypeScript compiler turns the instrumented code into CommonJS the sandbox can `require`.
import {
  createCoverageMap,
  createFileCoverage,
  type CoverageMapData,
  type FileCoverageData,
} from 'istanbul-lib-coverage';
import { createInstrumenter } from 'istanbul-lib-instrument';
import ts from 'typescript';
import type { LanguageId } from '../../languages';

export const COVERAGE_VARIABLE = '__codewright_coverage__';

export interface PreparedModule {
  /** CommonJS code with coverage counters, ready to write beside the tests. */
  runnable: string;
  /** The empty coverage object: every statement and branch arm the source has. */
  initial: FileCoverageData;
}

export function prepareModule(code: string, language: LanguageId, fileKey: string): PreparedModule {
  const typed = language === 'typescript' || language === 'typescriptreact';
  const jsx = language === 'javascriptreact' || language === 'typescriptreact';
  const instrumenter = createInstrumenter({
    coverageVariable: COVERAGE_VARIABLE,
    esModules: true,
    compact: false,
    produceSourceMap: false,
    parserPlugins: [
      ...(typed ? ['typescript'] : []),
      ...(jsx || !typed ? ['jsx'] : []),
      'classProperties',
      'topLevelAwait',
    ],
  });
  const instrumented = instrumenter.instrumentSync(code, fileKey);
  const initial = instrumenter.lastFileCoverage() as FileCoverageData;
  const runnable = ts.transpileModule(instrumented, {
    fileName: typed ? (jsx ? 'module.tsx' : 'module.ts') : jsx ? 'module.jsx' : 'module.js',
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      jsx: ts.JsxEmit.React,
      allowJs: true,
    },
  }).outputText;
  return { runnable, initial };
}

export interface CoverageFigures {
  statements: { covered: number; total: number; pct: number };
  branches: { covered: number; total: number; pct: number };
}

/** Statement and branch figures of one file's coverage data. No statements counts as fully covered. */
export function figuresOf(data: FileCoverageData): CoverageFigures {
  const summary = createFileCoverage(data).toSummary();
  const pick = (m: { covered: number; total: number }): { covered: number; total: number; pct: number } => ({
    covered: m.covered,
    total: m.total,
    pct: m.total === 0 ? 100 : Math.round((1000 * m.covered) / m.total) / 10,
  });
  return { statements: pick(summary.statements), branches: pick(summary.branches) };
}

/** The figures reached by a set of hit keys (`s3`, `b2.1`) from the harness. */
export function figuresOfHits(initial: FileCoverageData, hits: Set<string>): CoverageFigures {
  const data = structuredClone(initial);
  for (const key of Object.keys(data.s)) data.s[key] = hits.has(`s${key}`) ? 1 : 0;
  for (const key of Object.keys(data.b))
    data.b[key] = data.b[key]!.map((_, i) => (hits.has(`b${key}.${i}`) ? 1 : 0));
  return figuresOf(data);
}

/** One file's data out of the coverage variable a test run dumped, merged over several runs. */
export function fileCoverageFrom(dumps: CoverageMapData[], fileKey: string): FileCoverageData | undefined {
  const map = createCoverageMap();
  for (const dump of dumps) map.merge(dump);
  return map.files().includes(fileKey) ? map.fileCoverageFor(fileKey).data : undefined;
}
