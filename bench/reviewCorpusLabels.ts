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
//   `assert_no_warning` a line where that warning must not be reported. Ruby files and ERB views count
//   (HAML views are not reviewed).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { juliet, markedLines, owasp } from './corpusLabels/benchmarks';
import { brakeman } from './corpusLabels/brakeman';
import { codeqlInline, codeqlQueryTests } from './corpusLabels/codeql';
import { type Corpus, type CorpusFile, partOf, walk } from './corpusLabels/corpus';
import { gosec } from './corpusLabels/gosec';
import { phanTaint } from './corpusLabels/phanTaint';
import { sonarPhp } from './corpusLabels/sonarPhp';

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
 * (`@psalm-taint-source/sink/escape`, `@psalm-flow`, `@psalm-suppress`...: the label then depends
 * on what the annotation declares; they were left out while review read none, and are kept apart
 * so that the figures stay comparable: `annotated` gives them alone), and rejected cases whose
 * issue has no family. A rejected case is a positive for its issue's family; an accepted one a
 * negative for every family (Psalm raises no taint issue in it). Split by a hash of the case name.
 */
function psalmTaint(root: string, annotated: boolean): Corpus | undefined {
  const path = [join(root, 'TaintTest.php'), join(root, 'tests', 'TaintTest.php')].find(existsSync);
  if (!path) return undefined;
  const out: CorpusFile[] = [];
  for (const c of psalmCases(readFileSync(path, 'utf8'))) {
    if (c.name.includes('SKIPPED-') || /@psalm-/.test(c.code) !== annotated) continue;
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
  const name = `Psalm's taint tests (TaintTest.php${annotated ? ', annotated cases' : ''})`;
  return { name, files: out };
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
 * Reads whichever of the known formats the folder holds. `templates: false` leaves template files
 * (brakeman's ERB views) out, as the labels were before templates were reviewed; `annotated` reads
 * Psalm's annotated cases instead of the others.
 */
export function loadCorpus(root: string, templates = true, annotated = false): Corpus {
  const corpus =
    owasp(root) ??
    juliet(root) ??
    markedLines(root) ??
    gosec(root) ??
    codeqlQueryTests(root) ??
    codeqlInline(root) ??
    sardPhp(root) ??
    dvwa(root) ??
    psalmTaint(root, annotated) ??
    progpilot(root) ??
    phanTaint(root) ??
    sonarPhp(root) ??
    brakeman(root, templates);
  if (!corpus)
    throw new Error(
      `${root}: no known corpus format (OWASP Benchmark CSV, Juliet CWE files, // BAD marks, gosec testutils, CodeQL query tests, CodeQL inline expectations, SARD PHP, DVWA, Psalm TaintTest, progpilot tests, phan taint-check tests, sonar-php check fixtures, brakeman tests)`,
    );
  return corpus;
}
