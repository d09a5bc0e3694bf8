// Precision and recall of review's security findings on labelled third-party corpora, next to the
// best open tool installed for the language, measured on the same labels in the same run.
//
//   npm run bench:review-corpus -- <corpus folder> [--part dev|held-out|all] [--sample N] [--show fn|fp] [--no-templates] [--annotated]
//   npm run bench:review-corpus -- --clean <folder> [--lang L] [--no-templates] [--headers] [--show high|all]
//
// The folder stays outside the repository (see docs/review.md for the corpora and their commits);
// bench/reviewCorpusLabels.ts reads its labels. `--part` keeps half of the test cases (by a hash of
// their name) out of development: `dev` is the half looked at while fixing, `held-out` the other.
// `--sample N` keeps one test case in N (by the same hash) for the very large Juliet folders.
// `--clean` reviews code assumed free of vulnerabilities (popular packages) and prints the
// high/critical findings per 1,000 lines: every one of them is a false alarm to look at.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { reviewDetailed } from '../server/src/engine/review/index';
import type { LanguageId } from '../server/src/engine/languages';
import { type Case, type CorpusFile, EXTENSION_LANGUAGE } from './corpusLabels/corpus';
import { loadCorpus } from './reviewCorpusLabels';
import { type Hit, type Peer, peersFor } from './reviewCorpusPeers';

/** Review rule id → family (the corpora's vocabulary). Rules outside these are not scored. */
const RULE_FAMILY: Record<string, string> = {
  'codewright/sql-injection': 'sqli',
  'codewright/nosql-injection': 'sqli',
  'codewright/command-injection': 'cmdi',
  'codewright/path-traversal': 'pathtraver',
  'codewright/xss': 'xss',
  'codewright/code-injection': 'codeinj',
  'codewright/unsafe-deserialization': 'deserialization',
  'codewright/weak-hash': 'hash',
  'codewright/weak-cipher': 'crypto',
  'sonarjs/no-weak-cipher': 'crypto',
  'sonarjs/encryption-secure-mode': 'crypto',
  'codewright/insecure-random': 'weakrand',
  'codewright/ldap-injection': 'ldapi',
  'codewright/xpath-injection': 'xpathi',
  'codewright/xxe': 'xxe',
  'sonarjs/xml-parser-xxe': 'xxe',
  'codewright/open-redirect': 'redirect',
  'codewright/insecure-cookie': 'securecookie',
  'sonarjs/insecure-cookie': 'securecookie',
  'codewright/trust-boundary': 'trustbound',
  'codewright/hardcoded-secret': 'secret',
  'codewright/format-string': 'fmtstr',
  'codewright/buffer-overflow': 'buffer',
  'codewright/regex-injection': 'regex',
  'codewright/prototype-pollution': 'pollution',
  'codewright/tls-verification-disabled': 'tls',
  'codewright/weak-tls': 'tls',
  'codewright/ssrf': 'ssrf',
};

interface Args {
  folder: string;
  part: 'dev' | 'held-out' | 'all';
  sample: number;
  /** Corpora: the false negatives or positives; `--clean`: the high/critical findings, or `all` of them. */
  show?: 'fn' | 'fp' | 'high' | 'all';
  clean: boolean;
  lang?: string;
  /** `--no-templates`: leave ERB views out (brakeman's labels and clean code, as before they were reviewed). */
  templates: boolean;
  /** `--annotated`: Psalm's cases that use its taint annotations, which the corpus otherwise leaves out. */
  annotated: boolean;
  /** `--headers` (`--clean`): C/C++ headers (`.h`) too, read as the `--lang` given (C unless `cpp`). */
  headers: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    folder: '',
    part: 'all',
    sample: 1,
    clean: false,
    templates: true,
    annotated: false,
    headers: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--part') args.part = argv[++i] as Args['part'];
    else if (a === '--sample') args.sample = Number(argv[++i]);
    else if (a === '--show') args.show = argv[++i] as Args['show'];
    else if (a === '--lang') args.lang = argv[++i];
    else if (a === '--clean') args.clean = true;
    else if (a === '--no-templates') args.templates = false;
    else if (a === '--annotated') args.annotated = true;
    else if (a === '--headers') args.headers = true;
    else args.folder = a;
  }
  if (!args.folder)
    throw new Error('usage: bench:review-corpus -- <corpus folder> [--part dev|held-out|all]');
  return args;
}

async function reviewHits(
  path: string,
  language: LanguageId,
  text?: string,
  context?: CorpusFile['context'],
): Promise<Hit[]> {
  const code = text ?? readFileSync(path, 'utf8');
  const { findings } = await reviewDetailed(
    // An `.erb` file is what VS Code calls `erb`: a template, reviewed as the Ruby of its tags.
    {
      code,
      language,
      check_types: ['security'],
      template: path.endsWith('.erb'),
      ...(context ? { context } : {}),
    },
    undefined,
    { fixedCode: false },
  );
  return findings.flatMap((f) => {
    const family = RULE_FAMILY[f.rule];
    const high = f.severity === 'high' || f.severity === 'critical';
    const hit = family ? [{ line: f.line, family, high }] : [];
    // A weak hash of sensitive data (CodeQL's weak-sensitive-data-hashing) is the high weak-hash finding.
    return f.rule === 'codewright/weak-hash' && high
      ? [...hit, { line: f.line, family: 'hash-sensitive', high }]
      : hit;
  });
}

interface Tally {
  tp: number;
  fp: number;
  fn: number;
}

const inside = (line: number, regions?: Array<[number, number]>) =>
  !regions || regions.some(([a, b]) => line >= a && line <= b);

/** Scores one tool's hits on one file into per-family tallies; returns the misses and false alarms. */
function score(file: CorpusFile, hits: Hit[], tallies: Map<string, Tally>): { fn: Case[]; fp: Hit[] } {
  const tally = (family: string) => {
    const key = `${file.language}\t${family}`;
    if (!tallies.has(key)) tallies.set(key, { tp: 0, fp: 0, fn: 0 });
    return tallies.get(key)!;
  };
  const fn: Case[] = [];
  const fp: Hit[] = [];
  for (const c of file.cases) {
    const hit = hits.find((h) => h.family === c.family && inside(h.line, c.regions));
    if (c.positive && hit) tally(c.family).tp++;
    else if (c.positive) {
      tally(c.family).fn++;
      fn.push(c);
    } else if (hit) {
      tally(c.family).fp++;
      fp.push(hit);
    }
  }
  if (file.strictFamilies) {
    const seen = new Set<string>();
    for (const h of hits) {
      if (!file.strictFamilies.includes(h.family) || seen.has(`${h.family}:${h.line}`)) continue;
      if (file.lines && !file.lines.has(h.line)) continue;
      seen.add(`${h.family}:${h.line}`);
      if (!file.cases.some((c) => c.positive && c.family === h.family && inside(h.line, c.regions))) {
        tally(h.family).fp++;
        fp.push(h);
      }
    }
  }
  return { fn, fp };
}

const ratio = (a: number, b: number) => (b === 0 ? '  -  ' : (a / b).toFixed(2));

function printTable(title: string, ours: Map<string, Tally>, peers: Map<string, Map<string, Tally>>) {
  console.log(`\n${title}`);
  const names = [...peers.keys()];
  const columns = names.length > 0 ? names : ['peer'];
  console.log(
    `| Language | Family | Cases+ | Review P / R (TP FP FN) |${columns.map((n) => ` ${n} P / R (TP FP FN) |`).join('')}`,
  );
  console.log(`| --- | --- | --- | --- |${columns.map(() => ' --- |').join('')}`);
  const total = (m: Map<string, Tally>, lang: string) =>
    [...m]
      .filter(([k]) => k.startsWith(`${lang}\t`))
      .reduce((s, [, t]) => ({ tp: s.tp + t.tp, fp: s.fp + t.fp, fn: s.fn + t.fn }), { tp: 0, fp: 0, fn: 0 });
  const row = (t: Tally) =>
    `${ratio(t.tp, t.tp + t.fp)} / ${ratio(t.tp, t.tp + t.fn)} (${t.tp} ${t.fp} ${t.fn})`;
  // A peer that does not read a language has no tally for it: "n/a", never a row of zeros.
  const cells = (pick: (tallies: Map<string, Tally>) => string) =>
    columns.map((n) => ` ${peers.has(n) ? pick(peers.get(n)!) : 'n/a'} |`).join('');
  const keys = [...new Set([...ours.keys(), ...[...peers.values()].flatMap((m) => [...m.keys()])])].sort();
  for (const key of keys) {
    const [lang, family] = key.split('\t');
    const o = ours.get(key) ?? { tp: 0, fp: 0, fn: 0 };
    console.log(
      `| ${lang} | ${family} | ${o.tp + o.fn} | ${row(o)} |${cells((m) => (m.has(key) ? row(m.get(key)!) : 'n/a'))}`,
    );
  }
  for (const lang of new Set(keys.map((k) => k.split('\t')[0]))) {
    const o = total(ours, lang);
    const read = (m: Map<string, Tally>) =>
      [...m.keys()].some((k) => k.startsWith(`${lang}\t`)) ? row(total(m, lang)) : 'n/a';
    console.log(`| ${lang} | **all** | ${o.tp + o.fn} | **${row(o)}** |${cells(read)}`);
  }
}

async function corpusRun(args: Args): Promise<void> {
  const corpus = loadCorpus(args.folder, args.templates, args.annotated);
  const keep = (f: CorpusFile) =>
    (args.part === 'all' || f.part === args.part) &&
    (args.sample <= 1 || createHash('md5').update(f.rel).digest()[1] % args.sample === 0) &&
    (!args.lang || f.language === args.lang);
  const files = corpus.files.filter(keep);
  const ours = new Map<string, Tally>();
  // Each installed peer reads the files of its languages; its tallies are kept apart per peer.
  const peers = new Set<Peer>([...new Set(files.map((f) => f.language))].flatMap(peersFor));
  const peerTallies = new Map<string, Map<string, Tally>>();
  for (const peer of peers) {
    const read = files.filter((f) => peer.languages.includes(f.language));
    const hits = peer.run(read.map((f) => f.path));
    const tallies = new Map<string, Tally>();
    for (const file of read) score(file, hits.get(file.path) ?? [], tallies);
    peerTallies.set(peer.name, tallies);
  }
  const started = Date.now();
  for (const file of files) {
    const { fn, fp } = score(file, await reviewHits(file.path, file.language, file.code, file.context), ours);
    if (args.show === 'fn')
      for (const c of fn) console.log(`FN ${c.family} ${file.rel}${c.regions ? `:${c.regions[0][0]}` : ''}`);
    if (args.show === 'fp') for (const h of fp) console.log(`FP ${h.family} ${file.rel}:${h.line}`);
  }
  printTable(
    `${corpus.name} — ${args.folder} — part ${args.part}${args.sample > 1 ? `, 1 in ${args.sample}` : ''} — ${files.length} files, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    ours,
    peerTallies,
  );
}

// Clean code only: C++ written as `.cc`/`.cxx`/`.hpp`/`.hh` (Google's and most large C++ code bases),
// and with `--headers` the `.h` headers of C or C++ (the labelled corpora keep `EXTENSION_LANGUAGE`).
const CLEAN_EXTENSIONS: Record<string, LanguageId> = {
  '.cc': 'cpp',
  '.cxx': 'cpp',
  '.hpp': 'cpp',
  '.hh': 'cpp',
};

function cleanLanguage(path: string, args: Args): LanguageId | undefined {
  const ext = extname(path);
  if (ext === '.h') return args.headers ? (args.lang === 'cpp' ? 'cpp' : 'c') : undefined;
  return EXTENSION_LANGUAGE[ext] ?? CLEAN_EXTENSIONS[ext];
}

function sources(
  dir: string,
  language: (path: string) => LanguageId | undefined,
  out: string[] = [],
): string[] {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || /^(tests?|__tests__|examples?|docs?)$/.test(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, language, out);
    else if (language(name) && !/\.(min|d)\.[jt]s$|test|spec/.test(name)) out.push(path);
  }
  return out;
}

async function cleanRun(args: Args): Promise<void> {
  let lines = 0;
  let alarms = 0;
  // Findings below high are no alarm, but a reader still sees them: counted apart.
  let lower = 0;
  // Per rule, every severity: the count a reader compares before and after a change.
  const byRule = new Map<string, Map<string, number>>();
  for (const path of sources(args.folder, (p) => cleanLanguage(p, args))) {
    const language = cleanLanguage(path, args)!;
    if (args.lang && language !== args.lang) continue;
    if (!args.templates && path.endsWith('.erb')) continue;
    const code = readFileSync(path, 'utf8');
    if (code.length > 1024 * 1024) continue;
    lines += code.split('\n').length;
    const template = path.endsWith('.erb');
    const { findings } = await reviewDetailed(
      { code, language, check_types: ['security'], template },
      undefined,
      {
        fixedCode: false,
      },
    );
    for (const f of findings) {
      const high = f.severity === 'high' || f.severity === 'critical';
      if (high) alarms++;
      else lower++;
      const severities = byRule.get(f.rule) ?? new Map<string, number>();
      byRule.set(f.rule, severities.set(f.severity, (severities.get(f.severity) ?? 0) + 1));
      if (args.show === 'all' || (args.show && high))
        console.log(`${path}:${f.line} ${f.severity} ${f.rule} ${f.message}`);
    }
  }
  console.log(
    `${args.folder}: ${lines} lines, ${alarms} high/critical findings, ${ratio(alarms * 1000, lines)} per 1,000 lines; ${lower} lower (${ratio(lower * 1000, lines)} per 1,000 lines)`,
  );
  for (const [rule, severities] of [...byRule].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`  ${rule}: ${[...severities].map(([severity, n]) => `${severity} ${n}`).join(', ')}`);
}

const args = parseArgs(process.argv.slice(2));
(args.clean ? cleanRun(args) : corpusRun(args)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
