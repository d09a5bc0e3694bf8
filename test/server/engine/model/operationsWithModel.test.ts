// The model tier of review, explain, refactor, generateTests and generateDocs against the local fake
// OpenAI-compatible server (real HTTP, real SSE): for each operation a good answer merged with the
// builtin result, and malformed, truncated, slow and failing answers falling back to builtin, saying
// so; then the checks that must reject or correct a model's answer.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPERATIONS, type OperationName } from '../../../../server/src/engine/contracts';
import { DEFAULT_CONFIG, type Config } from '../../../../server/src/engine/contracts/config';
import { BUILTIN_OPERATIONS } from '../../../../server/src/engine/engine';
import { findPython } from '../../../../server/src/engine/testgen/python/interpreter';
import { startFakeOpenAi, type FakeServer, type Reply } from './fakeOpenAi';

const SUM = `export function sum(values: number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
`;
const PAIRS = `export function pairs(items: number[]): number {
  let count = 0;
  for (const a of items) {
    for (const b of items) {
      if (a < b) count++;
    }
  }
  return count;
}
`;
const EVAL = `export function run(input: string): unknown {
  return eval(input);
}

export function last(items: string[]): string {
  return items[items.length - 1];
}
`;
const VARS = `var greeting = 'hi';
export function greet(name) {
  var text = greeting + ' ' + name;
  return text;
}
`;

let folder: string;

interface Case {
  op: OperationName;
  input: () => object;
  good: object;
  /** What the merged answer must show. */
  check: (output: Record<string, unknown>) => void;
}

const CASES: Case[] = [
  {
    op: 'review',
    input: () => ({ code: EVAL, language: 'typescript' }),
    good: {
      issues: [
        {
          type: 'security',
          severity: 'high',
          line: 2,
          rule: 'no-eval',
          message: 'eval of input',
          suggestion: 'parse it',
        },
        {
          type: 'best_practices',
          severity: 'low',
          line: 6,
          rule: 'empty-array',
          message: 'items may be empty',
          suggestion: 'check length',
        },
        {
          type: 'performance',
          severity: 'low',
          line: 40,
          rule: 'made-up',
          message: 'no such line',
          suggestion: '-',
        },
      ],
      suggestions: ['Validate inputs at the boundary.'],
    },
    check: (output) => {
      const issues = output.issues as { line: number; rule: string; type: string }[];
      assert.equal(
        issues.filter((i) => i.line === 2 && i.type === 'security').length,
        1,
        'the eval issue once',
      );
      assert.ok(
        !issues.some((i) => i.line === 2 && i.rule.startsWith('model/')),
        'the builtin finding stands',
      );
      assert.ok(
        issues.some((i) => i.line === 6 && i.rule === 'model/empty-array'),
        'the new issue added',
      );
      assert.ok(!issues.some((i) => i.line === 40), 'an issue past the end dropped');
      assert.ok((output.suggestions as string[]).includes('Validate inputs at the boundary.'));
    },
  },
  {
    op: 'explain',
    input: () => ({ code: PAIRS, language: 'typescript' }),
    good: {
      summary: 'Counts ordered pairs.',
      breakdown: [
        { line: 4, code: 'for (const b of items) {', explanation: 'inner loop' },
        { line: 5, code: 'if (a > b) return 0;', explanation: 'not this line' },
      ],
      concepts: ['nested loops', 'counting'],
      complexity: [{ name: 'pairs', big_o: 'O(n)' }],
    },
    check: (output) => {
      const explanation = output.explanation as {
        summary: string;
        performance_impact: string;
        concepts: string[];
      };
      assert.match(explanation.summary, /^Counts ordered pairs\./);
      assert.match(explanation.performance_impact, /O\(n\^2\)|O\(n²\)/, 'the measured complexity stands');
      assert.ok(explanation.concepts.includes('counting'));
    },
  },
  {
    op: 'refactor',
    input: () => ({ code: VARS, language: 'javascript', refactor_type: 'modernize' }),
    good: {
      refactored_code:
        "const greeting = 'hi';\nexport function greet(name) {\n  return `${greeting} ${name}`;\n}\n",
      changes: ['var to const', 'template literal'],
      benefits: ['clearer'],
    },
    check: (output) => {
      assert.match(output.refactored_code as string, /`\$\{greeting\} \$\{name\}`/);
      assert.deepEqual(output.changes, ['var to const', 'template literal']);
    },
  },
  {
    op: 'generateTests',
    input: () => ({ source_code: SUM, language: 'typescript', test_framework: 'node:test' }),
    good: {
      test_code:
        "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\nimport { sum } from './subject';\n\ntest('#1 sums', () => {\n  assert.equal(sum([1, 2, 3]), 6);\n});\ntest('#2 empty', () => {\n  assert.equal(sum([]), 0);\n});\n",
      edge_cases: 1,
      estimated_coverage: 100,
    },
    check: (output) => {
      assert.match(output.test_code as string, /#2 empty/);
      const info = output.coverage_info as { test_cases: number; measured: boolean; method: string };
      assert.equal(info.test_cases, 2);
      assert.equal(info.measured, false);
      assert.match(info.method, /model's own estimate/);
    },
  },
  {
    op: 'generateDocs',
    input: () => ({ source_files: [join(folder, 'sum.ts')], include_examples: true }),
    good: { overview: 'Adds numbers.\n\n```ts\nimport { sum } from "./sum";\nsum([1, 2]);\n```\n' },
    check: (output) => {
      assert.match(output.documentation as string, /## Overview\n\nAdds numbers\./);
      assert.equal(output.total_functions, 1, "the counts are the builtin tier's");
    },
  },
];

describe('model tier of review, explain, refactor, generateTests and generateDocs', function () {
  this.timeout(60_000);
  let fake: FakeServer;
  const saved = { ...process.env };
  const KEYS = [
    'OPENAI_BASE_URL',
    'OPENAI_API_KEY',
    'CODEWRIGHT_MODEL_TIMEOUT_MS',
    'CODEWRIGHT_MODEL_RETRIES',
  ];

  before(async () => {
    fake = await startFakeOpenAi();
    folder = mkdtempSync(join(tmpdir(), 'cw-model-ops-'));
    writeFileSync(join(folder, 'sum.ts'), `/** Adds the values. */\n${SUM}`);
    process.env.OPENAI_BASE_URL = fake.baseURL;
    process.env.OPENAI_API_KEY = 'test-key';
    process.env.CODEWRIGHT_MODEL_TIMEOUT_MS = '800';
    process.env.CODEWRIGHT_MODEL_RETRIES = '0';
  });
  after(async () => {
    for (const key of KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    rmSync(folder, { recursive: true, force: true });
    await fake.close();
  });
  beforeEach(() => fake.requests.splice(0));

  async function run(op: OperationName, body: object, extra: Partial<Config> = {}) {
    const config: Config = { ...DEFAULT_CONFIG, model: 'fake-coder', tools: ['file_operations'], ...extra };
    const input = OPERATIONS[op].input.parse(body);
    const output = await (BUILTIN_OPERATIONS[op] as (i: unknown, c: unknown) => Promise<unknown>)(input, {
      config,
      roots: [folder],
    });
    return OPERATIONS[op].output.parse(output) as Record<string, unknown> & {
      verification?: {
        tier: string;
        fallback?: string;
        merge?: string;
        checks: { check: string; outcome: string; detail: string }[];
      };
    };
  }

  for (const c of CASES) {
    describe(c.op, () => {
      it('merges a good answer with the builtin result and says what was checked', async () => {
        fake.script({ kind: 'stream', content: JSON.stringify(c.good), chunk: 9 });
        const output = await run(c.op, c.input());
        assert.equal(output.verification?.tier, 'model', output.verification?.fallback);
        assert.ok(output.verification!.merge);
        c.check(output);
        const sent = fake.requests[0]!;
        assert.equal((sent.response_format as { type: string }).type, 'json_schema');
      });

      const failures: [string, Reply[], RegExp, number][] = [
        ['malformed twice', [{ kind: 'stream', content: '{"nope": ' }], /failed \(malformed\)/, 2],
        [
          'truncated',
          [{ kind: 'stream', content: JSON.stringify(c.good).slice(0, 30), finish: 'length' }],
          /\(truncated\)/,
          2,
        ],
        ['slow', [{ kind: 'hang' }], /\(timeout\)/, 1],
        ['failing (503)', [{ kind: 'status', status: 503, message: 'overloaded' }], /\(refused\).*503/, 1],
      ];
      for (const [name, replies, reason, requests] of failures) {
        it(`falls back to the builtin answer when the model is ${name}`, async () => {
          fake.script(...replies);
          const builtin = await run(c.op, c.input(), { model: 'builtin' });
          const output = await run(c.op, c.input());
          assert.equal(output.verification?.tier, 'builtin');
          assert.match(output.verification!.fallback!, reason);
          assert.match(output.verification!.fallback!, /This answer is from the builtin tier/);
          const { verification, ...rest } = output;
          assert.ok(verification);
          assert.equal(builtin.verification, undefined, 'without a model nothing changes');
          assert.deepEqual(Object.keys(rest).sort(), Object.keys(builtin).sort());
          assert.equal(fake.requests.length, requests);
        });
      }
    });
  }

  it('review: the request carries the numbered code and the builtin findings', async () => {
    fake.script({ kind: 'stream', content: JSON.stringify({ issues: [], suggestions: [] }) });
    await run('review', { code: EVAL, language: 'typescript' });
    const prompt = JSON.stringify(fake.requests[0]!.messages);
    assert.match(prompt, /2: {3}return eval\(input\);/);
    assert.match(prompt, /Already found:\\nline 2 security/);
  });

  it('explain: a complexity the model gets wrong is reported failed, the measured one kept', async () => {
    fake.script({ kind: 'stream', content: JSON.stringify(CASES[1]!.good) });
    const output = await run('explain', { code: PAIRS, language: 'typescript' });
    const claim = output.verification!.checks.find((c) => c.check === 'complexity of pairs')!;
    assert.equal(claim.outcome, 'failed');
    assert.match(
      claim.detail,
      /the model says O\(n\), the builtin estimator measured O\(n\^2\); the measured one is kept/,
    );
    const quoted = output.verification!.checks.find((c) => c.check.startsWith('breakdown'))!;
    assert.equal(quoted.outcome, 'failed');
    assert.match(quoted.detail, /^1 of 2 matched/);
  });

  it('refactor: code that drops an export or does not parse is refused, the builtin refactoring returned', async () => {
    fake.script({
      kind: 'stream',
      content: JSON.stringify({ refactored_code: "const greeting = 'hi';\n", changes: ['x'], benefits: [] }),
    });
    const dropped = await run('refactor', { code: VARS, language: 'javascript', refactor_type: 'modernize' });
    assert.equal(dropped.verification!.tier, 'builtin');
    assert.match(dropped.verification!.fallback!, /exported names kept: missing after the change: greet/);
    assert.match(dropped.refactored_code as string, /export function greet/);
    fake.script({
      kind: 'stream',
      content: JSON.stringify({
        refactored_code: 'export function greet(name) {\n  return ;;(\n',
        changes: [],
        benefits: [],
      }),
    });
    const broken = await run('refactor', { code: VARS, language: 'javascript', refactor_type: 'modernize' });
    assert.equal(broken.verification!.checks[0]!.outcome, 'failed');
    assert.match(broken.verification!.fallback!, /failed verification/);
  });

  it('refactor: a new compiler error (a name that no longer resolves) is refused', async () => {
    fake.script({
      kind: 'stream',
      content: JSON.stringify({
        refactored_code: 'export function greet(name) {\n  return salutation + name;\n}\n',
        changes: ['inlined'],
        benefits: [],
      }),
    });
    const output = await run('refactor', { code: VARS, language: 'javascript', refactor_type: 'simplify' });
    const compiler = output.verification!.checks.find((c) => c.check.startsWith('no compiler error'))!;
    assert.equal(compiler.outcome, 'failed');
    assert.match(compiler.detail, /TS2304/);
  });

  it("refactor: rename is the compiler's exact refactoring, and the model is not asked", async () => {
    fake.script({ kind: 'stream', content: '{}' });
    const output = await run('refactor', {
      code: VARS,
      language: 'javascript',
      refactor_type: 'rename',
      options: { from: 'text', to: 'message' },
    });
    assert.equal(fake.requests.length, 0);
    assert.equal(output.verification!.tier, 'builtin');
    assert.match(output.verification!.fallback!, /exact compiler refactoring/);
    assert.match(output.refactored_code as string, /var message/);
  });

  it('generateTests: with code_execution on, a green run is returned with its measured coverage', async () => {
    fake.script({ kind: 'stream', content: JSON.stringify(CASES[3]!.good) });
    const output = await run('generateTests', CASES[3]!.input(), { tools: ['code_execution'] });
    const ran = output.verification!.checks.find((c) => c.check === 'tests run against the code')!;
    assert.equal(ran.outcome, 'passed', ran.detail);
    assert.match(ran.detail, /^2 passed, 0 failed/);
    const info = output.coverage_info as {
      measured: boolean;
      statement_coverage: number;
      test_cases: number;
    };
    assert.equal(info.measured, true);
    assert.equal(info.statement_coverage, 100);
    assert.equal(info.test_cases, 2);
  });

  it('generateTests: a failing suite is refused and the builtin suite returned, naming the failure', async () => {
    const wrong = {
      ...CASES[3]!.good,
      test_code: (CASES[3]!.good as { test_code: string }).test_code.replace('6);', '7);'),
    };
    fake.script({ kind: 'stream', content: JSON.stringify(wrong) });
    const output = await run('generateTests', CASES[3]!.input(), { tools: ['code_execution'] });
    assert.equal(output.verification!.tier, 'builtin');
    assert.match(output.verification!.fallback!, /tests run against the code: 1 passed, 1 failed/);
    assert.doesNotMatch(output.test_code as string, /#2 empty/);
  });

  for (const framework of ['jest', 'vitest'] as const) {
    it(`generateTests with ${framework}: the model's suite runs under ${framework} in the sandbox, with measured coverage`, async function () {
      this.timeout(120_000);
      const imports =
        framework === 'vitest'
          ? "import { test, expect } from 'vitest';\nimport { sum } from './subject';\n"
          : "import { sum } from './subject';\n";
      const test_code = `${imports}\ntest('#1 sums', () => {\n  expect(sum([1, 2, 3])).toBe(6);\n});\ntest('#2 empty', () => {\n  expect(sum([])).toBe(0);\n});\n`;
      fake.script({
        kind: 'stream',
        content: JSON.stringify({ test_code, edge_cases: 1, estimated_coverage: 100 }),
      });
      const output = await run(
        'generateTests',
        { source_code: SUM, language: 'typescript', test_framework: framework },
        { tools: ['code_execution'] },
      );
      assert.equal(output.verification?.tier, 'model', output.verification?.fallback);
      const ran = output.verification!.checks.find((c) => c.check === 'tests run against the code')!;
      assert.equal(ran.outcome, 'passed', ran.detail);
      assert.match(ran.detail, /^2 passed, 0 failed/);
      const info = output.coverage_info as { measured: boolean; statement_coverage: number };
      assert.equal(info.measured, true);
      assert.equal(info.statement_coverage, 100);
    });
  }

  describe('generateTests in Python', () => {
    const CLAMP = [
      'def clamp(value, low, high):',
      '    if value < low:',
      '        return low',
      '    if value > high:',
      '        return high',
      '    return value',
      '',
    ].join('\n');
    const suite = (below: number) =>
      [
        'import subject',
        '',
        '',
        'def test_below_1():',
        `    assert subject.clamp(-5, 0, 10) == ${below}`,
        '',
        '',
        'def test_above_2():',
        '    assert subject.clamp(50, 0, 10) == 10',
        '',
      ].join('\n');
    const input = { source_code: CLAMP, language: 'python', test_framework: 'pytest' };
    const answer = (below: number) =>
      JSON.stringify({ test_code: suite(below), edge_cases: 0, estimated_coverage: 100 });

    it('with code_execution on, runs the suite under pytest and coverage.py and reports what it measured', async function () {
      this.timeout(120_000);
      fake.script({ kind: 'stream', content: answer(0) });
      const output = await run('generateTests', input, { tools: ['code_execution'] });
      assert.equal(output.verification?.tier, 'model', output.verification?.fallback);
      const ran = output.verification!.checks.find((c) => c.check === 'tests run against the code')!;
      assert.equal(ran.outcome, 'passed', ran.detail);
      assert.match(ran.detail, /^2 passed, 0 failed/);
      const info = output.coverage_info as {
        measured: boolean;
        statement_coverage?: number;
        test_cases: number;
        method: string;
      };
      assert.equal(info.test_cases, 2);
      // Measured wherever the interpreter the engine picks has coverage.py (CI installs it).
      assert.equal(info.measured, Boolean(findPython()?.coverage));
      if (info.measured) {
        // def, two ifs, three returns: `return value` is never reached.
        assert.equal(info.statement_coverage, 83.3);
        assert.match(info.method, /coverage\.py/);
      }
      assert.match(JSON.stringify(fake.requests[0]!.messages), /import subject/);
    });

    it('a suite with a failing test is refused and the builtin suite returned, naming the test', async function () {
      this.timeout(120_000);
      fake.script({ kind: 'stream', content: answer(7) });
      const output = await run('generateTests', input, { tools: ['code_execution'] });
      assert.equal(output.verification!.tier, 'builtin');
      assert.match(
        output.verification!.fallback!,
        /tests run against the code: 1 passed, 1 failed; 1 failed, first _1: test_subject\.py:5: AssertionError/,
      );
      assert.doesNotMatch(output.test_code as string, /test_below_1/);
    });

    it("with code_execution off, returns the suite unrun with the model's estimate, counting its test functions", async () => {
      fake.script({ kind: 'stream', content: answer(0) });
      const output = await run('generateTests', input);
      const info = output.coverage_info as { measured: boolean; test_cases: number; method: string };
      assert.equal(info.measured, false);
      assert.equal(info.test_cases, 2);
      assert.match(info.method, /model's own estimate/);
    });
  });

  it('generateDocs: an example that does not parse leaves the overview out', async () => {
    fake.script({
      kind: 'stream',
      content: JSON.stringify({ overview: 'Adds.\n\n```ts\nsum([1, 2\n```\n' }),
    });
    const output = await run('generateDocs', CASES[4]!.input());
    assert.equal(output.verification!.tier, 'builtin');
    assert.match(output.verification!.fallback!, /an example in its overview does not parse/);
    assert.doesNotMatch(output.documentation as string, /Overview/);
  });
});
