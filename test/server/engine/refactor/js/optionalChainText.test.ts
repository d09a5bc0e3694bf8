// The optional chain written directly must be, byte for byte, the edit of TypeScript's own refactor
// for the same `&&` chain, and must decline where it cannot know that text.
import assert from 'node:assert/strict';
import ts from 'typescript';
import { optionalChainEdit } from '../../../../../server/src/engine/refactor/js/optionalChainText';
import {
  createVirtualFile,
  formatSettingsFor,
  USER_PREFERENCES,
} from '../../../../../server/src/engine/refactor/js/virtualFile';

const REFACTOR = 'Convert to optional chain expression';

/** For each outermost `&&` chain of `code`: the direct edit (or undefined) and the refactor's. */
function compare(code: string): { direct: string | undefined; refactor: string }[] {
  const file = createVirtualFile(code, 'js');
  try {
    const source = file.sourceFile();
    const results: { direct: string | undefined; refactor: string }[] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
        !(ts.isBinaryExpression(node.parent) && node.parent.left === node)
      ) {
        const range = { pos: node.getStart(source), end: node.end };
        const offered = file.service
          .getApplicableRefactors(file.fileName, range, USER_PREFERENCES)
          .some(
            (refactor) => refactor.name === REFACTOR && refactor.actions.some((a) => !a.notApplicableReason),
          );
        // Written directly only where the service offers the refactor (guards.ts skips asking then).
        if (!offered && optionalChainEdit(source, node))
          results.push({ direct: 'written', refactor: 'not offered' });
        if (offered) {
          const edits = file.service.getEditsForRefactor(
            file.fileName,
            formatSettingsFor(code),
            range,
            REFACTOR,
            REFACTOR,
            USER_PREFERENCES,
          );
          const changes = edits?.edits.flatMap((edit) => edit.textChanges) ?? [];
          const direct = optionalChainEdit(source, node);
          results.push({
            direct: direct && JSON.stringify([direct]),
            refactor: JSON.stringify(
              changes.map((c) => ({
                start: c.span.start,
                end: c.span.start + c.span.length,
                text: c.newText,
              })),
            ),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return results;
  } finally {
    file.dispose();
  }
}

describe('optionalChainEdit', () => {
  it("writes the refactor's chain for names and property reads", () => {
    const results = compare(`function f(entry, a, options) {
  if (entry && entry.price) return 1;
  var x = a && a.b && a.b.c;
  var y = a && a.b.c && a.b.c.d.e;
  var z = options.user && options.user.profile && options.user.profile.name;
  return x && y && z && a.b && a.b.c;
}
`);
    assert.ok(results.length >= 5, `chains: ${results.length}`);
    for (const result of results) {
      assert.ok(result.direct, `declined; the refactor gives ${result.refactor}`);
      assert.equal(result.direct, result.refactor);
    }
  });

  it('writes what the refactor writes when a guard does not match, and leaves the rest', () => {
    const results = compare(`function f(a, b) {
  var x = b && a && a.b;
  var y = a && b.c && b.c.d;
  return [x, y];
}
`);
    assert.equal(results.length, 2);
    for (const result of results) assert.equal(result.direct, result.refactor);
  });

  it('declines calls, element access, parentheses, comments, spacing and line breaks', () => {
    const results = compare(`function f(a, k) {
  var p = a && a.b();
  var q = a && a[k];
  var r = (a) && a.b;
  var s = a && /* b */ a.b;
  var t = a && a .b;
  var u = a &&
    a.b;
  return [p, q, r, s, t, u];
}
`);
    assert.ok(results.length >= 5, `chains: ${results.length}`);
    for (const result of results) assert.equal(result.direct, undefined, `written: ${result.direct}`);
  });
});
