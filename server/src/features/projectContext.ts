// The project context a review of a file needs and the file itself cannot give: today the Rails an
// app runs (ERB views are judged by it, see engine/review/railsVersion.ts). Read from the app's own
// files in the nearest folder above the document that holds a Gemfile or config/environment.rb,
// and kept for a short while so typing does not re-read them on every review.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { railsProjectType } from '../engine/review/railsVersion';

type Context = { project_type: string } | undefined;

/** How long a folder's answer is kept (the Gemfile changes rarely; a stale answer lasts seconds). */
const KEEP_MS = 10_000;
/** Folders above a document looked at, at most (a view sits a few levels under its app). */
const MAX_LEVELS = 8;

export class ProjectContexts {
  private readonly byFolder = new Map<string, { at: number; context: Promise<Context> }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The context for reviewing the document at `uri` in `language`; undefined when there is none. */
  async forDocument(uri: string, language: string): Promise<Context> {
    if (language !== 'ruby' || !uri.startsWith('file:')) return undefined;
    let path: string;
    try {
      path = fileURLToPath(uri);
    } catch {
      return undefined;
    }
    // Kept per document folder, so a review while typing looks at no file at all.
    const folder = dirname(path);
    const kept = this.byFolder.get(folder);
    if (kept && this.now() - kept.at < KEEP_MS) return kept.context;
    const root = appRoot(folder);
    const context = root ? readRailsContext(root) : Promise.resolve(undefined);
    this.byFolder.set(folder, { at: this.now(), context });
    return context;
  }
}

/** The nearest folder at or above `dir` that holds a Gemfile or config/environment.rb. */
function appRoot(dir: string): string | undefined {
  for (let level = 0; level < MAX_LEVELS; level++) {
    if (existsSync(join(dir, 'Gemfile')) || existsSync(join(dir, 'config', 'environment.rb'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

async function readRailsContext(root: string): Promise<Context> {
  const read = (...parts: string[]) => readFile(join(root, ...parts), 'utf8').catch(() => undefined);
  const [environment, gemfileLock, gemfile] = await Promise.all([
    read('config', 'environment.rb'),
    read('Gemfile.lock'),
    read('Gemfile'),
  ]);
  const projectType = railsProjectType({
    environment,
    gemfileLock,
    gemfile,
    railsXssPlugin: existsSync(join(root, 'vendor', 'plugins', 'rails_xss')),
  });
  return projectType ? { project_type: projectType } : undefined;
}
