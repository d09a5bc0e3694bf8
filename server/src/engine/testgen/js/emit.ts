// Writes the observed calls as a test file for mocha, node:test, jest or vitest. Every assertion is
// the exact observed result (deep equality, the exact error name and message); a value that has no
// exact source form (a function, an instance) is asserted by its type or class name instead.
import type { CaseSpec, Outcome } from '../model';

export type JsFramework = 'mocha' | 'node:test' | 'jest' | 'vitest';

export interface ObservedCase {
  spec: CaseSpec;
  outcome: Outcome & { expr?: string; type?: string; className?: string };
  /** Statements (`s3`) and branch arms (`b2.1`) the call reached. */
  hits: string[];
}

export interface EmitOptions {
  framework: JsFramework;
  /** How the test imports the module: CommonJS `require` or an ES `import`. */
  style: 'cjs' | 'esm';
  modulePath: string;
  /** TypeScript source: the tests are TypeScript too. */
  typed?: boolean;
}

const IDENT = /^[A-Za-z_$][\w$]*$/;

function member(base: string, key: string): string {
  return IDENT.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

/** The call expression of a case, written against the imported namespace `subject`. */
export function callSource(spec: CaseSpec): string {
  const { target } = spec;
  const path = (keys: string[]): string => keys.reduce(member, 'subject');
  const args = spec.args.join(', ');
  if (target.kind === 'class') return `new ${path(target.access)}(${args})`;
  if (target.kind === 'method') {
    const owner = path(target.access.slice(0, -1));
    const name = target.access[target.access.length - 1]!;
    if (target.isStatic) return `${member(owner, name)}(${args})`;
    return `${member(`new ${owner}(${(spec.ctorArgs ?? []).join(', ')})`, name)}(${args})`;
  }
  return `${path(target.access)}(${args})`;
}

function escapeRegExp(text: string): string {
  return text
    .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
}

const PRIMITIVE = /^(-?\d|NaN|-?Infinity|undefined|null|true|false|"|-0)/;

function assertStyle(call: string, outcome: ObservedCase['outcome']): string[] {
  const awaited =
    outcome.kind !== 'timeout' && outcome.kind !== 'crash' && outcome.async ? `await ${call}` : call;
  if (outcome.kind === 'throw') {
    if (outcome.name === '(thrown value)') {
      const check = `(error) => { assert.deepStrictEqual(error, ${outcome.message}); return true; }`;
      return outcome.async
        ? [`await assert.rejects(${call}, ${check});`]
        : [`assert.throws(() => ${call}, ${check});`];
    }
    const expected = `{ name: ${JSON.stringify(outcome.name)}, message: ${JSON.stringify(outcome.message)} }`;
    return outcome.async
      ? [`await assert.rejects(${call}, ${expected});`]
      : [`assert.throws(() => ${call}, ${expected});`];
  }
  if (outcome.kind !== 'return') return [];
  if (outcome.expr !== undefined) {
    const method =
      PRIMITIVE.test(outcome.expr) || outcome.expr.endsWith('n') ? 'strictEqual' : 'deepStrictEqual';
    return [`assert.${method}(${awaited}, ${outcome.expr});`];
  }
  if (outcome.type === 'instance' && outcome.className) {
    return [`assert.strictEqual((${awaited}).constructor.name, ${JSON.stringify(outcome.className)});`];
  }
  return [
    `assert.strictEqual(typeof (${awaited}), ${JSON.stringify(outcome.type === 'function' ? 'function' : outcome.type === 'string' ? 'string' : 'object')});`,
  ];
}

function expectStyle(call: string, outcome: ObservedCase['outcome']): string[] {
  if (outcome.kind === 'throw') {
    const matcher =
      outcome.name === '(thrown value)' ? outcome.message : `/^${escapeRegExp(outcome.message)}$/`;
    const throwMatcher = outcome.name === '(thrown value)' ? `toBe(${matcher})` : `toThrow(${matcher})`;
    if (outcome.async) return [`await expect(${call}).rejects.${throwMatcher};`];
    if (outcome.name === '(thrown value)') {
      return [
        `let thrown;`,
        `try { ${call}; } catch (error) { thrown = error; }`,
        `expect(thrown).toStrictEqual(${matcher});`,
      ];
    }
    return [`expect(() => ${call}).${throwMatcher};`];
  }
  if (outcome.kind !== 'return') return [];
  const subject = outcome.async ? `await ${call}` : call;
  if (outcome.expr !== undefined) {
    const method = PRIMITIVE.test(outcome.expr) || outcome.expr.endsWith('n') ? 'toBe' : 'toStrictEqual';
    return [`expect(${subject}).${method}(${outcome.expr});`];
  }
  if (outcome.type === 'instance' && outcome.className) {
    return [`expect((${subject}).constructor.name).toBe(${JSON.stringify(outcome.className)});`];
  }
  return [
    `expect(typeof (${subject})).toBe(${JSON.stringify(outcome.type === 'function' ? 'function' : outcome.type === 'string' ? 'string' : 'object')});`,
  ];
}

function describeOutcome(outcome: ObservedCase['outcome']): string {
  if (outcome.kind === 'throw')
    return `throws ${outcome.name === '(thrown value)' ? 'a value' : outcome.name}`;
  if (outcome.kind !== 'return') return outcome.kind;
  const shown = outcome.expr ?? (outcome.className ? `a ${outcome.className}` : `a ${outcome.type}`);
  return `${outcome.async ? 'resolves to' : 'returns'} ${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}`;
}

/** The test title: a stable number (used to find a failing test again), the call and what it does. */
export function titleOf(item: ObservedCase): string {
  const call = callSource(item.spec)
    .replace(/^new /, 'new ')
    .replace(/subject\.?/g, '');
  const shownCall = call.length > 60 ? `${call.slice(0, 57)}...` : call;
  return `#${item.spec.id} ${shownCall || '(module)'} ${describeOutcome(item.outcome)}`;
}

function header(options: EmitOptions): string[] {
  const { framework, style, modulePath } = options;
  const lines: string[] = [];
  if (style === 'esm' || framework === 'vitest') {
    if (framework === 'vitest') lines.push(`import { describe, it, expect } from 'vitest';`);
    if (framework === 'node:test') lines.push(`import { describe, it } from 'node:test';`);
    if (framework === 'mocha' || framework === 'node:test')
      lines.push(`import assert from 'node:assert/strict';`);
    if (style === 'cjs') {
      // A CommonJS module under vitest is loaded by Node's own require, as mocha and jest load it:
      // vite's import interop would hand over `module.exports.default` when there is one, and its
      // rewritten call sites would change the messages of errors the tests assert.
      lines.push(`import { createRequire } from 'node:module';`);
      lines.push(`const subject = createRequire(import.meta.url)(${JSON.stringify(modulePath)});`);
    } else lines.push(`import * as subject from ${JSON.stringify(modulePath)};`);
  } else {
    if (framework === 'node:test') lines.push(`const { describe, it } = require('node:test');`);
    if (framework === 'mocha' || framework === 'node:test')
      lines.push(`const assert = require('node:assert/strict');`);
    lines.push(`const subject = require(${JSON.stringify(modulePath)});`);
  }
  return lines;
}

export function emitSuite(items: ObservedCase[], options: EmitOptions, sourceName: string): string {
  const expectFramework = options.framework === 'jest' || options.framework === 'vitest';
  const byTarget = new Map<string, ObservedCase[]>();
  for (const item of items) {
    const list = byTarget.get(item.spec.target.name) ?? [];
    list.push(item);
    byTarget.set(item.spec.target.name, list);
  }
  const typed = options.style === 'esm' && options.typed;
  const out = [
    `// Characterization tests for ${sourceName}, generated by Codewright from observed behaviour.`,
    // Edge inputs (null, '', NaN) deliberately step outside the declared parameter types.
    ...(typed ? ['// @ts-nocheck'] : []),
    ...header(options),
    '',
  ];
  for (const [name, list] of byTarget) {
    out.push(`describe(${JSON.stringify(name)}, () => {`);
    for (const item of list) {
      const body = (expectFramework ? expectStyle : assertStyle)(callSource(item.spec), item.outcome);
      const isAsync = body.some((line) => line.includes('await '));
      out.push(`  it(${JSON.stringify(titleOf(item))}, ${isAsync ? 'async ' : ''}() => {`);
      for (const line of body) out.push(`    ${line}`);
      out.push('  });');
    }
    out.push('});', '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
