// Walks a project's files the way its developers see them: `.gitignore` files (at every level) are
// respected, dependency folders, build output and version-control folders are skipped, and symbolic
// links are not followed (so a link loop cannot trap the walk) but counted. The walk keeps only the
// folders still to visit, so memory stays bounded on a tree of 100,000 files.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** Folders never entered: dependencies, build output, caches and version control. Documented in docs/project.md. */
export const SKIPPED_FOLDERS = [
  '.git',
  '.hg',
  '.svn',
  'node_modules',
  'bower_components',
  'vendor',
  'dist',
  'build',
  'out',
  'coverage',
  '.next',
  '.nuxt',
  '.turbo',
  '.cache',
  'target',
  '__pycache__',
  '.venv',
  'venv',
  '.tox',
  '.mypy_cache',
  '.pytest_cache',
] as const;
const SKIPPED = new Set<string>(SKIPPED_FOLDERS);

export interface WalkedFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the project root with `/` separators. */
  rel: string;
  name: string;
}

export interface WalkStats {
  /** Entries left out by a .gitignore rule. */
  ignored: number;
  /** Folders left out because they hold dependencies or build output. */
  skippedFolders: number;
  /** Symbolic links (not followed). */
  symlinks: number;
  /** Folders that could not be listed, with the reason. */
  unreadable: { path: string; reason: string }[];
}

interface Level {
  /** Folder relative to the root ('' for the root), with a trailing slash when not the root. */
  base: string;
  rules: Ignore;
}

interface Pending {
  path: string;
  rel: string;
  levels: Level[];
}

function ignoredBy(levels: Level[], rel: string, isDir: boolean): boolean {
  for (const level of levels) {
    const sub = rel.slice(level.base.length) + (isDir ? '/' : '');
    if (sub && level.rules.ignores(sub)) return true;
  }
  return false;
}

function readGitignore(folder: string): Ignore | undefined {
  let text: string;
  try {
    text = readFileSync(join(folder, '.gitignore'), 'utf8');
  } catch {
    return undefined;
  }
  return ignore({ allowRelativePaths: true }).add(text);
}

/** Yields every file of the project not ignored, depth-first, folders in name order. */
export function* walkProject(root: string, stats: WalkStats): Generator<WalkedFile> {
  const stack: Pending[] = [{ path: resolve(root), rel: '', levels: [] }];
  while (stack.length > 0) {
    const folder = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(folder.path, { withFileTypes: true });
    } catch (error) {
      stats.unreadable.push({
        path: folder.rel || '.',
        reason: (error as NodeJS.ErrnoException).code ?? 'unreadable',
      });
      continue;
    }
    const own = entries.some((e) => e.name === '.gitignore') ? readGitignore(folder.path) : undefined;
    const levels = own
      ? [...folder.levels, { base: folder.rel ? `${folder.rel}/` : '', rules: own }]
      : folder.levels;
    entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
    // The folder's path is already absolute and normal: appending a name needs no path.join.
    const prefix = folder.path.endsWith(sep) ? folder.path : folder.path + sep;
    const files: WalkedFile[] = [];
    for (const entry of entries) {
      const rel = folder.rel ? `${folder.rel}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) {
        stats.symlinks++;
        continue;
      }
      const isDir = entry.isDirectory();
      if (isDir && SKIPPED.has(entry.name)) {
        stats.skippedFolders++;
        continue;
      }
      if (ignoredBy(levels, rel, isDir)) {
        stats.ignored++;
        continue;
      }
      if (isDir) stack.push({ path: prefix + entry.name, rel, levels });
      else if (entry.isFile()) files.push({ path: prefix + entry.name, rel, name: entry.name });
    }
    for (let k = files.length - 1; k >= 0; k--) yield files[k]!;
  }
}
