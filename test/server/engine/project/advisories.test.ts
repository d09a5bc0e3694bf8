import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';
import { AdvisoryDatabase, versionToCheck } from '../../../../server/src/engine/project/analysis/advisories';
import { analyzeProject } from '../../../../server/src/engine/project/analysis/index';
import type { Dependency } from '../../../../server/src/engine/project/analysis/manifests';

// OSV records as github/advisory-database and osv.dev publish them (schema fields only).
const RECORDS: Record<string, unknown> = {
  'npm/GHSA-aaaa.json': {
    id: 'GHSA-aaaa',
    affected: [
      {
        package: { ecosystem: 'npm', name: 'express' },
        ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '4.1.0' }] }],
      },
    ],
  },
  'npm/GHSA-bbbb.json': {
    id: 'GHSA-bbbb',
    affected: [
      {
        package: { ecosystem: 'npm', name: 'express' },
        // Two windows, given out of order: 5.0.0 up to 5.0.2, and 4.17.0 up to 4.18.0.
        ranges: [
          { type: 'SEMVER', events: [{ introduced: '5.0.0' }, { last_affected: '5.0.2' }] },
          { type: 'SEMVER', events: [{ fixed: '4.18.0' }, { introduced: '4.17.0' }] },
          { type: 'GIT', repo: 'https://example.invalid/x', events: [{ introduced: 'abc123' }] },
        ],
      },
    ],
  },
  'pypi/PYSEC-1.json': {
    id: 'PYSEC-1',
    affected: [
      {
        package: { ecosystem: 'PyPI', name: 'Flask' },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.2.5' }] }],
        versions: ['2.0.0', '2.1.0'],
      },
    ],
  },
  'go/GO-1.json': {
    id: 'GO-2024-1',
    affected: [
      {
        package: { ecosystem: 'Go', name: 'golang.org/x/net' },
        ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '0.23.0' }] }],
      },
    ],
  },
  'maven/GHSA-mmmm.json': {
    id: 'GHSA-mmmm',
    affected: [
      {
        package: { ecosystem: 'Maven', name: 'com.google.code.gson:gson' },
        ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed: '2.8.9' }] }],
      },
    ],
  },
  'npm/withdrawn.json': {
    id: 'GHSA-wwww',
    withdrawn: '2024-01-01T00:00:00Z',
    affected: [
      {
        package: { ecosystem: 'npm', name: 'lodash' },
        ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }] }],
      },
    ],
  },
};

function writeDatabase(folder: string): void {
  for (const [rel, record] of Object.entries(RECORDS)) {
    mkdirSync(dirname(join(folder, rel)), { recursive: true });
    writeFileSync(join(folder, rel), JSON.stringify(record));
  }
  writeFileSync(join(folder, 'npm/broken.json'), '{ not json');
}

const dep = (ecosystem: Dependency['ecosystem'], name: string, spec: string): Dependency => ({
  ecosystem,
  name,
  spec,
  dev: false,
  manifest: 'm',
});

describe('AdvisoryDatabase (OSV records on disk)', () => {
  let folder: string;
  let db: AdvisoryDatabase;
  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'cw-osv-'));
    writeDatabase(folder);
    db = new AdvisoryDatabase(folder);
  });
  after(() => rmSync(folder, { recursive: true, force: true }));

  it('reads the records, skips withdrawn ones and reports files that are not records', () => {
    assert.equal(db.records, 5);
    assert.deepEqual(db.malformed, [join(folder, 'npm/broken.json')]);
    assert.deepEqual(db.lookup('npm', 'lodash', '1.0.0'), { ids: [] });
  });

  it('applies introduced, fixed and last_affected in version order, window by window', () => {
    assert.deepEqual(db.lookup('npm', 'express', '4.0.0'), { ids: ['GHSA-aaaa'] });
    assert.deepEqual(db.lookup('npm', 'express', '4.1.0'), { ids: [] });
    assert.deepEqual(db.lookup('npm', 'express', '4.17.3'), { ids: ['GHSA-bbbb'] });
    assert.deepEqual(db.lookup('npm', 'express', '4.18.0'), { ids: [] });
    assert.deepEqual(db.lookup('npm', 'express', '5.0.2'), { ids: ['GHSA-bbbb'] });
    assert.deepEqual(db.lookup('npm', 'express', '5.0.3'), { ids: [] });
  });

  it('matches listed versions, normalised PyPI names, Go v-versions and Maven numbers', () => {
    assert.deepEqual(db.lookup('PyPI', 'flask', '2.1.0'), { ids: ['PYSEC-1'] });
    assert.deepEqual(db.lookup('PyPI', 'FLASK', '2.2.4'), { ids: ['PYSEC-1'] });
    assert.deepEqual(db.lookup('PyPI', 'flask', '2.2.5'), { ids: [] });
    assert.deepEqual(db.lookup('Go', 'golang.org/x/net', 'v0.22.0'), { ids: ['GO-2024-1'] });
    assert.deepEqual(db.lookup('Go', 'golang.org/x/net', 'v0.23.0'), { ids: [] });
    assert.deepEqual(db.lookup('Maven', 'com.google.code.gson:gson', '2.8.6'), { ids: ['GHSA-mmmm'] });
  });

  it('says a version it cannot order is unknown rather than safe', () => {
    const answer = db.lookup('PyPI', 'flask', '2.2.0rc1');
    assert.ok('unknown' in answer && /cannot be compared/.test(answer.unknown), JSON.stringify(answer));
  });

  it('checks the version a declaration stands for', () => {
    assert.equal(versionToCheck(dep('npm', 'express', '^4.17.1'), new Map()), '4.17.1');
    assert.equal(
      versionToCheck(dep('npm', 'express', '^4.17.1'), new Map([['express', '4.21.2']])),
      '4.21.2',
    );
    assert.equal(versionToCheck(dep('crates.io', 'serde', '1.0'), new Map()), '1.0.0');
    assert.equal(versionToCheck(dep('PyPI', 'flask', '==2.1.0'), new Map()), '2.1.0');
    assert.equal(versionToCheck(dep('Go', 'golang.org/x/net', 'v0.22.0'), new Map()), 'v0.22.0');
    assert.ok(typeof versionToCheck(dep('PyPI', 'flask', '>=2'), new Map()) === 'object');
    assert.ok(typeof versionToCheck(dep('Maven', 'g:a', '${gson.version}'), new Map()) === 'object');
  });
});

describe('analyzeProject with an advisory database and no network', function () {
  this.timeout(120_000);
  let workspace: string;
  let database: string;
  const saved = process.env.CODEWRIGHT_ADVISORY_DB;
  before(() => {
    workspace = mkdtempSync(join(tmpdir(), 'cw-osv-project-'));
    database = mkdtempSync(join(tmpdir(), 'cw-osv-db-'));
    writeDatabase(database);
    process.env.CODEWRIGHT_ADVISORY_DB = database;
  });
  after(() => {
    if (saved === undefined) delete process.env.CODEWRIGHT_ADVISORY_DB;
    else process.env.CODEWRIGHT_ADVISORY_DB = saved;
    rmSync(workspace, { recursive: true, force: true });
    rmSync(database, { recursive: true, force: true });
  });

  const analyse = (project: string) =>
    analyzeProject(
      { project_path: project, analysis_type: 'dependencies', include_dependencies: true },
      { config: { ...DEFAULT_CONFIG, tools: ['file_operations'] }, roots: [workspace] },
    );

  it('counts vulnerable dependencies of every ecosystem from the database (web_search off)', async () => {
    const project = join(workspace, 'all-checked');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ dependencies: { express: '^4.0.0' } }));
    writeFileSync(join(project, 'requirements.txt'), 'flask==2.1.0\n');
    writeFileSync(
      join(project, 'go.mod'),
      'module example.com/x\n\ngo 1.22\n\nrequire golang.org/x/net v0.30.0\n',
    );
    const deps = (await analyse(project)).dependencies!;
    assert.equal(deps.outdated, null);
    assert.equal(deps.vulnerable, 2);
    assert.deepEqual(deps.vulnerable_packages!.map((p) => `${p.ecosystem}:${p.name}@${p.version}`).sort(), [
      'PyPI:flask@2.1.0',
      'npm:express@4.0.0',
    ]);
    assert.match(deps.checked!.reason!, /advisory database/);
  });

  it('gives no count when a dependency could not be checked, and says which', async () => {
    const project = join(workspace, 'unpinned');
    mkdirSync(project);
    writeFileSync(join(project, 'requirements.txt'), 'flask>=2\nrequests==2.31.0\n');
    const deps = (await analyse(project)).dependencies!;
    assert.equal(deps.vulnerable, null);
    assert.deepEqual(
      deps.unchecked!.map((u) => `${u.name}:${u.check}`),
      ['flask:vulnerable'],
    );
  });
});
