// When removing an unused declaration is behaviour-preserving: its initializer and every value
// assigned to it must be free of side effects, and parameters and imports are never removed
// (a parameter shifts positional arguments; an import may run a module's side effects).
import ts from 'typescript';
import type { VirtualFile } from '../virtualFile';
import { isPure, nodeAt } from '../syntax';

export function unusedRemovalRisk(file: VirtualFile, position: number): string | undefined {
  const source = file.sourceFile();
  const name = nodeAt(source, position);
  let declaration: ts.Node = name.parent;
  while (
    ts.isBindingElement(declaration) ||
    ts.isObjectBindingPattern(declaration) ||
    ts.isArrayBindingPattern(declaration)
  ) {
    declaration = declaration.parent;
  }
  if (ts.isParameter(declaration))
    return 'parameters are kept: removing one would shift the arguments callers pass';
  if (
    ts.isImportClause(declaration) ||
    ts.isImportSpecifier(declaration) ||
    ts.isNamespaceImport(declaration) ||
    ts.isImportEqualsDeclaration(declaration)
  ) {
    return 'imports are kept: the module may have side effects when loaded';
  }
  if (ts.isVariableDeclaration(declaration) && declaration.initializer && !isPure(declaration.initializer)) {
    return 'its initializer may have side effects';
  }
  if (
    ts.isClassDeclaration(declaration) &&
    declaration.members.some(
      (member) =>
        ts.isClassStaticBlockDeclaration(member) ||
        (ts.isPropertyDeclaration(member) && !!member.initializer && !isPure(member.initializer)),
    )
  ) {
    return 'the class runs static initializers when declared';
  }
  for (const reference of (file.service.findReferences(file.fileName, position) ?? []).flatMap(
    (symbol) => symbol.references,
  )) {
    if (!reference.isWriteAccess || reference.isDefinition) continue;
    const target = nodeAt(source, reference.textSpan.start);
    const assignment = target.parent;
    if (ts.isBinaryExpression(assignment) && !isPure(assignment.right))
      return 'a value with side effects is assigned to it';
  }
  return undefined;
}
