// Every constructor → class (or promise chain → async function) conversion of a file from one "fix
// all" request. Asking the language service for one site's fix costs a pass over the whole file (it
// recomputes the file's suggestion diagnostics each time), so one request per site is quadratic in
// the file size; the fix-all runs the same per-site conversion (TypeScript applies the same change
// function per diagnostic in both cases) for every site at once. Its edits are split back into sites
// by the code each conversion owns: a constructor's statement and those declaring its members, or the
// converted function. When an edit belongs to no site or to several, the caller falls back to one
// request per site; so it does for a site the split cannot vouch for (see `completeAsync`).
import ts from 'typescript';
import { enclosingFunction, nodeAt } from './syntax';
import { combinedFix } from './uncheckedFixes';
import type { VirtualFile } from './virtualFile';

interface CombinableFix {
  fixId: string;
  /** The code a site's conversion may change, or undefined when that cannot be told. */
  owned: (file: VirtualFile, position: number) => ts.TextRange[] | undefined;
  /** Whether a site's share of the fix-all is what its own request gives. */
  complete?: (file: VirtualFile, position: number, changes: readonly ts.TextChange[]) => boolean;
}

const COMBINABLE: ReadonlyMap<number, CombinableFix> = new Map([
  [80002, { fixId: 'convertFunctionToEs6Class', owned: ownedRanges }],
  [80006, { fixId: 'convertToAsyncFunction', owned: convertedFunction, complete: completeAsync }],
]);

/** Whether the fix for this diagnostic code can come from a split fix-all. */
export function isCombinable(code: number): boolean {
  return COMBINABLE.has(code);
}

/**
 * Each site's diagnostic start → the text changes its own request would give, for the sites of one
 * diagnostic code; undefined when the fix-all cannot be split (then every site asks on its own).
 */
export function fixesBySite(
  file: VirtualFile,
  diagnostics: readonly ts.Diagnostic[],
  code: number,
  settings: ts.FormatCodeSettings,
  /** Whether the sites were found without the file's full check (then the fix-all skips it too). */
  walked = false,
): Map<number, ts.TextChange[]> | undefined {
  const fix = COMBINABLE.get(code);
  const sites = diagnostics.filter((diagnostic) => diagnostic.code === code);
  if (!fix || sites.length < 2) return undefined;
  const owners = sites.map((site) => ({ start: site.start!, ranges: fix.owned(file, site.start!) }));
  if (owners.some((owner) => owner.ranges === undefined)) return undefined;
  let combined: ts.CombinedCodeActions;
  try {
    combined = combinedFix(file, fix.fixId, settings, walked);
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
  for (const [start, changes] of bySite)
    if (fix.complete && !fix.complete(file, start, changes)) bySite.delete(start);
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

/** Whether the node is a statement of a file, block or case clause. */
export function isStatement(node: ts.Node): boolean {
  if (!node.parent) return false;
  return (
    ts.isSourceFile(node.parent) ||
    ts.isBlock(node.parent) ||
    ts.isModuleBlock(node.parent) ||
    ts.isCaseClause(node.parent) ||
    ts.isDefaultClause(node.parent)
  );
}

/** The function the async conversion at `position` rewrites (as the compiler's fix finds it). */
function convertedFunction(file: VirtualFile, position: number): ts.TextRange[] | undefined {
  const fn = functionToConvert(file.sourceFile(), position);
  return fn ? [{ pos: fn.pos, end: fn.end }] : undefined;
}

/** The function an async conversion whose diagnostic starts at `position` rewrites. */
export function functionToConvert(
  source: ts.SourceFile,
  position: number,
): ts.FunctionLikeDeclaration | undefined {
  const node = nodeAt(source, position);
  if (
    ts.isIdentifier(node) &&
    ts.isVariableDeclaration(node.parent) &&
    node.parent.initializer &&
    ts.isFunctionLike(node.parent.initializer)
  )
    return node.parent.initializer as ts.FunctionLikeDeclaration;
  return enclosingFunction(node);
}

/**
 * The compiler's async conversion adds `async`, then rewrites each `return` of a promise chain, and
 * gives up on the first it cannot rewrite: its own request then offers nothing, but the fix-all keeps
 * what it did before giving up. A share that adds `async` and covers every `return` whose value is a
 * `.then/.catch/.finally` call of the function itself cannot be such a leftover; any other share is
 * left to the site's own request.
 */
function completeAsync(file: VirtualFile, position: number, changes: readonly ts.TextChange[]): boolean {
  const fn = functionToConvert(file.sourceFile(), position);
  if (!fn?.body || !changes.some((change) => /\basync\b/.test(change.newText))) return false;
  const source = file.sourceFile();
  let covered = true;
  const visit = (node: ts.Node): void => {
    if (!covered || ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression && isChainCall(node.expression)) {
      const start = node.getStart(source);
      covered = changes.some(
        (change) => change.span.start <= start && node.end <= change.span.start + change.span.length,
      );
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return covered;
}

function isChainCall(node: ts.Expression): boolean {
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ['then', 'catch', 'finally'].includes(node.expression.name.text)
  );
}
