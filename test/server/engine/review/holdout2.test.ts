// Second blind hold-out set for the review engine (see docs/review-holdout2.md). The samples were
// written and labelled without reading the engine or the other corpora, so the figures printed here
// measure the engine on code it was not tuned against. The test asserts only that every sample is
// well-formed and reviewed; the precision/recall table is a measurement, not a gate.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { validate } from '../../../../server/src/engine/contracts';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';
import { CHECK_TYPES, ReviewInput, ReviewOutput } from '../../../../server/src/engine/contracts/review';
import type { CheckType, ReviewIssue } from '../../../../server/src/engine/contracts/review';
import { reviewCode } from '../../../../server/src/engine/review';

// HOLDOUT2_ROOT points the harness at another folder (used to try the harness itself on throwaway
// samples without looking at the blind set's results before the one measurement).
const ROOT = process.env.HOLDOUT2_ROOT ?? join(__dirname, '..', '..', '..', 'fixtures', 'review-holdout2');
const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  '.js': 'javascript',
  '.ts': 'typescript',
  '.py': 'python',
  '.go': 'go',
  '.java': 'java',
  '.php': 'php',
  '.rb': 'ruby',
  '.cs': 'csharp',
  '.rs': 'rust',
  '.c': 'c',
};

interface Expected {
  rule: string;
  line: number;
}

interface Sample {
  file: string;
  language: string;
  code: string;
  checkType: CheckType;
  expect: Expected[];
}

interface Outcome {
  sample: Sample;
  reported: ReviewIssue[];
}

/** How a reported issue may satisfy an expected one. */
type Matcher = (expected: Expected, issue: ReviewIssue) => boolean;

const MATCHERS: Record<string, Matcher> = {
  strict: (e, i) => e.rule === i.rule && e.line === i.line,
  'line-only': (e, i) => e.line === i.line,
  'rule±3': (e, i) => e.rule === i.rule && Math.abs(e.line - i.line) <= 3,
};

function loadSamples(): Sample[] {
  const files = (readdirSync(ROOT, { recursive: true }) as string[])
    .filter((f) => LANGUAGE_BY_EXTENSION[extname(f)] !== undefined)
    .sort();
  return files.map((file) => {
    const path = join(ROOT, file);
    const sidecar = JSON.parse(readFileSync(`${path}.expected.json`, 'utf8')) as {
      check_type: CheckType;
      expect: Expected[];
    };
    return {
      file,
      language: LANGUAGE_BY_EXTENSION[extname(file)]!,
      code: readFileSync(path, 'utf8'),
      checkType: sidecar.check_type,
      expect: sidecar.expect,
    };
  });
}

/** Pairs expected findings with reported ones (each used once); returns the unpaired of each side. */
function pair(expect: Expected[], reported: ReviewIssue[], matches: Matcher) {
  const unusedReported = [...reported];
  const missed: Expected[] = [];
  for (const expected of expect) {
    const index = unusedReported.findIndex((issue) => matches(expected, issue));
    if (index === -1) missed.push(expected);
    else unusedReported.splice(index, 1);
  }
  return { tp: expect.length - missed.length, missed, falseAlarms: unusedReported };
}

interface Tally {
  tp: number;
  fp: number;
  fn: number;
}

function ratio(part: number, whole: number): string {
  return whole === 0 ? '  -  ' : (part / whole).toFixed(2);
}

function row(label: string, tally: Tally): string {
  const precision = ratio(tally.tp, tally.tp + tally.fp);
  const recall = ratio(tally.tp, tally.tp + tally.fn);
  return `${label.padEnd(16)} TP ${String(tally.tp).padStart(3)}  FP ${String(tally.fp).padStart(3)}  FN ${String(tally.fn).padStart(3)}  precision ${precision}  recall ${recall}`;
}

function tallyBy(outcomes: Outcome[], key: (s: Sample) => string, matches: Matcher) {
  const tallies = new Map<string, Tally>();
  const total: Tally = { tp: 0, fp: 0, fn: 0 };
  for (const { sample, reported } of outcomes) {
    const { tp, missed, falseAlarms } = pair(sample.expect, reported, matches);
    for (const tally of [tallies.get(key(sample)) ?? { tp: 0, fp: 0, fn: 0 }, total]) {
      tally.tp += tp;
      tally.fp += falseAlarms.length;
      tally.fn += missed.length;
      if (tally !== total) tallies.set(key(sample), tally);
    }
  }
  return { tallies, total };
}

function printReport(outcomes: Outcome[]): void {
  const lines: string[] = [];
  for (const [name, matches] of Object.entries(MATCHERS)) {
    lines.push(`\n== ${name} ==`);
    for (const [title, key] of [
      ['check type', (s: Sample) => s.checkType],
      ['language', (s: Sample) => s.language],
    ] as const) {
      const { tallies, total } = tallyBy(outcomes, key, matches);
      lines.push(`-- by ${title}`);
      for (const label of [...tallies.keys()].sort()) lines.push(row(label, tallies.get(label)!));
      if (title === 'check type') lines.push(row('ALL', total));
    }
  }
  const safe = outcomes.filter((o) => o.sample.expect.length === 0);
  const quiet = safe.filter((o) => o.reported.length === 0).length;
  lines.push(`\nsafe look-alikes with no finding: ${quiet}/${safe.length}`);
  lines.push('\n== strict misses and false alarms ==');
  for (const { sample, reported } of outcomes) {
    const { missed, falseAlarms } = pair(sample.expect, reported, MATCHERS.strict!);
    for (const m of missed) lines.push(`MISS  ${sample.file}:${m.line} ${m.rule}`);
    for (const f of falseAlarms)
      lines.push(`FALSE ${sample.file}:${f.line} ${f.rule} (${f.severity}) ${f.message.slice(0, 110)}`);
  }
  console.log(lines.join('\n'));
}

describe('review hold-out set 2 (blind)', function () {
  this.timeout(300_000);
  const samples = loadSamples();
  const outcomes: Outcome[] = [];

  it('has well-formed samples and expectations', () => {
    if (!process.env.HOLDOUT2_ROOT) assert.ok(samples.length >= 70, `only ${samples.length} samples`);
    for (const sample of samples) {
      const where = relative(ROOT, join(ROOT, sample.file));
      assert.ok((CHECK_TYPES as readonly string[]).includes(sample.checkType), `${where}: check_type`);
      assert.ok(Array.isArray(sample.expect), `${where}: expect`);
      const lineCount = sample.code.split('\n').length;
      for (const e of sample.expect) {
        assert.equal(typeof e.rule, 'string', `${where}: rule`);
        assert.ok(Number.isInteger(e.line) && e.line >= 1 && e.line <= lineCount, `${where}: line ${e.line}`);
      }
    }
  });

  it('reviews every sample and reports precision/recall', async () => {
    for (const sample of samples) {
      const input = validate(ReviewInput, {
        code: sample.code,
        language: sample.language,
        check_types: [sample.checkType],
      });
      const output = await reviewCode(input, { config: DEFAULT_CONFIG, roots: [] });
      validate(ReviewOutput, output);
      // A syntax issue means the engine could not read the sample: it counts as a false alarm.
      const reported = output.issues.filter((i) => i.type === sample.checkType || i.type === 'syntax');
      outcomes.push({ sample, reported });
    }
    assert.equal(outcomes.length, samples.length);
    printReport(outcomes);
  });
});
