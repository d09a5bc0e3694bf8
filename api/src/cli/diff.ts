// `--diff <ref>`: the lines changed since a git ref (committed, staged, unstaged) and the files added
// since then (untracked ones included), so a pull request is reviewed on what it changes. Uses the
// git command line: `git diff --unified=0 <ref>` compares the ref with the working tree.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class DiffError extends Error {}

/** --diff outside a git repository: there is nothing to compare with, so every file is reviewed. */
export class NotInGitError extends DiffError {}

export interface ChangedLines {
  /** Absolute paths of files added since the ref: every finding in them counts. */
  added: Set<string>;
  /** Absolute path → 1-based line numbers changed (in the working-tree version). */
  lines: Map<string, Set<number>>;
}

async function git(cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run('git', args, { cwd, maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') throw new DiffError('--diff needs git, which is not on the PATH');
    throw new DiffError(failure.stderr?.trim().split('\n')[0] || failure.message);
  }
}

/** Git's quoted paths ("a\tb") unquoted; plain paths unchanged. */
function unquote(path: string): string {
  if (!path.startsWith('"')) return path;
  return JSON.parse(
    path.replace(
      /\\([0-7]{3})/g,
      (_, octal: string) => `\\u00${parseInt(octal, 8).toString(16).padStart(2, '0')}`,
    ),
  ) as string;
}

/** Parses `git diff --unified=0` output into the new side's changed lines per file. */
export function parseUnifiedDiff(text: string, root: string): Map<string, Set<number>> {
  const lines = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('+++ ')) {
      const target = line.slice(4);
      current = undefined;
      if (target === '/dev/null') continue;
      const path = join(root, unquote(target).replace(/^b\//, ''));
      current = lines.get(path) ?? new Set();
      lines.set(path, current);
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk && current) {
      const start = Number(hunk[1]);
      const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
      for (let n = start; n < start + count; n++) current.add(n);
    }
  }
  return lines;
}

export async function changedSince(ref: string, cwd: string): Promise<ChangedLines> {
  if (ref.startsWith('-')) throw new DiffError(`--diff needs a git ref, not '${ref}'`);
  const inside = await git(cwd, ['rev-parse', '--is-inside-work-tree']).catch(() => 'false');
  if (inside.trim() !== 'true')
    throw new NotInGitError(`--diff ${ref}: ${cwd} is not inside a git repository`);
  const root = (await git(cwd, ['rev-parse', '--show-toplevel'])).trim();
  await git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).catch(() => {
    throw new DiffError(`--diff ${ref}: no such commit, branch or tag in ${root}`);
  });
  const base = ['-c', 'core.quotePath=false', 'diff', '--no-color', '--no-ext-diff', '--find-renames'];
  const [patch, addedNames, untracked] = await Promise.all([
    git(root, [...base, '--unified=0', ref, '--']),
    git(root, [...base, '--name-only', '--diff-filter=A', '-z', ref, '--']),
    git(root, ['ls-files', '--others', '--exclude-standard', '-z']),
  ]);
  const added = new Set(
    [...addedNames.split('\0'), ...untracked.split('\0')].filter(Boolean).map((name) => join(root, name)),
  );
  return { added, lines: parseUnifiedDiff(patch, root) };
}

/** True when a finding's lines touch a changed line, or its file is new. */
export function inChange(changes: ChangedLines, path: string, line: number, endLine: number): boolean {
  if (changes.added.has(path)) return true;
  const changed = changes.lines.get(path);
  if (!changed) return false;
  for (let n = line; n <= Math.max(line, endLine); n++) if (changed.has(n)) return true;
  return false;
}

/** True when a file has any change since the ref (only those are reviewed). */
export function fileChanged(changes: ChangedLines, path: string): boolean {
  return changes.added.has(path) || (changes.lines.get(path)?.size ?? 0) > 0;
}
