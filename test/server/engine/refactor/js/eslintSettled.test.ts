// The ESLint rounds stop without the lint that found nothing only when the lint before the last
// batch proves it: these tests try to break that proof for each rule whose fix may end the rounds,
// by checking that linting the result once more proposes nothing and keeps the same notes.
import assert from 'node:assert/strict';
import { createEslintTransform } from '../../../../../server/src/engine/refactor/js/eslintFixers';
import {
  notesAfter,
  settles,
  type SiteVerdict,
} from '../../../../../server/src/engine/refactor/js/eslintSettled';
import { contextFor, refactorJs } from '../../../../../server/src/engine/refactor/js/index';
import type { Candidate } from '../../../../../server/src/engine/refactor/js/transform';
import { createVirtualFile } from '../../../../../server/src/engine/refactor/js/virtualFile';
import { selectPatterns, type PatternName } from '../../../../../server/src/engine/refactor/patterns';
import { countingLints } from './lintCount';

const MODERNIZE = selectPatterns('modernize', 'js', undefined);

function candidate(start: number, end: number): Candidate {
  return { pattern: 'const_let', edits: [{ start, end, text: 'const' }], at: start, message: '' };
}

/** Modernizes `code`, counting lint passes, and lints the result once more as the rounds would. */
function modernizeAndRecheck(code: string): {
  passes: number;
  again: number;
  keptAgain: string[];
  kept: string[];
} {
  const { result, lints: passes } = countingLints(() =>
    refactorJs({ code, extension: 'js', patterns: MODERNIZE, deadline: Infinity }),
  );
  const transform = createEslintTransform(MODERNIZE as ReadonlySet<PatternName>)!;
  const file = createVirtualFile(result.code, 'js');
  try {
    const proposals = transform.propose(contextFor(file, 'js', MODERNIZE));
    return {
      passes,
      again: proposals.candidates.length,
      keptAgain: proposals.kept.map((note) => note.message).sort(),
      kept: result.log.kept
        .filter((entry) => /^kept `/.test(entry.message) && !/constructor|`\?\?`|\|\|/.test(entry.message))
        .map((entry) => entry.message)
        .sort(),
    };
  } finally {
    file.dispose();
  }
}

describe('refactor/js/eslintSettled', () => {
  it('ends only when every site lands a terminal fix or keeps a note its text decides, untouched', () => {
    const a = candidate(0, 3);
    const b = candidate(10, 13);
    const composed = candidate(0, 13);
    const note = { pattern: 'template_literals' as PatternName, at: 20, message: 'kept' };
    const sites: SiteVerdict[] = [
      { kind: 'candidate', rule: 'prefer-const', candidate: a },
      { kind: 'candidate', rule: 'prefer-exponentiation-operator', candidate: b },
      { kind: 'kept-by-text', start: 20, end: 30, note },
    ];
    assert.equal(settles(sites, new Map(), [a, b]), true);
    assert.equal(settles(sites, new Map([[composed, [a, b]]]), [composed]), true);
    assert.equal(settles(sites, new Map(), [a]), false); // b would be reported again
    assert.equal(settles([...sites, { kind: 'other', start: 40, end: 40 }], new Map(), [a, b]), false);
    const template = candidate(14, 18);
    const withTemplate: SiteVerdict[] = [
      ...sites,
      { kind: 'candidate', rule: 'prefer-template', candidate: template },
    ];
    assert.equal(settles(withTemplate, new Map(), [a, b, template]), false); // not a terminal fix
    const touching = candidate(30, 31);
    const withTouching: SiteVerdict[] = [
      ...sites,
      { kind: 'candidate', rule: 'prefer-const', candidate: touching },
    ];
    assert.equal(settles(withTouching, new Map(), [a, b, touching]), false); // the note's span moves
    // The note after `let` → `const` twice before it (two characters longer each).
    assert.deepEqual(notesAfter([note], [a, b]), [{ ...note, at: 24 }]);
  });

  it('moves each note by exactly the edits that end at or before it', () => {
    // Edits of several candidates, out of order: insertions, deletions, replacements, one at a note.
    const batch = [
      { pattern: 'const_let' as const, at: 40, message: '', edits: [{ start: 40, end: 43, text: 'const' }] },
      { pattern: 'const_let' as const, at: 5, message: '', edits: [{ start: 5, end: 5, text: '(' }] },
      {
        pattern: 'const_let' as const,
        at: 10,
        message: '',
        edits: [
          { start: 10, end: 20, text: '' },
          { start: 25, end: 26, text: 'xyz' },
        ],
      },
    ];
    const notes = [0, 5, 6, 20, 25, 26, 40, 43, 50].map((at) => ({
      pattern: 'const_let' as const,
      at,
      message: `at ${at}`,
    }));
    const naive = notes.map((note) => ({
      ...note,
      at:
        note.at +
        batch
          .flatMap((c) => c.edits)
          .filter((edit) => edit.end <= note.at)
          .reduce((sum, edit) => sum + edit.text.length - (edit.end - edit.start), 0),
    }));
    assert.deepEqual(notesAfter(notes, batch), naive);
    assert.deepEqual(
      notesAfter(notes, batch).map((note) => note.at),
      [0, 6, 7, 11, 16, 19, 33, 38, 45],
    );
  });

  it('leaves nothing for a last lint when it stops early, rule by rule', () => {
    const cases: Record<string, string> = {
      // prefer-const next to reads and destructurings of the same object, and a kept concatenation
      // whose first operand no binding can prove (`this.name`), next to a `const` that lands.
      'prefer-const': [
        'function A(o) {',
        '  var n = o.n;',
        '  var m = 2;',
        '  this.s = function () { return this.name + ":" + n + m; };',
        '  return { n: n, m: m };',
        '}',
        'module.exports = A;',
      ].join('\n'),
      // destructuring whose object holds a callback, a concatenation and a `Math.pow` call
      'prefer-destructuring': [
        'function B(list, o) {',
        '  var size = list.map(function (x) { return x * 2; }).size;',
        '  var text = ("a" + this.t).text;',
        '  var kind = Math.pow(o.k, 2).kind;',
        '  return [size, text, kind];',
        '}',
        'module.exports = B;',
      ].join('\n'),
      // `**` from a call whose argument is a callback, inside a concatenation, and at a statement start
      'prefer-exponentiation-operator': [
        'function C(a) {',
        '  var p = Math.pow(function () { return a; }(), 2);',
        '  var q = this.label + Math.pow(a, 3);',
        '  var r = Math.pow(a, 2) + Math.pow(p, q);',
        '  return [p, q, r];',
        '}',
        'module.exports = C;',
      ].join('\n'),
      // a `let` that stays (reassigned) beside one that becomes `const` in the same declaration
      'prefer-const, several declarators': [
        'function D(o) {',
        '  var i = 0, j = o.j;',
        '  i++;',
        '  return i + j;',
        '}',
        'module.exports = D;',
      ].join('\n'),
    };
    for (const [rule, code] of Object.entries(cases)) {
      const checked = modernizeAndRecheck(code);
      assert.equal(checked.again, 0, `${rule}: the last lint would have proposed more`);
      assert.deepEqual(checked.kept, checked.keptAgain, `${rule}: the last lint keeps other notes`);
    }
  });

  it('still lints after a batch its argument does not cover (a `let` that may prove a concatenation)', () => {
    const code = [
      'function E(n) {',
      '  var label = n;',
      "  return 'n=' + label;",
      '}',
      'module.exports = E;',
    ].join('\n');
    const checked = modernizeAndRecheck(code);
    assert.equal(checked.again, 0);
    assert.equal(checked.passes >= 3, true);
  });
});
