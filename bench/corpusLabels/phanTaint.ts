// Reader for the integration tests of MediaWiki's phan taint-check plugin
// (wikimedia/mediawiki-tools-phan-SecurityCheckPlugin, `tests/integration/<case>/`): each case is a
// folder of PHP code and an `expectedResults.txt` that its runner (`tests/runtests.sh`) compares
// with the plugin's whole output by `diff`. That file is a snapshot of what the plugin reports, its
// own misses included (`gettersetter` expects nothing from `echo $o->getter()` of a stored
// `$_GET`), so a line missing from it is not a statement of safety. What the authors do state is in
// the code's comments (`// Safe`, `// Unsafe`, `// TODO Ideally Safe`). Labels: each expected issue
// is a positive, unless its line's comment disowns it (TODO); a line whose comment calls it safe is
// a negative for every family the plugin checks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_REVIEW_SIZE } from '../../server/src/engine/contracts/review';
import { partOf, type Case, type Corpus, type CorpusFile } from './corpus';

/**
 * Issue type → family, for the types whose concept review claims for PHP. `PathTraversal` is the
 * plugin's name for both an `include` of a path from input (review's code injection) and a file
 * function's path (`fopen`, `file_put_contents`, `opendir`); the message tells them apart.
 */
export function phanTaintFamily(type: string, message: string): string | undefined {
  if (type === 'SecurityCheck-PathTraversal')
    return /included path/i.test(message) ? 'codeinj' : 'pathtraver';
  return (
    {
      'SecurityCheck-XSS': 'xss',
      'SecurityCheck-SQLInjection': 'sqli',
      'SecurityCheck-ShellInjection': 'cmdi',
      'SecurityCheck-PHPSerializeInjection': 'deserialization',
      'SecurityCheck-RCE': 'codeinj',
    } as Record<string, string>
  )[type];
}

/** The families the plugin checks, and so the ones a line its authors call safe is negative for. */
const CHECKED = ['xss', 'sqli', 'cmdi', 'deserialization', 'codeinj', 'pathtraver'];

/** One line of `expectedResults.txt`: `integration/<case>/<file>:<line> <Type> <message>`. */
export interface PhanTaintResult {
  file: string;
  line: number;
  type: string;
  message: string;
  /** The lines of the same file the message's "Caused by:" list names (the path of the flow). */
  causedBy: number[];
}

export function phanTaintResults(text: string): PhanTaintResult[] {
  const out: PhanTaintResult[] = [];
  for (const row of text.split('\n')) {
    const m = /^(\S+?):(\d+) (\S+) (.*)$/.exec(row.trim());
    if (!m) continue;
    const [, file, line, type, message] = m;
    const causedBy = [...message.matchAll(/(\S+) \+(\d+)/g)]
      .filter((c) => c[1] === file)
      .map((c) => Number(c[2]));
    out.push({ file, line: Number(line), type, message, causedBy });
  }
  return out;
}

/**
 * Names the plugin gives a taint of its own (MediaWiki's APIs in `MediaWikiSecurityCheckPlugin.php`
 * and `src/MW*.php`, the test plugin's made-up sinks): a case using one is labelled by that
 * definition, not by what PHP does, and is left out. Read from the plugin's files when the corpus
 * holds them (`<root>/*.php`), plus the MediaWiki classes its visitors test by name.
 */
function pluginNames(root: string): string[] {
  const names = new Set([
    'Message',
    'wfMessage',
    'Parser',
    'PPFrame',
    'HTMLForm',
    'Html',
    'OutputPage',
    'Maintenance',
  ]);
  for (const file of readdirSync(root).filter((n) => n.endsWith('.php'))) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/'\\\\?([\w\\]+?)(?:::(\w+))?'\s*=>/g)) {
      const parts = m[1].split('\\').filter(Boolean);
      names.add(m[2] ?? parts.at(-1)!);
      if (m[2]) names.add(parts.at(-1)!);
    }
  }
  return [...names].filter((n) => /^\w+$/.test(n) && !/^(?:insert|query|select|row|rows|escape)$/.test(n));
}

/**
 * The cases review can be scored on: one PHP file (flows across files are out of a single file's
 * review) within review's size limit, no taint annotation (`@param-taint`, `@return-taint`: the
 * label is then what the annotation declares) nor debugging annotation, no name the plugin defines
 * a taint for, no issue type of a custom taint. Each expected issue is a positive at its line and
 * the lines its "Caused by" names, unless the line's comment disowns it (TODO, "ideally"); a line
 * whose comment says safe (`// Safe`, not "unsafe", "not safe" or a TODO) is a negative at that line
 * for every checked family. Split by case name.
 */
export function phanTaint(root: string): Corpus | undefined {
  const dir = join(root, 'integration');
  if (!existsSync(join(dir, 'backtick', 'expectedResults.txt'))) return undefined;
  const banned = pluginNames(root);
  const bannedRe = new RegExp(`(?<![\\w$])(?:${banned.join('|')})\\b`);
  const out: CorpusFile[] = [];
  for (const name of readdirSync(dir).sort()) {
    const expected = join(dir, name, 'expectedResults.txt');
    if (!existsSync(expected)) continue;
    const php = readdirSync(join(dir, name)).filter((n) => n.endsWith('.php'));
    if (php.length !== 1) continue;
    const path = join(dir, name, php[0]);
    const code = readFileSync(path, 'utf8');
    // A file past review's size limit (`hugearray`, 3.5 MB) is refused, not reviewed.
    if (code.length > MAX_REVIEW_SIZE) continue;
    if (/-taint\b|@phan-debug|taintedness/i.test(code) || bannedRe.test(code)) continue;
    const results = phanTaintResults(readFileSync(expected, 'utf8'));
    if (results.some((r) => /CUSTOM|Debug|InvalidAnnotation|LikelyFalsePositive/.test(r.type))) continue;
    const lines = code.split('\n');
    const comment = (n: number) => /(?:\/\/|#|\/\*)(.*)$/.exec(lines[n - 1] ?? '')?.[1] ?? '';
    const disowned = (n: number) => /\bTODO\b|\bFIXME\b|\bideally\b/i.test(comment(n));
    const cases: Case[] = [];
    for (const r of results) {
      const family = phanTaintFamily(r.type, r.message);
      if (!family || disowned(r.line)) continue;
      const regions = [r.line, ...r.causedBy].map((l) => [l, l] as [number, number]);
      cases.push({ family, positive: true, regions });
    }
    for (let n = 1; n <= lines.length; n++) {
      const text = comment(n);
      if (!/\bsafe\b/i.test(text) || /\bnot\b|n't|\bunsafe\b/i.test(text) || disowned(n)) continue;
      // A line the authors call safe that the plugin nevertheless reports is theirs to settle.
      if (cases.some((c) => c.regions?.some(([a]) => a === n))) continue;
      for (const family of CHECKED) cases.push({ family, positive: false, regions: [[n, n]] });
    }
    if (cases.length === 0) continue;
    out.push({ path, rel: `${name}/${php[0]}`, code, language: 'php', part: partOf(name), cases });
  }
  return out.length > 0
    ? { name: "phan taint-check plugin's integration tests (expectedResults.txt)", files: out }
    : undefined;
}
