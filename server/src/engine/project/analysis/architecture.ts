// Architecture ratings from documented metrics (docs/project.md):
// - complexity from McCabe cyclomatic complexity per function (mean, and share of functions over 10);
// - maintainability from the maintainability index per file (the 0–100 scaled SEI formula,
//   171 − 5.2·ln(Halstead volume) − 0.23·Σ complexity − 16.2·ln(code lines)), weighted by code lines,
//   and from the coupling between modules (mean efferent coupling over relative imports);
// - testability from the test-to-source ratio (code lines of tests over code lines of sources).
// Complexity and the index are measured on JavaScript and TypeScript (TypeScript compiler API) and on
// the languages with a tree-sitter table (treeSitterMetrics.ts); coupling where imports name project
// modules (relative JS/TS imports; Python, Go and Java imports and C/C++ quoted includes, references.ts). Other languages add to
// the test ratio and are listed as not measured. Every value used is in the output.
import { posix } from 'node:path';
import type { LanguageId } from '../../languages';
import type { ScannedFile } from '../size/scan';
import { keepLargest } from '../size/scan';
import { jsFileMetrics, type FileMetrics } from './jsMetrics';
import { goModulePath, ModuleIndex } from './references';
import { hasTreeSitterMetrics, treeSitterFileMetrics } from './treeSitterMetrics';

export type Rating = 'low' | 'medium' | 'high';

export interface ArchitectureReport {
  complexity: Rating | 'unknown';
  maintainability: Rating | 'unknown';
  testability: Rating | 'unknown';
  metrics: {
    functions: number;
    mean_cyclomatic_complexity: number | null;
    max_cyclomatic_complexity: number | null;
    functions_over_10: number;
    maintainability_index: number | null;
    modules: number;
    mean_efferent_coupling: number | null;
    max_efferent_coupling: number | null;
    test_code_lines: number;
    source_code_lines: number;
    test_to_source_ratio: number | null;
    measured_languages: string[];
    not_measured_languages: string[];
  };
  most_complex: { path: string; function: string; line: number; complexity: number }[];
  /** Files whose syntax could not be measured (did not parse, or larger than the parse limit). */
  unmeasured_files: number;
  /** Files not measured because the stage ran out of its share of the operation's time. */
  out_of_time_files: number;
}

const TEST_PATH =
  /(^|\/)(tests?|__tests__|spec|specs)\/|\.(test|spec)\.[^/]+$|(^|\/)test_[^/]+\.py$|_test\.(py|go)$|Tests?\.(java|cs|kt)$/;
const JS_LANGUAGES = new Set(['JavaScript', 'TypeScript', 'JSX']);
/** Larger sources are not parsed for metrics (generated code; tree-sitter's memory grows with the file). */
const MAX_TREE_SITTER_CHARS = 1_000_000;
const RESOLVE_SUFFIXES = [
  '',
  '.ts',
  '.tsx',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.mts',
  '.cts',
  '/index.ts',
  '/index.tsx',
  '/index.js',
  '/index.mjs',
];

export function isTestPath(rel: string): boolean {
  return TEST_PATH.test(rel);
}

export class ArchitectureStage {
  private functions = 0;
  private complexitySum = 0;
  private complexityMax = 0;
  private over10 = 0;
  private miWeighted = 0;
  private miLines = 0;
  private testLines = 0;
  private sourceLines = 0;
  private readonly modules = new Set<string>();
  private readonly imports = new Map<string, string[]>();
  /** Tree-sitter languages: per module, per import, the files it may resolve to. */
  private readonly references = new Map<string, string[][]>();
  private readonly measured = new Set<string>();
  private readonly notMeasured = new Set<string>();
  // `lines` holds the complexity so the top-N helper of the size scan can rank them.
  private readonly mostComplex: { path: string; function: string; line: number; lines: number }[] = [];
  private unmeasured = 0;
  private outOfTime = 0;

  /** `deadline` (epoch ms): after it, files still count in the test ratio but are not parsed. */
  constructor(private readonly deadline?: number) {}

  /** Folder ('' for the root) to module path, from the go.mod files the walk met. */
  private readonly goModules = new Map<string, string>();

  /** A go.mod file of the project: Go imports of its module path are imports of project packages. */
  addGoModule(rel: string, text: string): void {
    const modulePath = goModulePath(text);
    const folder = posix.dirname(rel);
    if (modulePath) this.goModules.set(folder === '.' ? '' : folder, modulePath);
  }

  async add(file: ScannedFile): Promise<void> {
    const language = file.language.name;
    const engineLanguage = file.language.engineLanguage;
    if (!engineLanguage) return; // data and documentation files are not code
    if (isTestPath(file.rel)) this.testLines += file.counts.code;
    else this.sourceLines += file.counts.code;
    const js = JS_LANGUAGES.has(language);
    if (!js && !hasTreeSitterMetrics(engineLanguage)) {
      this.notMeasured.add(language);
      return;
    }
    if (!js && file.text.length > MAX_TREE_SITTER_CHARS) {
      this.unmeasured++;
      return;
    }
    if (this.deadline !== undefined && Date.now() > this.deadline) {
      this.outOfTime++;
      return;
    }
    this.measured.add(language);
    let metrics: FileMetrics;
    try {
      if (js) metrics = jsFileMetrics(file.text, file.rel);
      else {
        const measured = await treeSitterFileMetrics(file.text, engineLanguage as LanguageId, file.rel);
        if (measured.references.length > 0) this.references.set(file.rel, measured.references);
        metrics = measured;
      }
    } catch {
      this.unmeasured++;
      return;
    }
    const total = metrics.functions.reduce((sum, f) => sum + f.complexity, 0);
    for (const fn of metrics.functions) {
      this.functions++;
      this.complexitySum += fn.complexity;
      this.complexityMax = Math.max(this.complexityMax, fn.complexity);
      if (fn.complexity > 10) this.over10++;
      keepLargest(this.mostComplex, {
        path: file.rel,
        function: fn.name,
        line: fn.line,
        lines: fn.complexity,
      });
    }
    const loc = file.counts.code;
    if (loc > 0 && metrics.halsteadVolume > 0) {
      const mi = Math.max(
        0,
        ((171 - 5.2 * Math.log(metrics.halsteadVolume) - 0.23 * total - 16.2 * Math.log(loc)) * 100) / 171,
      );
      this.miWeighted += mi * loc;
      this.miLines += loc;
    }
    this.modules.add(file.rel);
    if (metrics.imports.length > 0) this.imports.set(file.rel, metrics.imports);
  }

  finish(): ArchitectureReport {
    const n = this.functions;
    const mean = n > 0 ? this.complexitySum / n : null;
    const over10 = this.over10;
    const max = n > 0 ? this.complexityMax : null;
    const mi = this.miLines > 0 ? this.miWeighted / this.miLines : null;
    const coupling = this.coupling();
    const ratio = this.sourceLines > 0 ? this.testLines / this.sourceLines : null;
    return {
      complexity: mean === null ? 'unknown' : complexityRating(mean, over10 / n),
      maintainability: mi === null ? 'unknown' : maintainabilityRating(mi, coupling.mean),
      testability: ratio === null ? 'unknown' : ratio >= 0.5 ? 'high' : ratio >= 0.2 ? 'medium' : 'low',
      metrics: {
        functions: n,
        mean_cyclomatic_complexity: mean === null ? null : round(mean),
        max_cyclomatic_complexity: max,
        functions_over_10: over10,
        maintainability_index: mi === null ? null : round(mi),
        modules: this.modules.size,
        mean_efferent_coupling: coupling.mean === null ? null : round(coupling.mean),
        max_efferent_coupling: coupling.max,
        test_code_lines: this.testLines,
        source_code_lines: this.sourceLines,
        test_to_source_ratio: ratio === null ? null : round(ratio),
        measured_languages: [...this.measured].sort(),
        not_measured_languages: [...this.notMeasured].sort(),
      },
      most_complex: this.mostComplex.map(({ lines, ...entry }) => ({ ...entry, complexity: lines })),
      unmeasured_files: this.unmeasured,
      out_of_time_files: this.outOfTime,
    };
  }

  /**
   * Efferent coupling of each module: the distinct project modules its imports resolve to — files,
   * or whole packages (a Go package, a Java wildcard import) counted once each.
   */
  private coupling(): { mean: number | null; max: number | null } {
    if (this.modules.size === 0) return { mean: null, max: null };
    let sum = 0;
    let max = 0;
    for (const [from, specs] of this.imports) {
      const targets = new Set<string>();
      for (const spec of specs) {
        const base = posix.normalize(posix.join(posix.dirname(from), spec));
        const hit =
          RESOLVE_SUFFIXES.map((s) => base + s).find((c) => this.modules.has(c)) ??
          (/\.js$/.test(base)
            ? RESOLVE_SUFFIXES.map((s) => base.replace(/\.js$/, '') + s).find((c) => this.modules.has(c))
            : undefined);
        if (hit && hit !== from) targets.add(hit);
      }
      sum += targets.size;
      max = Math.max(max, targets.size);
    }
    const index = new ModuleIndex(this.modules, this.goModules);
    for (const [from, imports] of this.references) {
      const targets = new Set<string>();
      const ownPackage = `${posix.dirname(from)}/`;
      for (const candidates of imports) {
        let hit: string | undefined;
        for (const candidate of candidates) if ((hit = index.resolve(candidate))) break;
        if (hit && hit !== from && hit !== ownPackage) targets.add(hit);
      }
      sum += targets.size;
      max = Math.max(max, targets.size);
    }
    return { mean: sum / this.modules.size, max };
  }
}

function complexityRating(mean: number, shareOver10: number): Rating {
  if (mean > 7 || shareOver10 > 0.1) return 'high';
  if (mean <= 4 && shareOver10 <= 0.02) return 'low';
  return 'medium';
}

/** Index ≥ 50 high, ≥ 38 medium (Coleman and Oman's 85 and 65 on the 171 scale); coupling over 8 lowers it. */
function maintainabilityRating(mi: number, coupling: number | null): Rating {
  const byIndex: Rating = mi >= 50 ? 'high' : mi >= 38 ? 'medium' : 'low';
  if (coupling === null || coupling <= 4) return byIndex;
  const byCoupling: Rating = coupling <= 8 ? 'medium' : 'low';
  const order: Rating[] = ['low', 'medium', 'high'];
  return order[Math.min(order.indexOf(byIndex), order.indexOf(byCoupling))]!;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
