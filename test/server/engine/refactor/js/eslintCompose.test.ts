// Two ESLint fixes on one declaration land in one round only when the composed text is what ESLint's
// next round would produce: each composition is checked here against ESLint itself (the first fix
// applied alone, the file linted again, the second rule's fix applied), on declarations built to
// break the proof (destructured and multi-declarator ones, shadowed `Math`, comments, line breaks).
import assert from 'node:assert/strict';
import { applyEdits } from '../../../../../server/src/engine/refactor/edits';
import { createEslintTransform } from '../../../../../server/src/engine/refactor/js/eslintFixers';
import { contextFor, refactorJs } from '../../../../../server/src/engine/refactor/js/index';
import type { Candidate } from '../../../../../server/src/engine/refactor/js/transform';
import { createVirtualFile } from '../../../../../server/src/engine/refactor/js/virtualFile';
import { selectPatterns, type PatternName } from '../../../../../server/src/engine/refactor/patterns';
import { countingLints } from './lintCount';

const MODERNIZE = selectPatterns('modernize', 'js', undefined);

/** Each composition of the first round of `text` (a round after `var` → `let`), checked against ESLint. */
function compositionsChecked(text: string): number {
  const transform = createEslintTransform(MODERNIZE as ReadonlySet<PatternName>)!;
  const file = createVirtualFile(text, 'js');
  try {
    const context = contextFor(file, 'js', MODERNIZE);
    const candidates = transform.propose(context).candidates;
    let checked = 0;
    for (const [index, composed] of candidates.entries()) {
      const step = composed.also?.[0];
      if (!step) continue;
      const first = candidates[index + 1]!;
      assert.equal(first.message, composed.message);
      const composedText = applyEdits(text, composed.edits);
      file.update(applyEdits(text, first.edits));
      const next = transform.propose(context).candidates.filter((candidate) => !candidate.also);
      const second = next.find((candidate) => candidate.message === step.message);
      assert.ok(second, `ESLint's next round reports "${step.message}"`);
      assert.equal(applyEdits(file.text(), second.edits), composedText);
      file.update(text);
      checked++;
    }
    return checked;
  } finally {
    file.dispose();
  }
}

function composedMessages(text: string): string[][] {
  const transform = createEslintTransform(MODERNIZE as ReadonlySet<PatternName>)!;
  const file = createVirtualFile(text, 'js');
  try {
    return transform
      .propose(contextFor(file, 'js', MODERNIZE))
      .candidates.filter((candidate: Candidate) => candidate.also)
      .map((candidate) => [candidate.message, ...candidate.also!.map((step) => step.message)]);
  } finally {
    file.dispose();
  }
}

describe('refactor/js/eslintCompose', () => {
  it('composes destructuring then const, and const then `**`, exactly as ESLint’s next round', () => {
    const text = [
      'function f(options, o) {',
      '  let width = options.width;',
      '  let height = (o || options).height;',
      '  let area = Math.pow(width, 2) + height;',
      '  let inner = function () { return Math.pow(area, 3); };',
      '  let spaced = 1+Math.pow(-width, height)',
      '  for (let depth = o.depth; depth < 3; ) return depth;',
      '  return [width, height, area, inner, spaced];',
      '}',
      'f({}, null);',
    ].join('\n');
    assert.deepEqual(composedMessages(text), [
      [
        'property read → destructuring: `width = options.width` → `{ width } = options`',
        '`let { width }` → `const { width }` (never reassigned)',
      ],
      [
        'property read → destructuring: `height = (o || options).height` → `{ height } = o || options`',
        '`let { height }` → `const { height }` (never reassigned)',
      ],
      [
        '`let area` → `const area` (never reassigned)',
        '`Math.pow` → `**`: `Math.pow(width, 2)` → `width ** 2`',
      ],
      [
        '`let inner` → `const inner` (never reassigned)',
        '`Math.pow` → `**`: `Math.pow(area, 3)` → `area ** 3`',
      ],
      [
        '`let spaced` → `const spaced` (never reassigned)',
        '`Math.pow` → `**`: `Math.pow(-width, height)` → `(-width) ** height`',
      ],
    ]);
    assert.equal(compositionsChecked(text), 5);
  });

  it('leaves to the next round what the proof does not cover', () => {
    const text = [
      'function g(options, o) {',
      '  let a = options.a, b = o.b;', // two declarators: destructuring and const stay apart
      '  let c = options.c; // note', // a comment after the declaration is outside it
      '  let d =',
      '    Math.pow(a, 2);', // a line break inside
      '  let e = 1, p = globalThis.Math.pow(e, 2);', // const then `**` needs no single declarator
      '  let q =',
      '    options.q;',
      '  let { r } = options, s = options.s;',
      '  return [a, b, c, d, e, p, q, r, s];',
      '}',
      'function h(Math) {',
      '  let z = Math.pow(2, 2);', // not the global `Math`: no `**` to compose
      '  return z;',
      '}',
      'g({}, {});',
      'h(globalThis.Math);',
    ].join('\n');
    assert.deepEqual(composedMessages(text), [
      [
        'property read → destructuring: `c = options.c` → `{ c } = options`',
        '`let { c }` → `const { c }` (never reassigned)',
      ],
      ['`let e` → `const e` (never reassigned)', '`Math.pow` → `**`: `globalThis.Math.pow(e, 2)` → `e ** 2`'],
    ]);
    assert.equal(compositionsChecked(text), 2);
  });

  it('modernizes in one lint pass where four were needed, with the same code and change log', () => {
    const code = [
      'function pick(options) {',
      '  var width = options.width;',
      '  var area = Math.pow(width, 2);',
      '  return { width: width, area: area };',
      '}',
      'module.exports = pick;',
      '',
    ].join('\n');
    const { result, lints: passes } = countingLints(() =>
      refactorJs({ code, extension: 'js', patterns: MODERNIZE, deadline: Infinity }),
    );
    // var → const at once, with destructuring and `**` (the first lint says prefer-const would fix
    // the `let`s: eslintVarConst.test.ts), and no pass that finds nothing (eslintSettled.test.ts).
    assert.equal(passes, 1);
    assert.equal(
      result.code,
      [
        'function pick(options) {',
        '  const { width } = options;',
        '  const area = width ** 2;',
        '  return { width, area };',
        '}',
        'module.exports = pick;',
        '',
      ].join('\n'),
    );
    assert.deepEqual(result.log.changes(MODERNIZE), [
      'Line 2: `var width` → `const { width }` (never reassigned)',
      'Line 2: property read → destructuring: `width = options.width` → `{ width } = options`',
      'Line 3: `var area` → `const area` (never reassigned)',
      'Line 3: `Math.pow` → `**`: `Math.pow(width, 2)` → `width ** 2`',
      'Line 4: object property shorthand: `width: width` → `width`',
      'Line 4: object property shorthand: `area: area` → `area`',
    ]);
  });
});
