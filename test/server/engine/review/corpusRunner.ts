// Runs the review engine over the labelled corpus in test/fixtures/review and scores it: per check
// type, true positives (expected rule reported on the expected line), false positives (reported
// issues of that type not expected) and false negatives (expected but not reported).
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { reviewCode } from '../../../../server/src/engine/review';
import { resolveLanguage } from '../../../../server/src/engine/languages';
import type { CheckType } from '../../../../server/src/engine/contracts/review';

export const CORPUS_DIR = join(__dirname, '../../../fixtures/review');

export interface Sample {
  file: string;
  language: string;
  checkType: CheckType;
  expect: { rule: string; line: number }[];
}

export interface Mismatch {
  file: string;
  kind: 'false positive' | 'false negative';
  rule: string;
  line: number;
}

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
  samples: number;
}

export function loadCorpus(dir = CORPUS_DIR): Sample[] {
  const samples: Sample[] = [];
  for (const folder of readdirSync(dir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const name of readdirSync(join(dir, folder.name))) {
      if (name.endsWith('.expected.json')) continue;
      const file = join(dir, folder.name, name);
      const language = resolveLanguage(extname(name).slice(1)) ?? resolveLanguage(folder.name);
      if (!language) continue;
      const sidecar = JSON.parse(readFileSync(`${file}.expected.json`, 'utf8')) as {
        check_type: CheckType;
        expect: Sample['expect'];
      };
      samples.push({ file, language, checkType: sidecar.check_type, expect: sidecar.expect });
    }
  }
  return samples.sort((a, b) => a.file.localeCompare(b.file));
}

export async function scoreCorpus(
  samples: Sample[],
): Promise<{ tallies: Map<CheckType, Tally>; mismatches: Mismatch[] }> {
  const tallies = new Map<CheckType, Tally>();
  const mismatches: Mismatch[] = [];
  for (const sample of samples) {
    const code = readFileSync(sample.file, 'utf8');
    const output = await reviewCode({
      code,
      language: sample.language as never,
      check_types: [sample.checkType],
    });
    const reported = output.issues.filter((issue) => issue.type === sample.checkType);
    const tally = tallies.get(sample.checkType) ?? { tp: 0, fp: 0, fn: 0, samples: 0 };
    tally.samples++;
    const unmatched = [...reported];
    for (const expected of sample.expect) {
      const index = unmatched.findIndex(
        (issue) => issue.rule === expected.rule && issue.line === expected.line,
      );
      if (index >= 0) {
        tally.tp++;
        unmatched.splice(index, 1);
      } else {
        tally.fn++;
        mismatches.push({
          file: sample.file,
          kind: 'false negative',
          rule: expected.rule,
          line: expected.line,
        });
      }
    }
    for (const issue of unmatched) {
      tally.fp++;
      mismatches.push({ file: sample.file, kind: 'false positive', rule: issue.rule, line: issue.line });
    }
    tallies.set(sample.checkType, tally);
  }
  return { tallies, mismatches };
}

export const precision = (t: Tally): number => (t.tp + t.fp === 0 ? 1 : t.tp / (t.tp + t.fp));
export const recall = (t: Tally): number => (t.tp + t.fn === 0 ? 1 : t.tp / (t.tp + t.fn));
