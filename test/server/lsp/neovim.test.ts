// The server in another editor: Neovim's own LSP client (`nvim --headless`) with the configuration
// printed in docs/neovim.md, read from that file so the documented block is the tested one. Skipped
// when `nvim` is not installed (Debian package `neovim`).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverBundle } from './serverBundle';

const repoRoot = join(__dirname, '../../..');
const hasNvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;

/** The first ```lua block of docs/neovim.md. */
export function documentedConfig(): string {
  const doc = readFileSync(join(repoRoot, 'docs', 'neovim.md'), 'utf8');
  const block = /```lua\n([\s\S]*?)```/.exec(doc);
  if (!block) throw new Error('docs/neovim.md has no lua block');
  return block[1]!;
}

// Runs after the documented config: waits for the diagnostics, asks for code actions on the first
// one and writes what it saw as JSON, then quits.
const CHECK = `
local out = vim.env.CODEWRIGHT_OUT
local function finish(result)
  local file = io.open(out, 'w')
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd('qa!')
end
local bufnr = vim.api.nvim_get_current_buf()
local got = vim.wait(90000, function() return #vim.diagnostic.get(bufnr) > 0 end, 200)
if not got then finish({ error = 'no diagnostics', clients = #vim.lsp.buf_get_clients(bufnr) }) return end
local diagnostics = vim.diagnostic.get(bufnr)
local codes, target = {}, nil
for _, d in ipairs(diagnostics) do
  table.insert(codes, d.code or '')
  if d.code == 'prefer-const' then target = d end
end
target = target or diagnostics[1]
-- What Neovim 0.7 keeps of the LSP diagnostic (user_data.lsp: code, data, …) plus its range and
-- message, as vim.lsp.buf.code_action() sends it.
local lsp_diagnostic = vim.tbl_extend('force', (target.user_data and target.user_data.lsp) or {}, {
  range = { start = { line = target.lnum, character = target.col },
            ['end'] = { line = target.end_lnum, character = target.end_col } },
  message = target.message, code = target.code, source = target.source,
  severity = target.severity,
})
local params = {
  textDocument = vim.lsp.util.make_text_document_params(bufnr),
  range = lsp_diagnostic.range,
  context = { diagnostics = { lsp_diagnostic } },
}
local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 60000) or {}
local titles = {}
for _, response in pairs(responses) do
  for _, action in ipairs(response.result or {}) do table.insert(titles, action.title) end
end
finish({ codes = codes, sources = { target.source }, titles = titles })
`;

(hasNvim ? describe : describe.skip)('Neovim headless LSP client with the documented config', function () {
  this.timeout(180_000);

  it('gets diagnostics for a vulnerable file and a quick fix for one of them', async () => {
    const home = mkdtempSync(join(tmpdir(), 'codewright-nvim-'));
    const init = join(home, 'init.lua');
    const check = join(home, 'check.lua');
    const out = join(home, 'result.json');
    const file = join(home, 'app.js');
    writeFileSync(init, documentedConfig());
    writeFileSync(check, CHECK);
    writeFileSync(
      file,
      [
        'function run(request) {',
        '  let greeting = "hello";',
        '  return greeting + eval(request.query.code);',
        '}',
        'module.exports = { run };',
        '',
      ].join('\n'),
    );
    const server = await serverBundle();
    const env = {
      ...process.env,
      CODEWRIGHT_SERVER: server,
      CODEWRIGHT_OUT: out,
      CODEWRIGHT_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_DATA_HOME: join(home, 'data-nvim'),
      XDG_STATE_HOME: join(home, 'state'),
    };
    const nvim = spawn(
      'nvim',
      ['--headless', '-n', '-i', 'NONE', '-u', init, file, '-c', `luafile ${check}`],
      {
        cwd: home,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    nvim.stdout.on('data', (chunk) => (output += chunk));
    nvim.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((done) => nvim.on('exit', done));
    let result: { error?: string; codes?: string[]; sources?: string[]; titles?: string[] };
    try {
      result = JSON.parse(readFileSync(out, 'utf8'));
    } catch {
      throw new Error(`nvim wrote no result (exit ${code}):\n${output}`);
    }
    assert.equal(result.error, undefined, JSON.stringify(result));
    assert.ok(result.codes?.includes('codewright/code-injection'), JSON.stringify(result));
    assert.ok(result.codes?.includes('prefer-const'), JSON.stringify(result));
    assert.deepEqual(result.sources, ['codewright']);
    assert.ok(result.titles?.includes('Fix this prefer-const problem'), JSON.stringify(result));
  });
});
