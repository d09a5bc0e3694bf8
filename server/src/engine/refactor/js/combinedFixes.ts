// Every constructor → class conversion of a file from one "fix all" request. Asking the language
// service for one site's fix costs a pass over the whole file (it recomputes the file's suggestion
// diagnostics each time), so one request per site is quadratic in the file size; the fix-all runs the
// same per-site conversion (TypeScript's convertFunctionToEs6Class applies one `doChange` per
// diagnostic in both cases) for every site at once. Its edits are split back into sites by the
// statements each conversion owns: the constructor's own statement and those declaring its members.
// When an edit belongs to no site or to several, the caller falls back to one request per site.
import ts from 'typescript';
import { nodeAt } from './syntax';
import { USER_PREFERENCES, type VirtualFile } from './virtualFile';

const CLASS_DIAGNOSTIC = 80002;
const CLASS_FIX_ID = 'convertFunctionToEs6Class';

/** Each constructor diagnostic's start → the text changes converting it, or undefined (fall back). */
export function classFixesBySite(
  file: VirtualFile,
  diagnostics: readonly ts.Diagnostic[],
  settings: ts.FormatCodeSettings,
): Map<number, ts.TextChange[]> | undefined {
  const sites = diagnostics.filter((diagnostic) => diagnostic.code === CLASS_DIAGNOSTIC);
  if (sites.length < 2) return undefined;
  const owners = sites.map((site) => ({ start: site.start!, ranges: ownedRanges(file, site.start!) }));
  if (owners.some((owner) => owner.ranges === undefined)) return undefined;
  let combined: ts.CombinedCodeActions;
  try {
    combined = file.service.getCombinedCodeFix(
      { type: 'file', fileName: file.fileName },
      CLASS_FIX_ID,
      settings,
      USER_PREFERENCES,
    );
  } catch {
    return undefined; // e.g. the compiler's own "changes overlap" assertion
  }
  const bySite = new Map<number, ts.TextChange[]>(owners.map((owner) => [owner.start, []]));
  for (const fileChanges of combined.changes) {
    if (fileChanges.fileName !== file.fileName) return undefined;
    for (const change of fileChanges.textChanges) {
      const at = change.span.start;
      const matching = owners.filter((owner) =>
        owner.ranges!.some((range) => range.pos <= at && at < range.end),
      );
      if (matching.length !== 1) return undefined;
      bySite.get(matching[0]!.start)!.push(change);
    }
  }
  return bySite;
}

/** The statements a conversion may rewrite or delete: the constructor's and its members'. */
function ownedRanges(file: VirtualFile, position: number): ts.TextRange[] | undefined {
  const symbol = file.checker().getSymbolAtLocation(nodeAt(file.sourceFile(), position));
  if (!symbol?.valueDeclaration) return undefined;
  const declarations = [symbol.valueDeclaration];
  for (const table of [symbol.members, symbol.exports]) {
    table?.forEach((member) => declarations.push(...(member.declarations ?? [])));
  }
  const ranges: ts.TextRange[] = [];
  for (const declaration of declarations) {
    const statement = ts.findAncestor(declaration, isStatement);
    if (!statement) return undefined;
    ranges.push({ pos: statement.pos, end: statement.end });
  }
  return ranges;
}

function isStatement(node: ts.Node): boolean {
  if (!node.parent) return false;
  return (
    ts.isSourceFile(node.parent) ||
    ts.isBlock(node.parent) ||
    ts.isModuleBlock(node.parent) ||
    ts.isCaseClause(node.parent) ||
    ts.isDefaultClause(node.parent)
  );
}
