// The model tier of `generate` against a local fake OpenAI-compatible server (real HTTP and SSE):
// good, malformed, truncated, slow and failing answers, each with what the engine must do.
import assert from 'node:assert/strict';
import { DEFAULT_CONFIG, type Config } from '../../../../server/src/engine/contracts/config';
import { GenerateInput, GenerateOutput } from '../../../../server/src/engine/contracts/generate';
import type { OperationEvent } from '../../../../server/src/engine/engine';
import { CodewrightError } from '../../../../server/src/engine/errors';
import { generateCode } from '../../../../server/src/engine/generate/index';
import { startFakeOpenAi, type FakeServer } from './fakeOpenAi';

const GOOD = {
  code: 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
  explanation: 'Adds two numbers.',
  tests:
    "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { add } from './subject';\n\ntest('adds', () => {\n  assert.equal(add(2, 3), 5);\n});\n",
};

describe('generate: model tier', function () {
  this.timeout(60_000);
  let fake: FakeServer;
  const saved = { ...process.env };

  before(async () => {
    fake = await startFakeOpenAi();
    process.env.OPENAI_BASE_URL = fake.baseURL;
    process.env.OPENAI_API_KEY = 'test-key';
    process.env.CODEWRIGHT_MODEL_TIMEOUT_MS = '1500';
    process.env.CODEWRIGHT_MODEL_RETRIES = '1';
  });
  after(async () => {
    for (const key of [
      'OPENAI_BASE_URL',
      'OPENAI_API_KEY',
      'CODEWRIGHT_MODEL_TIMEOUT_MS',
      'CODEWRIGHT_MODEL_RETRIES',
    ]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    await fake.close();
  });
  beforeEach(() => fake.requests.splice(0));

  const config = (extra: Partial<Config> = {}): Config => ({
    ...DEFAULT_CONFIG,
    model: 'fake-coder',
    ...extra,
  });
  async function run(
    body: object,
    extra: Partial<Config> = {},
    contextTokens?: number,
    signal?: AbortSignal,
  ) {
    const events: OperationEvent[] = [];
    const output = await generateCode(GenerateInput.parse(body), {
      config: config(extra),
      roots: [],
      contextTokens,
      signal,
      emit: (event) => events.push(event),
    });
    GenerateOutput.parse(output);
    return { output, events, deltas: events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('') };
  }
  const request = { prompt: 'a function that adds two numbers', language: 'typescript' };

  it('streams a good answer, sends the schema, and verifies the code parses', async () => {
    fake.script({ kind: 'stream', content: JSON.stringify(GOOD), chunk: 7 });
    const { output, deltas, events } = await run(request);
    assert.equal(output.code, GOOD.code);
    assert.equal(deltas, GOOD.code, 'the code deltas add up to the code');
    assert.ok(events.filter((e) => e.type === 'delta').length > 3, 'the code arrived in several deltas');
    assert.equal(output.metadata.source, 'model');
    assert.equal(output.metadata.estimated_lines, 3);
    assert.match(output.metadata.complexity, /^low \(cyclomatic 1\)$/);
    assert.equal(output.tests, '', 'tests were not asked for');
    assert.deepEqual(
      output.verification?.checks.map((c) => [c.target, c.outcome]),
      [['code', 'passed']],
    );
    const sent = fake.requests[0]!;
    assert.equal(sent.model, 'fake-coder');
    assert.equal(sent.stream, true);
    assert.equal((sent.response_format as { type: string }).type, 'json_schema');
    assert.equal(sent.max_tokens, DEFAULT_CONFIG.max_tokens);
  });

  it('runs the generated tests when code_execution is on, and says when it is off', async () => {
    fake.script({ kind: 'stream', content: JSON.stringify(GOOD) });
    const on = await run({ ...request, options: { include_tests: true } }, { tools: ['code_execution'] });
    assert.equal(on.output.tests, GOOD.tests);
    const ran = on.output.verification!.checks.find((c) => c.check === 'tests run against the code')!;
    assert.equal(ran.outcome, 'passed', ran.detail);
    assert.match(ran.detail, /^1 passed, 0 failed/);
    const off = await run({ ...request, options: { include_tests: true } }, { tools: [] });
    const skipped = off.output.verification!.checks.find((c) => c.check === 'tests run against the code')!;
    assert.equal(skipped.outcome, 'skipped');
    assert.match(skipped.detail, /code_execution/);
  });

  it('reports failing generated tests and code that does not parse, honestly', async () => {
    const wrong = { ...GOOD, tests: GOOD.tests.replace('5);', '6);') };
    fake.script({ kind: 'stream', content: JSON.stringify(wrong) });
    const failing = await run(
      { ...request, options: { include_tests: true } },
      { tools: ['code_execution'] },
    );
    const ran = failing.output.verification!.checks.find((c) => c.check === 'tests run against the code')!;
    assert.equal(ran.outcome, 'failed');
    assert.match(failing.output.explanation, /^Warning: verification failed/);
    fake.script({
      kind: 'stream',
      content: JSON.stringify({ ...GOOD, code: 'export function add(a, b) {\n  return a + ;\n' }),
    });
    const broken = await run(request);
    assert.equal(broken.output.verification!.checks[0]!.outcome, 'failed');
    assert.match(broken.output.verification!.checks[0]!.detail, /^line 2/);
    assert.match(broken.output.metadata.complexity, /^unknown/);
  });

  it('falls back to JSON mode when the server refuses json_schema', async () => {
    fake.script(
      { kind: 'status', status: 400, message: "response_format type 'json_schema' is not supported" },
      { kind: 'stream', content: JSON.stringify(GOOD) },
    );
    const { output } = await run(request);
    assert.equal(output.code, GOOD.code);
    assert.equal((fake.requests[1]!.response_format as { type: string }).type, 'json_object');
  });

  it('repairs one malformed answer, and falls back to builtin after a second', async () => {
    fake.script(
      { kind: 'stream', content: '{"code": "x", "explanation": 1' },
      { kind: 'stream', content: JSON.stringify(GOOD) },
    );
    assert.equal((await run(request)).output.code, GOOD.code);
    assert.match(JSON.stringify(fake.requests[1]!.messages), /not valid JSON/);

    fake.script({ kind: 'stream', content: '{"code": 5}' });
    const { output, events } = await run({ prompt: 'debounce a search input', language: 'typescript' });
    assert.equal(output.verification?.tier, 'builtin');
    assert.match(output.verification!.fallback!, /failed \(malformed\)/);
    assert.match(output.explanation, /^The model 'fake-coder' failed \(malformed\)/);
    assert.equal(output.metadata.recipe, 'js.debounce');
    assert.ok(
      events.some((e) => e.type === 'reset'),
      'streaming clients are told to drop the partial code',
    );
  });

  it('treats an answer cut at max_tokens as truncated, never as a partial object', async () => {
    fake.script({ kind: 'stream', content: JSON.stringify(GOOD).slice(0, 40), finish: 'length' });
    const { output } = await run(request);
    assert.equal(output.verification?.tier, 'builtin');
    assert.match(output.verification!.fallback!, /\(truncated\)/);
    assert.equal(fake.requests.length, 2, 'one repair request, then the fallback');
  });

  it('retries a 429 after the Retry-After the provider gives', async () => {
    fake.script(
      { kind: 'status', status: 429, message: 'slow down', headers: { 'retry-after-ms': '200' } },
      { kind: 'stream', content: JSON.stringify(GOOD) },
    );
    const started = Date.now();
    const { output } = await run(request);
    assert.equal(output.code, GOOD.code);
    assert.equal(fake.requests.length, 2);
    assert.ok(Date.now() - started >= 180, 'waited for the provider');
  });

  it('falls back after 5xx answers and after a server too slow to answer', async () => {
    fake.script({ kind: 'status', status: 503, message: 'overloaded' });
    const down = await run(request);
    assert.match(down.output.verification!.fallback!, /\(refused\).*503/);
    assert.equal(fake.requests.length, 2, 'one retry (CODEWRIGHT_MODEL_RETRIES=1)');
    fake.script({ kind: 'hang' });
    const slow = await run(request);
    assert.match(slow.output.verification!.fallback!, /\(timeout\)/);
  });

  it('counts the prompt tokens before calling: too long is CONTEXT_TOO_LONG, no request made', async () => {
    fake.script({ kind: 'stream', content: JSON.stringify(GOOD) });
    await assert.rejects(
      run({ prompt: 'word '.repeat(3000), language: 'typescript' }, { max_tokens: 1000 }, 2000),
      (error: unknown) => error instanceof CodewrightError && error.code === 'CONTEXT_TOO_LONG',
    );
    assert.equal(fake.requests.length, 0);
  });

  it('stops the model call when cancelled', async () => {
    fake.script({ kind: 'stream', content: JSON.stringify(GOOD), chunk: 2, delayMs: 50 });
    const abortedBefore = fake.aborted;
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('client left')), 150);
    await assert.rejects(
      run(request, {}, undefined, controller.signal),
      (error: unknown) => error instanceof CodewrightError && error.details.issue === 'cancelled',
    );
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(fake.aborted - abortedBefore, 1, 'the connection to the model was closed');
  });
});
