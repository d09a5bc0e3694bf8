// rename: the language service's findRenameLocations, then a proof that no name's meaning changed:
// every renamed occurrence still resolves to the renamed declaration, and every existing use of the
// new name still resolves to what it did before (no capture, no shadowing).
import ts from 'typescript';
import { CodewrightError, invalidField } from '../../errors';
import { ChangeLog } from '../changeLog';
import { applyEdits, lineOf, type Edit } from '../edits';
import type { RefactorOptions } from '../../contracts/refactor';
import { isValidIdentifierName, nodeAt } from './syntax';
import type { VirtualFile } from './virtualFile';
import { USER_PREFERENCES } from './virtualFile';

interface PrefixedEdit extends Edit {
  prefixLength: number;
}

export function renameSymbol(file: VirtualFile, options: RefactorOptions | undefined): ChangeLog {
  const from = options?.from;
  const to = options?.to;
  if (!from) throw invalidField('options.from', 'is required for rename (the current name)');
  if (!to) throw invalidField('options.to', 'is required for rename (the new name)');
  if (!isValidIdentifierName(to)) {
    throw invalidField(
      'options.to',
      `'${to.slice(0, 40)}' is not a valid identifier (or is a reserved word)`,
    );
  }
  const original = file.text();
  const source = file.sourceFile();
  const target = findOccurrence(source, from, options?.line);
  const locations = file.service.findRenameLocations(file.fileName, target.getStart(source), false, false, {
    ...USER_PREFERENCES,
    providePrefixAndSuffixTextForRename: true,
  });
  if (!locations || locations.length === 0) {
    const info = file.service.getRenameInfo(file.fileName, target.getStart(source), USER_PREFERENCES);
    const why = info.canRename ? 'no occurrences found' : info.localizedErrorMessage;
    throw new CodewrightError('UNPROCESSABLE', `Cannot rename '${from}': ${why}`, { field: 'options.from' });
  }
  const edits: PrefixedEdit[] = locations.map((location) => ({
    start: location.textSpan.start,
    end: location.textSpan.start + location.textSpan.length,
    text: `${location.prefixText ?? ''}${to}${location.suffixText ?? ''}`,
    prefixLength: (location.prefixText ?? '').length,
  }));
  const before = resolutions(file, [...identifierPositions(source, to), ...edits.map((edit) => edit.start)]);
  file.update(applyEdits(original, edits));
  const after = resolutions(
    file,
    [...before.keys()].map((position) => forward(edits, position)),
  );
  for (const [position, declaration] of before) {
    const now = after.get(forward(edits, position));
    const expected = declaration === undefined ? undefined : forward(edits, declaration);
    if (now !== expected) {
      file.update(original);
      throw new CodewrightError(
        'UNPROCESSABLE',
        `Renaming '${from}' to '${to}' would change what '${nameAt(original, position)}' at line ${lineOf(original, position)} refers to; choose another name`,
        { field: 'options.to' },
      );
    }
  }
  const log = new ChangeLog();
  const lines = [...new Set(edits.map((edit) => lineOf(original, edit.start)))];
  for (const line of lines) log.change('rename', line, `\`${from}\` → \`${to}\``);
  if (isVisibleOutside(file, target)) {
    log.keep(
      'rename',
      lineOf(original, target.getStart(source)),
      `\`${from}\` is visible to other files; uses there are not updated`,
    );
  }
  return log;
}

function nameAt(text: string, position: number): string {
  return /^[\w$#]+/.exec(text.slice(position))?.[0] ?? '';
}

function findOccurrence(source: ts.SourceFile, name: string, line: number | undefined): ts.Identifier {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) && node.text === name)
      found.push(node as ts.Identifier);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const onLine =
    line === undefined
      ? found
      : found.filter((node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 === line);
  const chosen = onLine[0];
  if (!chosen) {
    const where = line === undefined ? '' : ` on line ${line}`;
    throw invalidField('options.from', `'${name.slice(0, 40)}' does not occur as an identifier${where}`);
  }
  return chosen;
}

function identifierPositions(source: ts.SourceFile, name: string): number[] {
  const positions: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) positions.push(node.getStart(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return positions;
}

/** Where each identifier's symbol is declared (first declaration start), by identifier position. */
function resolutions(file: VirtualFile, positions: number[]): Map<number, number | undefined> {
  const source = file.sourceFile();
  const checker = file.checker();
  const result = new Map<number, number | undefined>();
  for (const position of positions) {
    const node = nodeAt(source, position);
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && ts.isShorthandPropertyAssignment(node.parent))
      symbol = checker.getShorthandAssignmentValueSymbol(node.parent) ?? symbol;
    const declaration = symbol?.declarations?.[0];
    result.set(
      position,
      declaration ? (ts.getNameOfDeclaration(declaration) ?? declaration).getStart(source) : undefined,
    );
  }
  return result;
}

/** Where an identifier at an old position starts after the edits (past any inserted `prefix: `). */
function forward(edits: readonly PrefixedEdit[], position: number): number {
  let shift = 0;
  for (const edit of edits) {
    if (edit.start < position) shift += edit.text.length - (edit.end - edit.start);
    else if (edit.start === position) shift += edit.prefixLength;
  }
  return position + shift;
}

/** True when code in other files could refer to the declaration (exports, globals, members). */
function isVisibleOutside(file: VirtualFile, node: ts.Node): boolean {
  const declaration = file.checker().getSymbolAtLocation(node)?.declarations?.[0];
  if (!declaration) return false;
  if (
    ts.isClassElement(declaration) ||
    ts.isPropertyAssignment(declaration) ||
    ts.isPropertySignature(declaration)
  )
    return true;
  const container = ts.findAncestor(
    declaration.parent,
    (ancestor) => ts.isFunctionLike(ancestor) || ts.isSourceFile(ancestor),
  );
  if (!container || !ts.isSourceFile(container)) return false;
  const exported =
    (ts.getCombinedModifierFlags(declaration as ts.Declaration) & ts.ModifierFlags.Export) !== 0;
  return exported || !ts.isExternalModule(container);
}
