import assert from 'node:assert/strict';
import { CodewrightError } from '../../../server/src/engine/errors';
import {
  assertNestingWithinLimit,
  MAX_NESTING_DEPTH,
  nestingDepth,
} from '../../../server/src/engine/nesting';

describe('engine/nesting', () => {
  it('measures brackets, braces and template expressions', () => {
    assert.equal(nestingDepth('f(a[1], {b: [2]})', 'javascript'), 3);
    assert.equal(nestingDepth('const s = `a${b + `c${d}`}`;', 'javascript'), 2);
    assert.equal(nestingDepth('def f(x):\n    return [x]\n', 'python'), 1);
  });

  it('does not count brackets inside strings and comments', () => {
    assert.equal(nestingDepth('const s = "(((((("; // [[[[[[\n/* {{{{ */ f();', 'javascript'), 1);
    assert.equal(nestingDepth('x = """((((\n[[[["""  # {{{{\ny = "(" \n', 'python'), 0);
    assert.equal(nestingDepth('const t = `((((${a}))`;', 'javascript'), 1);
  });

  it('refuses code nested past the limit with ANALYSIS_LIMIT naming it', () => {
    const deep = `x = ${'['.repeat(MAX_NESTING_DEPTH + 1)}${']'.repeat(MAX_NESTING_DEPTH + 1)}`;
    assert.throws(
      () => assertNestingWithinLimit(deep, 'python'),
      (error: unknown) =>
        error instanceof CodewrightError &&
        error.code === 'ANALYSIS_LIMIT' &&
        error.status === 422 &&
        error.details.depth === MAX_NESTING_DEPTH + 1 &&
        /at most 256/.test(error.message),
    );
    let templates = 'x';
    for (let i = 0; i < 600; i++) templates = `\`\${${templates}}\``;
    assert.throws(() => assertNestingWithinLimit(`const v = ${templates};`, 'javascript'), CodewrightError);
    assert.doesNotThrow(() =>
      assertNestingWithinLimit(`f(${'['.repeat(100)}${']'.repeat(100)})`, 'javascript'),
    );
  });
});
