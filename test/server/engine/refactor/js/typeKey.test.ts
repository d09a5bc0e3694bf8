// Signature keys compare types across two programs: equal for the same types (declared types by their
// declaration, the rest by structure), different for different ones, none for what they do not cover.
import assert from 'node:assert/strict';
import ts from 'typescript';
import { signatureKey, type PlaceOf } from '../../../../../server/src/engine/refactor/js/typeKey';
import { createVirtualFile } from '../../../../../server/src/engine/refactor/js/virtualFile';

/** The key of the signature of function `name` in `code`; input declarations placed by offset + shift. */
function keyOf(code: string, name: string, shift = 0): string | undefined {
  const file = createVirtualFile(code, 'js');
  try {
    const program = file.service.getProgram()!;
    const source = program.getSourceFile(file.fileName)!;
    const checker = program.getTypeChecker();
    let fn: ts.FunctionDeclaration | undefined;
    source.forEachChild((node) => {
      if (ts.isFunctionDeclaration(node) && node.name?.text === name) fn = node;
    });
    const place: PlaceOf = (node) => {
      const fileName = node.getSourceFile().fileName;
      return fileName === file.fileName ? `:${node.pos - shift}` : `${fileName}:${node.pos}`;
    };
    return signatureKey(checker, checker.getSignatureFromDeclaration(fn!)!, place);
  } finally {
    file.dispose();
  }
}

const CLASSES = `function Item(v) {\n  this.v = v;\n}\nvar p = Promise.resolve(1);\n`;

describe('refactor/js/typeKey', () => {
  it('gives the same key to the same types written differently', () => {
    const chain = `${CLASSES}function f(x) {\n  return p.then(function () {\n    return [new Item(x)];\n  });\n}\n`;
    const awaited = `${CLASSES}async function f(x) {\n  await p;\n  return [new Item(x + 1)];\n}\n`;
    const key = keyOf(chain, 'f');
    assert.ok(key);
    assert.equal(keyOf(awaited, 'f'), key);
  });

  it('tells apart different return types, and classes declared in different places', () => {
    const base = `${CLASSES}function f() {\n  return p.then(function () {\n    return new Item(1);\n  });\n}\n`;
    assert.notEqual(keyOf(base.replace('new Item(1)', "'s'"), 'f'), keyOf(base, 'f'));
    assert.notEqual(keyOf(base.replace('return new Item(1)', 'return { v: 1 }'), 'f'), keyOf(base, 'f'));
    const moved = `var z = 0;\n${base}`;
    assert.notEqual(keyOf(moved, 'f'), keyOf(base, 'f'));
    assert.equal(keyOf(moved, 'f', 'var z = 0;'.length), keyOf(base, 'f'));
  });

  it('tells apart object literals that allow expando properties in JavaScript from other objects', () => {
    const chain = `${CLASSES}function f() {\n  return p.then(function () {\n    return { a: 1 };\n  });\n}\n`;
    const awaited = `${CLASSES}async function f() {\n  await p;\n  return { a: 1 };\n}\n`;
    assert.notEqual(keyOf(awaited, 'f'), keyOf(chain, 'f'));
  });

  it('compares parameters, their optionality and object properties', () => {
    const one = `function f(a, b) {\n  return { x: a, y: 1 };\n}\n`;
    assert.notEqual(keyOf(one.replace('a, b', 'a, ...b'), 'f'), keyOf(one, 'f'));
    assert.notEqual(keyOf(one.replace('y: 1', "y: 'q'"), 'f'), keyOf(one, 'f'));
    assert.notEqual(keyOf(one.replace('y: 1', 'z: 1'), 'f'), keyOf(one, 'f'));
  });

  it('gives no key to a type it does not cover (a mapped type)', () => {
    assert.equal(keyOf('function f() {\n  return Object.freeze({ a: 1 });\n}\n', 'f'), undefined);
  });
});
