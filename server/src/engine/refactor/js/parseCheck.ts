// Input that does not parse is refused with the first syntax error's line, before anything runs.
import ts from 'typescript';
import { CodewrightError } from '../../errors';
import { syntaxError } from './verify';
import type { VirtualFile } from './virtualFile';

export function assertParses(file: VirtualFile): void {
  const diagnostic = syntaxError(file);
  if (!diagnostic) return;
  const { line, character } = ts.getLineAndCharacterOfPosition(diagnostic.file!, diagnostic.start ?? 0);
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  throw new CodewrightError(
    'VALIDATION_ERROR',
    `The code does not parse: line ${line + 1}, column ${character + 1}: ${message}`,
    {
      field: 'code',
      issue: 'syntax error',
      line: line + 1,
      column: character + 1,
    },
  );
}
