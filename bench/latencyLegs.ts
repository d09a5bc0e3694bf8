// The typing figure of the diagnostics bench taken apart: the language server's latency trace
// (CODEWRIGHT_LATENCY_TRACE, server/src/features/latencyTrace.ts) gives, for every version it
// reviewed, when each step happened in the server and in the worker; with the bench's own time of
// the burst's last keystroke and of the diagnostics' arrival, each burst's wait splits into legs.
// Legs are differences of times taken in one process each, so load moves them less than the total.
import { existsSync, readFileSync } from 'node:fs';
import type { LatencyRecord } from '../server/src/features/latencyTrace';
import { percentile } from './harness';

export interface Burst {
  /** The version of the burst's last keystroke, and the bench's epoch times around it. */
  version: number;
  sentAt: number;
  receivedAt: number;
}

const LEGS: [name: string, leg: (r: LatencyRecord, b: Burst) => number | undefined][] = [
  ['keystroke → server has it', (r, b) => diff(b.sentAt, r.steps.changed)],
  ['→ review started (debounce, a free slot)', (r) => diff(r.steps.changed, r.steps.started)],
  ['→ handed to the pool', (r) => diff(r.steps.started, r.steps.queued)],
  ['→ worker has it (queue, IPC, start-up)', (r) => diff(r.steps.queued, r.worker?.receivedAt)],
  ['→ review done in the worker', (r) => diff(r.worker?.receivedAt, r.worker?.finishedAt)],
  ['   of which CPU', (r) => r.worker?.cpuMs],
  ['   of which GC pauses', (r) => r.worker?.gcMs],
  ['→ answer in the server (IPC back)', (r) => diff(r.worker?.finishedAt, r.steps.answered)],
  ['→ published', (r) => diff(r.steps.answered, r.steps.published)],
  ['→ editor has it', (r, b) => diff(r.steps.published, b.receivedAt)],
];

function diff(from: number | undefined, to: number | undefined): number | undefined {
  return from === undefined || to === undefined ? undefined : to - from;
}

/** One line per leg (p50 / p95 over the bursts), then what ran alongside the bursts' last versions. */
export function latencyLegs(traceFile: string, bursts: Burst[]): string[] {
  // A server without the trace (an older build, CODEWRIGHT_LSP_SERVER) writes none.
  if (!existsSync(traceFile)) return ['  no latency trace from this server'];
  const records = readFileSync(traceFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LatencyRecord);
  const reviewed = records.filter((r) => r.steps.queued !== undefined);
  const byVersion = new Map(reviewed.filter((r) => !r.dropped).map((r) => [r.version, r]));
  const lasts = bursts.flatMap((b) => {
    const record = byVersion.get(b.version);
    return record ? [{ record, burst: b }] : [];
  });
  const lines = LEGS.map(([name, leg]) => {
    const values = lasts.flatMap(({ record, burst }) => {
      const value = leg(record, burst);
      return value === undefined ? [] : [value];
    });
    if (values.length === 0) return `  ${name}: no data`;
    return `  ${name}: p50 ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`;
  });
  // Another version's review in flight when the last one was handed to the pool: it waits behind it
  // or shares the cores with it.
  const overlapped = lasts.filter(({ record }) =>
    reviewed.some(
      (other) =>
        other.version !== record.version &&
        other.steps.queued! <= record.steps.queued! &&
        // An aborted review has no answer time: it is not counted (it is being interrupted).
        (other.steps.answered ?? -Infinity) > record.steps.queued!,
    ),
  ).length;
  const busy = lasts.filter(({ record }) => (record.worker?.busyAtDispatch ?? 0) > 0).length;
  const cold = lasts.filter(({ record }) => record.worker?.ordinal === 0).length;
  const superseded = records.filter((r) => r.dropped === 'superseded' || r.dropped === 'aborted').length;
  // A full (mark-compact) collection that started inside the review.
  const fullGc = lasts.filter(({ record }) => (record.worker?.fullGcs ?? 0) > 0).length;
  const pids = new Set(reviewed.flatMap((r) => (r.worker ? [r.worker.pid] : [])));
  lines.push(
    `  ${lasts.length} bursts: ${reviewed.length} reviews in all, ${superseded} of superseded versions; ` +
      `the last version found another review in flight ${overlapped} times, another task in the pool ${busy} ` +
      `times, a cold worker ${cold} times, a full collection inside its review ${fullGc} times; ` +
      `${pids.size} worker processes`,
  );
  return lines;
}
