// Real HTTP load with autocannon against a server on this machine, in alternating rounds so that
// noise from other processes hits subject and baseline alike; medians of the rounds are reported.
import autocannon from 'autocannon';

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST' | 'PUT';
  body?: string;
  /** The status every answer must have (a 429 benchmark expects 429). */
  expectStatus?: number;
  /** Instead of expectStatus: any of these (a key crossing its rate limit mid-run: 200 and 429). */
  expectStatuses?: number[];
}

/** Requests per second of one target over `seconds`, with `connections` keep-alive connections. */
export async function requestsPerSecond(
  target: LoadTarget,
  seconds: number,
  connections = 16,
): Promise<number> {
  return (await loadProfile(target, seconds, connections)).requestsPerSecond;
}

/** Requests per second and latency percentiles (ms) of one target. */
export async function loadProfile(
  target: LoadTarget,
  seconds: number,
  connections = 16,
): Promise<{ requestsPerSecond: number; p50: number; p99: number }> {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: { ...target.headers, ...(target.body ? { 'content-type': 'application/json' } : {}) },
    body: target.body,
    connections,
    duration: seconds,
  });
  const expected = target.expectStatuses ?? [target.expectStatus ?? 200];
  const unexpected = Object.entries(result.statusCodeStats ?? {}).filter(
    ([code]) => !expected.includes(Number(code)),
  );
  if (result.errors > 0 || unexpected.length > 0) {
    throw new Error(
      `${target.url}: ${result.errors} errors, unexpected statuses ${JSON.stringify(unexpected)}`,
    );
  }
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * CPU time (user + system, µs) this process spends per request on a fixed number of requests. With
 * the server in this process, that is the server's cost plus the load generator's; on a machine
 * other work keeps busy it is steadier than requests per second, which also count waiting for a core.
 */
export async function cpuPerRequest(target: LoadTarget, amount: number, connections = 16): Promise<number> {
  const start = process.cpuUsage();
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    connections,
    amount,
  });
  const used = process.cpuUsage(start);
  const expected = target.expectStatuses ?? [target.expectStatus ?? 200];
  const unexpected = Object.keys(result.statusCodeStats ?? {}).filter(
    (code) => !expected.includes(Number(code)),
  );
  if (result.errors > 0 || unexpected.length > 0)
    throw new Error(`${target.url}: errors or unexpected statuses`);
  return (used.user + used.system) / amount;
}

/** Alternates A and B for `rounds` rounds of `amount` requests; medians of µs per request and of B/A. */
export async function compareCpu(
  a: LoadTarget,
  b: LoadTarget,
  options: { rounds: number; amount: number },
): Promise<{ a: number; b: number; ratio: number }> {
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const first = round % 2 === 0 ? a : b;
    const x = await cpuPerRequest(first, options.amount);
    const y = await cpuPerRequest(first === a ? b : a, options.amount);
    const [ca, cb] = first === a ? [x, y] : [y, x];
    as.push(ca);
    bs.push(cb);
    ratios.push(cb / ca); // as a throughput ratio: A's requests per CPU second over B's
  }
  return { a: median(as), b: median(bs), ratio: median(ratios) };
}

/** Alternates A and B for `rounds` rounds and returns the medians and the median of the ratios A/B. */
export async function compareRounds(
  a: LoadTarget,
  b: LoadTarget,
  options: { rounds: number; seconds: number; connections?: number },
): Promise<{ a: number; b: number; ratio: number }> {
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const first = round % 2 === 0 ? a : b;
    const second = first === a ? b : a;
    const x = await requestsPerSecond(first, options.seconds, options.connections);
    const y = await requestsPerSecond(second, options.seconds, options.connections);
    const [ra, rb] = first === a ? [x, y] : [y, x];
    as.push(ra);
    bs.push(rb);
    ratios.push(ra / rb);
  }
  return { a: median(as), b: median(bs), ratio: median(ratios) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
