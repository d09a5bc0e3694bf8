// Which files a documentation request may read: only existing paths inside a configured workspace
// root. A path is resolved and its real path (symlinks followed) must still lie inside the real path
// of a root, so `..` segments and symlinks pointing out are refused with a ValidationError naming the
// offending `source_files.N` entry.
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { invalidField } from '../errors';

export interface ResolvedFile {
  /** The path as given. */
  given: string;
  /** Real absolute path. */
  real: string;
  /** Path relative to its root, with `/` separators, for headings and anchors. */
  display: string;
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Real paths of the configured roots that exist. */
function realRootsOf(roots: readonly string[]): string[] {
  return roots.flatMap((root) => {
    try {
      return [realpathSync(root)];
    } catch {
      return [];
    }
  });
}

/**
 * Resolves one requested path inside the workspace roots (relative paths against each root), with
 * the checks documented above; `field` names it in errors. Shared with the project operations.
 */
export function resolveUnderRoots(
  given: string,
  roots: readonly string[],
  field: string,
): { real: string; root: string } {
  const realRoots = realRootsOf(roots);
  if (realRoots.length === 0) {
    throw invalidField(field, 'no workspace root is configured, so no file may be read');
  }
  if (given.includes('\0')) throw invalidField(field, 'must not contain NUL characters');
  if (given.split(/[\\/]/).includes('..')) throw invalidField(field, "must not contain '..' segments");
  const candidates = isAbsolute(given) ? [resolve(given)] : realRoots.map((root) => resolve(root, given));
  const lexical = candidates.find((c) => realRoots.some((root) => inside(root, c)));
  if (!lexical) throw invalidField(field, `is outside the workspace roots (${given})`);
  let real: string;
  try {
    real = realpathSync(lexical);
  } catch {
    throw invalidField(field, `does not exist (${given})`);
  }
  const root = realRoots.find((r) => inside(r, real));
  if (!root)
    throw invalidField(
      field,
      `resolves through a symbolic link to a place outside the workspace roots (${given})`,
    );
  return { real, root };
}

export function resolveSourceFiles(files: string[], roots: readonly string[]): ResolvedFile[] {
  if (realRootsOf(roots).length === 0) {
    throw invalidField('source_files', 'no workspace root is configured, so no file may be read');
  }
  return files.map((given, index) => {
    const field = `source_files.${index}`;
    const { real, root } = resolveUnderRoots(given, roots, field);
    if (!statSync(real).isFile()) throw invalidField(field, `is not a file (${given})`);
    return { given, real, display: relative(root, real).split(sep).join('/') };
  });
}
