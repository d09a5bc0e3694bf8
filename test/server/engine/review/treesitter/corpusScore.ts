// Scores the tree-sitter rules against the labelled corpus in test/fixtures/review/<language>/:
// per check type, true/false positives and false negatives by (rule, line).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckType } from '../../../../../server/src/engine/contracts/review';
import type { LanguageId } from '../../../../../server/src/engine/languages';
import { reviewWithTreeSitter } from '../../../../../server/src/engine/review/treesitter';

export const CORPUS_DIR = join(__dirname, '../../../../fixtures/review');
export const TREE_SITTER_CORPUS_LANGUAGES: readonly LanguageId[] = [
  'python',
  'go',
  'java',
  'rust',
  'csharp',
  'cpp',
  'c',
  'ruby',
  'php',
];

interface Expected {
  check_type: CheckType;
  expect: { rule: string; line: number }[];
}

export interface Score {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** Human-readable mismatches, e.g. "python/x.py:12 unexpected codewright/sql-injection". */
  mismatches: string[];
}

export function precision(s: Score): number {
  return s.truePositives + s.falsePositives === 0
    ? 1
    : s.truePositives / (s.truePositives + s.falsePositives);
}

export function recall(s: Score): number {
  return s.truePositives + s.falseNegatives === 0
    ? 1
    : s.truePositives / (s.truePositives + s.falseNegatives);
}

/** Every sample of the given languages: [language, file path, expectation]. */
export function corpusSamples(): [LanguageId, string, Expected][] {
  const samples: [LanguageId, string, Expected][] = [];
  for (const language of TREE_SITTER_CORPUS_LANGUAGES) {
    const dir = join(CORPUS_DIR, language);
    let files: string[];
    try {
      files = readdirSync(dir);
    } catch {
      continue;
    }
    for (const file of files.filter((f) => !f.endsWith('.expected.json'))) {
      const expected = JSON.parse(readFileSync(join(dir, `${file}.expected.json`), 'utf8')) as Expected;
      samples.push([language, join(dir, file), expected]);
    }
  }
  return samples;
}

/** Reviews every sample with only its check type and scores the findings per check type. */
export async function scoreCorpus(): Promise<Map<CheckType, Score>> {
  const scores = new Map<CheckType, Score>();
  for (const [language, file, expected] of corpusSamples()) {
    const score = scores.get(expected.check_type) ?? {
      truePositives: 0,
      falsePositives: 0,
      falseNegatives: 0,
      mismatches: [],
    };
    scores.set(expected.check_type, score);
    const findings = await reviewWithTreeSitter(readFileSync(file, 'utf8'), language, {
      checkTypes: [expected.check_type],
    });
    const reported = findings.filter((f) => f.type === expected.check_type).map((f) => `${f.rule}@${f.line}`);
    const wanted = expected.expect.map((e) => `${e.rule}@${e.line}`);
    const label = file.slice(CORPUS_DIR.length + 1);
    for (const key of new Set(reported)) {
      if (wanted.includes(key)) score.truePositives++;
      else {
        score.falsePositives++;
        score.mismatches.push(`${label}: unexpected ${key}`);
      }
    }
    for (const key of wanted.filter((k) => !reported.includes(k))) {
      score.falseNegatives++;
      score.mismatches.push(`${label}: missed ${key}`);
    }
  }
  return scores;
}
