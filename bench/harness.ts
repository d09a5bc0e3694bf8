// Shared shape of a benchmark result. Every benchmark measures its subject and its baseline in the
// same run, so the printed ratio is meaningful on whatever machine runs it.

export interface BenchResult {
  /** What was measured, e.g. "GET /v1/config (auth + rate limit)". */
  name: string;
  value: number;
  unit: string;
  /** The baseline measured in the same run, when the benchmark has one. */
  baseline?: { name: string; value: number };
  /** How to read the ratio value/baseline, e.g. "higher is better; aim >= 0.6". */
  aim?: string;
}

export type Benchmark = () => Promise<BenchResult[]>;

/** Runs fn repeatedly for at least `ms` milliseconds and returns the per-call durations in ms. */
export async function sample(
  fn: () => Promise<unknown> | unknown,
  ms: number,
  minRuns = 5,
): Promise<number[]> {
  const durations: number[] = [];
  const end = performance.now() + ms;
  while (durations.length < minRuns || performance.now() < end) {
    const start = performance.now();
    await fn();
    durations.push(performance.now() - start);
  }
  return durations;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
