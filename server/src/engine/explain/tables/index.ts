// The tree-sitter table for each language outside the JS family.
import type { LanguageId } from '../../languages';
import { dialectOf, type Dialect } from './dialect';
import { CPP } from './cpp';
import { CSHARP } from './csharp';
import { GO } from './go';
import { JAVA } from './java';
import { PHP } from './php';
import { PYTHON } from './python';
import { RUBY } from './ruby';
import { RUST } from './rust';
import type { TreeSitterTable } from './treeSitterTable';

const TABLES: Partial<Record<Dialect, TreeSitterTable>> = {
  python: PYTHON,
  go: GO,
  java: JAVA,
  rust: RUST,
  cpp: CPP,
  csharp: CSHARP,
  ruby: RUBY,
  php: PHP,
};

export function treeSitterTable(language: LanguageId): TreeSitterTable | undefined {
  return TABLES[dialectOf(language)];
}
