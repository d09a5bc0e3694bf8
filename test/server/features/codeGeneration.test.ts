// "Generate Code" over LSP, against the bundled server: the code arrives as delta notifications that
// add up to the answer, from the builtin recipes and from a model whose endpoint, name and key reach
// the server only through its environment (as the extension passes them) and never its log.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GenerateCodeDeltaNotification, GenerateCodeRequest } from '../../../server/src/protocol';
import { startFakeOpenAi } from '../engine/model/fakeOpenAi';
import { serverBundle } from '../lsp/serverBundle';
import { ServerProcess } from '../lsp/serverProcess';

const MODEL_ENV = ['CODEWRIGHT_MODEL', 'OPENAI_BASE_URL', 'OPENAI_API_KEY'];

describe('features/codeGeneration over LSP', function () {
  this.timeout(120_000);
  let workspace: string;
  let dataDir: string;
  let server: ServerProcess | undefined;
  const saved = Object.fromEntries(MODEL_ENV.map((key) => [key, process.env[key]]));

  before(() => serverBundle());
  beforeEach(() => {
    workspace = mkdtempSync(join(tmpdir(), 'cw-gen-ws-'));
    dataDir = mkdtempSync(join(tmpdir(), 'cw-gen-data-'));
  });
  afterEach(() => {
    server?.kill();
    for (const key of MODEL_ENV) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    rmSync(workspace, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function generate(params: Omit<GenerateCodeRequest.Params, 'id' | 'trusted'>) {
    server = await ServerProcess.start({
      settings: { api: { enabled: false }, dataDir },
      workspaceFolder: workspace,
    });
    const deltas: string[] = [];
    server.connection.onNotification(
      GenerateCodeDeltaNotification.method,
      (message: GenerateCodeDeltaNotification.Params) => {
        if (message.id === 'g1' && 'delta' in message) deltas.push(message.delta);
      },
    );
    const result = await server.connection.sendRequest<GenerateCodeRequest.Result>(
      GenerateCodeRequest.method,
      {
        ...params,
        id: 'g1',
        trusted: true,
      },
    );
    return { result, streamed: deltas.join('') };
  }

  it('streams a builtin recipe as deltas that add up to the code', async () => {
    const { result, streamed } = await generate({
      prompt: 'debounce a search input',
      languageId: 'typescript',
    });
    assert.equal(result.source, 'recipe');
    assert.match(result.code, /debounce/);
    assert.equal(streamed, result.code);
    assert.deepEqual(result.failedChecks, []);
  });

  it('uses the model named in its environment, with the key from there, and never logs the key', async () => {
    const fake = await startFakeOpenAi();
    try {
      const code = 'export function twice(n: number): number {\n  return n * 2;\n}\n';
      fake.script({
        kind: 'stream',
        content: JSON.stringify({ code, explanation: 'Doubles.', tests: '' }),
        chunk: 5,
      });
      process.env.CODEWRIGHT_MODEL = 'fake-coder';
      process.env.OPENAI_BASE_URL = fake.baseURL;
      process.env.OPENAI_API_KEY = 'sk-secret-from-storage';
      const { result, streamed } = await generate({ prompt: 'double a number', languageId: 'typescript' });
      assert.equal(result.source, 'model');
      assert.equal(result.code, code);
      assert.equal(streamed, code);
      assert.equal(fake.requests[0]!.model, 'fake-coder');
      assert.equal(fake.authorizations[0], 'Bearer sk-secret-from-storage');
      assert.ok(!server!.logs.some((line) => line.includes('sk-secret')), 'the key is not in the log');
    } finally {
      await fake.close();
    }
  });

  it('refuses an unsupported language and an empty prompt clearly', async () => {
    await assert.rejects(
      generate({ prompt: 'x', languageId: 'plaintext' }),
      /cannot generate plaintext code/,
    );
    server?.kill();
    await assert.rejects(generate({ prompt: '  ', languageId: 'typescript' }), /Describe the code/);
  });
});
