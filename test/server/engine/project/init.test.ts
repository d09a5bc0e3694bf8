import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validate } from '../../../../server/src/engine/contracts';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';
import { ProjectInitInput, TEMPLATE_IDS } from '../../../../server/src/engine/contracts/project';
import type { CodewrightError } from '../../../../server/src/engine/errors';
import { initProject } from '../../../../server/src/engine/project/init/index';
import type { InitOptions } from '../../../../server/src/engine/project/init/model';
import { TEMPLATES } from '../../../../server/src/engine/project/init/templates/index';

const ALL: InitOptions = { include_tests: true, include_docs: true, use_eslint: true, use_prettier: true };
const NONE: InitOptions = {
  include_tests: false,
  include_docs: false,
  use_eslint: false,
  use_prettier: false,
};

describe('initProject', () => {
  let root: string;
  const context = () => ({ config: DEFAULT_CONFIG, roots: [root] });
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cw-init-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('offers exactly the templates of the contract', () => {
    assert.deepEqual(
      TEMPLATES.map((t) => t.id),
      [...TEMPLATE_IDS],
    );
  });

  for (const template of TEMPLATE_IDS) {
    it(`${template}: writes the files it lists, and each option changes them`, async () => {
      const out = await initProject({ name: 'demo', template, options: ALL }, context());
      assert.equal(out.project_path, join(root, 'demo'));
      for (const file of out.files) assert.ok(existsSync(join(out.project_path, file)), file);
      const bare = TEMPLATES.find((t) => t.id === template)!.scaffold('demo', NONE);
      for (const option of Object.keys(ALL) as (keyof InitOptions)[]) {
        const one = TEMPLATES.find((t) => t.id === template)!.scaffold('demo', { ...NONE, [option]: true });
        assert.notDeepEqual(one.files, bare.files, `${option} changes the files`);
      }
    });
  }

  it('wires each option into package.json scripts and dev dependencies', async () => {
    const read = async (name: string, options: InitOptions) => {
      const out = await initProject({ name, template: 'node-typescript', options }, context());
      return JSON.parse(readFileSync(join(out.project_path, 'package.json'), 'utf8'));
    };
    const all = await read('all', ALL);
    assert.deepEqual(Object.keys(all.scripts).sort(), ['build', 'format', 'format:check', 'lint', 'test']);
    assert.ok(all.devDependencies.eslint && all.devDependencies.prettier);
    const none = await read('none', NONE);
    assert.deepEqual(Object.keys(none.scripts), ['build']);
    assert.equal(none.devDependencies.eslint, undefined);
  });

  it('refuses an existing non-empty folder and touches nothing in it', async () => {
    mkdirSync(join(root, 'taken'));
    writeFileSync(join(root, 'taken', 'keep.txt'), 'mine');
    await assert.rejects(
      initProject({ name: 'taken', template: 'cli' }, context()),
      (error: CodewrightError) => {
        assert.equal(error.code, 'VALIDATION_ERROR');
        assert.equal(error.details.field, 'name');
        return true;
      },
    );
    assert.deepEqual(readdirSync(join(root, 'taken')), ['keep.txt']);
    assert.equal(readFileSync(join(root, 'taken', 'keep.txt'), 'utf8'), 'mine');
  });

  it('uses an existing empty folder', async () => {
    mkdirSync(join(root, 'empty'));
    const out = await initProject({ name: 'empty', template: 'cli' }, context());
    assert.ok(out.files.includes('src/cli.ts'));
  });

  it('refuses invalid names and unknown templates at validation', () => {
    for (const name of ['', 'Bad Name', '../up', '.hidden', 'a/b']) {
      assert.throws(() => validate(ProjectInitInput, { name, template: 'cli' }), /name/);
    }
    assert.throws(() => validate(ProjectInitInput, { name: 'ok', template: 'cobol' }), /template/);
  });

  it('needs the file_operations tool and a directory under the roots', async () => {
    await assert.rejects(
      initProject(
        { name: 'x', template: 'cli' },
        { config: { ...DEFAULT_CONFIG, tools: [] }, roots: [root] },
      ),
      /file_operations/,
    );
    await assert.rejects(
      initProject({ name: 'x', template: 'cli', directory: '/tmp' }, context()),
      /outside the workspace/,
    );
    await assert.rejects(
      initProject({ name: 'x', template: 'cli' }, { config: DEFAULT_CONFIG, roots: [] }),
      /no workspace root/,
    );
  });
});
