// "generics" only where a type parameter is declared; generator expressions passed straight into a
// call; async iterators (issue 16). Each case beside a near miss. Written here, not from a corpus.
import assert from 'node:assert/strict';
import { explain } from '../helpers';

async function concepts(code: string, language: string): Promise<string[]> {
  return (await explain(code, language)).explanation.concepts;
}

describe('explain concepts: generics, generators, async iterators', () => {
  it('generics for declared type parameters, not for type hints that only use a generic type', async () => {
    assert.ok(
      (await concepts('def first[T](xs: list[T]) -> T:\n    return xs[0]\n', 'python')).includes('generics'),
    );
    assert.ok(
      (
        await concepts(
          'from typing import TypeVar, Generic\nT = TypeVar("T")\nclass Box(Generic[T]):\n    pass\n',
          'python',
        )
      ).includes('generics'),
    );
    assert.ok(
      !(await concepts('def f(xs: list[int]) -> dict[str, int]:\n    return {}\n', 'python')).includes(
        'generics',
      ),
    );
    assert.ok((await concepts('class A<T> {\n  T get(T x) { return x; }\n}\n', 'java')).includes('generics'));
    assert.ok(
      !(
        await concepts('class A {\n  List<Integer> f(List<Integer> xs) { return xs; }\n}\n', 'java')
      ).includes('generics'),
    );
  });

  it('a generator expression passed straight into a call is a generator, and one argument', async () => {
    const out = await explain('def total(xs):\n    return sum(x * x for x in xs)\n', 'python');
    assert.ok(out.explanation.concepts.includes('generators'));
    assert.equal(out.details!.units.find((u) => u.name === 'total')?.complexity, 'O(n)');
    assert.ok(!(await concepts('def total(xs):\n    return sum(xs)\n', 'python')).includes('generators'));
  });

  it('async iterators: async for, for await, async generators, __aiter__; near miss: a plain await', async () => {
    assert.ok(
      (await concepts('async def f(src):\n    async for x in src:\n        print(x)\n', 'python')).includes(
        'async iterators',
      ),
    );
    assert.ok(
      (
        await concepts(
          'async function f(src) {\n  for await (const x of src) console.log(x);\n}\n',
          'javascript',
        )
      ).includes('async iterators'),
    );
    assert.ok(
      (await concepts('async function* g() {\n  yield 1;\n}\n', 'typescript')).includes('async iterators'),
    );
    assert.ok(
      (await concepts('class R:\n    def __aiter__(self):\n        return self\n', 'python')).includes(
        'async iterators',
      ),
    );
    assert.ok(
      !(await concepts('async def f(x):\n    return await x\n', 'python')).includes('async iterators'),
    );
  });
});
