// A batch that fails verification is bisected: the candidates that verify still land, with their
// edits shifted past the ones that landed before them, and only the failing one is listed as not applied.
// A transform that parses every version itself (ESLint) has its batches checked with that parse
// instead of a compiler parse.
import assert from 'node:assert/strict';
import { countChecks } from './checkCount';
import { refactorCode } from '../../../../../server/src/engine/refactor/index';
import { ChangeLog } from '../../../../../server/src/engine/refactor/changeLog';
import { PositionMap } from '../../../../../server/src/engine/refactor/edits';
import { contextFor } from '../../../../../server/src/engine/refactor/js/index';
import { runTransforms } from '../../../../../server/src/engine/refactor/js/pipeline';
import type { JsTransform } from '../../../../../server/src/engine/refactor/js/transform';
import { createVirtualFile } from '../../../../../server/src/engine/refactor/js/virtualFile';
import type { PatternName } from '../../../../../server/src/engine/refactor/patterns';

const CODE = `function a() {
  var unusedA = 1;
  return 1;
}
function b() {
  return helper;
  var helper = 2;
}
function c() {
  var unusedC = 3;
  return 3;
}
function d() {
  return 4;
  console.log('never');
}
function e() {
  var unusedE = 5;
  return 5;
}
exports.all = [a, b, c, d, e];
`;

describe('pipeline: a batch that fails verification', () => {
  it('applies every candidate that verifies and lists only the failing one', async () => {
    const result = await refactorCode(
      { code: CODE, language: 'javascript', refactor_type: 'remove_dead_code' },
      {},
    );
    assert.deepEqual(result.changes, [
      'Line 2: removed unused `unusedA`',
      'Line 10: removed unused `unusedC`',
      "Line 15: removed unreachable code `console.log('never');`",
      'Line 18: removed unused `unusedE`',
      'Line 7: not applied: removed unreachable code `var helper = 2;` — the compiler would then report "Cannot find name \'helper\'."',
    ]);
    assert.match(result.refactored_code, /return helper;\n {2}var helper = 2;/);
    assert.doesNotMatch(result.refactored_code, /unused[ACE]|never/);
  });
});

const PATTERNS = new Set<PatternName>(['const_let']);

function run(code: string, transform: JsTransform): { code: string; changes: string[] } {
  const file = createVirtualFile(code, 'js');
  try {
    const log = new ChangeLog();
    const state = {
      context: contextFor(file, 'js', PATTERNS),
      map: new PositionMap(code),
      log,
      deadline: Number.POSITIVE_INFINITY,
    };
    runTransforms(state, [transform]);
    return { code: file.text(), changes: log.changes(PATTERNS) };
  } finally {
    file.dispose();
  }
}

/** Proposes one edit (replace `from` with `to`) once; its parse check is `parseError`. */
function oneEdit(from: string, to: string, parseError: (text: string) => string | undefined): JsTransform {
  return {
    name: 'test transform',
    checkSemantics: false,
    oneAtATime: false,
    propose: ({ file }) => {
      const start = file.text().indexOf(from);
      if (start < 0) return { candidates: [], kept: [] };
      return {
        candidates: [
          {
            pattern: 'const_let',
            at: start,
            edits: [{ start, end: start + from.length, text: to }],
            message: 'edit',
          },
        ],
        kept: [],
      };
    },
    parseError: ({ file }) => parseError(file.text()),
  };
}

describe('refactor/js/pipeline: a transform checking batches with its own parse', () => {
  it('rejects a batch its own parser refuses, though the compiler would parse it', () => {
    const result = run(
      'let a = 1;\nlet b = 2;\n',
      oneEdit('let b', 'let a', (text) => (/let a[^]*let a/.test(text) ? 'redeclared' : undefined)),
    );
    assert.equal(result.code, 'let a = 1;\nlet b = 2;\n');
    assert.deepEqual(result.changes, [
      'No changes applied: every candidate found was kept, for the reasons below.',
      'Line 2: not applied: edit — the result would not parse',
    ]);
  });

  it('is not checked with the compiler parse', () => {
    const result = run(
      'let a = 1;\n',
      oneEdit('= 1', '= (', () => undefined),
    );
    assert.equal(result.code, 'let a = (;\n');
  });
});

/** Replaces `from` with `to` once, verified with the compiler's parse and full check. */
function checkedEdit(from: string, to: string): JsTransform {
  return { ...oneEdit(from, to, () => undefined), checkSemantics: true, parseError: undefined };
}

describe('refactor/js/pipeline: the compiler check of a batch', () => {
  it('checks only the result when the result has no error (the text before cannot have had more)', () => {
    const { result, checks } = countChecks(() =>
      run('var x = 1;\nx;\n', checkedEdit('var x = 1', 'var x = 2')),
    );
    assert.equal(result.code, 'var x = 2;\nx;\n');
    assert.equal(checks, 1);
  });

  it('compares with the text before when the result has errors: the same errors are not new', () => {
    const { result, checks } = countChecks(() =>
      run('missing();\nvar x = 1;\n', checkedEdit('var x = 1', 'var x = 2')),
    );
    assert.equal(result.code, 'missing();\nvar x = 2;\n');
    assert.equal(checks, 2);
  });

  it('rejects a batch that adds another instance of an error the text already had', () => {
    const result = run('missing();\nvar x = 1;\n', checkedEdit('var x = 1;', 'missing();'));
    assert.equal(result.code, 'missing();\nvar x = 1;\n');
    assert.deepEqual(result.changes, [
      'No changes applied: every candidate found was kept, for the reasons below.',
      'Line 2: not applied: edit — the compiler would then report "Cannot find name \'missing\'."',
    ]);
  });
});
