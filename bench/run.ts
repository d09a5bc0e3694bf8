// Runs every bench/*.bench.ts (or those named on the command line) and prints each result with its
// ratio against the baseline measured in the same run.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Benchmark, BenchResult } from './harness';

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname)
    .filter((file) => file.endsWith('.bench.ts'))
    .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
    .sort();
  const rows: BenchResult[] = [];
  for (const file of files) {
    const benchmark = (require(join(__dirname, file)) as { default: Benchmark }).default;
    process.stderr.write(`running ${file}...\n`);
    for (const result of await benchmark()) {
      rows.push(result);
      console.log(format(result));
    }
  }
  if (rows.length === 0) console.log('no benchmarks found');
}

function format(result: BenchResult): string {
  const value = `${round(result.value)} ${result.unit}`;
  if (!result.baseline) return `${result.name}: ${value}${result.aim ? `  (${result.aim})` : ''}`;
  const ratio = result.value / result.baseline.value;
  return (
    `${result.name}: ${value} vs ${result.baseline.name}: ${round(result.baseline.value)} ${result.unit}` +
    ` -> ratio ${ratio.toFixed(2)}${result.aim ? `  (${result.aim})` : ''}`
  );
}

function round(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toPrecision(3);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
