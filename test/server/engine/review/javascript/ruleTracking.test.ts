// The tracking wrappers hand each listener exactly what ESLint called it with (every argument, the
// same `this`) and name the rule while it runs; they pass `arguments` on instead of building an
// array per call.
import assert from 'node:assert/strict';
import type { ESLint, Rule } from 'eslint';
import { tracked, trackedRule } from '../../../../../server/src/engine/review/javascript/ruleTracking';

describe('javascript rule tracking', () => {
  it('passes every argument and `this` through, and names the rule only while a listener runs', () => {
    const seen: unknown[] = [];
    const plugin: ESLint.Plugin = {
      rules: {
        probe: {
          create: () => ({
            onCodePathSegmentLoop(this: unknown, ...args: unknown[]) {
              seen.push(this, args, arguments.length, trackedRule.current);
              return 'result';
            },
          }),
        },
      },
    };
    const rule = tracked('p', plugin).rules!.probe as Rule.RuleModule;
    const listener = rule.create({} as Rule.RuleContext) as Record<string, (...args: unknown[]) => unknown>;
    const self = { marker: true };
    assert.equal(listener.onCodePathSegmentLoop!.call(self, 'from', 'to', 'node'), 'result');
    assert.deepEqual(seen, [self, ['from', 'to', 'node'], 3, 'p/probe']);
    assert.equal(trackedRule.current, undefined);
  });

  it('wraps only the listener object’s own functions (not inherited or non-function entries)', () => {
    const inherited = Object.create({ Identifier: () => undefined }) as Record<string, unknown>;
    inherited.Literal = () => undefined;
    inherited.meta = 'not a listener';
    const plugin: ESLint.Plugin = { rules: { probe: { create: () => inherited as Rule.RuleListener } } };
    const listener = (tracked('p', plugin).rules!.probe as Rule.RuleModule).create({} as Rule.RuleContext);
    assert.deepEqual(Object.keys(listener), ['Literal']);
  });
});
