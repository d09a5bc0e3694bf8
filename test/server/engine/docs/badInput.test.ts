// Paths outside the roots, through `..` or symlinks, missing files and a disabled tool: clear errors.
import assert from 'node:assert/strict';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';
import { DocsInput } from '../../../../server/src/engine/contracts/docs';
import { generateDocs } from '../../../../server/src/engine/docs/index';
import { CodewrightError } from '../../../../server/src/engine/errors';

const FIXTURES = resolve(__dirname, '../../../fixtures/docs');

async function refused(
  files: string[],
  code: string,
  field: string,
  tools = DEFAULT_CONFIG.tools,
  roots = [FIXTURES],
): Promise<string> {
  try {
    await generateDocs(DocsInput.parse({ source_files: files }), {
      config: { ...DEFAULT_CONFIG, tools },
      roots,
    });
  } catch (error) {
    assert.ok(error instanceof CodewrightError, String(error));
    assert.equal(error.code, code);
    assert.equal(error.details.field, field);
    return error.message;
  }
  assert.fail('expected a refusal');
}

describe('docs: bad input', () => {
  it('refuses `..`, absolute paths outside the roots and missing files, naming the entry', async () => {
    await refused(['api/shapes.ts', '../../package.json'], 'VALIDATION_ERROR', 'source_files.1');
    await refused(['/etc/passwd'], 'VALIDATION_ERROR', 'source_files.0');
    const message = await refused(['api/nope.ts'], 'VALIDATION_ERROR', 'source_files.0');
    assert.match(message, /does not exist/);
  });

  it('refuses a symlink that leads out of the root', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cw-docs-'));
    const outside = mkdtempSync(join(tmpdir(), 'cw-outside-'));
    writeFileSync(join(outside, 'secret.js'), 'export const key = 1;');
    symlinkSync(join(outside, 'secret.js'), join(root, 'link.js'));
    const message = await refused(['link.js'], 'VALIDATION_ERROR', 'source_files.0', DEFAULT_CONFIG.tools, [
      root,
    ]);
    assert.match(message, /symbolic link/);
  });

  it('needs the file_operations tool', async () => {
    await refused(['api/shapes.ts'], 'TOOL_DISABLED', 'tools', []);
  });

  it('reports unsupported files instead of dropping them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'cw-docs-'));
    writeFileSync(join(root, 'notes.txt'), 'hello');
    const out = await generateDocs(DocsInput.parse({ source_files: ['notes.txt'] }), {
      config: DEFAULT_CONFIG,
      roots: [root],
    });
    assert.equal(out.files_processed, 0);
    assert.match(out.skipped_files![0]!.reason, /unsupported file type/);
    assert.match(out.documentation, /## Files not documented/);
  });
});
