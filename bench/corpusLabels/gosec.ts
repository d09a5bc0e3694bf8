// gosec's rule samples (`testutils/gNNN_samples.go`): Go sources with the issue count each rule must report.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Corpus, type CorpusFile, partOf } from './corpus';

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
export function gosec(root: string): Corpus | undefined {
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
