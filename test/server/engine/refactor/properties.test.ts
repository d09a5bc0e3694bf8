// Property test: random programs built from ES5-era fragments always come back parseable, with every
// reported line inside the input, and refactoring the output again finds nothing left to apply for
// the same patterns (the transforms reach a fixed point).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import ts from 'typescript';
import { refactorCode } from '../../../../server/src/engine/refactor/index';
import type { RefactorType } from '../../../../server/src/engine/contracts/refactor';

const FRAGMENTS = [
  (n: string) => `var ${n} = 'a' + 1 + ${n}Helper();`,
  (n: string) => `function ${n}(a, b) {\n  if (a) {\n    return a;\n  } else {\n    return b;\n  }\n}`,
  (n: string) =>
    `function ${n}(xs) {\n  var out = [];\n  for (var i = 0; i < xs.length; i++) {\n    out.push(function () { return xs[i]; });\n  }\n  return out;\n}`,
  (n: string) =>
    `function ${n}(o) {\n  var width = o.width;\n  return o && o.inner && o.inner.size ? width : Math.pow(width, 2);\n}`,
  (n: string) => `function ${n}(url) {\n  return fetch(url).then(function (r) { return r.json(); });\n}`,
  (n: string) =>
    `function ${n}(name) { this.name = name; }\n${n}.prototype.hi = function () { return 'hi ' + this.name; };`,
  (n: string) => `var ${n} = { total: 0, add: function (x) { this.total = this.total + x; return this; } };`,
  (n: string) =>
    `function ${n}(flag) {\n  var unused = 1;\n  if (!!flag) { return flag ? true : false; }\n  return null;\n  console.log('never');\n}`,
];

function helpers(names: string[]): string {
  return names.map((name) => `function ${name}Helper() { return 1; }`).join('\n');
}

const program = fc
  .array(
    fc.tuple(fc.nat(FRAGMENTS.length - 1), fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'omega')),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => {
    const seen = new Set<string>();
    const unique = parts.filter(([, name]) => !seen.has(name) && seen.add(name));
    const names = unique.map(([, name]) => name);
    const body = unique.map(([index, name]) => FRAGMENTS[index]!(name)).join('\n');
    return `${helpers(names)}\n${body}\nmodule.exports = { ${names.join(', ')} };\n`;
  });

function parses(code: string): boolean {
  const source = ts.createSourceFile('out.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  return (
    ((source as ts.SourceFile & { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics ?? []).length === 0
  );
}

describe('refactor properties on generated ES5 programs', function () {
  // Child processes and whole-file compiler checks: slow on a loaded 2-core machine.
  this.timeout(240_000);
  for (const type of ['modernize', 'simplify', 'remove_dead_code'] as RefactorType[]) {
    it(`${type}: output parses, lines are in range, and a second run applies nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(program, async (code) => {
          const first = await refactorCode({ code, language: 'javascript', refactor_type: type }, {});
          assert.ok(parses(first.refactored_code), first.refactored_code);
          const lineCount = code.split('\n').length;
          for (const change of first.changes) {
            const line = Number(/^Line (\d+)/.exec(change)?.[1] ?? 1);
            assert.ok(line >= 1 && line <= lineCount, change);
          }
          const second = await refactorCode(
            { code: first.refactored_code, language: 'javascript', refactor_type: type },
            {},
          );
          assert.equal(
            second.refactored_code,
            first.refactored_code,
            `not a fixed point:\n${second.changes.join('\n')}`,
          );
        }),
        { numRuns: 12, seed: 4242 },
      );
    });
  }
});
