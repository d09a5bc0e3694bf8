// ESLint's rounds may end after the first lint when it already says what the second would do with
// the `let`s no-var makes. These tests hold the verdicts against ESLint itself (no-var's fixes
// applied, the text linted again) and the whole ESLint stage against the rounds without the early
// end: the same text, change log and benefits, with one lint fewer where the argument applies.
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import { benefitsOf, ChangeLog } from '../../../../../server/src/engine/refactor/changeLog';
import { applyEdits, PositionMap } from '../../../../../server/src/engine/refactor/edits';
import { createEslintTransform } from '../../../../../server/src/engine/refactor/js/eslintFixers';
import { recordingEspree } from '../../../../../server/src/engine/refactor/js/eslintParser';
import { varVerdicts } from '../../../../../server/src/engine/refactor/js/eslintVarConst';
import { contextFor } from '../../../../../server/src/engine/refactor/js/index';
import { runTransforms } from '../../../../../server/src/engine/refactor/js/pipeline';
import type { JsTransform } from '../../../../../server/src/engine/refactor/js/transform';
import { createVirtualFile } from '../../../../../server/src/engine/refactor/js/virtualFile';
import { selectPatterns } from '../../../../../server/src/engine/refactor/patterns';
import { countingLints } from './lintCount';

const MODERNIZE = selectPatterns('modernize', 'js', undefined);

const FIXTURES: Record<string, string> = {
  // The bench file's shapes: a counter, reads, a loop variable, destructurable reads, `Math.pow`,
  // shorthand properties and a callback.
  bench: [
    'function Model(name, items) {',
    '  this.name = name;',
    '  this.items = items || [];',
    '}',
    'Model.prototype.total = function () {',
    '  var sum = 0;',
    '  this.items.forEach(function (item) {',
    '    sum += item.price * item.qty;',
    '  });',
    '  return sum;',
    '};',
    'Model.prototype.describe = function () {',
    '  var count = this.items.length;',
    "  return 'Model ' + this.name + ' has ' + count + ' items';",
    '};',
    'function build(list) {',
    '  var result = [];',
    '  for (var k = 0; k < list.length; k++) {',
    '    var entry = list[k];',
    '    if (entry && entry.price) {',
    '      result.push({ price: entry.price, qty: entry.qty || 1 });',
    '    }',
    '  }',
    '  return result;',
    '}',
    'function pick(options) {',
    '  var width = options.width;',
    '  var height = options.height;',
    '  var area = Math.pow(width, 2) + height;',
    '  return { width: width, height: height, area: area };',
    '}',
    'exports.Model = Model;',
    'exports.build = build;',
    'exports.pick = pick;',
  ].join('\n'),
  // The early end over other places a `var` lives: a block in a switch case, a catch block, a nested block, a
  // variable a closure writes, a composed `**` and destructuring, shorthand and a callback beside them.
  covered: [
    'function c(o, list) {',
    '  var total = 0;',
    '  list.forEach(function (v) { total += v; });',
    '  switch (o.k) {',
    '    case 1: {',
    '      var inCase = o.c;',
    '      list.push(inCase);',
    '      break;',
    '    }',
    '  }',
    '  try { o.f(); } catch (e) { var msg = e.message; list.push(msg); }',
    '  if (o.deep) { var deep = o.deep; list.push({ deep: deep }); }',
    '  var size = Math.pow(total, 2) + 1;',
    '  var name = o.name;',
    '  var setter = 1;',
    '  function set() { setter = 2; }',
    '  return { total: total, size: size, name: name, set: set, setter: setter };',
    '}',
    'module.exports = c;',
  ].join('\n'),
  // Declarations the verdicts must not get wrong: a write from a closure, a variable assigned later,
  // destructuring declarations, several declarators, a switch case, a catch block, a `for…of` head,
  // a multi-line declaration, a redeclared name, a read before the declaration, a top-level `var`.
  tricky: [
    'var top = 1;',
    'function a(o, list) {',
    '  var w = o.w;',
    '  var later;',
    '  later = 2;',
    '  var shared = 1;',
    '  function bump() { shared = 3; }',
    '  var { x } = o;',
    '  var p = 1, q = 2;',
    '  var dup = 1;',
    '  var dup = 2;',
    '  switch (o.k) {',
    '    case 1:',
    '      var inCase = o.c;',
    '      return inCase;',
    '  }',
    '  try { o.f(); } catch (e) { var caught = e.message; list.push(caught); }',
    '  for (var item of list) { list.push(item); }',
    '  var long =',
    '    o.long;',
    '  list.push(early);',
    '  var early = 5;',
    '  var squared = Math.pow(w, 2);',
    '  with (o) { var inWith = w; list.push(inWith); }',
    '  return [w, later, shared, bump, x, p, q, dup, long, squared, top];',
    '}',
    'module.exports = a;',
  ].join('\n'),
  // Fixes next to `var`s that the early end does not cover: a callback using `this` kept with a
  // note, a method shorthand, a concatenation whose operand a `const` may prove, a callback inside
  // a declaration (held back by no-var's range), a bound callback.
  uncovered: [
    'function b(o) {',
    '  var self = this;',
    '  var label = o.label;',
    '  var handlers = { run: function () { return 1; } };',
    '  var mapped = o.list.map(function (v) { return v * 2; });',
    '  o.list.forEach(function (v) { self.n = v + this.k; });',
    '  o.list.forEach(function (v) { o.n = v; }.bind(this));',
    "  return 'label ' + label + handlers + mapped;",
    '}',
    'module.exports = b;',
  ].join('\n'),
};

/** The ESLint stage alone on `code`; `early: false` drops the one-lint ending (the rounds before). */
function eslintStage(code: string, early: boolean): { text: string; changes: string[]; benefits: string[] } {
  const eslint = createEslintTransform(MODERNIZE)!;
  const transform: JsTransform = early
    ? eslint
    : {
        ...eslint,
        propose: (context) => {
          const proposals = eslint.propose(context);
          const settledBy = proposals.settledBy;
          return {
            ...proposals,
            settledBy:
              settledBy &&
              ((batch) => {
                const settled = settledBy(batch);
                return settled?.batch === batch ? settled : undefined;
              }),
          };
        },
      };
  const file = createVirtualFile(code, 'js');
  try {
    const log = new ChangeLog();
    const state = {
      context: contextFor(file, 'js', MODERNIZE),
      map: new PositionMap(code),
      log,
      deadline: Number.POSITIVE_INFINITY,
    };
    runTransforms(state, [transform]);
    return { text: file.text(), changes: log.changes(MODERNIZE), benefits: benefitsOf(log) };
  } finally {
    file.dispose();
  }
}

describe('refactor/js/eslintVarConst', () => {
  for (const [name, code] of Object.entries(FIXTURES)) {
    for (const sourceType of ['commonjs', 'script'] as const)
      it(`says what prefer-const does with the \`let\`s no-var makes, as ESLint does (${name}, ${sourceType})`, () => {
        const espree = recordingEspree();
        const config: Linter.Config[] = [
          {
            files: ['**/*.js'],
            languageOptions: { ecmaVersion: 'latest', sourceType, parser: espree.parser },
            rules: { 'no-var': 'error', 'prefer-const': ['error', { destructuring: 'all' }] },
          },
        ];
        const linter = new Linter({ configType: 'flat' });
        const first = linter.verify(code, config, 'file.js');
        const verdicts = varVerdicts(linter.getSourceCode()!);
        // no-var's fixes only (each `var` → `let`, the same length, so offsets stay).
        const noVar = first.filter((message) => message.ruleId === 'no-var' && message.fix);
        const fixed = new Set(noVar.map((message) => message.fix!.range[0]));
        const second = new Linter({ configType: 'flat' }).verify(
          applyEdits(
            code,
            noVar.map((message) => ({
              start: message.fix!.range[0],
              end: message.fix!.range[1],
              text: message.fix!.text,
            })),
          ),
          config,
          'file.js',
        );
        const preferConst = second.filter((message) => message.ruleId === 'prefer-const');
        const starts = code
          .split('\n')
          .reduce<number[]>((all, line) => [...all, all.at(-1)! + line.length + 1], [0]);
        const offsetOf = (line: number, column: number): number => starts[line - 1]! + column - 1;
        let judged = 0;
        for (const [start, verdict] of verdicts) {
          if (!fixed.has(start)) continue;
          const end = noVar.find((message) => message.fix!.range[0] === start)!.fix!.range[1];
          const reports = preferConst.filter((message) => {
            const at = offsetOf(message.line, message.column);
            return at >= start && at < end;
          });
          const where = code.slice(start, end);
          if (verdict.becomesConst) {
            judged++;
            assert.equal(reports.length, 1, `${where}: prefer-const should report it`);
            assert.equal(offsetOf(reports[0]!.line, reports[0]!.column), verdict.idStart, where);
            assert.deepEqual(reports[0]!.fix?.range, [start, end], `${where}: fixed over the declaration`);
            assert.equal(reports[0]!.fix?.text, `const${code.slice(start + 3, end)}`, where);
          }
          if (verdict.silent) {
            judged++;
            assert.equal(reports.length, 0, `${where}: prefer-const should say nothing`);
          }
        }
        assert.ok(judged >= 4, `${name}: the fixture should exercise the verdicts`);
      });

    it(`ends the rounds one lint early only with the rounds' own text and log (${name})`, () => {
      const late = countingLints(() => eslintStage(code, false));
      const early = countingLints(() => eslintStage(code, true));
      assert.equal(early.result.text, late.result.text);
      assert.deepEqual(early.result.changes, late.result.changes);
      assert.deepEqual(early.result.benefits, late.result.benefits);
      if (name === 'bench' || name === 'covered')
        assert.equal(early.lints, late.lints - 1, 'one lint fewer where the argument covers every site');
      if (name === 'uncovered') assert.equal(early.lints, late.lints, 'nothing to end early');
    });
  }
});
