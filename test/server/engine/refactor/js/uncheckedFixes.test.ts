// Constructor → class, → async and → ES module sites and their fixes, found without the file's full
// type check, must be exactly what the language service's public entry points give (which check the
// file first), and must indeed not check it.
import assert from 'node:assert/strict';
import { countChecks } from './checkCount';
import ts from 'typescript';
import {
  combinedFix,
  fixesAt,
  suggestionDiagnostics,
  walkedWithoutCheck,
} from '../../../../../server/src/engine/refactor/js/uncheckedFixes';
import {
  createVirtualFile,
  formatSettingsFor,
  USER_PREFERENCES,
} from '../../../../../server/src/engine/refactor/js/virtualFile';

const CODE = `var fs = require('fs');
function Point(x, y) {
  this.x = x;
  this.y = y;
}
Point.prototype.norm = function () {
  return Math.sqrt(this.x * this.x + this.y * this.y);
};
function load(url) {
  var unused = 1;
  return fetch(url).then(function (res) {
    return res.json();
  });
}
var save = function (url) {
  return fetch(url).then(function (res) {
    return res.ok;
  }).catch(function () {
    return false;
  });
};
missing();
module.exports = { Point: Point, load: load, save: save, fs: fs };
`;
const WALKED = [80001, 80002, 80006];

const keyOf = (diagnostics: readonly ts.Diagnostic[]): string =>
  JSON.stringify(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.start, diagnostic.length]));

describe('refactor/js/uncheckedFixes', () => {
  it('finds these conversions without the check with the installed TypeScript (its internals are there)', () => {
    assert.equal(walkedWithoutCheck([80002, 80006]), true);
    assert.equal(walkedWithoutCheck([80002, 6133]), false, 'unused names are what the check reports');
  });

  it('finds the same sites as the service, without checking the file', () => {
    const file = createVirtualFile(CODE, 'js');
    try {
      file.service.getProgram();
      const { result: walked, checks } = countChecks(() => suggestionDiagnostics(file, true));
      assert.equal(checks, 0);
      const expected = file.service
        .getSuggestionDiagnostics(file.fileName)
        .filter((diagnostic) => WALKED.includes(diagnostic.code));
      assert.ok(expected.filter((diagnostic) => diagnostic.code === 80006).length >= 2);
      assert.ok(expected.some((diagnostic) => diagnostic.code === 80002));
      assert.equal(keyOf(walked), keyOf(expected));
    } finally {
      file.dispose();
    }
  });

  it('gives the same fix-all and per-site fixes as the service, without checking the file', () => {
    const settings = formatSettingsFor(CODE);
    const file = createVirtualFile(CODE, 'js');
    try {
      const sites = suggestionDiagnostics(file, true);
      const { result: walked, checks } = countChecks(() => ({
        all: ['convertToAsyncFunction', 'convertFunctionToEs6Class'].map((fixId) =>
          combinedFix(file, fixId, settings, true),
        ),
        each: sites.map((site) =>
          fixesAt(file, site.start!, site.start! + site.length!, site.code, settings, true),
        ),
      }));
      assert.equal(checks, 0);
      const all = ['convertToAsyncFunction', 'convertFunctionToEs6Class'].map((fixId) =>
        file.service.getCombinedCodeFix(
          { type: 'file', fileName: file.fileName },
          fixId,
          settings,
          USER_PREFERENCES,
        ),
      );
      assert.equal(
        JSON.stringify(walked.all.map((fix) => fix.changes)),
        JSON.stringify(all.map((fix) => fix.changes)),
      );
      assert.ok(walked.all.every((fix) => fix.changes.length > 0));
      sites.forEach((site, index) => {
        const fixes = file.service.getCodeFixesAtPosition(
          file.fileName,
          site.start!,
          site.start! + site.length!,
          [site.code],
          settings,
          USER_PREFERENCES,
        );
        assert.equal(
          JSON.stringify(walked.each[index]!.map((fix) => fix.changes)),
          JSON.stringify(fixes.map((fix) => fix.changes)),
        );
      });
    } finally {
      file.dispose();
    }
  });
});
