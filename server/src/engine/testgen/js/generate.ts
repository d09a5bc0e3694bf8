// Test generation for JavaScript and TypeScript: find the exported callables, try calls in the
// sandbox, keep the calls that reach new statements or branch arms (or show a new behaviour), write
// them as exact assertions, run the suite twice with the framework, drop what fails or flickers, and
// report the coverage the final suite measured.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { CodewrightError, invalidField } from '../../errors';
import type { LanguageId } from '../../languages';
import { buildCases } from '../cases';
import type { CallableInfo, CaseSpec, ParamInfo } from '../model';
import { makeWorkFolder, removeWorkFolder } from '../sandbox';
import { renderJs } from '../values';
import { emitSuite, type JsFramework, type ObservedCase } from './emit';
import {
  figuresOf,
  figuresOfHits,
  fileCoverageFrom,
  prepareModule,
  type CoverageFigures,
} from './instrument';
import { observe } from './observe';
import { selectCases } from './select';
import { staticSuite } from './staticSuite';
import { findTargets, type ModuleShape } from './targets';
import { frameworkAvailable, runSuite } from './verify';

export interface JsTestRequest {
  code: string;
  language: LanguageId;
  framework: JsFramework;
  coverageTarget: number;
  edgeCases: boolean;
  modulePath: string;
  execute: boolean;
  signal?: AbortSignal;
}

export interface JsTestResult {
  testCode: string;
  cases: ObservedCase[];
  /** Cases built for each target (for the response's `targets`). */
  targets: CallableInfo[];
  figures: CoverageFigures;
  measured: boolean;
  method: string;
  verifiedRuns: number;
  dropped: number;
  notes: string[];
  format: 'esm' | 'cjs';
}

const MODULE_KEY = 'module-under-test';

export function parseModule(code: string, language: LanguageId): ts.SourceFile {
  const typed = language === 'typescript' || language === 'typescriptreact';
  const jsx = language === 'javascriptreact' || language === 'typescriptreact';
  const fileName = `module.${typed ? 'ts' : 'js'}${jsx ? 'x' : ''}`;
  const check = ts.transpileModule(code, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: { allowJs: true },
  });
  const error = check.diagnostics?.find((d) => d.category === ts.DiagnosticCategory.Error);
  if (error) {
    const where =
      error.file && error.start !== undefined
        ? error.file.getLineAndCharacterOfPosition(error.start)
        : undefined;
    const message = ts.flattenDiagnosticMessageText(error.messageText, '\n');
    throw invalidField(
      'source_code',
      `syntax error${where ? ` at line ${where.line + 1}, column ${where.character + 1}` : ''}: ${message}`,
    );
  }
  const kind = typed
    ? jsx
      ? ts.ScriptKind.TSX
      : ts.ScriptKind.TS
    : jsx
      ? ts.ScriptKind.JSX
      : ts.ScriptKind.JS;
  return ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
}

export async function generateJsTests(request: JsTestRequest): Promise<JsTestResult> {
  const sf = parseModule(request.code, request.language);
  const shape = findTargets(sf);
  const prepared = prepareModule(request.code, request.language, MODULE_KEY);
  const folder = request.execute ? makeWorkFolder() : undefined;
  try {
    if (shape.targets.length === 0 && folder)
      shape.targets = await discoverTargets(folder, prepared.runnable, shape.literals, request.signal);
    return await generateIn(folder, request, shape, prepared);
  } finally {
    if (folder) removeWorkFolder(folder);
  }
}

async function generateIn(
  folder: string | undefined,
  request: JsTestRequest,
  shape: ModuleShape,
  prepared: ReturnType<typeof prepareModule>,
): Promise<JsTestResult> {
  if (shape.targets.length === 0) {
    throw new CodewrightError(
      'UNPROCESSABLE',
      'The code exports no function, class or method to test (ES `export` or CommonJS `module.exports`)',
      { field: 'source_code', issue: 'nothing exported' },
    );
  }
  const style = request.language.startsWith('typescript') || shape.format === 'esm' ? 'esm' : 'cjs';
  const typed = request.language === 'typescript' || request.language === 'typescriptreact';
  const emitOptions = { framework: request.framework, style, modulePath: request.modulePath, typed } as const;
  if (!folder) return staticSuite(shape.targets, prepared.initial, emitOptions, shape.format);
  return executeAndSelect(request, shape.targets, prepared, folder, emitOptions, shape.format);
}

/**
 * Exports the syntax does not show (a UMD wrapper, `Object.assign(module.exports, ...)`) are found by
 * loading the module in the sandbox; their parameters are then known only by count.
 */
async function discoverTargets(
  folder: string,
  runnable: string,
  literals: string[],
  signal?: AbortSignal,
): Promise<CallableInfo[]> {
  const moduleFile = join(folder, 'module-under-test.cjs');
  writeFileSync(moduleFile, runnable);
  const seen = await observe(folder, moduleFile, MODULE_KEY, [], signal);
  if (seen.loadError) return [];
  const params = (n: number): ParamInfo[] =>
    Array.from({ length: n }, (_, i) => ({
      name: `arg${i}`,
      optional: false,
      rest: false,
      properties: [],
      typeofChecks: [],
    }));
  const found: CallableInfo[] = [];
  const base = { kind: 'function' as const, async: false, literals, line: 1 };
  if (seen.exported && seen.exported.arity >= 0)
    found.push({ ...base, name: '(module)', access: [], params: params(seen.exported.arity) });
  for (const [name, arity] of seen.exported?.functions ?? [])
    found.push({ ...base, name, access: [name], params: params(arity) });
  return found;
}

async function executeAndSelect(
  request: JsTestRequest,
  targets: CallableInfo[],
  prepared: ReturnType<typeof prepareModule>,
  folder: string,
  emitOptions: Parameters<typeof emitSuite>[1],
  format: 'esm' | 'cjs',
): Promise<JsTestResult> {
  const moduleFile = join(folder, 'module-under-test.cjs');
  writeFileSync(moduleFile, prepared.runnable);
  const builder = { render: renderJs, undefinedSource: 'undefined' };
  const notes: string[] = [];
  let chosen: ObservedCase[] = [];
  const hits = new Set<string>();
  const loadHits: string[] = [];
  let nextId = 1;
  for (const round of [1, 2] as const) {
    const cases = buildCases(targets, round, request.edgeCases, builder, nextId);
    nextId += cases.length;
    const first = await observe(folder, moduleFile, MODULE_KEY, cases, request.signal);
    if (first.loadError) {
      throw new CodewrightError(
        'UNPROCESSABLE',
        `The module throws while loading: ${first.loadError.name}: ${first.loadError.message}`,
        { field: 'source_code', issue: 'throws at import' },
      );
    }
    for (const key of first.loadHits) hits.add(key);
    loadHits.push(...first.loadHits);
    notes.push(...timeoutNotes(cases, first.timedOut), ...first.crashes.map((c) => `Left out: ${c}`));
    const picked = selectCases(cases, first.results, hits, chosen, request.edgeCases);
    // Observe the picked calls again in a fresh process: a different result means the behaviour
    // depends on time, randomness or order, so no exact assertion can hold.
    const again = await observe(
      folder,
      moduleFile,
      MODULE_KEY,
      picked.map((p) => p.spec),
      request.signal,
    );
    for (const item of picked) {
      const second = again.results.get(item.spec.id);
      if (second && JSON.stringify(second.outcome) === JSON.stringify(item.outcome)) {
        chosen.push(item);
        for (const key of item.hits) hits.add(key);
      }
    }
    const reached = figuresOfHits(prepared.initial, hits);
    if (reached.statements.pct >= request.coverageTarget && reached.branches.pct >= request.coverageTarget)
      break;
    if (round === 2) notes.push(coverageGapNote(reached, request.coverageTarget));
  }
  chosen.sort((a, b) => a.spec.id - b.spec.id);
  notes.push(...refusalNotes(chosen));
  const before = chosen.length;
  const verified = await verifyWithFramework(request, chosen, prepared.runnable, folder, emitOptions, notes);
  chosen = verified.cases;
  const estimate = figuresOfHits(prepared.initial, new Set([...loadHits, ...chosen.flatMap((c) => c.hits)]));
  return {
    testCode: emitSuite(chosen, emitOptions, request.modulePath),
    cases: chosen,
    targets,
    figures: verified.figures ?? estimate,
    measured: true,
    method: verified.figures
      ? `istanbul statement and branch counters, measured while ${request.framework} ran the final suite`
      : 'istanbul statement and branch counters, measured while the sandbox harness ran each kept call',
    verifiedRuns: verified.runs,
    dropped: before - chosen.length,
    notes,
    format,
  };
}

/** Runs the suite twice; a test failing in either run is dropped and the rest run twice again. */
async function verifyWithFramework(
  request: JsTestRequest,
  cases: ObservedCase[],
  runnable: string,
  folder: string,
  emitOptions: Parameters<typeof emitSuite>[1],
  notes: string[],
): Promise<{ cases: ObservedCase[]; figures?: CoverageFigures; runs: number }> {
  if (!frameworkAvailable(request.framework)) {
    notes.push(
      `${request.framework} is not installed where the engine runs, so the suite was not run with it; every kept call was observed twice by the sandbox harness instead.`,
    );
    return { cases, runs: 0 };
  }
  let current = cases;
  for (let attempt = 0; attempt < 3 && current.length > 0; attempt++) {
    const code = emitSuite(current, emitOptions, request.modulePath);
    const runs: Awaited<ReturnType<typeof runSuite>>[] = [];
    for (let i = 0; i < 2; i++) {
      const run = await runSuite(
        folder,
        request.framework,
        code,
        request.modulePath,
        runnable,
        request.signal,
      );
      runs.push(run);
      // A run that was killed or did not load says all there is to say; a second would only wait again.
      if (run.problem && run.failed.size === 0) break;
    }
    const problem = runs.find((r) => r.problem)?.problem;
    const failed = new Set(runs.flatMap((r) => [...r.failed.keys()]));
    const missing = current.filter(
      (c) => !runs.every((r) => r.passed.has(c.spec.id)) && !failed.has(c.spec.id),
    );
    if (problem && failed.size === 0) {
      notes.push(
        `The ${request.framework} run did not complete (${problem}); coverage comes from the sandbox harness.`,
      );
      return { cases: current, runs: 0 };
    }
    if (failed.size === 0 && missing.length === 0) {
      const data = fileCoverageFrom(
        runs.map((r) => r.coverage ?? {}),
        MODULE_KEY,
      );
      return { cases: current, figures: data ? figuresOf(data) : undefined, runs: 2 };
    }
    for (const id of failed)
      notes.push(
        `Dropped test #${id}: it failed under ${request.framework} (${runs
          .find((r) => r.failed.has(id))
          ?.failed.get(id)
          ?.slice(0, 120)}).`,
      );
    current = current.filter((c) => !failed.has(c.spec.id) && !missing.includes(c));
  }
  return { cases: current, runs: 0 };
}

/** Calls the sandbox refused (file access outside the work folder, network): reported, and asserted. */
function refusalNotes(chosen: ObservedCase[]): string[] {
  const refused = new Set<string>();
  for (const item of chosen) {
    const o = item.outcome;
    if (o.kind !== 'throw') continue;
    if (/refused by the Codewright sandbox/.test(o.message))
      refused.add(`${item.spec.target.name}: network access refused`);
    else if (/Access to this API has been restricted|ERR_ACCESS_DENIED/.test(o.message))
      refused.add(`${item.spec.target.name}: file or process access refused by the permission model`);
  }
  return [...refused].map(
    (r) =>
      `Sandbox refusal (the tests assert it; outside the sandbox the call may behave differently): ${r}.`,
  );
}

function timeoutNotes(cases: CaseSpec[], timedOut: number[]): string[] {
  return timedOut.map((id) => {
    const spec = cases.find((c) => c.id === id);
    return `Call ${spec ? `${spec.target.name}(${spec.args.join(', ')})` : `#${id}`} did not finish within the time limit; the sandbox killed it and no test asserts it.`;
  });
}

function coverageGapNote(reached: CoverageFigures, target: number): string {
  return `Coverage target ${target}% not reached (statements ${reached.statements.pct}%, branches ${reached.branches.pct}%): no further generated input reached a new statement or branch arm.`;
}
