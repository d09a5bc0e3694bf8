// The languages the engine accepts, their aliases, and the tree-sitter grammar that parses each.
// Aliases follow VS Code language ids plus common short names, matched case-insensitively.

export const LANGUAGES = [
  'javascript',
  'typescript',
  'javascriptreact',
  'typescriptreact',
  'python',
  'go',
  'java',
  'rust',
  'c',
  'cpp',
  'csharp',
  'ruby',
  'php',
] as const;

export type LanguageId = (typeof LANGUAGES)[number];

const ALIASES: Record<string, LanguageId> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  jsx: 'javascriptreact',
  tsx: 'typescriptreact',
  py: 'python',
  python3: 'python',
  golang: 'go',
  rs: 'rust',
  'c++': 'cpp',
  cxx: 'cpp',
  'c#': 'csharp',
  cs: 'csharp',
  rb: 'ruby',
  // ERB templates (VS Code's id with the Ruby extensions): review reads the Ruby of their tags.
  erb: 'ruby',
};

/** Resolves a user-supplied language name to its canonical id, or undefined when unsupported. */
export function resolveLanguage(name: string): LanguageId | undefined {
  const key = name.trim().toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(key)) return key as LanguageId;
  return ALIASES[key];
}

/**
 * Whether a language name is a template's (VS Code's `erb`): it resolves to Ruby, and review reads
 * the template's tags, also when there are none.
 */
export function isTemplateLanguage(name: string): boolean {
  return name.trim().toLowerCase() === 'erb';
}

/** Every accepted spelling, for error messages and the OpenAPI description. */
export function acceptedLanguageNames(): string[] {
  return [...LANGUAGES, ...Object.keys(ALIASES)];
}

/** True for the languages analysed with the TypeScript compiler API and ESLint. */
export function isJsFamily(language: LanguageId): boolean {
  return (
    language === 'javascript' ||
    language === 'typescript' ||
    language === 'javascriptreact' ||
    language === 'typescriptreact'
  );
}

/** The grammar in @vscode/tree-sitter-wasm for each language (C is parsed with the C++ grammar). */
export const GRAMMARS: Record<LanguageId, string> = {
  javascript: 'javascript',
  javascriptreact: 'javascript',
  typescript: 'typescript',
  typescriptreact: 'tsx',
  python: 'python',
  go: 'go',
  java: 'java',
  rust: 'rust',
  c: 'cpp',
  cpp: 'cpp',
  csharp: 'c-sharp',
  ruby: 'ruby',
  php: 'php',
};

/** A conventional file extension per language, used for virtual file names given to analysers. */
export const FILE_EXTENSIONS: Record<LanguageId, string> = {
  javascript: 'js',
  javascriptreact: 'jsx',
  typescript: 'ts',
  typescriptreact: 'tsx',
  python: 'py',
  go: 'go',
  java: 'java',
  rust: 'rs',
  c: 'c',
  cpp: 'cpp',
  csharp: 'cs',
  ruby: 'rb',
  php: 'php',
};
