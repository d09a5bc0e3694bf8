// Command-line skeletons on node:util parseArgs. Each exports main(argv, io) so it runs under tests
// as it runs from a shell (the file ends by calling it when run directly).
import type { Recipe } from './recipe';

const HEADER = `import { test } from 'node:test';
import assert from 'node:assert/strict';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}
`;

const cli = (recipe: Omit<Recipe, 'family' | 'kind'>): Recipe => ({ family: 'js', kind: 'cli', ...recipe });

export const JS_CLI: Recipe[] = [
  cli({
    id: 'js.cli.subcommands',
    entry: 'main',
    title: 'Command-line tool with subcommands',
    description:
      'A Node.js CLI skeleton with subcommands, flags, --help and --version, and exit codes, using util.parseArgs.',
    tags: [
      'cli',
      'command line',
      'subcommands',
      'flags',
      'arguments',
      'argv',
      'parseargs',
      'help',
      'tool',
      'terminal',
    ],
    code: `import { parseArgs } from 'node:util';

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

const USAGE = [
  'Usage: tool <command> [options]',
  '',
  'Commands:',
  '  greet <name>     Print a greeting (--shout for upper case)',
  '  sum <n...>       Print the sum of numbers',
  '',
  'Options: --help, --version',
].join('\\n');

/** Runs the tool; returns the exit code (0 ok, 1 failure, 2 usage error). */
export function main(argv: string[], io: Io = { out: console.log, err: console.error }): number {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { help: { type: 'boolean', short: 'h' }, version: { type: 'boolean' }, shout: { type: 'boolean' } },
    });
  } catch (error) {
    io.err((error as Error).message + '\\n\\n' + USAGE);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) return io.out(USAGE), 0;
  if (values.version) return io.out('1.0.0'), 0;
  const [command, ...rest] = positionals;
  if (command === 'greet') {
    if (rest.length !== 1) return io.err('greet takes one name\\n\\n' + USAGE), 2;
    const text = 'Hello, ' + rest[0] + '!';
    io.out(values.shout ? text.toUpperCase() : text);
    return 0;
  }
  if (command === 'sum') {
    const numbers = rest.map(Number);
    if (numbers.some(Number.isNaN)) return io.err('sum takes numbers only'), 1;
    io.out(String(numbers.reduce((a, b) => a + b, 0)));
    return 0;
  }
  io.err((command ? 'Unknown command ' + command : 'No command given') + '\\n\\n' + USAGE);
  return 2;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
`,
    tests: `${HEADER}import { main } from './subject';

test('commands and exit codes', () => {
  let c = capture();
  assert.equal(main(['greet', 'Ada', '--shout'], c.io), 0);
  assert.deepEqual(c.out, ['HELLO, ADA!']);
  c = capture();
  assert.equal(main(['sum', '1', '2', '3.5'], c.io), 0);
  assert.deepEqual(c.out, ['6.5']);
  c = capture();
  assert.equal(main(['sum', 'x'], c.io), 1);
  assert.equal(main(['fly'], c.io), 2);
  assert.equal(main(['--bogus'], c.io), 2);
  c = capture();
  assert.equal(main(['--help'], c.io), 0);
  assert.match(c.out[0], /Usage/);
});
`,
  }),
  cli({
    id: 'js.cli.wordCount',
    entry: 'main',
    title: 'Word count command (like wc)',
    description: 'A CLI that counts lines, words and characters of files given as arguments, like wc.',
    tags: ['cli', 'wc', 'word count', 'count', 'lines', 'words', 'characters', 'files', 'command line'],
    code: `import { readFileSync } from 'node:fs';

export interface Counts {
  lines: number;
  words: number;
  chars: number;
}

export function count(text: string): Counts {
  return {
    lines: (text.match(/\\n/g) ?? []).length,
    words: (text.match(/\\S+/g) ?? []).length,
    chars: [...text].length,
  };
}

/** wc-like: one line per file and a total when there are several; exit 1 if a file cannot be read. */
export function main(files: string[], io = { out: console.log, err: console.error }): number {
  if (files.length === 0) return io.err('Usage: wc <file...>'), 2;
  const total: Counts = { lines: 0, words: 0, chars: 0 };
  let status = 0;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      io.err(file + ': ' + (error as NodeJS.ErrnoException).code);
      status = 1;
      continue;
    }
    const c = count(text);
    total.lines += c.lines;
    total.words += c.words;
    total.chars += c.chars;
    io.out([c.lines, c.words, c.chars, file].join('\\t'));
  }
  if (files.length > 1) io.out([total.lines, total.words, total.chars, 'total'].join('\\t'));
  return status;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
`,
    tests: `${HEADER}import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, main } from './subject';

test('counts', () => {
  assert.deepEqual(count('one two\\nthree\\n'), { lines: 2, words: 3, chars: 14 });
  assert.deepEqual(count(''), { lines: 0, words: 0, chars: 0 });
});

test('files, totals and a missing file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wc-'));
  writeFileSync(join(dir, 'a.txt'), 'a b\\n');
  writeFileSync(join(dir, 'b.txt'), 'c\\nd\\n');
  const c = capture();
  assert.equal(main([join(dir, 'a.txt'), join(dir, 'b.txt'), join(dir, 'none.txt')], c.io), 1);
  assert.equal(c.out.length, 3);
  assert.match(c.out[2], /^3\\t4\\t8\\ttotal$/);
  assert.match(c.err[0], /ENOENT/);
});
`,
  }),
  cli({
    id: 'js.cli.jsonConfig',
    entry: 'loadConfig',
    title: 'Load configuration from a JSON file and environment variables',
    description:
      'Load app settings from defaults, a JSON config file and environment variables (env overrides file), with validation.',
    tags: ['config', 'configuration', 'settings', 'env', 'environment variables', 'json', 'dotenv', 'load'],
    code: `import { existsSync, readFileSync } from 'node:fs';

export interface AppConfig {
  port: number;
  host: string;
  debug: boolean;
}

const DEFAULTS: AppConfig = { port: 3000, host: '127.0.0.1', debug: false };

/** Defaults, then the JSON file (if it exists), then APP_PORT / APP_HOST / APP_DEBUG. Throws on bad values. */
export function loadConfig(file: string, env: NodeJS.ProcessEnv = process.env): AppConfig {
  const fromFile = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<AppConfig>) : {};
  const config: AppConfig = { ...DEFAULTS, ...fromFile };
  if (env.APP_PORT !== undefined) config.port = Number(env.APP_PORT);
  if (env.APP_HOST !== undefined) config.host = env.APP_HOST;
  if (env.APP_DEBUG !== undefined) config.debug = ['1', 'true', 'yes'].includes(env.APP_DEBUG.toLowerCase());
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65535) throw new Error('port must be an integer 0-65535');
  if (typeof config.host !== 'string' || config.host === '') throw new Error('host must be a non-empty string');
  return config;
}
`,
    tests: `${HEADER}import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './subject';

test('defaults, file, env', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cfg-'));
  const file = join(dir, 'config.json');
  assert.deepEqual(loadConfig(file, {}), { port: 3000, host: '127.0.0.1', debug: false });
  writeFileSync(file, JSON.stringify({ port: 8080, debug: true }));
  assert.deepEqual(loadConfig(file, {}), { port: 8080, host: '127.0.0.1', debug: true });
  assert.deepEqual(loadConfig(file, { APP_PORT: '9000', APP_DEBUG: 'no' }), { port: 9000, host: '127.0.0.1', debug: false });
  assert.throws(() => loadConfig(file, { APP_PORT: 'abc' }), /port/);
});
`,
  }),
];
