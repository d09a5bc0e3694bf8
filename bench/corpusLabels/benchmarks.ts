// OWASP Benchmark (Java, Python), NIST Juliet (C, C++, C#) and securibench-micro.js's `// BAD` lines.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import { type Case, type Corpus, type CorpusFile, EXTENSION_LANGUAGE, partOf, walk } from './corpus';

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

export function owasp(root: string): Corpus | undefined {
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

export function juliet(root: string): Corpus | undefined {
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

export function markedLines(root: string): Corpus | undefined {
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
