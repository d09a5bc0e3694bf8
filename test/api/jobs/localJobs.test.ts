// Asynchronous jobs without Redis (in this process): `Prefer: respond-async` on a long operation
// answers 202 with a job and its Location; GET /v1/jobs/{id} shows it running and then the same
// result the synchronous call gives; DELETE cancels; another key sees nothing; results expire.
import { strict as assert } from 'node:assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApi, errorOf, withOperations, type TestApi } from '../helpers';

async function until<T>(probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const ASYNC = { prefer: 'respond-async' };

describe('async jobs, in process (no Redis)', function () {
  this.timeout(60_000);
  let api: TestApi;
  let project: string;
  let release: (() => void) | undefined;

  before(async () => {
    api = await createTestApi({
      unlimited: true,
      jobTtlSeconds: 60,
      // A review that waits to be released (or cancelled), to see a job running.
      engine: (real) =>
        withOperations(real, {
          review: (_input, { signal }) =>
            new Promise((_resolve, reject) => {
              release = () => reject(new Error('released'));
              signal?.addEventListener('abort', () => reject(signal.reason as Error));
            }),
        }),
    });
    project = join(api.dataDir, 'project');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'demo', version: '1.0.0' }));
    writeFileSync(
      join(project, 'src', 'index.ts'),
      'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
    );
  });
  after(async () => api?.close());

  const analyze = (headers: Record<string, string> = {}) =>
    api.call({ method: 'POST', url: '/v1/project/analyze', payload: { project_path: project }, headers });
  const job = (id: string, key?: string, method: 'GET' | 'DELETE' = 'GET') =>
    api.call({ method, url: `/v1/jobs/${id}`, ...(key ? { key } : {}) });

  it('answers 202 with the job and its Location, then the synchronous result', async () => {
    const accepted = await analyze({ prefer: 'wait=5, respond-async' });
    assert.equal(accepted.statusCode, 202);
    assert.equal(accepted.headers['preference-applied'], 'respond-async');
    const submitted = accepted.json();
    assert.match(submitted.id, /^job_[0-9a-f]{24}$/);
    assert.equal(accepted.headers.location, `/v1/jobs/${submitted.id}`);
    assert.equal(submitted.operation, 'analyzeProject');
    assert.ok(['queued', 'running'].includes(submitted.status));
    const done = await until(async () => {
      const view = (await job(submitted.id)).json();
      return view.status === 'succeeded' ? view : undefined;
    });
    const sync = await analyze();
    assert.equal(sync.statusCode, 200);
    assert.deepEqual(done.result.project_info, sync.json().project_info);
    assert.ok(done.finished_at && done.expires_at);
    assert.equal(Date.parse(done.expires_at) - Date.parse(done.finished_at), 60_000);
  });

  it('a failing operation ends failed with the envelope and status the synchronous call answers', async () => {
    const missing = join(project, 'does-not-exist');
    const sync = await api.call({
      method: 'POST',
      url: '/v1/project/analyze',
      payload: { project_path: missing },
    });
    const accepted = await api.call({
      method: 'POST',
      url: '/v1/project/analyze',
      payload: { project_path: missing },
      headers: ASYNC,
    });
    assert.equal(accepted.statusCode, 202);
    const view = await until(async () => {
      const body = (await job(accepted.json().id)).json();
      return body.status === 'failed' ? body : undefined;
    });
    assert.equal(view.http_status, sync.statusCode);
    assert.deepEqual({ error: view.error }, sync.json());
  });

  it('an invalid body is refused at once (400), not queued', async () => {
    const refused = await api.call({
      method: 'POST',
      url: '/v1/project/analyze',
      payload: {},
      headers: ASYNC,
    });
    assert.equal(refused.statusCode, 400);
    assert.equal(errorOf(refused).code, 'VALIDATION_ERROR');
  });

  it('DELETE cancels a running job; another key, an unknown id and a malformed id are 404', async () => {
    const accepted = await api.call({
      method: 'POST',
      url: '/v1/code/review',
      payload: { code: 'const a = 1;', language: 'typescript' },
      headers: ASYNC,
    });
    assert.equal(accepted.statusCode, 202, accepted.body);
    const { id } = accepted.json();
    await until(async () => ((await job(id)).json().status === 'running' ? true : undefined));
    const other: LightMyRequestResponse = await job(id, api.key.pro);
    assert.equal(other.statusCode, 404);
    assert.equal(errorOf(other).code, 'NOT_FOUND');
    const cancelled = await job(id, undefined, 'DELETE');
    assert.equal(cancelled.statusCode, 200);
    assert.equal(cancelled.json().status, 'cancelled');
    assert.equal((await job(id)).json().status, 'cancelled');
    release?.();
    assert.equal((await job('job_000000000000000000000000')).statusCode, 404);
    assert.equal((await job('../../etc/passwd')).statusCode, 404);
  });

  it('operations that are not long ignore the preference and answer at once', async () => {
    const response = await api.call({
      method: 'POST',
      url: '/v1/code/explain',
      payload: { code: 'const a = 1;', language: 'typescript' },
      headers: ASYNC,
    });
    assert.equal(response.statusCode, 200);
  });

  it('finished jobs are forgotten after their TTL', async () => {
    const accepted = await analyze(ASYNC);
    const { id } = accepted.json();
    await until(async () => ((await job(id)).json().status === 'succeeded' ? true : undefined));
    api.clock.now += 61_000;
    assert.equal((await job(id)).statusCode, 404);
  });
});
