// brakeman's test applications with the warnings its own tests assert (`assert_warning` lines).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { railsProjectType } from '../../server/src/engine/review/railsVersion';
import { type Corpus, type CorpusFile, partOf, walk } from './corpus';

/**
 * brakeman warning type → family, for the types whose concept review claims for Ruby. "Remote Code
 * Execution" is unsafe deserialization when the flagged code loads YAML/Marshal data, else code
 * execution (`constantize`, `send` of a name from input). Left out: mass assignment, CSRF,
 * sessions, routes, DoS, validation regexes, render paths, dangerous `send`, tabnabbing...
 */
export const BRAKEMAN_FAMILY: Record<string, string> = {
  'SQL Injection': 'sqli',
  'Command Injection': 'cmdi',
  'Dangerous Eval': 'codeinj',
  'Remote Code Execution': 'codeinj',
  Redirect: 'redirect',
  'File Access': 'pathtraver',
  'Path Traversal': 'pathtraver',
  'Directory Traversal': 'pathtraver',
  'Cross-Site Scripting': 'xss',
  'Weak Hash': 'hash',
  'SSL Verification Bypass': 'tls',
};

/** One `assert_warning`/`assert_no_warning` of brakeman's tests: its options as raw text. */
export interface BrakemanAssertion {
  positive: boolean;
  warningType: string;
  line?: number;
  /** `:relative_path => "app/..."`, or the `:file => /regex/` older tests use. */
  file: string | RegExp;
  /** The flagged code and the expected message (which name the call: `YAML.load called with ...`). */
  code: string;
}

/** The assertions of one brakeman test file (each call's options up to the next `end`/assertion). */
export function brakemanAssertions(text: string): BrakemanAssertion[] {
  const out: BrakemanAssertion[] = [];
  const blocks = text.split(/\b(?=assert_(?:no_)?warning\b)/).slice(1);
  for (const block of blocks) {
    const options = block.split(/\n\s*end\b/)[0];
    const type = /:warning_type\s*=>\s*"([^"]+)"/.exec(options)?.[1];
    const line = /:line\s*=>\s*(\d+)/.exec(options)?.[1];
    const path = /:relative_path\s*=>\s*"([^"]+)"/.exec(options)?.[1];
    const fileRegex = /:file\s*=>\s*\/((?:\\\/|[^/])+)\//.exec(options)?.[1];
    const file = path ?? (fileRegex ? new RegExp(fileRegex.replace(/\\\//g, '/')) : undefined);
    if (!type || !file) continue;
    out.push({
      positive: block.startsWith('assert_warning'),
      warningType: type,
      line: line ? Number(line) : undefined,
      file,
      code: `${/:code\s*=>\s*(.*)/.exec(options)?.[1] ?? ''} ${/:message\s*=>\s*(.*)/.exec(options)?.[1] ?? ''}`,
    });
  }
  return out;
}

/** The test file of each brakeman test app (`rails31.rb` scans `apps/rails3.1`). */
function brakemanApp(testText: string): string | undefined {
  return /run_scan\s*\(?\s*"([^"]+)"/.exec(testText)?.[1];
}

/** Scanned files of a brakeman app: Ruby, and ERB views unless `templates` is off (the old labels). */
const brakemanFile = (path: string, templates: boolean) =>
  path.endsWith('.rb') || (templates && path.endsWith('.erb'));

/** The Rails an app runs (review's project type), from its own files as the editor reads them. */
function railsProjectTypeOf(appDir: string): string | undefined {
  const read = (rel: string) =>
    existsSync(join(appDir, rel)) ? readFileSync(join(appDir, rel), 'utf8') : undefined;
  return railsProjectType({
    environment: read('config/environment.rb'),
    gemfileLock: read('Gemfile.lock'),
    gemfile: read('Gemfile'),
    railsXssPlugin: existsSync(join(appDir, 'vendor', 'plugins', 'rails_xss')),
  });
}

export function brakeman(root: string, templates: boolean): Corpus | undefined {
  const base = existsSync(join(root, 'test', 'apps')) ? join(root, 'test') : root;
  if (!existsSync(join(base, 'apps')) || !existsSync(join(base, 'tests'))) return undefined;
  const byPath = new Map<string, CorpusFile>();
  for (const test of readdirSync(join(base, 'tests')).filter((n) => n.endsWith('.rb'))) {
    const text = readFileSync(join(base, 'tests', test), 'utf8');
    const app = brakemanApp(text);
    if (!app || !existsSync(join(base, 'apps', app))) continue;
    const appDir = join(base, 'apps', app);
    const rubyFiles = walk(appDir)
      .filter((p) => brakemanFile(p, templates))
      .map((p) => relative(appDir, p));
    for (const a of brakemanAssertions(text)) {
      const family =
        a.warningType === 'Remote Code Execution' && /YAML|Marshal|Psych|load/.test(a.code)
          ? 'deserialization'
          : BRAKEMAN_FAMILY[a.warningType];
      if (!family || a.line === undefined) continue;
      const matched =
        typeof a.file === 'string' ? [a.file] : rubyFiles.filter((f) => (a.file as RegExp).test(f));
      if (matched.length !== 1 || !brakemanFile(matched[0], templates)) continue;
      const path = join(appDir, matched[0]);
      if (!existsSync(path)) continue;
      const rel = relative(root, path);
      const file = byPath.get(path) ?? {
        path,
        rel,
        language: 'ruby' as const,
        part: partOf(rel),
        cases: [],
        ...(railsProjectTypeOf(appDir) ? { context: { project_type: railsProjectTypeOf(appDir)! } } : {}),
      };
      byPath.set(path, file);
      // The same line asserted twice (two tests, or a warning and its absence under other options)
      // counts once; a positive wins.
      const existing = file.cases.find((c) => c.family === family && c.regions?.[0]?.[0] === a.line);
      if (existing) existing.positive ||= a.positive;
      else file.cases.push({ family, positive: a.positive, regions: [[a.line, a.line]] });
    }
  }
  return byPath.size > 0
    ? { name: "brakeman's test apps (assert_warning lines)", files: [...byPath.values()] }
    : undefined;
}
