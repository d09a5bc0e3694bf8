// Property test of behaviour: generated programs feed each transform's precondition its edge values
// (0, '', false, NaN, 0n, null, undefined, functions, objects whose valueOf and toString differ,
// prototype defaults overwritten by numbers...). Each program is run in a child process before and
// after `modernize`, and the printed results (values, or the kind of error thrown) must be equal.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { refactorCode } from '../../../../server/src/engine/refactor/index';

const EDGE_VALUES = [
  '0',
  "''",
  'false',
  'NaN',
  '0n',
  'null',
  'undefined',
  '1',
  "'s'",
  'true',
  '{}',
  '[1, 2]',
  // A declaration nothing rewrites: `'a' + f` prints the function's source, which any refactor changes.
  'seven',
  '{ c: function (x) { return x + 1; }, size: 2 }',
  "{ valueOf: function () { return 1; }, toString: function () { return 'x'; } }",
  'new Date(0)',
];

// Each fragment defines functions over `v` and pushes what they return; `call` records a thrown
// error by its constructor only (messages name the new syntax, `a.b?.c is not a function`).
const FRAGMENTS: ((v: string, i: number) => string)[] = [
  (v, i) =>
    `function chain${i}(a, x) {\n  return a.b && a.b.c && a.b.c(x);\n}\ncall(function () { return chain${i}({ b: { c: ${v} } }, 1); });\ncall(function () { return chain${i}({ b: ${v} }, 1); });`,
  (v, i) =>
    `function get${i}(a) {\n  return a && a.b;\n}\nfunction has${i}(a) {\n  if (a && a.size) {\n    return 'yes';\n  }\n  return 'no';\n}\nfunction ctor${i}(s) {\n  return !!(s && s.constructor);\n}\ncall(function () { return [get${i}(${v}), has${i}(${v}), ctor${i}(${v})]; });`,
  (v, i) =>
    `function Range${i}() {}\nRange${i}.prototype._max = undefined;\nRange${i}.prototype.set = function (m) {\n  this._max = m;\n};\nRange${i}.prototype.max = function () {\n  return this._max || 10;\n};\ncall(function () { var r = new Range${i}(); r.set(${v}); return r.max(); });`,
  (v, i) =>
    `var defaults${i} = { handler: ${v} };\nfunction pick${i}(h) {\n  return defaults${i}.handler || h;\n}\ncall(function () { return pick${i}('fallback'); });`,
  (v, i) =>
    `function label${i}(v) {\n  return 'a' + v + 'b';\n}\nfunction typed${i}(v) {\n  if (typeof v === 'number') {\n    return 'n' + v + '!';\n  }\n  return 'other ' + typeof v;\n}\ncall(function () { return [label${i}(${v}), typed${i}(${v})]; });`,
  (v, i) =>
    `function loops${i}() {\n  var fs = [];\n  for (var k = 0; k < 3; k++) {\n    fs.push(function () { return k; });\n  }\n  if (!fs.length) {\n    var late = 1;\n  }\n  return [fs.map(function (f) { return f(); }), typeof late];\n}\ncall(loops${i});`,
  (v, i) =>
    `function read${i}(o) {\n  var a = o.a;\n  var copy = Object.assign({}, o);\n  return [a, Object.keys(copy).length];\n}\ncall(function () { return read${i}(${v}); });`,
  (v, i) =>
    `function self${i}(xs) {\n  return [1, 2].map(function (x) { return this === undefined ? x : typeof this; }, ${v});\n}\ncall(self${i});`,
];

const PRELUDE = `'use strict';
var results = [];
function seven() {
  return 7;
}
function show(value) {
  if (typeof value === 'bigint') return value + 'n';
  if (typeof value === 'function') return 'function';
  if (typeof value === 'number' && isNaN(value)) return 'NaN';
  if (Array.isArray(value)) return '[' + value.map(show).join(',') + ']';
  if (value && typeof value === 'object') return 'object:' + Object.keys(value).join(',');
  return typeof value + ':' + String(value);
}
function call(fn) {
  try {
    results.push(show(fn()));
  } catch (error) {
    results.push('throws ' + (error && error.constructor && error.constructor.name));
  }
}
`;

// A CommonJS module: its top-level bindings are its own (a classic script shares them with others).
const EXPORT = 'module.exports = results;';

function run(dir: string, name: string, code: string): string {
  const path = join(dir, name);
  writeFileSync(path, `${code}\nconsole.log(results.join('\\n'));\n`);
  const result = spawnSync(process.execPath, [path], { encoding: 'utf8', timeout: 20_000 });
  return `${result.stdout}${result.stderr ? `\nstderr: ${result.stderr}` : ''}`;
}

const program = fc
  .array(fc.tuple(fc.nat(FRAGMENTS.length - 1), fc.constantFrom(...EDGE_VALUES)), {
    minLength: 3,
    maxLength: 8,
  })
  .map(
    (parts) =>
      `${PRELUDE}${parts.map(([fragment, value], i) => FRAGMENTS[fragment]!(value, i)).join('\n')}\n${EXPORT}`,
  );

describe('modernize keeps what generated programs print, on every precondition edge value', function () {
  // A refactor and two child processes per run on a loaded 2-core machine.
  this.timeout(300_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'codewright-equivalence-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the same before and after', async () => {
    await fc.assert(
      fc.asyncProperty(program, async (code) => {
        const result = await refactorCode({ code, language: 'javascript', refactor_type: 'modernize' }, {});
        const before = run(dir, 'before.js', code);
        const after = run(dir, 'after.js', result.refactored_code);
        assert.equal(
          after,
          before,
          `changed behaviour:\n${result.refactored_code}\n${result.changes.join('\n')}`,
        );
      }),
      { numRuns: 20, seed: 1717 },
    );
  });

  it('every fragment with every edge value, once', async () => {
    const code =
      PRELUDE +
      EDGE_VALUES.flatMap((value, v) =>
        FRAGMENTS.map((fragment, f) => fragment(value, v * FRAGMENTS.length + f)),
      ).join('\n') +
      `\n${EXPORT}`;
    const result = await refactorCode({ code, language: 'javascript', refactor_type: 'modernize' }, {});
    assert.ok(result.refactored_code !== code, 'some transform applied');
    assert.equal(run(dir, 'after.js', result.refactored_code), run(dir, 'before.js', code));
  });
});
