// Compiler-backed batches checked on a helper thread while the request goes on: the helper must judge
// a batch as the pipeline's own check does, and a request run that way must give exactly what the
// checks in line give, also when a batch is rejected (the request then runs again in line).
import assert from 'node:assert/strict';
import { addedError } from '../../../../../server/src/engine/refactor/js/checkWorker';
import { refactorJs, type JsRefactorRequest } from '../../../../../server/src/engine/refactor/js/index';
import {
  SPECULATE_FROM_CHARS,
  speculativeCheck,
  worthSpeculating,
} from '../../../../../server/src/engine/refactor/js/speculativeCheck';
import { selectPatterns } from '../../../../../server/src/engine/refactor/patterns';
import { countChecks } from './checkCount';

const CLEAN = `function total(items) {
  var sum = 0;
  items.forEach(function (item) { sum += item; });
  return sum;
}
exports.total = total;
`;

// An async function must return the global Promise type: converting `twice` adds an error, so
// its batch is rejected (and bisected), while `load` converts.
const REJECTED_BATCH = `declare const source: PromiseLike<number>;
function twice(): PromiseLike<number> {
  return source.then(function (n) {
    return n * 2;
  });
}
function load(url: string): Promise<number> {
  return fetch(url).then(function (res) {
    return res.status;
  });
}
export { twice, load };
`;

const MODERNIZE = `function Shape(name) {
  this.name = name;
}
Shape.prototype.describe = function () {
  return 'Shape ' + this.name;
};
function load(url) {
  return fetch(url).then(function (res) {
    return res.json();
  }).then(function (data) {
    return data.items;
  });
}
function area(options) {
  var width = options.width;
  return Math.pow(width, 2);
}
module.exports = { Shape: Shape, load: load, area: area };
`;

function run(code: string, extension: 'js' | 'ts', speculate: boolean) {
  const request: JsRefactorRequest = {
    code,
    extension,
    patterns: selectPatterns('modernize', 'js', undefined),
    deadline: Number.POSITIVE_INFINITY,
    speculate,
  };
  const { result, checks } = countChecks(() => refactorJs(request));
  return { code: result.code, changes: result.log.changes(request.patterns), checks };
}

describe('refactor: speculative semantic check', function () {
  // Each helper thread loads the compiler (and, from sources, tsx) anew: slow on a busy machine.
  this.timeout(120_000);

  it('judges a batch as the check in line does', () => {
    const js = { extension: 'js', isTypeScript: false };
    assert.equal(addedError({ ...js, before: CLEAN, after: CLEAN.replace('var sum', 'let sum') }), undefined);
    assert.match(
      addedError({ ...js, before: CLEAN, after: CLEAN.replace('return sum;', 'return missing;') }) ?? '',
      /^2304:Cannot find name 'missing'/,
    );
    // An error the text before already had is not one the batch adds.
    const broken = CLEAN.replace('return sum;', 'return missing;');
    assert.equal(
      addedError({ ...js, before: broken, after: broken.replace('var sum', 'let sum') }),
      undefined,
    );
    // In TypeScript every error counts, in JavaScript only those that show a broken program.
    const ts = { extension: 'ts', isTypeScript: true };
    assert.match(addedError({ ...ts, before: 'let n = 1;', after: 'let n: string = 1;' }) ?? '', /^2322:/);
    assert.equal(addedError({ ...js, before: 'var n = 1;', after: 'var n = 1; n.foo();' }), undefined);
  });

  it('answers every queued batch after the helper was told no more come', () => {
    const clean = speculativeCheck(0, 'js', false, { force: true })!;
    clean.submit(CLEAN, CLEAN.replace('var sum', 'let sum'));
    const next = CLEAN.replace('var sum', 'let sum');
    clean.submit(next, next.replace('return sum;', 'return sum + 0;'));
    clean.close();
    assert.equal(clean.allVerified(), true);
    const rejected = speculativeCheck(0, 'js', false, { force: true })!;
    rejected.submit(CLEAN, CLEAN.replace('var sum', 'let sum'));
    rejected.submit(CLEAN, CLEAN.replace('return sum;', 'return missing;'));
    rejected.close();
    assert.equal(rejected.allVerified(), false);
    rejected.dispose();
  });

  it('is used only for a large text with a core to spare, unless asked for', () => {
    assert.equal(speculativeCheck(1000, 'js', false), undefined);
    const large = SPECULATE_FROM_CHARS;
    assert.equal(worthSpeculating(large, 4, 0.8), true);
    assert.equal(worthSpeculating(large, 2, 0.3), true);
    assert.equal(worthSpeculating(large - 1, 4, 0.8), false);
    assert.equal(worthSpeculating(large, 1, 0), false);
    assert.equal(worthSpeculating(large, 2, 1.2), false);
    assert.equal(worthSpeculating(large, 4, 3), false);
  });

  it('is not used by transforms whose proposals type-check the file anyway', () => {
    const code = 'function f() {\n  var unused = 1;\n  return 2;\n}\nexports.f = f;\n';
    const patterns = selectPatterns('remove_dead_code', 'js', undefined);
    const request = { code, extension: 'js' as const, patterns, deadline: Number.POSITIVE_INFINITY };
    const inLine = countChecks(() => refactorJs({ ...request, speculate: false }));
    const aside = countChecks(() => refactorJs({ ...request, speculate: true }));
    assert.equal(aside.result.code, inLine.result.code);
    assert.doesNotMatch(aside.result.code, /unused/);
    assert.equal(aside.checks, inLine.checks);
  });

  it('gives the result of the checks in line, without type-checking on the request thread', () => {
    const inLine = run(MODERNIZE, 'js', false);
    const aside = run(MODERNIZE, 'js', true);
    assert.equal(aside.code, inLine.code);
    assert.deepEqual(aside.changes, inLine.changes);
    assert.match(aside.code, /async function load/);
    assert.ok(inLine.checks >= 1);
    assert.equal(aside.checks, 0);
  });

  it('runs the request again in line when a batch landed on trust adds an error', () => {
    const inLine = run(REJECTED_BATCH, 'ts', false);
    const aside = run(REJECTED_BATCH, 'ts', true);
    assert.ok(inLine.changes.some((change) => /not applied: `twice` → async function/.test(change)));
    assert.match(inLine.code, /async function load/);
    assert.equal(aside.code, inLine.code);
    assert.deepEqual(aside.changes, inLine.changes);
    // The second run checks in line what the first had only submitted.
    assert.equal(aside.checks, inLine.checks);
  });
});
