import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEFAULT_CONFIG, type Config } from '../../../../server/src/engine/contracts/config';
import { ProjectAnalyzeInput, ProjectAnalyzeOutput } from '../../../../server/src/engine/contracts/project';
import { CodewrightError } from '../../../../server/src/engine/errors';
import { analyzeProject } from '../../../../server/src/engine/project/analysis/index';

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'demo-api',
    main: 'src/index.js',
    dependencies: { express: '^4.0.0' },
    devDependencies: { mocha: '^10.0.0' },
  }),
  'requirements.txt': 'flask==2.0.0\n# comment\nrequests>=2\n',
  'sub/package.json': '{ "name": broken',
  'src/index.js':
    "// entry\nconst { helper } = require('./helper');\n\nmodule.exports = (x) => (x ? helper(x) : 0);\n",
  'src/helper.js':
    '/**\n * Doubles.\n */\nexports.helper = (x) => {\n  if (x > 1 && x < 10) return x * 2;\n  return x;\n};\n',
  'test/index.test.js': "const f = require('../src/index');\nf(1);\n",
  'tool.py': '"""Tool."""\n\n\ndef main():\n    return 1  # one\n',
  '.gitignore': 'ignored/\n*.log\n',
  'ignored/big.js': 'x;\n'.repeat(50),
  'debug.log': 'noise\n',
  'node_modules/dep/index.js': 'x;\n',
  'dist/bundle.js': 'x;\n',
  'image.png': '\u0000PNG',
  'data.bin.js': 'a\u0000b',
  'notes.unknownext': 'hello\n',
};

function makeProject(root: string): void {
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  symlinkSync(root, join(root, 'loop')); // a symbolic link loop back to the project
}

describe('analyzeProject', function () {
  this.timeout(120_000);
  let workspace: string;
  let project: string;
  const config = (tools: Config['tools']): Config => ({ ...DEFAULT_CONFIG, tools });
  const analyse = (
    input: Partial<ProjectAnalyzeInput> & { project_path: string },
    tools: Config['tools'] = ['file_operations'],
  ) =>
    analyzeProject(
      { analysis_type: 'full', include_dependencies: true, ...input },
      { config: config(tools), roots: [workspace] },
    );

  before(() => {
    workspace = mkdtempSync(join(tmpdir(), 'cw-analyze-'));
    project = join(workspace, 'demo');
    makeProject(project);
  });
  after(() => rmSync(workspace, { recursive: true, force: true }));

  it('counts the files and lines it should, per language, and says what it left out', async () => {
    const out = ProjectAnalyzeOutput.parse(await analyse({ project_path: 'demo', analysis_type: 'size' }));
    const size = out.project_info.size;
    assert.deepEqual(size.languages, {
      JSON: { files: 2, code: 2, comment: 0, blank: 0 },
      JavaScript: { files: 3, code: 8, comment: 4, blank: 1 },
      Python: { files: 1, code: 2, comment: 1, blank: 2 },
    });
    assert.equal(size.files, 6);
    assert.equal(size.lines, 20);
    assert.equal(size.excluded!.ignored, 2); // ignored/ and debug.log
    assert.equal(size.excluded!.skipped_folders, 2); // node_modules, dist
    assert.equal(size.excluded!.symlinks, 1);
    assert.equal(size.excluded!.binary, 2);
    assert.equal(size.excluded!.unrecognised, 3); // requirements.txt, .gitignore, notes.unknownext
    assert.equal(out.code_quality, undefined);
    assert.equal(out.architecture, undefined);
  });

  it('identifies the project and totals its dependencies from every manifest, reporting the malformed one', async () => {
    const out = await analyse({ project_path: project, analysis_type: 'dependencies' });
    assert.equal(out.project_info.name, 'demo-api');
    assert.equal(out.project_info.type, 'API');
    assert.equal(out.project_info.framework, 'Express');
    assert.equal(out.project_info.language, 'JavaScript');
    const deps = out.dependencies!;
    assert.equal(deps.total, 4);
    assert.deepEqual(deps.by_ecosystem, { npm: 2, PyPI: 2 });
    assert.equal(deps.malformed_manifests!.length, 1);
    assert.equal(deps.malformed_manifests![0]!.path, 'sub/package.json');
  });

  it('says outdated and vulnerable were not checked when web_search is off, never 0', async () => {
    const deps = (await analyse({ project_path: project, analysis_type: 'dependencies' })).dependencies!;
    assert.equal(deps.outdated, null);
    assert.equal(deps.vulnerable, null);
    assert.equal(deps.checked!.registry, false);
    assert.match(deps.checked!.reason!, /web_search/);
  });

  it('leaves the dependencies out when include_dependencies is false', async () => {
    const out = await analyse({ project_path: project, include_dependencies: false });
    assert.equal(out.dependencies, undefined);
  });

  it('rates the architecture from the metrics it reports', async () => {
    const arch = (await analyse({ project_path: project, analysis_type: 'architecture' })).architecture!;
    const metrics = arch.metrics as Record<string, unknown>;
    // helper: 1 + if + && = 3; index: arrow with ?: = 2; test file: top level only.
    assert.equal(metrics.max_cyclomatic_complexity, 3);
    assert.equal(metrics.source_code_lines, 8); // src/*.js 6 + tool.py 2
    assert.equal(metrics.test_code_lines, 2);
    assert.equal(metrics.test_to_source_ratio, 0.25);
    assert.equal(arch.testability, 'medium');
    assert.equal(arch.complexity, 'low');
    assert.ok(['low', 'medium', 'high'].includes(arch.maintainability));
    // Python is measured through tree-sitter (main: complexity 1).
    assert.deepEqual(metrics.measured_languages, ['JavaScript', 'Python']);
    assert.deepEqual(metrics.not_measured_languages, []);
    assert.equal(metrics.mean_efferent_coupling, 0.5); // index→helper, test→index over 4 modules
  });

  it('reviews the sources for quality and answers a second run from the cache', async () => {
    const first = (await analyse({ project_path: project, analysis_type: 'quality' })).code_quality!;
    assert.equal(first.reviewed_files, 4);
    assert.ok(first.score !== null && first.score > 0 && first.score <= 100);
    const second = (await analyse({ project_path: project, analysis_type: 'quality' })).code_quality!;
    assert.equal(second.cached_files, 4);
    assert.deepEqual({ ...second, cached_files: 0 }, { ...first, cached_files: 0 });
  });

  it('asks the registry when web_search is on', async () => {
    const server: Server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/express') return res.end(JSON.stringify({ 'dist-tags': { latest: '5.1.0' } }));
      if (req.url === '/mocha') return res.end(JSON.stringify({ 'dist-tags': { latest: '10.2.0' } }));
      if (req.url?.startsWith('/-/npm/v1/security/advisories/bulk'))
        return res.end(
          JSON.stringify({
            express: [{ id: 1, url: 'https://example/adv/1', vulnerable_versions: '<4.1.0' }],
          }),
        );
      if (req.url === '/pypi/flask/json') return res.end(JSON.stringify({ info: { version: '3.0.0' } }));
      if (req.url === '/pypi/flask/2.0.0/json')
        return res.end(JSON.stringify({ vulnerabilities: [{ id: 'PYSEC-1' }] }));
      if (req.url === '/pypi/requests/json') return res.end(JSON.stringify({ info: { version: '2.32.0' } }));
      res.statusCode = 404;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.CODEWRIGHT_NPM_REGISTRY = base;
    process.env.CODEWRIGHT_PYPI_URL = base;
    try {
      const deps = (
        await analyse({ project_path: project, analysis_type: 'dependencies' }, [
          'file_operations',
          'web_search',
        ])
      ).dependencies!;
      assert.deepEqual(deps.outdated_packages!.map((p) => p.name).sort(), ['express', 'flask']);
      assert.equal(deps.outdated, 2);
      assert.deepEqual(deps.vulnerable_packages!.map((p) => p.name).sort(), ['express', 'flask']);
      // requests>=2 is not pinned: its advisories cannot apply to one version, so vulnerable is unknown.
      assert.equal(deps.vulnerable, null);
      assert.deepEqual(
        deps.unchecked!.map((u) => `${u.name}:${u.check}`),
        ['requests:vulnerable'],
      );
    } finally {
      delete process.env.CODEWRIGHT_NPM_REGISTRY;
      delete process.env.CODEWRIGHT_PYPI_URL;
      server.close();
    }
  });

  describe('refuses bad input with a clear error', () => {
    const refused = async (
      input: { project_path: string },
      field: string,
      issue: RegExp,
      tools?: Config['tools'],
    ) => {
      await assert.rejects(analyse(input, tools), (error: CodewrightError) => {
        assert.equal(error.details.field, field);
        assert.match(String(error.details.issue), issue);
        return true;
      });
    };
    it('a path outside the roots', () => refused({ project_path: '/etc' }, 'project_path', /outside/));
    it('a .. segment', () => refused({ project_path: 'demo/../..' }, 'project_path', /\.\./));
    it('a file that is not a folder', () =>
      refused({ project_path: 'demo/package.json' }, 'project_path', /not a folder/));
    it('a missing path', () => refused({ project_path: 'nope' }, 'project_path', /does not exist/));
    it('the file_operations tool disabled', () =>
      refused({ project_path: 'demo' }, 'tools', /file_operations/, []));
  });

  it('reports an unreadable folder and goes on', async function () {
    if (process.getuid?.() === 0) this.skip(); // root reads everything
    const locked = join(project, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0);
    try {
      const out = await analyse({ project_path: project, analysis_type: 'size' });
      assert.deepEqual(out.project_info.size.excluded!.unreadable, [{ path: 'locked', reason: 'EACCES' }]);
    } finally {
      chmodSync(locked, 0o755);
      rmSync(locked, { recursive: true });
    }
  });
});
