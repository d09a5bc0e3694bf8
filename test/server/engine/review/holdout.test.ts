// Held-out measurement of the review engine: samples written independently of the rules (see
// docs/review-holdout.md) are reviewed and scored per check type and per language. It prints the
// figures and every miss and false alarm; it asserts only that the corpus is well-formed and every
// sample was parsed and reviewed, so the figures are a measurement, not a bar (yet).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { validate } from '../../../../server/src/engine/contracts';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';
import { CHECK_TYPES, ReviewInput, type ReviewIssue } from '../../../../server/src/engine/contracts/review';
import { reviewCode } from '../../../../server/src/engine/review';

const HOLDOUT_DIR = path.resolve(__dirname, '../../../fixtures/review-holdout');

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  '.js': 'javascript',
  '.jsx': 'javascriptreact',
  '.ts': 'typescript',
  '.tsx': 'typescriptreact',
  '.py': 'python',
  '.go': 'go',
  '.java': 'java',
  '.php': 'php',
  '.rb': 'ruby',
  '.cs': 'csharp',
  '.rs': 'rust',
  '.c': 'c',
  '.cpp': 'cpp',
};

const Expected = z.strictObject({
  check_type: z.enum(CHECK_TYPES),
  expect: z.array(z.strictObject({ rule: z.string().min(1), line: z.int().min(1) })),
});

interface Sample {
  file: string; // relative to HOLDOUT_DIR
  language: string;
  code: string;
  expected: z.output<typeof Expected>;
}

interface Mark {
  rule: string;
  line: number;
}

interface SampleResult {
  sample: Sample;
  reported: Mark[];
  syntaxIssues: ReviewIssue[];
  tp: Mark[];
  fp: Mark[];
  fn: Mark[];
  /** Pairs of a miss and a false alarm on the same line: the right place, another rule name. */
  renamed: Array<{ expected: Mark; reported: Mark }>;
  /** Pairs of a miss and a false alarm of the same rule a few lines apart: the right problem, a neighbouring line. */
  near: Array<{ expected: Mark; reported: Mark }>;
}

const NEAR_LINES = 3;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.expected.json') && e.name !== 'README.md')
    .map((e) => path.relative(HOLDOUT_DIR, path.join(e.parentPath, e.name)))
    .sort();
}

function loadSample(file: string): Sample {
  const language = LANGUAGE_BY_EXTENSION[path.extname(file)];
  assert.ok(language, `${file}: no language for this extension`);
  const code = readFileSync(path.join(HOLDOUT_DIR, file), 'utf8');
  const raw: unknown = JSON.parse(readFileSync(path.join(HOLDOUT_DIR, `${file}.expected.json`), 'utf8'));
  const expected = Expected.parse(raw);
  const lineCount = code.split('\n').length;
  for (const e of expected.expect)
    assert.ok(e.line <= lineCount, `${file}: expected line ${e.line} > ${lineCount}`);
  return { file, language, code, expected };
}

/** Removes from `pool` the first element `same` accepts and returns it. */
function take<T>(pool: T[], same: (x: T) => boolean): T | undefined {
  const i = pool.findIndex(same);
  return i < 0 ? undefined : pool.splice(i, 1)[0];
}

async function reviewSample(sample: Sample): Promise<SampleResult> {
  const input = validate(ReviewInput, {
    code: sample.code,
    language: sample.language,
    check_types: [sample.expected.check_type],
  });
  const output = await reviewCode(input, { config: DEFAULT_CONFIG, roots: [] });
  const ofType = output.issues.filter((i) => i.type === sample.expected.check_type);
  const reported = ofType.map((i) => ({ rule: i.rule, line: i.line }));
  const fp = [...reported];
  const tp: Mark[] = [];
  const fn: Mark[] = [];
  for (const e of sample.expected.expect) {
    const hit = take(fp, (r) => r.rule === e.rule && r.line === e.line);
    if (hit) tp.push(hit);
    else fn.push(e);
  }
  const looseFp = [...fp];
  const renamed = fn.flatMap((e) => {
    const r = take(looseFp, (x) => x.line === e.line);
    return r ? [{ expected: e, reported: r }] : [];
  });
  const nearFp = [...fp];
  const near = fn.flatMap((e) => {
    const r = take(nearFp, (x) => x.rule === e.rule && Math.abs(x.line - e.line) <= NEAR_LINES);
    return r ? [{ expected: e, reported: r }] : [];
  });
  const syntaxIssues = output.issues.filter((i) => i.type === 'syntax');
  return { sample, reported, syntaxIssues, tp, fp, fn, renamed, near };
}

interface Tally {
  samples: number;
  tp: number;
  fp: number;
  fn: number;
  renamed: number;
  near: number;
}

function tally(results: SampleResult[]): Tally {
  const t = { samples: results.length, tp: 0, fp: 0, fn: 0, renamed: 0, near: 0 };
  for (const r of results) {
    t.tp += r.tp.length;
    t.fp += r.fp.length;
    t.fn += r.fn.length;
    t.renamed += r.renamed.length;
    t.near += r.near.length;
  }
  return t;
}

const ratio = (num: number, den: number): string => (den === 0 ? 'n/a' : (num / den).toFixed(2));

/** Precision / recall when `extra` miss-and-false-alarm pairs count as hits. */
function pr(t: Tally, extra: number): string {
  const tp = t.tp + extra;
  return `${ratio(tp, tp + t.fp - extra)} / ${ratio(tp, tp + t.fn - extra)}`;
}

/** One table row: strict (rule and line), line only (any rule on that line), rule within ±3 lines. */
function row(label: string, t: Tally): string {
  return `| ${label} | ${t.samples} | ${t.tp} | ${t.fp} | ${t.fn} | ${pr(t, 0)} | ${pr(t, t.renamed)} | ${pr(t, t.near)} |`;
}

function groupBy<K>(results: SampleResult[], key: (r: SampleResult) => K): Map<K, SampleResult[]> {
  const groups = new Map<K, SampleResult[]>();
  for (const r of results) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return groups;
}

function report(results: SampleResult[]): string {
  const header =
    '| Group | Samples | TP | FP | FN | P / R (rule+line) | P / R (line only) | P / R (rule, ±3 lines) |\n' +
    '|---|---|---|---|---|---|---|---|';
  const lines = ['Check type', header];
  for (const [ct, rs] of groupBy(results, (r) => r.sample.expected.check_type))
    lines.push(row(ct, tally(rs)));
  lines.push(row('all', tally(results)), '', 'Language', header);
  for (const [lang, rs] of groupBy(results, (r) => r.sample.language)) lines.push(row(lang, tally(rs)));
  lines.push('', 'Misses (FN) and false alarms (FP):');
  for (const r of results) {
    const said = r.reported.map((m) => `${m.rule}@${m.line}`).join(', ') || 'nothing';
    for (const m of r.fn)
      lines.push(`FN ${r.sample.file}: expected ${m.rule}@${m.line}; engine said ${said}`);
    for (const m of r.fp) lines.push(`FP ${r.sample.file}: reported ${m.rule}@${m.line}`);
  }
  return lines.join('\n');
}

describe('review engine on the held-out corpus', function () {
  this.timeout(180_000);
  const files = sourceFiles(HOLDOUT_DIR);
  let samples: Sample[] = [];
  const results: SampleResult[] = [];

  it('has at least 60 well-formed samples, vulnerable and safe, in at least 8 languages', () => {
    samples = files.map(loadSample);
    assert.ok(samples.length >= 60, `only ${samples.length} samples`);
    const vulnerable = samples.filter((s) => s.expected.expect.length > 0).length;
    assert.ok(vulnerable > 0 && vulnerable < samples.length, 'needs both vulnerable and safe samples');
    assert.ok(new Set(samples.map((s) => s.language)).size >= 8);
  });

  it('reviews every sample without syntax issues and prints precision/recall', async () => {
    assert.ok(samples.length > 0, 'samples failed to load');
    for (const sample of samples) results.push(await reviewSample(sample));
    for (const r of results) {
      assert.deepEqual(r.syntaxIssues, [], `${r.sample.file} did not parse`);
    }
    assert.equal(results.length, files.length);
    console.log(`\n${report(results)}\n`);
    if (process.env.HOLDOUT_JSON) writeFileSync(process.env.HOLDOUT_JSON, JSON.stringify(results, null, 1));
  });
});
