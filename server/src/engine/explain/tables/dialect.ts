// The explain tables are written once per dialect: the four JS-family ids share one, and C is read
// with the C++ tables (as it is parsed with the C++ grammar).
import type { LanguageId } from '../../languages';

export type Dialect = 'js' | 'python' | 'go' | 'java' | 'rust' | 'cpp' | 'csharp' | 'ruby' | 'php';

const DIALECTS: Record<LanguageId, Dialect> = {
  javascript: 'js',
  javascriptreact: 'js',
  typescript: 'js',
  typescriptreact: 'js',
  python: 'python',
  go: 'go',
  java: 'java',
  rust: 'rust',
  c: 'cpp',
  cpp: 'cpp',
  csharp: 'csharp',
  ruby: 'ruby',
  php: 'php',
};

export function dialectOf(language: LanguageId): Dialect {
  return DIALECTS[language];
}
