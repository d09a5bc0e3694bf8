// extract_function: the compiler's "Extract Symbol" refactor on the selected lines, at the outermost
// scope it offers (a standalone function whose inputs become parameters), then renamed from the
// compiler's `newFunction` to the requested name. A selection it cannot extract is refused with the
// compiler's own reason.
import ts from 'typescript';
import { CodewrightError, invalidField } from '../../errors';
import type { RefactorOptions } from '../../contracts/refactor';
import { ChangeLog } from '../changeLog';
import { applyEdits, offsetOfLine } from '../edits';
import { errorKeys, newError, syntaxError } from './verify';
import { isValidIdentifierName } from './syntax';
import { formatSettingsFor, USER_PREFERENCES, type VirtualFile } from './virtualFile';

const EXTRACT = 'Extract Symbol';

export function extractFunction(
  file: VirtualFile,
  isTypeScript: boolean,
  options: RefactorOptions | undefined,
): ChangeLog {
  const original = file.text();
  const { start, end, startLine, endLine } = selection(original, options);
  const name = options?.name ?? 'extracted';
  if (!isValidIdentifierName(name)) {
    throw invalidField('options.name', `'${name.slice(0, 40)}' is not a valid function name`);
  }
  if (new RegExp(`(^|[^\\w$])${name.replace(/\$/g, '\\$')}([^\\w$]|$)`).test(original)) {
    throw invalidField('options.name', `'${name}' is already used in the code; choose another name`);
  }
  const range = { pos: start, end };
  const offered = file.service.getApplicableRefactors(
    file.fileName,
    range,
    USER_PREFERENCES,
    undefined,
    undefined,
    true,
  );
  const actions = offered
    .filter((refactor) => refactor.name === EXTRACT)
    .flatMap((refactor) => refactor.actions);
  const functions = actions.filter(
    (action) => action.name.startsWith('function_scope_') && !action.notApplicableReason,
  );
  if (functions.length === 0) {
    const reason =
      actions.find((action) => action.notApplicableReason)?.notApplicableReason ??
      'the selection is not a complete set of statements or an expression';
    throw new CodewrightError('UNPROCESSABLE', `Cannot extract lines ${startLine}-${endLine}: ${reason}`, {
      field: 'options',
    });
  }
  const action = functions.reduce((outer, next) => (scopeIndex(next) > scopeIndex(outer) ? next : outer));
  const errorsBefore = errorKeys(file, isTypeScript);
  const result = file.service.getEditsForRefactor(
    file.fileName,
    formatSettingsFor(original),
    range,
    EXTRACT,
    action.name,
    USER_PREFERENCES,
  );
  const changes = result?.edits.flatMap((edit) => edit.textChanges) ?? [];
  if (changes.length === 0 || result?.renameLocation === undefined) {
    throw new CodewrightError(
      'UNPROCESSABLE',
      `Cannot extract lines ${startLine}-${endLine}: the compiler produced no edit`,
    );
  }
  const extracted = applyEdits(
    original,
    changes.map((change) => ({
      start: change.span.start,
      end: change.span.start + change.span.length,
      text: change.newText,
    })),
  );
  file.update(extracted);
  renameGenerated(file, result.renameLocation, name);
  const added = syntaxError(file)
    ? 'the result would not parse'
    : newError(errorsBefore, errorKeys(file, isTypeScript));
  if (added) {
    file.update(original);
    throw new CodewrightError('UNPROCESSABLE', `Cannot extract lines ${startLine}-${endLine}: ${added}`);
  }
  const log = new ChangeLog();
  log.change(
    'extract_function',
    startLine,
    `lines ${startLine}-${endLine} extracted into \`${signature(file, name)}\` (${action.description.toLowerCase()})`,
  );
  return log;
}

function selection(
  code: string,
  options: RefactorOptions | undefined,
): { start: number; end: number; startLine: number; endLine: number } {
  const startLine = options?.start_line;
  const endLine = options?.end_line ?? startLine;
  if (!startLine || !endLine)
    throw invalidField('options.start_line', 'is required for extract_function (1-based line)');
  const lines = code.split('\n').length;
  if (endLine < startLine) throw invalidField('options.end_line', `must be >= start_line (${startLine})`);
  if (endLine > lines) throw invalidField('options.end_line', `is past the last line (${lines})`);
  const from = offsetOfLine(code, startLine);
  const to = offsetOfLine(code, endLine + 1);
  const text = code.slice(from, to);
  const leading = text.length - text.trimStart().length;
  const trailing = text.length - text.trimEnd().length;
  if (leading === text.length)
    throw invalidField('options.start_line', `lines ${startLine}-${endLine} are empty`);
  return { start: from + leading, end: to - trailing, startLine, endLine };
}

function scopeIndex(action: ts.RefactorActionInfo): number {
  return Number(action.name.slice('function_scope_'.length));
}

function renameGenerated(file: VirtualFile, position: number, name: string): void {
  const locations =
    file.service.findRenameLocations(file.fileName, position, false, false, USER_PREFERENCES) ?? [];
  const edits = locations.map((location) => ({
    start: location.textSpan.start,
    end: location.textSpan.start + location.textSpan.length,
    text: name,
  }));
  file.update(applyEdits(file.text(), edits));
}

function signature(file: VirtualFile, name: string): string {
  const source = file.sourceFile();
  let found = `${name}()`;
  const visit = (node: ts.Node): void => {
    if (
      (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) &&
      node.name?.getText(source) === name
    ) {
      found = `${name}(${node.parameters.map((parameter) => parameter.name.getText(source)).join(', ')})`;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
