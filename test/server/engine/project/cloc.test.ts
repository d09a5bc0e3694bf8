// The size analysis against cloc on real projects from the installed packages: per-language totals of
// code and comment lines within 2%. Skipped (with the reason) when cloc is not installed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { scanProject } from '../../../../server/src/engine/project/size/scan';
import { runCloc } from '../../../../bench/cloc';

const PROJECTS = ['eslint', 'typescript', 'fastify', 'zod'];

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
      const theirs = runCloc([root]);
      for (const [language, counts] of Object.entries(theirs)) {
        if (!ours[language]) continue; // languages cloc knows and we do not count (Text)
        assert.equal(ours[language]!.files, counts.nFiles, `${language} files`);
        for (const kind of ['code', 'comment', 'blank'] as const) {
          const total = counts.code + counts.comment + counts.blank;
          const diff = Math.abs(ours[language]![kind] - counts[kind]);
          assert.ok(
            diff <= Math.max(1, 0.02 * total),
            `${language} ${kind}: ours ${ours[language]![kind]}, cloc ${counts[kind]}`,
          );
        }
      }
    });
  }
});
