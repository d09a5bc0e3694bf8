// A generated tree of 100,000 files: the size analysis counts every one exactly, reports progress
// and keeps its memory bounded; the full analysis under an operation time limit finishes inside it
// and says what it left out (files not reviewed, not measured, a truncated walk) instead of
// overrunning. Slow (it writes 100,000 files): skipped unless CODEWRIGHT_SLOW_TESTS=1.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';
import { ProjectAnalyzeOutput } from '../../../../server/src/engine/contracts/project';
import { analyzeProject } from '../../../../server/src/engine/project/analysis/index';
import { StageBudget } from '../../../../server/src/engine/stageBudget';

const FOLDERS = 1000;
const PER_FOLDER = 100;
const IGNORED = 50;

/** One file of a kind chosen by its number; the expected counts follow from the texts. */
function fileOf(n: number): { name: string; text: string } {
  const kind = n % 10;
  if (kind <= 3)
    return {
      name: `m${n}.ts`,
      text: `export function f${n}(x: number): number {\n  // doubles\n  if (x > ${n}) return x * 2;\n\n  return x;\n}\n`,
    };
  if (kind <= 6) return { name: `m${n}.py`, text: `def f${n}(x):\n    """Doc."""\n    return x  # c\n` };
  if (kind <= 8) return { name: `n${n}.md`, text: `# Title ${n}\n\ntext\n` };
  return { name: `d${n}.json`, text: `{"i": ${n}}\n` };
}

describe('project analysis of a 100,000-file tree (slow)', function () {
  this.timeout(600_000);
  let workspace: string;
  let project: string;

  before(function () {
    if (process.env.CODEWRIGHT_SLOW_TESTS !== '1') this.skip();
    workspace = mkdtempSync(join(tmpdir(), 'cw-large-'));
    project = join(workspace, 'big');
    for (let folder = 0; folder < FOLDERS; folder++) {
      const dir = join(project, `pkg${Math.floor(folder / 100)}`, `mod${folder}`);
      mkdirSync(dir, { recursive: true });
      for (let k = 0; k < PER_FOLDER; k++) {
        const { name, text } = fileOf(folder * PER_FOLDER + k);
        writeFileSync(join(dir, name), text);
      }
    }
    mkdirSync(join(project, 'generated'));
    for (let k = 0; k < IGNORED; k++) writeFileSync(join(project, 'generated', `g${k}.ts`), 'x;\n');
    writeFileSync(join(project, '.gitignore'), 'generated/\n');
    symlinkSync(project, join(project, 'loop'));
  });
  after(() => {
    if (workspace) rmSync(workspace, { recursive: true, force: true });
  });

  it('counts every file exactly, reports progress, and keeps memory bounded', async () => {
    const progress: string[] = [];
    let baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const started = Date.now();
    const out = ProjectAnalyzeOutput.parse(
      await analyzeProject(
        { project_path: 'big', analysis_type: 'size', include_dependencies: false },
        {
          config: DEFAULT_CONFIG,
          roots: [workspace],
          progress: ({ message }) => {
            progress.push(message);
            peak = Math.max(peak, process.memoryUsage().heapUsed);
            baseline = Math.min(baseline, process.memoryUsage().heapUsed);
          },
        },
      ),
    );
    const elapsed = Date.now() - started;
    const size = out.project_info.size;
    const n = FOLDERS * PER_FOLDER;
    assert.equal(size.files, n);
    assert.deepEqual(size.languages, {
      TypeScript: { files: 0.4 * n, code: 4 * 0.4 * n, comment: 0.4 * n, blank: 0.4 * n },
      Python: { files: 0.3 * n, code: 2 * 0.3 * n, comment: 0.3 * n, blank: 0 },
      Markdown: { files: 0.2 * n, code: 2 * 0.2 * n, comment: 0, blank: 0.2 * n },
      JSON: { files: 0.1 * n, code: 0.1 * n, comment: 0, blank: 0 },
    });
    assert.equal(size.excluded!.ignored, 1); // the generated/ folder, as one entry
    assert.equal(size.excluded!.symlinks, 1);
    assert.equal(size.truncated, undefined);
    assert.ok(
      progress.filter((m) => /^Analysed \d+ files$/.test(m)).length >= 100,
      'progress every 1000 files',
    );
    // Only folders still to visit, totals and top-10 lists are kept: the heap does not grow with the tree.
    const growthMb = (peak - baseline) / (1024 * 1024);
    assert.ok(growthMb < 128, `heap grew by ${growthMb.toFixed(0)} MB`);
    console.log(
      `      size analysis: ${n} files in ${(elapsed / 1000).toFixed(1)} s, heap growth ${growthMb.toFixed(0)} MB`,
    );
  });

  it('finishes a full analysis within the operation limit and says what it left out', async () => {
    const limitMs = 40_000;
    const started = Date.now();
    const out = ProjectAnalyzeOutput.parse(
      await analyzeProject(
        { project_path: 'big', analysis_type: 'full', include_dependencies: true },
        {
          config: DEFAULT_CONFIG,
          roots: [workspace],
          budget: new StageBudget({ deadline: started + limitMs }),
        },
      ),
    );
    const elapsed = Date.now() - started;
    assert.ok(elapsed < limitMs, `took ${elapsed} ms, limit ${limitMs} ms`);
    const quality = out.code_quality!;
    const notReviewed = (quality.not_reviewed ?? []).reduce((sum, entry) => sum + entry.files, 0);
    const size = out.project_info.size;
    const metrics = out.architecture!.metrics as Record<string, number>;
    // Every source file the walk reached is accounted for: reviewed, or listed with a reason.
    const sources = size.languages!.TypeScript!.files + size.languages!.Python!.files;
    assert.equal(quality.reviewed_files! + notReviewed, sources);
    if (notReviewed > 0) assert.match(quality.not_reviewed![0]!.reason, /ran out of time/);
    if (size.truncated) {
      assert.ok(out.skipped!.some((s) => s.stage === 'file walk'));
      assert.ok(size.files < FOLDERS * PER_FOLDER);
    }
    console.log(
      `      full analysis under a ${limitMs / 1000} s limit: ${(elapsed / 1000).toFixed(1)} s; ` +
        `walked ${size.truncated ? size.truncated.files_seen : size.files} files, reviewed ${quality.reviewed_files}, ` +
        `not reviewed ${notReviewed}, measured ${metrics.modules}, out of time ${metrics.out_of_time_files ?? 0}`,
    );
  });
});
