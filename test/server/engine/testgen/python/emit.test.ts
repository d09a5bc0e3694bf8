// How observed outcomes become pytest and unittest assertions.
import assert from 'node:assert/strict';
import { emitPySuite, type PyObservedCase } from '../../../../../server/src/engine/testgen/python/emit';
import type { CallableInfo } from '../../../../../server/src/engine/testgen/model';

const fn: CallableInfo = {
  name: 'f',
  access: ['f'],
  kind: 'function',
  async: false,
  params: [],
  literals: [],
  line: 1,
};
const method: CallableInfo = {
  ...fn,
  name: 'C.m',
  access: ['C', 'm'],
  kind: 'method',
  owner: { access: ['C'], params: [], literals: [] },
};

function item(
  id: number,
  outcome: PyObservedCase['outcome'],
  target = fn,
  ctorArgs?: string[],
): PyObservedCase {
  return { spec: { id, target, args: ['1'], ctorArgs, edge: false }, outcome, hits: [] };
}

const ITEMS: PyObservedCase[] = [
  item(1, { kind: 'return', value: undefined, type: 'exact', expr: "{'a': [1, 2.5]}" }),
  item(2, { kind: 'return', value: undefined, type: 'identity', expr: 'None' }),
  item(3, { kind: 'return', value: undefined, type: 'nan' }),
  item(4, { kind: 'return', value: undefined, type: 'repr', expr: "Decimal('1.5')" }),
  item(5, { kind: 'return', value: undefined, type: 'type', className: 'Thing' }, method, ['2']),
  item(6, { kind: 'throw', name: 'KeyError', message: "'x'", origin: 'builtin' }),
  item(7, { kind: 'throw', name: 'JSONDecodeError', message: 'Expecting value', origin: 'other' }),
  item(8, { kind: 'return', value: undefined, type: 'exact', expr: '[0, 2]', mode: 'iter' }),
  item(9, { kind: 'return', value: undefined, type: 'exact', expr: '3', mode: 'async' }),
];

describe('testgen/python: emit', () => {
  it('writes exact pytest assertions', () => {
    const code = emitPySuite(ITEMS, 'pytest', 'mod');
    for (const line of [
      "assert mod.f(1) == {'a': [1, 2.5]}",
      'assert mod.f(1) is None',
      'assert math.isnan(mod.f(1))',
      `assert repr(mod.f(1)) == "Decimal('1.5')"`,
      'assert type(mod.C(2).m(1)).__qualname__ == "Thing"',
      'with pytest.raises(KeyError) as caught:',
      `assert str(caught.value) == "'x'"`,
      'with pytest.raises(Exception) as caught:',
      'assert type(caught.value).__name__ == "JSONDecodeError"',
      'assert list(mod.f(1)) == [0, 2]',
      'assert asyncio.run(mod.f(1)) == 3',
    ])
      assert.ok(code.includes(line), `missing: ${line}\n${code}`);
    assert.match(code, /^import asyncio\nimport math\n\nimport pytest\n\nimport mod\n/m);
  });

  it('writes unittest assertions in a TestCase', () => {
    const code = emitPySuite(ITEMS, 'unittest', 'my_mod');
    assert.match(code, /^class TestMyMod\(unittest\.TestCase\):$/m);
    assert.ok(code.includes('        self.assertIs(my_mod.f(1), None)'));
    assert.ok(code.includes('        with self.assertRaises(KeyError) as caught:'));
    assert.ok(code.includes('        self.assertEqual(str(caught.exception), "\'x\'")'));
  });

  it('writes a valid empty unittest class when nothing could be asserted', () => {
    assert.match(emitPySuite([], 'unittest', 'm'), /class TestM\(unittest\.TestCase\):\n {4}pass/);
  });
});
