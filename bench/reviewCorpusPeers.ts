// The open tools review is compared with in bench/reviewCorpus.ts, each mapped onto the same
// families: eslint-plugin-security and eslint-plugin-no-unsanitized (JavaScript, npm), bandit
// (Python), flawfinder and cppcheck (C/C++), the last three from Debian. A tool that is not installed is reported as absent, never
// guessed.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type ESLint, Linter } from 'eslint';
import type { LanguageId } from '../server/src/engine/languages';
import { CWE_FAMILY } from './corpusLabels/benchmarks';

export interface Hit {
  line: number;
  family: string;
  high: boolean;
}

export interface Peer {
  name: string;
  languages: LanguageId[];
  /** Findings per file path, for a batch of files. */
  run(paths: string[]): Map<string, Hit[]>;
}

const ESLINT_FAMILY: Record<string, string> = {
  'security/detect-child-process': 'cmdi',
  'security/detect-non-literal-fs-filename': 'pathtraver',
  'security/detect-eval-with-expression': 'codeinj',
  'security/detect-non-literal-regexp': 'regex',
  'security/detect-unsafe-regex': 'regex',
  'security/detect-object-injection': 'pollution',
  'security/detect-pseudoRandomBytes': 'weakrand',
  'security/detect-non-literal-require': 'codeinj',
};

// Neither ESLint plugin ships type declarations.
type Plugin = ESLint.Plugin & { rules: Record<string, unknown> };
const load = createRequire(__filename) as (id: string) => Plugin;

/** A peer that runs every rule of an ESLint plugin, each rule mapped onto a family. */
function eslintPeer(name: string, prefix: string, families: Record<string, string>): Peer {
  return {
    name,
    languages: ['javascript', 'typescript'],
    run(paths) {
      const plugin = load(name);
      const linter = new Linter({ configType: 'flat' });
      const config = [
        {
          plugins: { [prefix]: plugin },
          rules: Object.fromEntries(
            Object.keys(plugin.rules).map((r) => [`${prefix}/${r}`, 'warn' as const]),
          ),
          languageOptions: { ecmaVersion: 'latest' as const, sourceType: 'commonjs' as const },
        },
      ];
      const out = new Map<string, Hit[]>();
      for (const path of paths) {
        const messages = linter.verify(readFileSync(path, 'utf8'), config, { filename: 'input.js' });
        out.set(
          path,
          messages.flatMap((m) => {
            const family = m.ruleId ? families[m.ruleId] : undefined;
            return family ? [{ line: m.line, family, high: true }] : [];
          }),
        );
      }
      return out;
    },
  };
}

const eslintSecurity = eslintPeer('eslint-plugin-security', 'security', ESLINT_FAMILY);

/** Mozilla's rules for DOM sinks written with unescaped values (`innerHTML`, `insertAdjacentHTML`, …). */
const noUnsanitized = eslintPeer('eslint-plugin-no-unsanitized', 'no-unsanitized', {
  'no-unsanitized/method': 'xss',
  'no-unsanitized/property': 'xss',
});

/** bandit test id → family (bandit 1.6 plugin list). */
const BANDIT_FAMILY: Record<string, string> = {
  B608: 'sqli',
  B602: 'cmdi',
  B603: 'cmdi',
  B604: 'cmdi',
  B605: 'cmdi',
  B606: 'cmdi',
  B607: 'cmdi',
  B404: 'cmdi',
  B307: 'codeinj',
  B102: 'codeinj',
  B301: 'deserialization',
  B302: 'deserialization',
  B403: 'deserialization',
  B506: 'deserialization',
  B303: 'hash',
  B324: 'hash',
  B304: 'crypto',
  B305: 'crypto',
  B413: 'crypto',
  B311: 'weakrand',
  B313: 'xxe',
  B314: 'xxe',
  B315: 'xxe',
  B316: 'xxe',
  B317: 'xxe',
  B318: 'xxe',
  B319: 'xxe',
  B320: 'xxe',
  B405: 'xxe',
  B406: 'xxe',
  B407: 'xxe',
  B408: 'xxe',
  B409: 'xxe',
  B410: 'xxe',
  B105: 'secret',
  B106: 'secret',
  B107: 'secret',
  B501: 'tls',
  B502: 'tls',
  B503: 'tls',
  B504: 'tls',
  B701: 'xss',
  B703: 'xss',
  B310: 'ssrf',
};

function installed(command: string): boolean {
  return spawnSync(command, ['--version'], { encoding: 'utf8' }).status !== null;
}

/** Runs `command` with `args` and up to `size` paths at a time; what it wrote to `stream`, per run. */
function inBatches(
  command: string,
  args: string[],
  paths: string[],
  size: number,
  stream: 'stdout' | 'stderr' = 'stdout',
): string[] {
  const outputs: string[] = [];
  for (let i = 0; i < paths.length; i += size) {
    const result = spawnSync(command, [...args, ...paths.slice(i, i + size)], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    if (result.error) throw result.error;
    outputs.push(result[stream]);
  }
  return outputs;
}

const bandit: Peer = {
  name: 'bandit',
  languages: ['python'],
  run(paths) {
    const out = new Map<string, Hit[]>(paths.map((p) => [p, []]));
    for (const json of inBatches('bandit', ['-q', '-f', 'json'], paths, 200)) {
      const report = JSON.parse(json) as {
        results: Array<{ filename: string; line_number: number; test_id: string; issue_severity: string }>;
      };
      for (const r of report.results) {
        const family = BANDIT_FAMILY[r.test_id];
        if (family)
          out.get(r.filename)?.push({ line: r.line_number, family, high: r.issue_severity === 'HIGH' });
      }
    }
    return out;
  },
};

const flawfinder: Peer = {
  name: 'flawfinder',
  languages: ['c', 'cpp'],
  run(paths) {
    const out = new Map<string, Hit[]>(paths.map((p) => [p, []]));
    for (const csv of inBatches('flawfinder', ['--csv', '--quiet', '--dataonly'], paths, 500)) {
      for (const row of csv.split('\n').slice(1)) {
        // File,Line,Column,DefaultLevel,Level,Category,Name,Warning,Suggestion,Note,CWEs,...
        const cells = row.split(',');
        if (cells.length < 11) continue;
        const cwes = [...row.matchAll(/CWE-(\d+)/g)].map((m) => Number(m[1]));
        const family =
          cells[5] === 'random'
            ? 'weakrand'
            : (cwes.map((c) => CWE_FAMILY[c]).find(Boolean) ??
              (cells[5] === 'format' ? 'fmtstr' : undefined));
        const level = Number(cells[4]);
        if (family) out.get(cells[0])?.push({ line: Number(cells[1]), family, high: level >= 4 });
      }
    }
    return out;
  },
};

/**
 * cppcheck message id → family, for the ids that report an out-of-bounds access or copy (its CWE
 * numbers for them, 786–788, 125 and 170, are not in Juliet's buffer CWEs, so they are mapped by id).
 */
const CPPCHECK_FAMILY: Record<string, string> = {
  arrayIndexOutOfBounds: 'buffer',
  arrayIndexOutOfBoundsCond: 'buffer',
  bufferAccessOutOfBounds: 'buffer',
  possibleBufferAccessOutOfBounds: 'buffer',
  outOfBounds: 'buffer',
  negativeIndex: 'buffer',
  negativeMemoryAllocationSize: 'buffer',
  pointerOutOfBounds: 'buffer',
  pointerOutOfBoundsCond: 'buffer',
  containerOutOfBounds: 'buffer',
  bufferNotZeroTerminated: 'buffer',
  terminateStrncpy: 'buffer',
  insecureCmdLineArgs: 'buffer',
  strncatUsage: 'buffer',
  sizeArgumentAsChar: 'buffer',
  objectIndex: 'buffer',
};

/** The attribute `name` of an XML element's opening tag, with cppcheck's five entities decoded. */
function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(tag)?.[1];
  return value
    ?.replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const cppcheck: Peer = {
  name: 'cppcheck',
  languages: ['c', 'cpp'],
  run(paths) {
    const out = new Map<string, Hit[]>(paths.map((p) => [p, []]));
    // Every check but the style ones; the XML report goes to stderr. Each file is its own
    // translation unit, as the other tools read it.
    const args = ['--xml', '--enable=warning,portability,performance', '--inconclusive', '-q'];
    for (const xml of inBatches('cppcheck', args, paths, 200, 'stderr')) {
      for (const error of xml.split('<error ').slice(1)) {
        const tag = error.slice(0, error.indexOf('>'));
        const id = attribute(tag, 'id') ?? '';
        const family = CPPCHECK_FAMILY[id] ?? CWE_FAMILY[Number(attribute(tag, 'cwe'))];
        const location = /<location ([^>]*)>/.exec(error)?.[1];
        const file = location && attribute(location, 'file');
        const line = location && Number(attribute(location, 'line'));
        if (family && file && line)
          out.get(file)?.push({ line, family, high: attribute(tag, 'severity') === 'error' });
      }
    }
    return out;
  },
};

/** The installed peers for a language (none when no open tool for it is installed). */
export function peersFor(language: LanguageId): Peer[] {
  return [eslintSecurity, noUnsanitized, bandit, flawfinder, cppcheck].filter(
    (peer) =>
      peer.languages.includes(language) && (peer.name.startsWith('eslint-plugin') || installed(peer.name)),
  );
}
