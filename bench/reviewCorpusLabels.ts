// Labelled third-party corpora for bench/reviewCorpus.ts: reads a corpus folder (kept outside the
// repository) and turns its own labels into cases. Nothing here is tuned to the engine: each format
// is read the way its authors document it.
//
// - OWASP Benchmark (Java, Python): `expectedresults-*.csv` gives, per test file, one category and
//   whether the file is really vulnerable. A file is flagged when a tool reports that category
//   anywhere in it (the Benchmark's own scorecard rule).
// - NIST Juliet (C/C++ from arichardson/juliet-test-suite-c, C# 1.3): the CWE is in the folder name;
//   functions whose name contains `bad` hold the flaw, those containing `good` hold the fixed
//   variants. Only single-file test cases (`..._01.c`, not `..._54a.c`) are used, since review sees
//   one file at a time. A test case is a true positive when the CWE's family is reported inside a
//   bad function, a false positive when it is reported inside a good one.
// - securibench-micro.js: lines marked `// BAD` are the flaws; the family is the sink on that line
//   (response writes are XSS, `db.query` SQL, `fs.*` paths, `redirect` redirects). Any finding of
//   those families on another line is a false positive.
// - CodeQL's JavaScript query tests: `<Query>.expected` alert rows and `// NOT OK` comments (below).
// - gosec's rule samples (`testutils/gNNN_samples.go`): each sample is Go source with the number of
//   issues gosec's rule NNN must report in it. A sample is one file-level case for the rule's family
//   (positive when that number is above 0), scored like OWASP: the family reported anywhere in it.
// - CodeQL query tests with inline expectations (`// $ Alert[rust/sql-injection]=src`): the line of
//   an `Alert` (also `MISSING: Alert`, a real flaw CodeQL misses) is a flaw of the query's family;
//   `SPURIOUS: Alert` marks a CodeQL false positive, i.e. safe code. Any finding of the file's
//   families on a line without a (non-spurious) alert is a false positive.
// - NIST SARD PHP Vulnerability Test Suite (stivalet/PHP-Vulnerability-test-suite): each file is one
//   test case, under `<category>/CWE_<n>/safe|unsafe/`; the folder is the label. Scored like OWASP
//   (the CWE's family reported anywhere in the file).
// - DVWA (digininja/DVWA): `vulnerabilities/<kind>/source/<level>.php`; the levels low, medium and
//   high are vulnerable and impossible is the secure version (DVWA's own `security.php`).
// - Psalm's taint tests (vimeo/psalm `tests/TaintTest.php`): code samples Psalm must accept (no taint
//   issue) or reject with a named taint issue.
// - progpilot's tests (designsecurity/progpilot `projects/tests`): `<group>test.php` lists each test
//   file with the vulnerabilities progpilot must report in it (none: the file is safe).
// - brakeman's test applications (presidentbeef/brakeman `test/apps`) with the warnings its own tests
//   expect (`test/tests/*.rb`): `assert_warning` is a flaw at a line of a Ruby file,
//   `assert_no_warning` a line where that warning must not be reported. Templates (ERB/HAML) are not
//   reviewed, so only `.rb` files count.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import type { LanguageId } from '../server/src/engine/languages';
import { railsProjectType } from '../server/src/engine/review/railsVersion';
import { phanTaint } from './reviewCorpusPhanTaintLabels';

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

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** OWASP Benchmark category → family. */
const OWASP_FAMILY: Record<string, string> = {
  sqli: 'sqli',
  cmdi: 'cmdi',
  pathtraver: 'pathtraver',
  xss: 'xss',
  codeinj: 'codeinj',
  deserialization: 'deserialization',
  hash: 'hash',
  crypto: 'crypto',
  weakrand: 'weakrand',
  ldapi: 'ldapi',
  xpathi: 'xpathi',
  xxe: 'xxe',
  redirect: 'redirect',
  securecookie: 'securecookie',
  trustbound: 'trustbound',
};

/** Juliet CWE number → family (only the CWEs whose family review claims to find). */
export const CWE_FAMILY: Record<number, string> = {
  78: 'cmdi',
  89: 'sqli',
  90: 'ldapi',
  22: 'pathtraver',
  23: 'pathtraver',
  36: 'pathtraver',
  79: 'xss',
  80: 'xss',
  601: 'redirect',
  643: 'xpathi',
  327: 'crypto',
  328: 'hash',
  338: 'weakrand',
  330: 'weakrand',
  259: 'secret',
  321: 'secret',
  798: 'secret',
  94: 'codeinj',
  95: 'codeinj',
  614: 'securecookie',
  134: 'fmtstr',
  120: 'buffer',
  121: 'buffer',
  122: 'buffer',
  242: 'buffer',
  676: 'buffer',
  502: 'deserialization',
  611: 'xxe',
};

function owasp(root: string): Corpus | undefined {
  const csv = readdirSync(root).find((n) => /^expectedresults-.*\.csv$/.test(n));
  if (!csv) return undefined;
  const files = walk(root).filter((p) => /BenchmarkTest\d+\.(java|py)$/.test(p));
  const byName = new Map(files.map((p) => [basename(p, extname(p)), p]));
  const out: CorpusFile[] = [];
  for (const line of readFileSync(join(root, csv), 'utf8').split('\n')) {
    const [name, category, real] = line.split(',').map((s) => s.trim());
    const path = byName.get(name);
    const family = OWASP_FAMILY[category];
    if (!path || !family) continue;
    out.push({
      path,
      rel: relative(root, path),
      language: EXTENSION_LANGUAGE[extname(path)],
      part: partOf(name),
      cases: [{ family, positive: real === 'true' }],
    });
  }
  return { name: `OWASP Benchmark (${csv})`, files: out };
}

/**
 * Function ranges of Juliet's very regular layout: a header line ending in `)` (or `) const`), the
 * opening brace alone on the next line at the same indentation, the closing brace likewise.
 */
export function julietFunctions(code: string): Array<{ name: string; start: number; end: number }> {
  const lines = code.split(/\r?\n/);
  const out: Array<{ name: string; start: number; end: number }> = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const header = /^(\s*)[A-Za-z_][\w<>[\],*&:\s]*?\b(\w+)\s*\([^;{}]*\)\s*$/.exec(lines[i]);
    if (!header || lines[i + 1] !== `${header[1]}{`) continue;
    const close = `${header[1]}}`;
    let end = i + 2;
    while (end < lines.length && lines[end].trimEnd() !== close) end++;
    out.push({ name: header[2], start: i + 1, end: end + 1 });
    i = end;
  }
  return out;
}

function juliet(root: string): Corpus | undefined {
  const testcases = walk(root).filter((p) => /[/\\]CWE\d+_[^/\\]*_\d+\.(c|cpp|cs)$/.test(p));
  if (testcases.length === 0) return undefined;
  const out: CorpusFile[] = [];
  for (const path of testcases) {
    const cwe = Number(/CWE(\d+)_/.exec(basename(path))![1]);
    const family = CWE_FAMILY[cwe];
    if (!family) continue;
    const functions = julietFunctions(readFileSync(path, 'utf8'));
    const bad = functions.filter((f) => /bad/i.test(f.name)).map((f): [number, number] => [f.start, f.end]);
    const good = functions.filter((f) => /good/i.test(f.name)).map((f): [number, number] => [f.start, f.end]);
    if (bad.length === 0 && good.length === 0) continue;
    const cases: Case[] = [];
    if (bad.length > 0) cases.push({ family, positive: true, regions: bad });
    if (good.length > 0) cases.push({ family, positive: false, regions: good });
    out.push({
      path,
      rel: relative(root, path),
      language: EXTENSION_LANGUAGE[extname(path)],
      part: partOf(basename(path)),
      cases,
    });
  }
  return { name: 'NIST Juliet', files: out };
}

function sinkFamily(line: string): string | undefined {
  if (/\b(query|execute)\s*\(/.test(line)) return 'sqli';
  if (/redirect\s*\(/i.test(line)) return 'redirect';
  if (/\bfs\.\w+\s*\(/.test(line)) return 'pathtraver';
  if (/\.(write|send|end)\s*\(/.test(line)) return 'xss';
  return undefined;
}

function markedLines(root: string): Corpus | undefined {
  const dir = join(root, 'test-cases');
  if (!existsSync(dir)) return undefined;
  const out: CorpusFile[] = [];
  const families = ['xss', 'sqli', 'redirect', 'pathtraver'];
  for (const path of walk(dir).filter((p) => p.endsWith('.js'))) {
    const cases: Case[] = [];
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const family = /\/[/*]\s*BAD\b/.test(text) ? sinkFamily(text) : undefined;
        if (family) cases.push({ family, positive: true, regions: [[i + 1, i + 1]] });
      });
    const rel = relative(root, path);
    out.push({ path, rel, language: 'javascript', part: partOf(rel), cases, strictFamilies: families });
  }
  return { name: 'securibench-micro.js (// BAD markers)', files: out };
}

/**
 * gosec rule → family, only for the rules whose concept review claims for Go. Left out on purpose:
 * G102-G104, G108-G115 and G117-G123 (binding, unsafe, unchecked errors, pprof, integer conversions,
 * decompression bombs, timeouts, goroutine leaks, CORS, TOCTOU...), G106 (SSH host keys, not TLS),
 * G111 (http.Dir of "/": a configuration, not input reaching a file API), G301-G303/G306/G307 (file
 * permissions, temp files, deferred Close), G504 (net/http/cgi import), G601/G602 (aliasing, bounds),
 * G706-G708 (log, SMTP and template injection: no Go rule).
 */
export const GOSEC_FAMILY: Record<string, string> = {
  G101: 'secret',
  G107: 'ssrf',
  G201: 'sqli',
  G202: 'sqli',
  G203: 'xss',
  G204: 'cmdi',
  G304: 'pathtraver',
  G305: 'pathtraver',
  G401: 'hash',
  G402: 'tls',
  G404: 'weakrand',
  G405: 'crypto',
  G406: 'hash',
  G407: 'crypto',
  G501: 'hash',
  G502: 'crypto',
  G503: 'crypto',
  G505: 'hash',
  G506: 'hash',
  G507: 'hash',
  G701: 'sqli',
  G702: 'cmdi',
  G703: 'pathtraver',
  G704: 'ssrf',
  G705: 'xss',
  G709: 'deserialization',
  G710: 'redirect',
  G124: 'securecookie',
};

/** One sample of a gosec testutils file: its sources (one per file of the package) and labels. */
export interface GosecSample {
  files: string[];
  errors: number;
  config: string;
  /** gosec's own comment calls the label a known limitation ("should be 1 issue but detects 0"). */
  limitation: boolean;
}

/**
 * The `CodeSample` literals of a gosec testutils file, in either spelling (`{[]string{...}, 1, cfg}`
 * or `{Code: []string{...}, Errors: 1, Config: cfg}`). A small Go lexer: raw and interpreted
 * strings joined with `+`, comments skipped.
 */
export function gosecSamples(text: string): GosecSample[] {
  const out: GosecSample[] = [];
  let i = 0;
  const skip = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i])) i++;
      if (text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
      else if (text.startsWith('/*', i)) i = text.indexOf('*/', i) + 2;
      else return;
    }
  };
  const stringLiteral = (): string | undefined => {
    if (text[i] === '`') {
      const end = text.indexOf('`', i + 1);
      const value = text.slice(i + 1, end);
      i = end + 1;
      return value;
    }
    if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const raw = text.slice(i, j + 1);
      i = j + 1;
      try {
        return JSON.parse(raw) as string;
      } catch {
        return raw.slice(1, -1);
      }
    }
    return undefined;
  };
  for (;;) {
    const start = text.indexOf('[]string{', i);
    if (start < 0) break;
    const before = text.slice(i, start);
    i = start + '[]string{'.length;
    const files: string[] = [];
    let current = '';
    for (;;) {
      skip();
      const piece = stringLiteral();
      if (piece !== undefined) {
        current += piece;
        continue;
      }
      if (text[i] === '+') {
        i++;
        continue;
      }
      if (text[i] === ',' || text[i] === '}') {
        if (current) files.push(current);
        current = '';
        if (text[i++] === '}') break;
        continue;
      }
      break; // not a sample literal
    }
    // The rest of the CodeSample literal, up to its closing brace.
    let depth = 0;
    let j = i;
    for (; j < text.length; j++) {
      if (text[j] === '(' || text[j] === '{') depth++;
      else if (text[j] === ')' || (text[j] === '}' && depth > 0)) depth--;
      else if (text[j] === '}') break;
    }
    const rest = text.slice(i, j);
    const lineEnd = text.indexOf('\n', j);
    const after = text.slice(j, lineEnd < 0 ? text.length : lineEnd);
    i = j;
    const positional = /^\s*,\s*(\d+)\s*,\s*([^]*?)\s*,?\s*$/.exec(rest);
    const errors = positional?.[1] ?? /Errors:\s*(\d+)/.exec(rest)?.[1];
    const config = positional?.[2] ?? /Config:\s*([^,\n]+)/.exec(rest)?.[1] ?? '';
    // The comments between the previous sample's line and this one, and this one's trailing comment.
    const limitation = /limitation/i.test(before.slice(before.indexOf('\n') + 1) + after);
    if (errors !== undefined && files.length > 0)
      out.push({ files, errors: Number(errors), config: config.trim(), limitation });
  }
  return out;
}

/**
 * gosec's testutils folder. Kept: single-file samples (review sees one file at a time) with the
 * default configuration (`gosec.NewConfig()`: a sample labelled under other settings is labelled
 * for a different rule set), and not those whose comment calls the label a documented limitation of
 * gosec (its authors say the expected count is wrong there). The part is chosen by a hash of
 * `rule#index` (the index counts every sample of the file, kept or not).
 */
function gosec(root: string): Corpus | undefined {
  const dir = existsSync(join(root, 'testutils')) ? join(root, 'testutils') : root;
  const names = readdirSync(dir).filter((n) => /^g\d{3}_samples\.go$/.test(n));
  if (names.length === 0) return undefined;
  const out: CorpusFile[] = [];
  for (const name of names.sort()) {
    const rule = name.slice(0, 4).toUpperCase();
    const family = GOSEC_FAMILY[rule];
    if (!family) continue;
    const path = join(dir, name);
    gosecSamples(readFileSync(path, 'utf8')).forEach((sample, index) => {
      if (sample.files.length !== 1 || sample.config !== 'gosec.NewConfig()' || sample.limitation) return;
      const key = `${rule}#${index}`;
      out.push({
        path: `${path}#${index}`,
        rel: `${name}#${index}`,
        code: sample.files[0],
        language: 'go',
        part: partOf(key),
        cases: [{ family, positive: sample.errors > 0 }],
      });
    });
  }
  return { name: 'gosec rule samples (testutils)', files: out };
}

/**
 * CodeQL query id → family, for the queries whose concept review claims (Rust's security queries;
 * the other languages' ids differ only in their prefix).
 */
export const CODEQL_FAMILY: Record<string, string> = {
  'sql-injection': 'sqli',
  'command-line-injection': 'cmdi',
  'path-injection': 'pathtraver',
  xss: 'xss',
  'request-forgery': 'ssrf',
  'disabled-certificate-check': 'tls',
  'weak-cryptographic-algorithm': 'crypto',
  // Sensitive data (passwords, card numbers) hashed with a weak or fast hash: scored against review's
  // weak-hash findings of high severity, which it gives exactly when the data looks sensitive.
  'weak-sensitive-data-hashing': 'hash-sensitive',
  'hardcoded-cryptographic-value': 'secret',
  'hard-coded-cryptographic-value': 'secret',
  'regex-injection': 'regex',
  'insecure-cookie': 'securecookie',
  xxe: 'xxe',
  'unsafe-deserialization': 'deserialization',
};

/** One inline expectation: the 1-based line, the query's family, and whether CodeQL's authors call it spurious. */
export interface InlineAlert {
  line: number;
  family: string;
  spurious: boolean;
}

/**
 * The `Alert[...]` expectations of a CodeQL test file. An expectation comment is `// $ ...` at the end
 * of a line; `MISSING:` and `SPURIOUS:` prefix the tags that follow them in the same comment.
 */
export function inlineAlerts(code: string): InlineAlert[] {
  const out: InlineAlert[] = [];
  code.split(/\r?\n/).forEach((text, i) => {
    const comment = /\/\/\s*\$\s(.*)$/.exec(text)?.[1];
    if (!comment) return;
    let spurious = false;
    for (const token of comment.matchAll(/(MISSING:|SPURIOUS:)|Alert((?:\[[\w/-]+\])+)/g)) {
      if (token[1]) {
        spurious = token[1] === 'SPURIOUS:';
        continue;
      }
      for (const id of token[2].matchAll(/\[(?:\w+\/)?([\w-]+)\]/g)) {
        const family = CODEQL_FAMILY[id[1]];
        if (family && !out.some((a) => a.line === i + 1 && a.family === family))
          out.push({ line: i + 1, family, spurious });
      }
    }
  });
  return out;
}

/**
 * A folder of CodeQL query-test sources (kept outside the repository). Each file is split by line:
 * a line belongs to the half given by a hash of the file's path and the line's text (identical
 * statements of a file always fall in the same half), so a file yields a dev and a held-out entry,
 * each scoring only its own lines.
 */
function codeqlInline(root: string): Corpus | undefined {
  const files = walk(root).filter(
    (p) => EXTENSION_LANGUAGE[extname(p)] && /\$\s.*Alert\[/.test(readFileSync(p, 'utf8')),
  );
  if (files.length === 0) return undefined;
  const out: CorpusFile[] = [];
  for (const path of files) {
    const code = readFileSync(path, 'utf8');
    const rel = relative(root, path);
    const alerts = inlineAlerts(code);
    const families = [...new Set(alerts.map((a) => a.family))];
    if (families.length === 0) continue;
    const lines = code.split(/\r?\n/);
    for (const part of ['dev', 'held-out'] as const) {
      const mine = new Set(
        lines.map((text, i) => (partOf(`${rel}:${text.trim()}`) === part ? i + 1 : 0)).filter((n) => n > 0),
      );
      const cases: Case[] = alerts
        .filter((a) => !a.spurious && mine.has(a.line))
        .map((a) => ({ family: a.family, positive: true, regions: [[a.line, a.line] as [number, number]] }));
      out.push({
        path,
        rel: `${rel}#${part}`,
        language: EXTENSION_LANGUAGE[extname(path)],
        part,
        cases,
        strictFamilies: families,
        lines: mine,
      });
    }
  }
  return { name: 'CodeQL query tests (inline expectations)', files: out };
}

/**
 * CodeQL JavaScript query → family, for the standard queries (a `.qlref`) whose concept review
 * claims. Left out: custom-sanitizer variants (`.ql` written for the test), and queries about
 * configuration or logic rather than a flow (CSRF middleware, rate limiting, X-Frame-Options,
 * CORS, stack traces, incomplete sanitization, cleartext storage, conditional bypass, type
 * confusion, remote property injection, format strings, XML bombs), and BrokenCryptoAlgorithm,
 * whose alert sits where sensitive data enters a cipher created elsewhere (`desCipher.write(secret)`),
 * while review reports the algorithm choice (`createCipher('des')`): the lines cannot agree.
 */
export const CODEQL_QUERY_FAMILY: Record<string, string> = {
  TaintedPath: 'pathtraver',
  CommandInjection: 'cmdi',
  ReflectedXss: 'xss',
  Xss: 'xss',
  SqlInjection: 'sqli',
  CodeInjection: 'codeinj',
  ServerSideUrlRedirect: 'redirect',
  ClientSideUrlRedirect: 'redirect',
  RegExpInjection: 'regex',
  InsecureRandomness: 'weakrand',
  HardcodedCredentials: 'secret',
  InsufficientPasswordHash: 'hash',
  Xxe: 'xxe',
  UnsafeDeserialization: 'deserialization',
  XpathInjection: 'xpathi',
};

/**
 * CodeQL's query tests (`query-tests/Security/CWE-*`): each test folder holds JavaScript files and,
 * per query, a `<Query>.expected` listing the alerts (`| file:line:col:endLine:endCol | ...`). An
 * alert's lines are a positive case of the query's family; lines the test's author marked
 * `// NOT OK` are positive too (the author's label, also where the query misses them). Any finding
 * of the folder's families elsewhere in its files is a false positive.
 */
function codeqlQueryTests(root: string): Corpus | undefined {
  const expected = walk(root).filter((p) => {
    const query = basename(p, '.expected');
    return (
      p.endsWith('.expected') && CODEQL_QUERY_FAMILY[query] && existsSync(join(p, '..', `${query}.qlref`))
    );
  });
  if (expected.length === 0) return undefined;
  const byFolder = new Map<string, Map<string, Set<string>>>(); // folder → file → "family:start:end"
  const families = new Map<string, Set<string>>(); // folder → families
  for (const path of expected) {
    const folder = join(path, '..');
    const family = CODEQL_QUERY_FAMILY[basename(path, '.expected')];
    families.set(folder, (families.get(folder) ?? new Set()).add(family));
    const files = byFolder.get(folder) ?? new Map<string, Set<string>>();
    byFolder.set(folder, files);
    for (const row of readFileSync(path, 'utf8').split('\n')) {
      const at = /^\|\s*([^|\s]+?):(\d+):\d+:(\d+):\d+\s*\|/.exec(row);
      if (!at) continue;
      const marks = files.get(at[1]) ?? new Set<string>();
      files.set(at[1], marks.add(`${family}:${at[2]}:${at[3]}`));
    }
  }
  const out: CorpusFile[] = [];
  for (const [folder, files] of byFolder) {
    const folderFamilies = [...families.get(folder)!];
    for (const path of walk(folder).filter((p) => /\.(js|ts)$/.test(p) && !p.endsWith('.d.ts'))) {
      const rel = relative(folder, path);
      const marks = new Set(files.get(rel) ?? []);
      const lines = readFileSync(path, 'utf8').split('\n');
      lines.forEach((text, i) => {
        // `// NOT OK` (any case) marks the author's positive line: its own, or the next code line
        // when the comment stands alone; `// OK` does not.
        if (!/\/[/*].*\bNOT OK\b/i.test(text)) return;
        let line = i;
        if (/^\s*(\/\/|\/\*)/.test(text))
          while (line + 1 < lines.length && (line === i || /^\s*(\/\/|\/\*|\*|$)/.test(lines[line]))) line++;
        for (const family of folderFamilies) marks.add(`${family}:${line + 1}:${line + 1}`);
      });
      const cases: Case[] = [...marks].map((mark) => {
        const [family, start, end] = mark.split(':');
        return { family, positive: true, regions: [[Number(start), Number(end)]] };
      });
      out.push({
        path,
        rel: relative(root, path),
        language: EXTENSION_LANGUAGE[extname(path)],
        part: partOf(relative(root, path)),
        cases,
        strictFamilies: folderFamilies,
      });
    }
  }
  return { name: 'CodeQL JavaScript query tests (.expected alerts + // NOT OK)', files: out };
}

/**
 * SARD PHP CWE → family, only the CWEs whose family review claims for PHP. CWE-91 ("XML injection")
 * samples build XPath queries; CWE-98 (file inclusion) and CWE-95 (eval) run code chosen by input.
 * Left out: CWE-862 (missing authorization), CWE-311/209 (no rule).
 */
export const SARD_PHP_FAMILY: Record<number, string> = {
  78: 'cmdi',
  89: 'sqli',
  90: 'ldapi',
  91: 'xpathi',
  95: 'codeinj',
  98: 'codeinj',
  601: 'redirect',
  79: 'xss',
  327: 'hash',
};

function sardPhp(root: string): Corpus | undefined {
  const paths = walk(root).filter((p) => /[/\\]CWE_\d+[/\\](?:safe|unsafe)[/\\][^/\\]+\.php$/.test(p));
  if (paths.length === 0) return undefined;
  const out: CorpusFile[] = [];
  for (const path of paths) {
    const [, cwe, label] = /CWE_(\d+)[/\\](safe|unsafe)[/\\]/.exec(path)!;
    const family = SARD_PHP_FAMILY[Number(cwe)];
    if (!family) continue;
    out.push({
      path,
      rel: relative(root, path),
      language: 'php',
      part: partOf(basename(path)),
      cases: [{ family, positive: label === 'unsafe' }],
    });
  }
  return { name: 'NIST SARD PHP Vulnerability Test Suite', files: out };
}

/**
 * DVWA kinds whose flaw is a flow inside the level's own file (source and sink both in it). Left out:
 * `fi`, `xss_s` and `xss_r`, whose sink is in another file (the level files only read
 * `$_GET['page']`, write the guestbook row, or append the greeting to `$html`; `fi/index.php`
 * includes the page, the guestbook view echoes the row, the page template echoes `$html`), `xss_d`
 * (client-side script), and kinds without a review family (upload, CSRF, brute force, captcha,
 * weak session ids, CSP, authorization, cryptography protocols).
 */
export const DVWA_FAMILY: Record<string, string> = {
  exec: 'cmdi',
  sqli: 'sqli',
  sqli_blind: 'sqli',
  open_redirect: 'redirect',
};

function dvwa(root: string): Corpus | undefined {
  if (!existsSync(join(root, 'vulnerabilities'))) return undefined;
  const out: CorpusFile[] = [];
  for (const [kind, family] of Object.entries(DVWA_FAMILY)) {
    for (const level of ['low', 'medium', 'high', 'impossible']) {
      const path = join(root, 'vulnerabilities', kind, 'source', `${level}.php`);
      if (!existsSync(path)) continue;
      const rel = relative(root, path);
      const cases = [{ family, positive: level !== 'impossible' }];
      out.push({ path, rel, language: 'php', part: partOf(rel), cases });
    }
  }
  return out.length > 0 ? { name: 'DVWA (levels low/medium/high vs impossible)', files: out } : undefined;
}

/**
 * Psalm taint issue → family, for the issues whose concept review claims for PHP. Left out:
 * TaintedHeader (header injection), TaintedCookie, TaintedCallable, TaintedSleep, TaintedExtract,
 * TaintedTextWithQuotes and the secret-leak issues.
 */
export const PSALM_FAMILY: Record<string, string> = {
  TaintedHtml: 'xss',
  TaintedSql: 'sqli',
  TaintedShell: 'cmdi',
  TaintedInclude: 'codeinj',
  TaintedEval: 'codeinj',
  TaintedFile: 'pathtraver',
  TaintedSSRF: 'ssrf',
  TaintedLdap: 'ldapi',
  TaintedXpath: 'xpathi',
  TaintedUnserialize: 'deserialization',
};

/** One case of Psalm's TaintTest: its name, PHP code, and the issue it must raise (none: valid). */
export interface PsalmCase {
  name: string;
  code: string;
  issue?: string;
}

/**
 * The cases of Psalm's `TaintTest.php`: `'name' => ['code' => '<?php ...', 'error_message' => ...]`
 * entries of `providerValidCodeParse` (no issue) and `providerInvalidCodeParse`. The code is a PHP
 * single-quoted string (only `\'` and `\\` are escapes there).
 */
export function psalmCases(text: string): PsalmCase[] {
  const invalidFrom = text.indexOf('function providerInvalidCodeParse');
  const starts = [...text.matchAll(/^\s*'([^']+)' => \[\s*'code' => '/gm)];
  return starts.map((m, k) => {
    let i = m.index + m[0].length;
    let code = '';
    for (; i < text.length && text[i] !== "'"; i++) {
      if (text[i] === '\\' && (text[i + 1] === "'" || text[i + 1] === '\\')) i++;
      code += text[i];
    }
    // The options after the code, up to the next case: the expected issue of a rejected case.
    const options = text.slice(i, starts[k + 1]?.index ?? text.length);
    const rejected = invalidFrom >= 0 && m.index > invalidFrom;
    return { name: m[1], code, issue: rejected ? /'error_message' => '(\w+)/.exec(options)?.[1] : undefined };
  });
}

/**
 * Psalm's taint tests. Left out: cases marked `SKIPPED-`, cases using Psalm's annotations
 * (`@psalm-taint-source/sink/escape`, `@psalm-flow`...: the label then depends on what the
 * annotation declares, which review does not read), and rejected cases whose issue has no family.
 * A rejected case is a positive for its issue's family; an accepted one a negative for every family
 * (Psalm raises no taint issue in it). Split by a hash of the case name.
 */
function psalmTaint(root: string): Corpus | undefined {
  const path = [join(root, 'TaintTest.php'), join(root, 'tests', 'TaintTest.php')].find(existsSync);
  if (!path) return undefined;
  const out: CorpusFile[] = [];
  for (const c of psalmCases(readFileSync(path, 'utf8'))) {
    if (c.name.includes('SKIPPED-') || /@psalm-/.test(c.code)) continue;
    const family = c.issue ? PSALM_FAMILY[c.issue] : undefined;
    if (c.issue && !family) continue;
    const cases = family
      ? [{ family, positive: true }]
      : [...new Set(Object.values(PSALM_FAMILY))].map((f) => ({ family: f, positive: false }));
    out.push({
      path: `${path}#${c.name}`,
      rel: c.name,
      code: c.code,
      language: 'php',
      part: partOf(c.name),
      cases,
    });
  }
  return { name: "Psalm's taint tests (TaintTest.php)", files: out };
}

/** progpilot vulnerability name → family, for the names whose concept review claims for PHP. */
export const PROGPILOT_FAMILY: Record<string, string> = {
  xss: 'xss',
  sql_injection: 'sqli',
  command_injection: 'cmdi',
  file_inclusion: 'codeinj',
  path_traversal: 'pathtraver',
  code_injection: 'codeinj',
  ldap_injection: 'ldapi',
  xpath_injection: 'xpathi',
  open_redirect: 'redirect',
  ssrf: 'ssrf',
};

/**
 * progpilot's test groups whose files are reviewed one at a time under the default rules. Left out:
 * `includes` (flows across files), `custom` (rules from a configuration written for the test),
 * `vulntestsuite` (a copy of SARD's samples, measured on their own) and the groups testing options
 * (folders, exclusions, flows, graphs).
 */
const PROGPILOT_GROUPS = [
  'generic',
  'oop',
  'conditions',
  'data',
  'negative',
  'real',
  'phpwander',
  'frameworks',
];

/**
 * The sources, sinks, sanitizers and validators progpilot's tests run with besides its real ones
 * (`package/src/uptodate_data/php/dev/*.json`, "for dev purposes": `func1arr`, `$vardev`,
 * `mysink` of class `SomeClassUnknown`, `shell_exec` as a source...), each as the names a file
 * must mention to use it: the name, and the class when one is given. A test using one is labelled
 * by that made-up definition, not by what PHP does, and is left out. Kept under `<root>/dev/`.
 */
function progpilotDevNames(dir: string): string[][] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .flatMap((n) => {
      const data = JSON.parse(readFileSync(join(dir, n), 'utf8')) as Record<string, unknown>;
      return Object.values(data).flatMap((list) => (Array.isArray(list) ? list : []));
    })
    .filter((e: { name?: string; language?: string }) => e.name && e.language === 'php')
    .map((e: { name: string; instanceof?: string }) =>
      e.instanceof ? [e.name, e.instanceof.split('->')[0]] : [e.name],
    );
}

/**
 * progpilot's tests: each `<group>test.php` returns `[["./tests/<group>/x.php", [[name, line,
 * "vuln"], ...]], ...]`, the results progpilot's own test asserts (their exact number). A file is a
 * positive for each family listed; a file with no result expected is a negative for every family.
 * The line is where progpilot places the source, not the sink, so files are scored like OWASP.
 */
function progpilot(root: string): Corpus | undefined {
  if (!existsSync(join(root, 'generictest.php')) || !existsSync(join(root, 'tests'))) return undefined;
  const devNames = progpilotDevNames(join(root, 'dev'));
  const out: CorpusFile[] = [];
  for (const group of PROGPILOT_GROUPS) {
    const listing = join(root, `${group}test.php`);
    if (!existsSync(listing)) continue;
    for (const entry of readFileSync(listing, 'utf8')
      .split(/"\.\/(?=tests\/)/)
      .slice(1)) {
      const rel = entry.slice(0, entry.indexOf('"'));
      const path = join(root, rel);
      if (!rel.endsWith('.php') || !existsSync(path)) continue;
      const text = readFileSync(path, 'utf8');
      if (devNames.some((names) => names.every((n) => new RegExp(`(?<![\\w$])\\$?${n}\\b`).test(text))))
        continue;
      // A result ends with its vulnerability's name (`"xss"`, `"create_function code_injection"`:
      // the last word); its first parts are variable names and lines.
      const names = [...entry.matchAll(/"([a-z][a-z_ ]*)"\s*\]/g)].map((m) => m[1].split(' ').at(-1)!);
      const families = [...new Set(names.map((n) => PROGPILOT_FAMILY[n]))];
      // A vulnerability review has no family for (ReDoS, XML injection...) leaves the file unscored.
      if (families.includes(undefined as unknown as string)) continue;
      const cases =
        names.length > 0
          ? families.map((family) => ({ family, positive: true }))
          : [...new Set(Object.values(PROGPILOT_FAMILY))].map((family) => ({ family, positive: false }));
      out.push({ path, rel, language: 'php', part: partOf(rel), cases });
    }
  }
  return { name: "progpilot's tests (expected results per file)", files: out };
}

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

function brakeman(root: string, templates: boolean): Corpus | undefined {
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

/**
 * Reads whichever of the known formats the folder holds. `templates: false` leaves template files
 * (brakeman's ERB views) out, as the labels were before templates were reviewed.
 */
export function loadCorpus(root: string, templates = true): Corpus {
  const corpus =
    owasp(root) ??
    juliet(root) ??
    markedLines(root) ??
    gosec(root) ??
    codeqlQueryTests(root) ??
    codeqlInline(root) ??
    sardPhp(root) ??
    dvwa(root) ??
    psalmTaint(root) ??
    progpilot(root) ??
    phanTaint(root) ??
    brakeman(root, templates);
  if (!corpus)
    throw new Error(
      `${root}: no known corpus format (OWASP Benchmark CSV, Juliet CWE files, // BAD marks, gosec testutils, CodeQL query tests, CodeQL inline expectations, SARD PHP, DVWA, Psalm TaintTest, progpilot tests, phan taint-check tests, brakeman tests)`,
    );
  return corpus;
}
