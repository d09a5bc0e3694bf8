// The size analysis against cloc on real projects from the installed packages: per-language totals of
// code and comment lines within 2%. Skipped (with the reason) when cloc is not installed.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { scanProject } from '../../../../server/src/engine/project/size/scan';
import { SKIPPED_FOLDERS } from '../../../../server/src/engine/project/walk';

const PROJECTS = ['eslint', 'typescript', 'fastify', 'zod'];

export function clocCounts(root: string): Record<string, { nFiles: number; code: number; comment: number; blank: number }> {
  const out = execFileSync(
    'cloc',
    ['--json', '--quiet', '--timeout=0', '--skip-uniqueness', `--exclude-dir=${SKIPPED_FOLDERS.join(',')}`, root],
    { maxBuffer: 1 << 28 },
  ).toString();
  const parsed = JSON.parse(out) as Record<string, { nFiles: number; code: number; comment: number; blank: number }>;
  delete parsed.header;
  delete parsed.SUM;
  return parsed;
}

describe('size analysis agrees with cloc on installed packages', function () {
  this.timeout(120_000);
  before(function () {
    if (spawnSync('cloc', ['--version']).status !== 0) {
      console.log('    cloc is not installed (apt-get install cloc): comparison skipped');
      this.skip();
    }
  });
  for (const name of PROJECTS) {
    it(`node_modules/${name}`, async () => {
      const root = join(__dirname, '../../../../node_modules', name);
      // cloc 1.96 does not know .mts and .cts (it skips them); compare the files both count.
      const ours: Record<string, { files: number; code: number; comment: number; blank: number }> = {};
      await scanProject(root, {
        onFile: (file) => {
          if (/\.[cm]ts$/.test(file.rel)) return;
          const entry = (ours[file.language.name] ??= { files: 0, code: 0, comment: 0, blank: 0 });
          entry.files++;
          for (const kind of ['code', 'comment', 'blank'] as const) entry[kind] += file.counts[kind];
        },
      });
      const theirs = clocCounts(root);
      for (const [language, counts] of Object.entries(theirs)) {
        if (!ours[language]) continue; // languages cloc knows and we do not count (Text)
        assert.equal(ours[language]!.files, counts.nFiles, `${language} files`);
        for (const kind of ['code', 'comment', 'blank'] as const) {
          const total = counts.code + counts.comment + counts.blank;
          const diff = Math.abs(ours[language]![kind] - counts[kind]);
          assert.ok(diff <= Math.max(1, 0.02 * total), `${language} ${kind}: ours ${ours[language]![kind]}, cloc ${counts[kind]}`);
        }
      }
    });
  }
});
