// The template precondition decides a site from the concatenation's own text when its first
// operand to prove has a form whose kinds no program proves, without parsing and binding the file.
import assert from 'node:assert/strict';
import ts from 'typescript';
import { kindsOf, unprovableKinds } from '../../../../../../server/src/engine/refactor/js/facts/valueKinds';
import { templateConversionRisk } from '../../../../../../server/src/engine/refactor/js/safety/templateSafety';
import { createVirtualFile } from '../../../../../../server/src/engine/refactor/js/virtualFile';

const marks = (
  ts as unknown as { performance: { enable(): boolean; disable(): void; getCount(mark: string): number } }
).performance;

/** How many source files the compiler bound while `run` ran (one per program built for a new text). */
function countBinds<T>(run: () => T): { result: T; binds: number } {
  marks.enable();
  try {
    const before = marks.getCount('beforeBind');
    const result = run();
    return { result, binds: marks.getCount('beforeBind') - before };
  } finally {
    marks.disable();
  }
}

const FORMS = `
/** @typedef {{ name: string, inner: { n: number } }} Shape */
/** @param {Shape} shape @param {string[]} list */
function use(shape, list, i) {
  const sealed = { a: 'x', b: 2 };
  const text = 'abc';
  this.name; this.items.length; this.total(); (this).name; this[i]; list[i]; shape.name; shape.inner.n;
  sealed.a; text.length; 'abc'.length; String(i).length; Math.max(i, 1); JSON.stringify(i).length;
  use(shape, list, i); shape.name.trim(); (use)(shape, list, i); [1, 2].length; this;
  return function () { return this.name; };
}
class Box extends Array { get first() { return super.length; } }
`;

describe('refactor/js/safety/templateSafety', () => {
  it('calls an operand unprovable only where kindsOf proves nothing', () => {
    const file = createVirtualFile(FORMS, 'js');
    try {
      const source = file.sourceFile();
      let unprovable = 0;
      let provable = 0;
      const visit = (node: ts.Node): void => {
        if (ts.isExpression(node) && !ts.isIdentifier(node) && unprovableKinds(node)) {
          unprovable++;
          assert.equal(kindsOf(file, node), undefined, node.getText(source));
        } else if (ts.isExpression(node) && kindsOf(file, node) !== undefined) provable++;
        ts.forEachChild(node, visit);
      };
      visit(source);
      // The fixture has both: forms the syntax rules out, and reads proven from declarations.
      assert.ok(unprovable >= 8, `unprovable: ${unprovable}`);
      assert.ok(provable >= 8, `provable: ${provable}`);
      for (const form of ['shape.name', 'sealed.a', 'text.length', 'String(i).length', 'shape.inner.n']) {
        const node = findExpression(source, form);
        assert.equal(unprovableKinds(node), false, form);
      }
    } finally {
      file.dispose();
    }
  });

  it('keeps a concatenation with `this.name` without building a program, and asks the program otherwise', () => {
    const code = `function Model(name) {\n  this.name = name;\n}\nModel.prototype.describe = function () {\n  var count = 2;\n  return 'Model ' + this.name + ' has ' + count;\n};\nfunction label(count) {\n  var n = 3;\n  return 'n ' + n + ' of ' + count;\n}\n`;
    const file = createVirtualFile(code, 'js');
    try {
      file.sourceFile();
      file.update(`${code}\n`); // a new text: a compiler question would parse and bind it again
      const kept = "'Model ' + this.name + ' has ' + count";
      const start = file.text().indexOf(kept);
      const { result: risk, binds } = countBinds(() =>
        templateConversionRisk(file, start, start + kept.length, '`Model ${this.name} has ${count}`'),
      );
      assert.equal(binds, 0);
      assert.equal(
        risk,
        '`this.name` is not proven to be a primitive: for an object whose `valueOf` and `toString` differ, `+` and a template literal give different text',
      );
      // `n` is a binding: only the program can tell (here: a number, so `n` passes; `count` does not).
      const asked = "'n ' + n + ' of ' + count";
      const at = file.text().indexOf(asked);
      const fromProgram = countBinds(() =>
        templateConversionRisk(file, at, at + asked.length, '`n ${n} of ${count}`'),
      );
      assert.ok(fromProgram.binds > 0);
      assert.match(fromProgram.result ?? '', /^`count` is not proven to be a primitive/);
    } finally {
      file.dispose();
    }
  });
});

function findExpression(source: ts.SourceFile, text: string): ts.Expression {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (!found && ts.isExpression(node) && node.getText(source) === text) found = node;
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!found) throw new Error(`no ${text} in the fixture`);
  return found;
}
