// POST /v1/code/generate over a real socket: JSON answers, Server-Sent Events (stream: true or
// Accept: text/event-stream) through the worker pool, the model tier against a fake
// OpenAI-compatible server, and a client that disconnects mid-stream (the model call is cancelled).
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { startFakeOpenAi, type FakeServer } from '../server/engine/model/fakeOpenAi';
import { createTestApi, type TestApi } from './helpers';

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

async function readEvents(
  response: Response,
  stopAfter?: (events: SseEvent[]) => boolean,
): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
    }
    if (stopAfter?.(events)) {
      await reader.cancel();
      break;
    }
  }
  return events;
}

describe('POST /v1/code/generate (HTTP, streaming)', function () {
  this.timeout(60_000);
  let api: TestApi;
  let fake: FakeServer;
  let base: string;
  const saved = { base: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY };

  before(async () => {
    fake = await startFakeOpenAi();
    // The workers inherit the environment when the pool starts them.
    process.env.OPENAI_BASE_URL = fake.baseURL;
    process.env.OPENAI_API_KEY = 'test-key';
    api = await createTestApi({ unlimited: true });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await api.close();
    await fake.close();
    if (saved.base === undefined) delete process.env.OPENAI_BASE_URL;
    else process.env.OPENAI_BASE_URL = saved.base;
    if (saved.key === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = saved.key;
  });

  const post = (body: object, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${base}/v1/code/generate`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${api.key.enterprise}`,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(body),
      signal,
    });

  it('answers JSON by default and Server-Sent Events when asked, the last event the whole response', async () => {
    const body = { prompt: 'a stack with push and pop', language: 'typescript' };
    const plain = await post(body);
    assert.equal(plain.status, 200);
    const json = (await plain.json()) as { code: string; metadata: { recipe: string } };
    assert.equal(json.metadata.recipe, 'js.stack');

    for (const [request, headers] of [
      [{ ...body, stream: true }, {}],
      [body, { accept: 'text/event-stream' }],
    ] as const) {
      const response = await post(request, headers);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type')!, /^text\/event-stream/);
      assert.ok(response.headers.get('x-request-id'));
      const events = await readEvents(response);
      const done = events.at(-1)!;
      assert.equal(done.event, 'done');
      const deltas = events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join('');
      assert.equal(deltas, json.code);
      assert.deepEqual(done.data, json);
    }
  });

  it('refuses bad input with the ordinary JSON error, even when streaming was asked for', async () => {
    const response = await post({ prompt: '', language: 'typescript', stream: true });
    assert.equal(response.status, 400);
    assert.equal(
      ((await response.json()) as { error: { details: { field: string } } }).error.details.field,
      'prompt',
    );
    const cobol = await post({ prompt: 'x', language: 'cobol', stream: true });
    assert.equal(cobol.status, 400);
  });

  it('streams a model answer from the worker, and cancels the model call when the client leaves', async () => {
    const setModel = (model: string) =>
      fetch(`${base}/v1/config`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${api.key.enterprise}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model }),
      });
    assert.equal((await setModel('fake-coder')).status, 200);
    const answer = JSON.stringify({
      code: 'export const answer = 42;\n',
      explanation: 'The answer.',
      tests: '',
    });
    fake.script({ kind: 'stream', content: answer, chunk: 5 });
    const events = await readEvents(
      await post({ prompt: 'the answer', language: 'typescript', stream: true }),
    );
    const done = events.at(-1)!.data as { code: string; verification: { tier: string; model: string } };
    assert.equal(done.verification.tier, 'model');
    assert.equal(done.verification.model, 'fake-coder');
    assert.equal(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
      done.code,
    );

    fake.script({ kind: 'stream', content: answer.padEnd(400, ' '), chunk: 1, delayMs: 40 });
    const abortedBefore = fake.aborted;
    const controller = new AbortController();
    const response = await post(
      { prompt: 'the answer', language: 'typescript', stream: true },
      {},
      controller.signal,
    );
    await readEvents(response, (seen) => seen.some((e) => e.event === 'delta'));
    controller.abort();
    const deadline = Date.now() + 5000;
    while (fake.aborted === abortedBefore && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    assert.equal(fake.aborted, abortedBefore + 1, 'the model connection closed when the client left');
    assert.equal((await setModel('builtin')).status, 200);
  });
});
