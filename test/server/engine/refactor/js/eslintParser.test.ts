// The refactor's espree wrapper must give ESLint exactly the scope analysis ESLint would build itself
// (eslint-scope's `analyze` with ESLint's options), and so exactly the same lint messages and fixes.
import assert from 'node:assert/strict';
import { Linter } from 'eslint';
import * as eslintScope from 'eslint-scope';
import * as espree from 'espree';
import {
  acceptanceOptions,
  analyzeScope,
  referencerOf,
  espreeWithScope,
  scopeOptions,
} from '../../../../../server/src/engine/refactor/js/eslintParser';

type Ranged = { range?: [number, number] } | null | undefined;
const at = (node: Ranged): string => (node?.range ? node.range.join('-') : '-');

/** Everything rules read from a scope manager, as plain data (scopes referred to by index). */
function describeScopes(manager: eslintScope.ScopeManager): unknown {
  const index = new Map(manager.scopes.map((scope, i) => [scope, i]));
  const variable = (v: eslintScope.Variable | null): unknown =>
    v && {
      name: v.name,
      defs: v.defs.map((d) => [d.type, at(d.name), at(d.node)]),
      scope: index.get(v.scope),
    };
  const reference = (r: eslintScope.Reference): unknown => ({
    id: at(r.identifier),
    from: index.get(r.from),
    resolved: variable(r.resolved),
    read: r.isRead(),
    write: r.isWrite(),
    init: r.init,
    writeExpr: at(r.writeExpr as Ranged),
  });
  return manager.scopes.map((scope) => ({
    type: scope.type,
    block: at(scope.block),
    strict: scope.isStrict,
    dynamic: scope.dynamic,
    functionExpressionScope: scope.functionExpressionScope,
    upper: scope.upper ? index.get(scope.upper) : -1,
    variableScope: index.get(scope.variableScope),
    children: scope.childScopes.map((child) => index.get(child)),
    variables: scope.variables.map((v) => ({
      ...(variable(v) as object),
      refs: v.references.map((r) => at(r.identifier)),
    })),
    references: scope.references.map(reference),
    through: scope.through.map((r) => at(r.identifier)),
    implicit:
      scope.type === 'global'
        ? (scope as unknown as { implicit: { left: eslintScope.Reference[] } }).implicit.left.map((r) =>
            at(r.identifier),
          )
        : [],
  }));
}

const SCRIPT = `
var a = 1, { b, c: [d = a, ...e] = [], [a + 1]: f = function g() { return g; } } = {};
function h(p, { q = p, r: { s } } = {}, ...rest) { return arguments.length + p + q + s + rest; }
function strict(p) { 'use strict'; var p2 = p; return p2; }
[a, b] = [b, a];
({ a, b: c = d } = { a: 1 });
var o = {}; o.k = 1; o[a] = 2;
for (o.k in o) {}
for (var [i, j] of [[1, 2]]) { let k = i + j; }
for (const { x = i } of []) {}
try { throw 1; } catch ({ message: m = 'x' }) { m; } finally {}
label: for (;;) { break label; }
with (o) { k = 3; }
eval('a');
(function () { var self = this; return () => self + new.target; })();
class K extends (a ? Object : Array) {
  #p = 1; static s = K; x = this.#p; y = () => this;
  static { var z = K.s; }
  m({ u } = {}) { return super.m?.(u) ?? \`\${u}\`; }
  get v() { return this.#p; }
}
async function* gen(n = 1) { for await (const w of gen()) yield await w; }
undeclared = 1;
typeof alsoUndeclared;
const fn = (t, { w: [v] = [] } = {}) => t + v;
const el = <Widget a={a} {...o}><span>{b}</span><></></Widget>;
`;

const MODULE = `
import def, { named as alias, other } from './dep.js';
import * as ns from './ns.js';
import json from './data.json' with { type: 'json' };
export const value = def + alias + ns.x + json;
export { other, value as renamed };
export * from './all.js';
export * as every from './every.js';
export default function main({ a } = {}, [b] = []) { return import('./lazy.js', { with: { type: 'json' } }).then(({ c }) => a + b + c); }
let late = early; var early = 1;
`;

function parserOptions(sourceType: 'script' | 'commonjs' | 'module', jsx: boolean) {
  return {
    ecmaVersion: 2026,
    sourceType,
    ecmaFeatures: { jsx },
    loc: true,
    range: true,
    tokens: true,
    comment: true,
  };
}

describe('refactor/js/eslintParser', () => {
  const cases: [string, string, 'script' | 'commonjs' | 'module', boolean][] = [
    ['script', SCRIPT, 'script', true],
    ['commonjs', SCRIPT.replace('with (o) { k = 3; }', ''), 'commonjs', true],
    ['module', MODULE, 'module', false],
    ['module with JSX', MODULE, 'module', true],
  ];
  for (const [name, text, sourceType, jsx] of cases) {
    it(`builds the scopes eslint-scope builds with ESLint's options (${name})`, () => {
      const options = parserOptions(sourceType, jsx);
      const ast = espree.parse(text, options as espree.Options);
      const expected = eslintScope.analyze(
        ast as never,
        {
          ...scopeOptions(options),
          childVisitorKeys: espree.VisitorKeys,
        } as eslintScope.AnalyzeOptions,
      );
      assert.deepEqual(describeScopes(analyzeScope(ast, options)), describeScopes(expected));
    });
  }

  it('keeps the referencer that built a scope manager reachable from that manager only', () => {
    const options = parserOptions('script', true);
    const parse = () => espree.parse(SCRIPT, options as espree.Options);
    const manager = analyzeScope(parse(), options);
    const referencer = referencerOf(manager) as unknown as { scopeManager: unknown } | undefined;
    assert.equal(referencer?.scopeManager, manager);
    // Another analysis has its own: nothing is shared between requests.
    const other = analyzeScope(parse(), options);
    assert.notEqual(referencerOf(other), referencer);
  });

  it('gives the same lint messages and fixes as ESLint with its default parser', () => {
    const rules: Linter.RulesRecord = {
      'no-var': 'error',
      'prefer-const': ['error', { destructuring: 'all' }],
      'prefer-arrow-callback': 'error',
      'prefer-destructuring': 'error',
      'object-shorthand': 'error',
      'prefer-template': 'error',
      'prefer-object-spread': 'error',
      'prefer-exponentiation-operator': 'error',
      'no-undef': 'error',
      'no-unused-vars': 'error',
      'no-shadow': 'error',
      'no-use-before-define': 'error',
      'no-redeclare': 'error',
      'no-global-assign': 'error',
    };
    const script = `${SCRIPT.replace('with (o) { k = 3; }', '')}
var Math = { pow: function (x) { return x; } }; var sq = Math.pow(2, 3);
function later() { var z = Object.assign({}, o); var width = o.width; return 'w' + width + z; }
[1].map(function (x) { return x * 2; });
`;
    for (const [text, sourceType] of [
      [script, 'script'],
      [script, 'commonjs'],
      [MODULE, 'module'],
    ] as const) {
      const lint = (parser?: Linter.Parser): Linter.LintMessage[] =>
        new Linter({ configType: 'flat' }).verify(
          text,
          [
            {
              files: ['**/*.js'],
              languageOptions: {
                ecmaVersion: 'latest',
                sourceType,
                parserOptions: { ecmaFeatures: { jsx: true } },
                ...(parser ? { parser } : {}),
              },
              rules,
            },
          ],
          'file.js',
        );
      const expected = lint();
      assert.ok(expected.length > 3, `${sourceType}: the fixture should give messages`);
      assert.ok(!expected.some((message) => message.fatal), `${sourceType}: the fixture should parse`);
      assert.deepEqual(lint(espreeWithScope), expected);
    }
  });

  it('accepts and refuses the same texts without tokens, comments and positions', () => {
    const texts = [
      'let a = 1;\nlet a = 2;\n',
      'var x = 1; // c\n/* d */ x++;\n',
      'const t = `a${b}c`; const r = /x+/giu;\n',
      'const bad = `\\unicode`;\n',
      'const e = <div a="1">{x}</div>;\n',
      'x = 1;\n<!-- html comment\n--> another\n',
      'return 1;\n',
      'await f();\n',
      'function f() { "use strict"; var eval = 1; }\n',
      'const s = "unterminated;\n',
      'let let = 1;\n',
      'class A { #p = 1; m() { return this.#q; } }\n',
      'label: for (;;) { break label; }\nbreak label;\n',
      'const o = { a: 1, a: 2, __proto__: 1, __proto__: 2 };\n',
      'if (a) let b = 1;\n',
      'async function g() { for await (const x of y) {} }\n',
      '({ a } = 1); [b] = 2; ({ c: d } = {}) => 1;\n',
    ];
    for (const sourceType of ['script', 'commonjs', 'module'] as const) {
      for (const jsx of [true, false]) {
        const options = parserOptions(sourceType, jsx);
        for (const text of texts) {
          const verdict = (parserOptions: espree.Options): string => {
            try {
              espree.parse(text, parserOptions);
              return 'parses';
            } catch (error) {
              return (error as Error).message;
            }
          };
          assert.equal(
            verdict(acceptanceOptions(options)),
            verdict(options as espree.Options),
            `${sourceType}${jsx ? ' with JSX' : ''}: ${text}`,
          );
        }
      }
    }
  });
});
