// Arguments of object, callback and class types are built from the declared types (TypeScript or
// JSDoc), resolved against the module's own interfaces, aliases and classes.
import assert from 'node:assert/strict';
import ts from 'typescript';
import { findTargets } from '../../../../../server/src/engine/testgen/js/targets';
import { candidatesFor, renderJs } from '../../../../../server/src/engine/testgen/values';
import { generate } from '../helpers';

function argsOf(source: string, target: string, param: number, js = false): string[] {
  const sf = ts.createSourceFile(
    js ? 'm.js' : 'm.ts',
    source,
    ts.ScriptTarget.Latest,
    true,
    js ? ts.ScriptKind.JS : ts.ScriptKind.TS,
  );
  const found = findTargets(sf).targets.find((t) => t.name === target)!;
  return candidatesFor(found.params[param]!, found, false).map((c) => renderJs(c.value));
}

const SOURCE = `
export interface Options { unit: 'px' | 'em'; scale?: number }
type Pred = (n: number) => boolean;
export class Point { constructor(public x: number, public y: number) {} }
export function size(n: number, options: Options): string { return options.unit; }
export function keep(items: number[], pred: Pred): number[] { return items.filter(pred); }
export function far(p: Point): boolean { return p.x > 10; }
`;

describe('testgen/js/typeShapes', () => {
  it('builds objects from an interface: every property, each literal of a union, optional ones left out', () => {
    const args = argsOf(SOURCE, 'size', 1);
    assert.deepEqual(args.slice(0, 3), [
      '{ unit: "px", scale: 1 }',
      '{ unit: "em", scale: 1 }',
      // The module's comparison constant (p.x > 10) is a number worth trying.
      '{ unit: "px", scale: 10 }',
    ]);
    assert.ok(args.includes('{ unit: "px" }'), args.join(' | '));
  });

  it('builds callbacks returning each value of their return type, through a type alias', () => {
    assert.deepEqual(argsOf(SOURCE, 'keep', 1).slice(0, 2), ['() => (true)', '() => (false)']);
  });

  it('builds instances of an exported class from its constructor types', () => {
    assert.equal(argsOf(SOURCE, 'far', 0)[0], 'new subject.Point(1, 1)');
  });

  it('reads JSDoc types in JavaScript', () => {
    const js = `/** @param {{ mode: 'a' | 'b', on: boolean }} opts */\nfunction pick(opts) { return opts.mode; }\nmodule.exports = { pick };`;
    assert.deepEqual(argsOf(js, 'pick', 0, true).slice(0, 2), [
      '{ mode: "a", on: true }',
      '{ mode: "b", on: true }',
    ]);
  });

  it('reaches branches that depend on object, callback and class arguments', async function () {
    this.timeout(60_000);
    const source = `
export interface Style { unit: 'px' | 'em' | 'rem'; round?: boolean }
export class Point { constructor(public x: number, public y: number) {} }
export function css(n: number, style: Style): string {
  const v = style.round ? Math.round(n) : n;
  if (style.unit === 'em') return v / 16 + 'em';
  if (style.unit === 'rem') return v / 16 + 'rem';
  return v + 'px';
}
export function count(items: number[], keep: (item: number) => boolean): number {
  let n = 0;
  for (const item of items) if (keep(item)) n++;
  return n;
}
export function quadrant(p: Point): string { return p.x >= 0 && p.y >= 0 ? 'first' : 'other'; }
`;
    const out = await generate({ source_code: source, language: 'typescript', coverage_target: 100 });
    assert.equal(out.coverage_info.branch_coverage, 100, out.test_code);
    assert.match(out.test_code, /subject\.css\(1, \{ unit: "rem"/);
    assert.match(out.test_code, /subject\.quadrant\(new subject\.Point\(/);
    assert.match(out.test_code, /subject\.count\(\[[^\]]+\], \(\) => \(false\)\)/);
  });
});
