// A batch of async conversions is accepted on a check of the statements holding the converted
// functions only when nothing outside them can see a difference; otherwise the full check decides.
// Each case below runs the same batch with and without the region proof: the decisions (code and
// change list) must be the same, and the proof must decline wherever an error can appear outside.
import assert from 'node:assert/strict';
import { countChecks } from './checkCount';
import { bothWays } from './batchHarness';
import { refactorJs } from '../../../../../server/src/engine/refactor/js/index';
import { selectPatterns } from '../../../../../server/src/engine/refactor/patterns';

const PROMISE = `var p = Promise.resolve(1);\n`;

const LOAD = `function load(url) {
  return p.then(function (n) {
    return n + 1;
  });
}`;
const LOAD_ASYNC = `async function load(url) {
  const n = await p;
  return n + 1;
}`;

describe('refactor/js/regionCheck: async conversions checked by region', () => {
  it('accepts a clean conversion without the full check', () => {
    const code = `${PROMISE}${LOAD}\nfunction other() {\n  return load('a');\n}\nexports.other = other;\n`;
    const result = bothWays(code, [{ site: 'load', from: LOAD, to: LOAD_ASYNC }]);
    assert.deepEqual(result.verdicts, [undefined]);
    assert.equal(result.fullChecks, 0);
    assert.match(result.code, /async function load/);
  });

  it('leaves an error inside the converted function to the full check, which rejects it', () => {
    const code = `${PROMISE}${LOAD}\n`;
    const broken = LOAD_ASYNC.replace('n + 1', 'missing + 1');
    const result = bothWays(code, [{ site: 'load', from: LOAD, to: broken }]);
    assert.deepEqual(result.verdicts, ['errors in the region']);
    assert.equal(result.code, code);
    assert.match(result.changes.join('\n'), /Cannot find name 'missing'/);
  });

  it('leaves a changed signature to the full check: a caller elsewhere can fail', () => {
    const code = `${PROMISE}function make() {
  return p.then(function () {
    return function () {};
  });
}
make().then(function (g) {
  g();
});
`;
    const to = `async function make() {\n  await p;\n  return 1;\n}`;
    const from = code.slice(code.indexOf('function make'), code.indexOf('\nmake().then'));
    const result = bothWays(code, [{ site: 'make', from, to }]);
    assert.deepEqual(result.verdicts, ['a signature changed']);
    assert.equal(result.code, code);
    assert.match(result.changes.join('\n'), /not callable/);
  });

  it('leaves a signature whose types it cannot compare to the full check', () => {
    const code = `${PROMISE}function frozen() {\n  return p.then(function (n) {\n    return Object.freeze({ n: n });\n  });\n}\n`;
    const result = bothWays(code, [{ site: 'frozen', from: 'function frozen', to: 'async function frozen' }]);
    assert.deepEqual(result.verdicts, ['a signature it cannot compare']);
  });

  it('leaves a function that declares properties of outer objects to the full check', () => {
    const code = `${PROMISE}var o = {};
o.run = function () {};
function setup() {
  return p.then(function () {
    o.run = function () {};
  });
}
o.run();
`;
    const from = 'o.run = function () {};\n  });';
    const to = 'o.run = 1;\n  });';
    const result = bothWays(code, [{ site: 'setup', from, to }]);
    assert.deepEqual(result.verdicts, ['declares for outer objects']);
  });

  it('leaves an exports assignment and Object.defineProperty to the full check', () => {
    for (const body of [
      'exports.value = n;',
      'module.exports = n;',
      "Object.defineProperty(exports, 'v', { value: n });",
    ]) {
      const code = `${PROMISE}function publish() {\n  return p.then(function (n) {\n    ${body}\n  });\n}\n`;
      const result = bothWays(code, [
        { site: 'publish', from: 'function publish', to: 'async function publish' },
      ]);
      assert.deepEqual(result.verdicts, ['declares for outer objects'], body);
    }
  });

  it('leaves a function invoked in place to the full check (its flow is the enclosing flow)', () => {
    const code = `${PROMISE}var done = (function () {\n  return p.then(function (n) {\n    return n;\n  });\n})();\n`;
    const result = bothWays(code, [
      { site: 'function ()', from: 'function () {\n  return p', to: 'async function () {\n  return p' },
    ]);
    assert.deepEqual(result.verdicts, ['invoked in place']);
  });

  it('leaves edits outside the converted function, and a renamed function, to the full check', () => {
    const code = `${PROMISE}${LOAD}\nvar after = 1;\n`;
    const outside = bothWays(code, [{ site: 'load', from: 'var after = 1', to: 'var after = 2' }]);
    assert.deepEqual(outside.verdicts, ['an edit outside the function']);
    const renamed = bothWays(code, [{ site: 'load', from: 'function load', to: 'async function loaded' }]);
    assert.deepEqual(renamed.verdicts, ['no function of that kind and name after']);
  });

  it('is not used for constructor → class conversions or TypeScript files', () => {
    const ctor = `function Box(v) {\n  this.v = v;\n}\nvar b = new Box(1);\n`;
    const classes = bothWays(ctor, [
      {
        site: 'Box',
        from: 'function Box(v) {\n  this.v = v;\n}',
        to: 'class Box {\n  constructor(v) {\n    this.v = v;\n  }\n}',
        pattern: 'classes',
      },
    ]);
    assert.deepEqual(classes.verdicts, ['not only async conversions']);
    const ts = bothWays(`${PROMISE}${LOAD}\n`, [{ site: 'load', from: LOAD, to: LOAD_ASYNC }], 'ts');
    assert.deepEqual(ts.verdicts, ['a TypeScript file']);
  });

  it('leaves a function declaring JSDoc types to the full check', () => {
    const code = `${PROMISE}function typed() {\n  /** @typedef {{ a: number }} Shape */\n  return p.then(function (n) {\n    return n;\n  });\n}\n`;
    const result = bothWays(code, [{ site: 'typed', from: 'function typed', to: 'async function typed' }]);
    assert.deepEqual(result.verdicts, ['declares for outer objects']);
  });
});

describe('refactor/js/regionCheck: modernize with the compiler own async conversions', () => {
  it('converts the same functions with no full check of a clean result', () => {
    const code = `function Model(name) {
  this.name = name;
}
function build(list) {
  return new Model(list.join(','));
}
function load(url) {
  return fetch(url).then(function (res) {
    return res.json();
  }).then(function (data) {
    return build(data);
  });
}
var save = function (url) {
  return fetch(url).then(function (res) {
    return res.ok;
  });
};
exports.Model = Model;
exports.load = load;
exports.save = save;
`;
    const patterns = selectPatterns('async_await', 'js', undefined);
    const { result, checks } = countChecks(() =>
      refactorJs({ code, extension: 'js', patterns, deadline: Number.POSITIVE_INFINITY }),
    );
    assert.match(result.code, /async function load\(url\) \{\n {2}const res = await fetch\(url\);/);
    assert.match(result.code, /var save = async function \(url\)/);
    assert.equal(checks, 0);
  });
});
