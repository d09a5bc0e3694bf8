// The review score: 100 for clean code, falling with the weighted number of findings per size of
// code. Weights: critical 10, high 5, medium 2, low 1. Size: non-blank lines in units of 50 (at
// least 1), so the same findings cost a short snippet more than a long file.
//
//   score = round(100 × exp(−W / (20 × S)))      W = Σ weights, S = max(1, lines / 50)
//
// One critical in a 40-line snippet scores 61; one low scores 95; five highs score 29. Code that
// does not parse scores at most 50.
import type { Severity } from '../contracts/review';
import type { Finding } from './types';

export const SEVERITY_WEIGHTS: Record<Severity, number> = { critical: 10, high: 5, medium: 2, low: 1 };
const LINES_PER_UNIT = 50;
const DECAY = 20;
export const SYNTAX_ERROR_CAP = 50;

export function countCodeLines(code: string): number {
  let lines = 0;
  for (const line of code.split('\n')) if (line.trim() !== '') lines++;
  return lines;
}

export function reviewScore(findings: readonly Finding[], code: string): number {
  const weight = findings.reduce((sum, finding) => sum + SEVERITY_WEIGHTS[finding.severity], 0);
  const size = Math.max(1, countCodeLines(code) / LINES_PER_UNIT);
  const score = Math.round(100 * Math.exp(-weight / (DECAY * size)));
  return findings.some((finding) => finding.type === 'syntax') ? Math.min(score, SYNTAX_ERROR_CAP) : score;
}
