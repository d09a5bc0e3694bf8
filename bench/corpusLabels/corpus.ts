// What every corpus reader produces: files with labelled cases, each in the dev or held-out half.
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageId } from '../../server/src/engine/languages';

export type Part = 'dev' | 'held-out';

/** One labelled question: is `family` reported inside `regions` (whole file when absent)? */
export interface Case {
  family: string;
  positive: boolean;
  regions?: Array<[number, number]>;
}

export interface CorpusFile {
  path: string;
  /** The source text, when the file is a sample held inside a larger file (gosec's testutils). */
  code?: string;
  rel: string;
  language: LanguageId;
  part: Part;
  cases: Case[];
  /** Line-labelled corpora: any finding of these families outside a positive region is false. */
  strictFamilies?: string[];
  /**
   * Line-labelled corpora split by line: only findings on these lines are scored for this part (the
   * file's other lines belong to the other half).
   */
  lines?: Set<number>;
  /** What a user would tell review about the project (brakeman's apps: their Rails version). */
  context?: { project_type: string };
}

export interface Corpus {
  name: string;
  files: CorpusFile[];
}

/** The half a file belongs to, by a hash of its test-case name: stable across runs and machines. */
export function partOf(key: string): Part {
  return createHash('sha1').update(key).digest()[0] % 2 === 0 ? 'dev' : 'held-out';
}

export const EXTENSION_LANGUAGE: Record<string, LanguageId> = {
  '.py': 'python',
  '.java': 'java',
  '.js': 'javascript',
  '.ts': 'typescript',
  '.go': 'go',
  '.cs': 'csharp',
  '.c': 'c',
  '.cpp': 'cpp',
  '.rb': 'ruby',
  // ERB templates (`show.html.erb`): review reads their Ruby tags (treesitter/erb.ts).
  '.erb': 'ruby',
  '.php': 'php',
  '.rs': 'rust',
};

/** Every file under `dir` (hidden folders and node_modules left out). */
export function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}
