// The comment and string syntax of each language the size analysis counts, and which file names
// belong to it. Language names follow cloc's (so the two can be compared line by line); the lexer in
// countLines.ts reads only these tables, so adding a language is one entry here.

export interface Syntax {
  /** Line comment starters. */
  line?: string[];
  /** Line comments only where the starter begins a word (shell `#`, not `${#x}`). */
  lineAtWordStart?: boolean;
  /** Block comment delimiters. */
  block?: [string, string][];
  /** Block comments nest (Rust, Swift, Kotlin, Scala, Haskell). */
  nested?: boolean;
  /** String quotes closed on the same line (an unclosed one ends at the newline). */
  quotes?: string[];
  /** String delimiters that may span lines (backslash escapes apply unless `raw`). */
  multiline?: { open: string; close: string; raw?: boolean; template?: boolean }[];
  /** A triple-quoted string that begins its line is a docstring, counted as comment (Python). */
  docstrings?: boolean;
  /** `/` may begin a regular expression literal (JavaScript family). */
  regex?: boolean;
  /** `'` begins a string only when it is a one-character literal (Rust lifetimes `'a` are code). */
  charQuote?: boolean;
  /** Every non-blank line is code (JSON, plain data). */
  allCode?: boolean;
}

const C_LIKE: Syntax = {
  line: ['//'],
  block: [['/*', '*/']],
  quotes: ['"', "'"],
};
const JS: Syntax = {
  ...C_LIKE,
  regex: true,
  multiline: [{ open: '`', close: '`', template: true }],
};
const HASH: Syntax = { line: ['#'], quotes: ['"', "'"] };
const XML: Syntax = { block: [['<!--', '-->']] };

export interface LanguageSpec {
  name: string;
  syntax: Syntax;
  /** Reviewed and measured by the engine (a LanguageId of languages.ts), when it is one. */
  engineLanguage?: string;
}

const L = (name: string, syntax: Syntax, engineLanguage?: string): LanguageSpec => ({
  name,
  syntax,
  engineLanguage,
});

const JAVASCRIPT = L('JavaScript', JS, 'javascript');
const TYPESCRIPT = L('TypeScript', JS, 'typescript');
const PYTHON = L(
  'Python',
  {
    line: ['#'],
    quotes: ['"', "'"],
    multiline: [
      { open: '"""', close: '"""' },
      { open: "'''", close: "'''" },
    ],
    docstrings: true,
  },
  'python',
);
const C_HEADER = L('C/C++ Header', C_LIKE, 'cpp');
const CPP = L('C++', C_LIKE, 'cpp');
const SHELL = L('Bourne Shell', { ...HASH, lineAtWordStart: true });
const NESTED: Syntax = { ...C_LIKE, nested: true };

/** File extension (lower case, without the dot) to language. */
export const BY_EXTENSION: Readonly<Record<string, LanguageSpec>> = {
  js: JAVASCRIPT,
  mjs: JAVASCRIPT,
  cjs: JAVASCRIPT,
  jsx: L('JSX', JS, 'javascriptreact'),
  ts: TYPESCRIPT,
  mts: TYPESCRIPT,
  cts: TYPESCRIPT,
  tsx: L('TypeScript', JS, 'typescriptreact'),
  py: PYTHON,
  py3: PYTHON,
  pyi: PYTHON,
  json: L('JSON', { allCode: true }),
  md: L('Markdown', XML),
  yml: L('YAML', { line: ['#'], lineAtWordStart: true }),
  yaml: L('YAML', { line: ['#'], lineAtWordStart: true }),
  toml: L('TOML', HASH),
  ini: L('INI', { line: [';', '#'] }),
  css: L('CSS', { block: [['/*', '*/']], quotes: ['"', "'"] }),
  scss: L('SCSS', C_LIKE),
  less: L('LESS', C_LIKE),
  html: L('HTML', XML),
  htm: L('HTML', XML),
  xml: L('XML', XML),
  vue: L('Vuejs Component', {
    ...JS,
    block: [
      ['/*', '*/'],
      ['<!--', '-->'],
    ],
  }),
  svelte: L('Svelte', {
    ...JS,
    block: [
      ['/*', '*/'],
      ['<!--', '-->'],
    ],
  }),
  go: L('Go', { ...C_LIKE, multiline: [{ open: '`', close: '`', raw: true }] }, 'go'),
  rs: L('Rust', { ...NESTED, quotes: [], charQuote: true, multiline: [{ open: '"', close: '"' }] }, 'rust'),
  java: L('Java', C_LIKE, 'java'),
  kt: L('Kotlin', { ...NESTED, multiline: [{ open: '"""', close: '"""', raw: true }] }),
  kts: L('Kotlin', { ...NESTED, multiline: [{ open: '"""', close: '"""', raw: true }] }),
  scala: L('Scala', NESTED),
  swift: L('Swift', NESTED),
  c: L('C', C_LIKE, 'c'),
  h: C_HEADER,
  hh: C_HEADER,
  hpp: C_HEADER,
  cc: CPP,
  cpp: CPP,
  cxx: CPP,
  cs: L('C#', { ...C_LIKE, multiline: [{ open: '@"', close: '"', raw: true }] }, 'csharp'),
  rb: L('Ruby', { ...HASH, block: [['=begin', '=end']] }, 'ruby'),
  php: L('PHP', { ...C_LIKE, line: ['//', '#'] }, 'php'),
  sh: SHELL,
  bash: L('Bourne Again Shell', { ...HASH, lineAtWordStart: true }),
  zsh: L('zsh', { ...HASH, lineAtWordStart: true }),
  ps1: L('PowerShell', { line: ['#'], block: [['<#', '#>']], quotes: ['"', "'"] }),
  sql: L('SQL', { line: ['--'], block: [['/*', '*/']], quotes: ["'"] }),
  lua: L('Lua', { line: ['--'], block: [['--[[', ']]']], quotes: ['"', "'"] }),
  dart: L('Dart', C_LIKE),
  graphql: L('GraphQL', { line: ['#'] }),
  proto: L('Protocol Buffers', C_LIKE),
  hs: L('Haskell', { line: ['--'], block: [['{-', '-}']], nested: true, quotes: ['"'] }),
  ex: L('Elixir', HASH),
  r: L('R', HASH),
};

/** Whole file names with a language of their own. */
export const BY_FILE_NAME: Readonly<Record<string, LanguageSpec>> = {
  Dockerfile: L('Dockerfile', HASH),
  Makefile: L('make', HASH),
  makefile: L('make', HASH),
};

// Maps for the look-up per file: a file name is a fresh string each time, and a keyed look-up on an
// object literal of many properties with such keys is several times slower than Map.get.
const EXTENSIONS = new Map(Object.entries(BY_EXTENSION));
const FILE_NAMES = new Map(Object.entries(BY_FILE_NAME));

export function languageOfFile(fileName: string): LanguageSpec | undefined {
  const byName = FILE_NAMES.get(fileName);
  if (byName) return byName;
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return undefined;
  return EXTENSIONS.get(fileName.slice(dot + 1).toLowerCase());
}
