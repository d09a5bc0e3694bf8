// A plain promise chain → async conversion is accepted on a proof read from the program before the
// batch, with neither the region check nor the full check. Each case runs the batch with and without
// the cheaper proofs (the decision must be the full check's) and names why the construction proof
// declined: each thing the region check protects against — an error inside the function, a name the
// new `const`s capture, a type that changes in a `const` or a callback, a signature elsewhere code
// sees — is still caught, by the region check or the full check behind it.
import assert from 'node:assert/strict';
import ts from 'typescript';
import { bothWays } from './batchHarness';
import { countChecks } from './checkCount';
import { source } from '../../../../../bench/refactorSource';
import { unsafeByConstruction } from '../../../../../server/src/engine/refactor/js/asyncProof';
import { refactorJs } from '../../../../../server/src/engine/refactor/js/index';
import { createVirtualFile } from '../../../../../server/src/engine/refactor/js/virtualFile';
import { selectPatterns } from '../../../../../server/src/engine/refactor/patterns';

const DOC = `function Doc(text) {\n  this.text = text;\n}\nfunction parse(text) {\n  return new Doc(text);\n}\n`;

const LOAD = `function load(url) {
  return fetch(url).then(function (res) {
    return res.text();
  }).then(function (body) {
    return parse(body);
  });
}`;
const LOAD_ASYNC = `async function load(url) {
  const res = await fetch(url);
  const body = await res.text();
  return parse(body);
}`;

/** Why the proof declines the conversion of `name` from `code` to `code` with `from` → `to`. */
function reason(code: string, from: string, to: string, name = 'load'): string | undefined {
  const before = createVirtualFile(code, 'js');
  const after = createVirtualFile(code.replace(from, to), 'js');
  try {
    const find = (file: typeof before): ts.FunctionLikeDeclaration => {
      let found: ts.FunctionLikeDeclaration | undefined;
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionDeclaration(node) && node.name?.text === name) found = node;
        else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name)
          found = node.initializer as ts.FunctionExpression;
        ts.forEachChild(node, visit);
      };
      visit(file.program()!.getSourceFile(file.fileName)!);
      return found!;
    };
    const fn = find(before);
    const checker = before.program()!.getTypeChecker();
    return unsafeByConstruction(checker, fn, find(after), new Set([fn]));
  } finally {
    before.dispose();
    after.dispose();
  }
}

describe('refactor/js/asyncProof: async conversions safe by construction', () => {
  it('accepts the plain conversion with no region check and no full check', () => {
    const code = `${DOC}${LOAD}\nexports.load = load;\n`;
    assert.equal(reason(code, LOAD, LOAD_ASYNC), undefined);
    const result = bothWays(code, [{ site: 'load', from: LOAD, to: LOAD_ASYNC }]);
    assert.deepEqual(result.verdicts, [undefined]);
    assert.equal(result.regionChecks, 0);
    assert.equal(result.fullChecks, 0);
    assert.match(result.code, /async function load/);
  });

  it('accepts arrow callbacks and a function expression bound to a name', () => {
    const from = `var load = function (url) {\n  return fetch(url).then((res) => res.text()).then((body) => parse(body));\n};`;
    const to = `var load = async function (url) {\n  const res = await fetch(url);\n  const body = await res.text();\n  return parse(body);\n};`;
    const code = `${DOC}${from}\n`;
    assert.equal(reason(code, from, to), undefined);
    assert.equal(bothWays(code, [{ site: 'load', from, to }]).regionChecks, 0);
  });

  it('leaves a conversion that is not the plain one to the checks, which find its error', () => {
    const code = `${DOC}${LOAD}\n`;
    const broken = LOAD_ASYNC.replace('parse(body)', 'parze(body)');
    assert.equal(reason(code, LOAD, broken), 'not the plain conversion');
    const result = bothWays(code, [{ site: 'load', from: LOAD, to: broken }]);
    assert.deepEqual(result.verdicts, ['errors in the region']);
    assert.equal(result.regionChecks, 1);
    assert.equal(result.code, code);
    assert.match(result.changes.join('\n'), /Cannot find name 'parze'/);
  });

  it('leaves a callback parameter a new const would capture to the checks', () => {
    const from = `function load(url) {
  return fetch(url).then(function (res) {
    return parse(body);
  }).then(function (body) {
    return parse(body);
  });
}`;
    // The literal conversion: body in the second line now reads the const before it is declared.
    const to = `async function load(url) {
  const res = await fetch(url);
  const body = await parse(body);
  return parse(body);
}`;
    const code = `${DOC}const body = 'b';\n${from}\n`;
    assert.equal(reason(code, from, to), 'a name the new declarations could capture');
    const result = bothWays(code, [{ site: 'load', from, to }]);
    assert.equal(result.regionChecks, 1);
    assert.equal(result.code, code);
    assert.match(result.changes.join('\n'), /used before its declaration/);
  });

  it('leaves names whose type may be narrowed, and functions of the same batch, to the region check', () => {
    const from = LOAD.replace('parse(body)', 'svc.parse(body)');
    const to = LOAD_ASYNC.replace('parse(body)', 'svc.parse(body)');
    const code = `${DOC}var svc = { parse: parse };\n${from}\n`;
    assert.equal(reason(code, from, to), '`svc` may be narrowed');
    assert.equal(bothWays(code, [{ site: 'load', from, to }]).regionChecks, 1);

    const first = `function first(url) {\n  return fetch(url).then(function (res) {\n    return parse(res);\n  });\n}`;
    const second = `function second(url) {\n  return first(url).then(function (doc) {\n    return parse(doc);\n  });\n}`;
    const steps = [
      {
        site: 'first',
        from: first,
        to: `async function first(url) {\n  const res = await fetch(url);\n  return parse(res);\n}`,
      },
      {
        site: 'second',
        from: second,
        to: `async function second(url) {\n  const doc = await first(url);\n  return parse(doc);\n}`,
      },
    ];
    const code2 = `${DOC}${first}\n${second}\n`;
    const both = bothWays(code2, steps);
    assert.deepEqual(both.verdicts, [undefined]);
    assert.equal(both.regionChecks, 1, 'second calls first, whose type the batch changes: checked');
  });

  it('leaves generic calls, types a const would widen and JSDoc to the checks', () => {
    const generic = `/**\n * @template T\n * @param {T} x\n * @returns {T}\n */\nfunction same(x) {\n  return x;\n}\n`;
    const from = LOAD.replace('parse(body)', 'same(body)');
    const to = LOAD_ASYNC.replace('parse(body)', 'same(body)');
    assert.equal(reason(`${generic}${from}\n`, from, to), 'a generic call');

    const nothing = `/** @returns {null} */\nfunction nothing() {\n  return null;\n}\n`;
    const fromNull = `function load(url) {\n  return fetch(url).then(function (res) {\n    return nothing();\n  });\n}`;
    const toNull = `async function load(url) {\n  const res = await fetch(url);\n  return nothing();\n}`;
    assert.equal(reason(`${nothing}${fromNull}\n`, fromNull, toNull), 'a type widening could change');

    // A literal value: the proof does not model literal widening, so the region check decides (here
    // both sides widen it to Promise<string>, and the check accepts).
    const literal = `const K = 'x';\n`;
    const fromK = fromNull.replace('nothing()', 'K');
    const toK = toNull.replace('nothing()', 'K');
    assert.equal(reason(`${literal}${fromK}\n`, fromK, toK), 'a type widening could change');
    const widened = bothWays(`${literal}${fromK}\n`, [{ site: 'load', from: fromK, to: toK }]);
    assert.deepEqual(widened.verdicts, [undefined]);
    assert.equal(widened.regionChecks, 1);

    const typed = `/** @param {string} url */\n${LOAD}`;
    assert.equal(reason(`${DOC}${typed}\n`, LOAD, LOAD_ASYNC), 'JSDoc');
    assert.equal(
      bothWays(`${DOC}${typed}\n`, [{ site: 'load', from: LOAD, to: LOAD_ASYNC }]).regionChecks,
      1,
    );
  });

  it('proves every conversion of the refactor bench file: no region check, no full check', () => {
    const patterns = selectPatterns('modernize', 'js', undefined);
    const code = source(120);
    const { result, checks, regions } = countChecks(() =>
      refactorJs({ code, extension: 'js', patterns, deadline: Number.POSITIVE_INFINITY }),
    );
    assert.match(result.code, /async function load0\(url\) \{\n {2}const res = await fetch\(url\);/);
    assert.equal(checks, 0);
    assert.equal(regions, 0);
  });
});
