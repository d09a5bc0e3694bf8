// Python test generation: find the public functions, classes and methods with tree-sitter, try calls
// built from hints, defaults, literals, branch conditions and docstring examples in a sandboxed
// interpreter, keep the calls that reach new lines or arcs (or show a new behaviour), write them as
// exact pytest/unittest assertions, run the suite twice under coverage.py, drop what fails or
// flickers, and report the coverage the final run measured.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestGenOutput } from '../../contracts/tests';
import { CodewrightError, invalidField } from '../../errors';
import { buildCases } from '../cases';
import { selectCases } from '../js/select';
import type { CallableInfo, CaseSpec } from '../model';
import { makeWorkFolder, removeWorkFolder } from '../sandbox';
import { renderPy } from '../values';
import { emitPySuite, type PyFramework, type PyObservedCase } from './emit';
import { findPython, type PythonInfo } from './interpreter';
import { observePython } from './observe';
import { staticPySuite } from './staticSuite';
import { analysePython, type PyModuleShape } from './targets';
import { verifyPython } from './verify';

export interface PyTestRequest {
  code: string;
  framework: PyFramework;
  coverageTarget: number;
  edgeCases: boolean;
  modulePath: string;
  execute: boolean;
  signal?: AbortSignal;
}

const MAX_TARGETS = 100;
const REFUSED = /refused by the Codewright sandbox/;

/** `./lib/slugify` or `./slugify.py` gives `slugify`; it must be an importable name. */
export function moduleNameOf(modulePath: string): string {
  const name = modulePath.split('/').pop()!.replace(/\.py$/, '');
  if (!/^[A-Za-z_]\w*$/.test(name))
    throw invalidField('module_path', `its last segment must be a Python module name (got ${name})`);
  return name;
}

export async function generatePythonTests(request: PyTestRequest): Promise<TestGenOutput> {
  const moduleName = moduleNameOf(request.modulePath);
  const shape = await analysePython(request.code, moduleName);
  if (shape.targets.length === 0) {
    throw new CodewrightError(
      'UNPROCESSABLE',
      'The module defines no public function, class or method to test',
      {
        field: 'source_code',
        issue: 'nothing public',
      },
    );
  }
  const notes: string[] = [];
  if (shape.properties.length > 0)
    notes.push(`Properties are read, not called, and get no tests: ${shape.properties.join(', ')}.`);
  if (shape.targets.length > MAX_TARGETS) {
    notes.push(
      `Only the first ${MAX_TARGETS} of ${shape.targets.length} functions, classes and methods are tested.`,
    );
    shape.targets = shape.targets.slice(0, MAX_TARGETS);
  }
  const python = request.execute ? findPython() : undefined;
  if (!request.execute || !python) {
    notes.push(
      request.execute
        ? 'No Python 3.8+ interpreter was found (python3, /usr/bin/python3, python, or CODEWRIGHT_PYTHON), so nothing ran: the tests check only that each function and class exists, and the coverage is a static estimate.'
        : 'code_execution is disabled in the configuration: the code was not run, so the tests check only that each function and class exists, and the coverage is a static estimate. Enable the code_execution tool for characterization tests with measured coverage.',
    );
    return staticPySuite(shape, request.framework, moduleName, request.modulePath, notes);
  }
  const folder = makeWorkFolder();
  try {
    writeFileSync(join(folder, `${moduleName}.py`), request.code);
    return await executeAndSelect(request, shape, python, folder, moduleName, notes);
  } finally {
    removeWorkFolder(folder);
  }
}

/** Keyword-only parameters are passed by name. */
function withKeywords(spec: CaseSpec): CaseSpec {
  const name = (params: CallableInfo['params'], args: string[]): string[] =>
    args.map((a, i) => (params[i]?.keywordOnly ? `${params[i]!.name}=${a}` : a));
  return {
    ...spec,
    args: name(spec.target.params, spec.args),
    ctorArgs: spec.ctorArgs && name(spec.target.owner?.params ?? [], spec.ctorArgs),
  };
}

function doctestCases(shape: PyModuleShape, firstId: number): CaseSpec[] {
  let id = firstId;
  return shape.targets.flatMap((target) =>
    (shape.doctests.get(target.name) ?? []).map((args) => ({ id: id++, target, args: [args], edge: false })),
  );
}

async function executeAndSelect(
  request: PyTestRequest,
  shape: PyModuleShape,
  python: PythonInfo,
  folder: string,
  moduleName: string,
  notes: string[],
): Promise<TestGenOutput> {
  const builder = { render: renderPy, undefinedSource: 'None' };
  let chosen: PyObservedCase[] = [];
  const hits = new Set<string>();
  let executable: number[] = [];
  const loadHits: string[] = [];
  let nextId = 1;
  const refused = new Map<string, string>();
  // Why a target's calls could not become tests, for targets that end up with none.
  const why = new Map<string, Set<string>>();
  const because = (name: string, reason: string): void => {
    why.set(name, (why.get(name) ?? new Set()).add(reason));
  };
  for (const round of [1, 2] as const) {
    const doctests = round === 1 ? doctestCases(shape, nextId) : [];
    nextId += doctests.length;
    const built = buildCases(shape.targets, round, request.edgeCases, builder, nextId).map(withKeywords);
    nextId += built.length;
    const cases = [...doctests, ...built];
    const first = await observePython(python.executable, folder, moduleName, cases, request.signal);
    if (first.loadKilled)
      throw new CodewrightError('UNPROCESSABLE', `The module did not finish loading: ${first.loadKilled}`, {
        field: 'source_code',
        issue: 'import never completes',
      });
    if (first.loadError)
      throw new CodewrightError(
        'UNPROCESSABLE',
        `The module throws while loading: ${first.loadError.name}: ${first.loadError.message}`,
        { field: 'source_code', issue: 'throws at import' },
      );
    executable = first.executable;
    for (const key of first.loadHits) hits.add(key);
    loadHits.push(...first.loadHits);
    notes.push(
      ...timeoutNotes(cases, first.timedOut, moduleName),
      ...first.crashes.map((c) => `Left out: ${c}`),
    );
    for (const id of first.timedOut)
      because(
        cases.find((c) => c.id === id)?.target.name ?? '',
        'a call did not finish within the time limit',
      );
    for (const [id, result] of first.results)
      if (result.outcome.kind === 'crash')
        because(cases.find((c) => c.id === id)?.target.name ?? '', result.outcome.reason);
    // A call the sandbox refused would behave differently outside it: reported, never asserted.
    for (const [id, result] of first.results) {
      const o = result.outcome;
      if (o.kind === 'throw' && REFUSED.test(o.message)) {
        const spec = cases.find((c) => c.id === id)!;
        if (!refused.has(spec.target.name)) refused.set(spec.target.name, o.message);
        first.results.delete(id);
      }
    }
    const picked = selectCases(cases, first.results, hits, chosen, request.edgeCases) as PyObservedCase[];
    const again = await observePython(
      python.executable,
      folder,
      moduleName,
      picked.map((p) => p.spec),
      request.signal,
    );
    for (const item of picked) {
      const second = again.results.get(item.spec.id);
      if (second && JSON.stringify(second.outcome) === JSON.stringify(item.outcome)) {
        chosen.push(item);
        for (const key of item.hits) hits.add(key);
      } else {
        because(item.spec.target.name, 'its result changed when the call ran again');
        notes.push(
          `Left out: ${item.spec.target.name} #${item.spec.id} gave a different result when run again.`,
        );
      }
    }
    const reached = linePct(hits, executable);
    if (reached >= request.coverageTarget) break;
    if (round === 2)
      notes.push(
        `Coverage target ${request.coverageTarget}% not reached (lines ${reached}% in the harness): no further generated input reached a new line or arc.`,
      );
  }
  for (const [name, message] of refused)
    notes.push(`Left out: ${name} did something the sandbox refuses (${message}); no test asserts it.`);
  chosen.sort((a, b) => a.spec.id - b.spec.id);
  const before = chosen.length;
  const verified = await verifyPython(python, folder, moduleName, request.framework, chosen, request.signal);
  chosen = verified.cases;
  notes.push(...verified.notes);
  const linesPct = linePct(new Set([...loadHits, ...chosen.flatMap((c) => c.hits)]), executable);
  const figures = verified.figures;
  if (!python.coverage)
    notes.push(
      `coverage.py is not installed for ${python.executable}: the figure is line coverage from the harness's line tracer.`,
    );
  const counts = new Map<string, number>();
  for (const c of chosen) counts.set(c.spec.target.name, (counts.get(c.spec.target.name) ?? 0) + 1);
  for (const target of shape.targets) {
    if (counts.has(target.name) || refused.has(target.name)) continue;
    const reasons = [...(why.get(target.name) ?? [])].slice(0, 3);
    notes.push(
      `No test for ${target.name}: ${reasons.length > 0 ? reasons.join('; ') : 'no call kept a result that could be asserted'}.`,
    );
  }
  const statementPct = figures?.statements.pct ?? linesPct;
  return {
    test_code: emitPySuite(chosen, request.framework, moduleName),
    coverage_info: {
      estimated_coverage: Math.round(statementPct),
      test_cases: chosen.length,
      edge_cases: chosen.filter((c) => c.spec.edge).length,
      measured: true,
      method: figures
        ? `coverage.py ${verified.coverageVersion ?? ''} statement and branch coverage, measured while ${request.framework} ran the final suite`.replace(
            '  ',
            ' ',
          )
        : 'executed lines (sys.settrace) over the lines of the compiled module, measured while the sandbox harness ran each kept call',
      statement_coverage: statementPct,
      ...(figures ? { branch_coverage: figures.branches.pct } : {}),
      verified_runs: verified.runs,
      dropped_tests: before - chosen.length,
    },
    module_path: request.modulePath,
    source_file: `${moduleName}.py`,
    test_file: `test_${moduleName}.py`,
    test_framework: request.framework,
    targets: shape.targets.map((t) => ({ name: t.name, kind: t.kind, test_cases: counts.get(t.name) ?? 0 })),
    notes,
  };
}

function linePct(hits: Set<string>, executable: number[]): number {
  if (executable.length === 0) return 100;
  const covered = executable.filter((line) => hits.has(`l${line}`)).length;
  return Math.round((1000 * covered) / executable.length) / 10;
}

function timeoutNotes(cases: CaseSpec[], timedOut: number[], moduleName: string): string[] {
  return timedOut.map((id) => {
    const spec = cases.find((c) => c.id === id);
    const call = spec ? `${spec.target.name}(${spec.args.join(', ')})` : `#${id}`;
    return `Call ${call} did not finish within the time limit; the sandbox killed it and no test asserts it (module ${moduleName}).`;
  });
}
