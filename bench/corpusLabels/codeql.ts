// CodeQL query tests: inline `// $ Alert[...]` expectations (Rust...) and JavaScript's `.expected` files.
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { type Case, type Corpus, type CorpusFile, EXTENSION_LANGUAGE, partOf, walk } from './corpus';

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
export function codeqlInline(root: string): Corpus | undefined {
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
export function codeqlQueryTests(root: string): Corpus | undefined {
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
