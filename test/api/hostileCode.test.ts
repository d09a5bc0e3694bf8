// Fuzz over HTTP with the real engine: hostile shapes of code sent to every operation in every
// supported language. Each request must be answered (2xx, or a 4xx/503 envelope) within its time
// limit plus a margin, the server must stay up, and the next ordinary request must be served.
// Heavy shapes (a 900 kB line, 100,000 statements, huge literals) go to three languages; the rest
// to all thirteen.
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { LANGUAGES } from '../../server/src/engine/languages';
import { createTestApi, type TestApi } from './helpers';

const TIME_LIMIT_MS = 8_000;
const MARGIN_MS = 6_000;
const HEAVY_LANGUAGES = ['javascript', 'python', 'go'];

const repeat = (text: string, times: number) => text.repeat(times);

function nestedQuantifiers(depth: number): string {
  let group = 'a*';
  for (let i = 0; i < depth; i++) group = `(${group})*`;
  return group;
}

function nestedTemplates(depth: number): string {
  let template = 'x';
  for (let i = 0; i < depth; i++) template = `\`\${${template}}\``;
  return template;
}

const LIGHT_SHAPES: Record<string, (language: string) => string> = {
  'nested-quantifier regex': (language) =>
    language.includes('script')
      ? `const r = /${nestedQuantifiers(40)}b/;\nr.test(input);\n`
      : `pattern = "${nestedQuantifiers(40)}b"\n`,
  'deep ()': () => `x = ${repeat('(', 5000)}1${repeat(')', 5000)}\n`,
  'deep []': () => `x = ${repeat('[', 5000)}${repeat(']', 5000)}\n`,
  'deep {}': () => `function f() ${repeat('{', 5000)}${repeat('}', 5000)}\n`,
  'nested templates / f-strings': (language) =>
    language === 'python'
      ? `x = ${repeat('f"{', 300)}1${repeat('}"', 300)}\n`
      : `const v = ${nestedTemplates(600)};\n`,
  'lone surrogates and NUL bytes': () => `let s = "\ud800\udfff\ud800";\nlet t = "a\u0000b";\u0000\n`,
  'wrong language': (language) =>
    language === 'python'
      ? 'public class A { void f() { int[] a = new int[3]; } }\n'
      : 'def f(x):\n  return [x for x in x]\n',
};

const HEAVY_SHAPES: Record<string, () => string> = {
  'a 900 kB line': () => `x = ${repeat('1 + ', 225_000)}1\n`,
  '100,000 tiny statements': () => repeat('a;\n', 100_000),
  'a huge string literal': () => `s = "${repeat('a', 900_000)}"\n`,
};

interface Attempt {
  operation: string;
  url: string;
  body: Record<string, unknown>;
  label: string;
}

function attempts(): Attempt[] {
  const list: Attempt[] = [];
  const add = (label: string, language: string, code: string) => {
    list.push({ operation: 'review', url: '/v1/code/review', body: { code, language }, label });
    list.push({ operation: 'explain', url: '/v1/code/explain', body: { code, language }, label });
    list.push({
      operation: 'refactor',
      url: '/v1/code/refactor',
      body: { code, language, refactor_type: language === 'python' ? 'modernize' : 'simplify' },
      label,
    });
  };
  for (const [shape, make] of Object.entries(LIGHT_SHAPES)) {
    for (const language of LANGUAGES) add(`${shape} (${language})`, language, make(language));
  }
  for (const [shape, make] of Object.entries(HEAVY_SHAPES)) {
    for (const language of HEAVY_LANGUAGES) add(`${shape} (${language})`, language, make());
  }
  return list;
}

function assertAnswered(response: LightMyRequestResponse, label: string): void {
  const { statusCode } = response;
  if (statusCode === 200) return;
  assert.ok(
    (statusCode >= 400 && statusCode < 500) || statusCode === 503,
    `${label}: status ${statusCode} ${response.body.slice(0, 200)}`,
  );
  const { error } = response.json() as { error: { code: string; message: string } };
  assert.ok(error?.code && error.message, `${label}: an envelope`);
}

describe('hostile code over HTTP (fuzz, real engine)', function () {
  this.timeout(600_000);
  let api: TestApi;
  before(async () => {
    api = await createTestApi({ unlimited: true, pool: { workers: 2, timeLimitMs: TIME_LIMIT_MS } });
  });
  after(() => api.close());

  it('answers every operation in every language within its limit, and keeps serving', async () => {
    const queue = attempts();
    const slowest = { ms: 0, label: '' };
    const statuses = new Map<number, number>();
    const worker = async () => {
      for (let attempt = queue.shift(); attempt; attempt = queue.shift()) {
        const label = `${attempt.operation} ${attempt.label}`;
        const started = Date.now();
        const response = await api.call({ method: 'POST', url: attempt.url, payload: attempt.body });
        const ms = Date.now() - started;
        if (ms > slowest.ms) Object.assign(slowest, { ms, label });
        assert.ok(ms < TIME_LIMIT_MS + MARGIN_MS, `${label}: answered after ${ms} ms`);
        assertAnswered(response, label);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
    };
    await Promise.all([worker(), worker()]);
    const health = await api.call({ method: 'GET', url: '/v1/health', key: null });
    assert.equal(health.statusCode, 200);
    const ordinary = await api.call({
      method: 'POST',
      url: '/v1/code/review',
      payload: { code: 'var a = 1;\nconsole.log(a);\n', language: 'javascript' },
    });
    assert.equal(ordinary.statusCode, 200);
    assert.ok((ordinary.json() as { issues: unknown[] }).issues.length > 0);
    // Visible in the test log: how the answers were spread and the slowest one.
    console.log(
      `      statuses ${JSON.stringify(Object.fromEntries(statuses))}; slowest ${slowest.ms} ms (${slowest.label})`,
    );
  });
});
