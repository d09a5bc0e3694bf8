// Per-language taint tables: data, not code. Each table names the grammar's call and parameter node
// types, what reads input, what makes a value safe, what moves input into an object in place, and
// the sinks with the rule they violate. A new language costs a table here.
import type { LanguageId } from '../../../../languages';
import { c } from './c';
import { csharp } from './csharp';
import { go } from './go';
import { java } from './java';
import { php } from './php';
import { python } from './python';
import { ruby } from './ruby';
import { rust } from './rust';
import type { LanguageTaint } from './common';

export type { AssignmentSink, LanguageTaint, OperandSink, ReturnSink, Sink } from './common';

export const TAINT_TABLES: Partial<Record<LanguageId, LanguageTaint>> = {
  go,
  java,
  python,
  csharp,
  c,
  cpp: c,
  rust,
  php,
  ruby,
};
