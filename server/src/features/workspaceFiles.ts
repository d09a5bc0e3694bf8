// The files "Review workspace" looks at: every file with a supported extension under the roots,
// leaving out dependency, build-output and hidden folders and files over the engine's size limit.
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { LanguageId } from '../engine/languages';

/** Folders holding dependencies, generated output or tool state, never reviewed. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules',
  'dist',
  'out',
  'build',
  'coverage',
  'target',
  'vendor',
  '__pycache__',
  'venv',
]);

const EXTENSION_LANGUAGES: Record<string, LanguageId> = {
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascriptreact',
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'typescriptreact',
  '.py': 'python',
  '.go': 'go',
  '.java': 'java',
  '.rs': 'rust',
  '.c': 'c',
  '.h': 'c',
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.cxx': 'cpp',
  '.hpp': 'cpp',
  '.hh': 'cpp',
  '.cs': 'csharp',
  '.rb': 'ruby',
  '.php': 'php',
};

export function languageOfPath(path: string): LanguageId | undefined {
  if (path.endsWith('.d.ts') || /\.min\.(c|m)?js$/.test(path)) return undefined;
  return EXTENSION_LANGUAGES[extname(path).toLowerCase()];
}

export interface SourceFile {
  path: string;
  language: LanguageId;
}

export interface FileListing {
  files: SourceFile[];
  /** Supported files left out: over `maxBytes`, unreadable, or past `maxFiles`. */
  skipped: number;
}

export interface ListOptions {
  maxBytes: number;
  maxFiles: number;
  cancelled: () => boolean;
}

/** Walks the roots breadth-first (symbolic links are not followed), in a stable order. */
export async function listSourceFiles(roots: readonly string[], options: ListOptions): Promise<FileListing> {
  const files: SourceFile[] = [];
  let skipped = 0;
  const queue = [...roots];
  const seen = new Set<string>();
  while (queue.length > 0 && !options.cancelled()) {
    const dir = queue.shift()!;
    if (seen.has(dir)) continue;
    seen.add(dir);
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name)) queue.push(path);
        continue;
      }
      const language = entry.isFile() ? languageOfPath(path) : undefined;
      if (!language) continue;
      if (files.length >= options.maxFiles) {
        skipped++;
        continue;
      }
      const size = await stat(path).then(
        (s) => s.size,
        () => Infinity,
      );
      if (size > options.maxBytes) skipped++;
      else files.push({ path, language });
    }
  }
  return { files, skipped };
}
