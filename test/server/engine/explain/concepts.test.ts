// Concept detection: each concept is reported only when the tree shows it.
import assert from 'node:assert/strict';
import { conceptsOf, explain } from './helpers';

describe('explain: concepts', () => {
  it('recursion only when a function calls itself', async () => {
    assert.ok(
      (await conceptsOf('function f(n) { return n ? f(n - 1) : 0; }', 'javascript')).includes('recursion'),
    );
    assert.ok(!(await conceptsOf('function f(n) { return g(n - 1); }', 'javascript')).includes('recursion'));
    // A method calling another object's method of the same name is not recursion.
    assert.ok(
      !(await conceptsOf('class A { size() { return this.items.size(); } }', 'javascript')).includes(
        'recursion',
      ),
    );
  });
  it('closures only when an inner function uses an outer local', async () => {
    assert.ok(
      (
        await conceptsOf('def outer(x):\n    def inner():\n        return x\n    return inner\n', 'python')
      ).includes('closures'),
    );
    assert.ok(
      !(
        await conceptsOf('def outer(x):\n    def inner(y):\n        return y\n    return inner\n', 'python')
      ).includes('closures'),
    );
    // Module-level names are globals, not captured variables.
    assert.ok(
      !(await conceptsOf('const K = 2;\nfunction f() { return () => K; }', 'javascript')).includes(
        'closures',
      ),
    );
  });
  it('higher-order functions: passing, returning or calling functions', async () => {
    assert.ok((await conceptsOf('xs.map((x) => x * 2);', 'javascript')).includes('higher-order functions'));
    assert.ok(
      (await conceptsOf('function apply(f, x) { return f(x); }', 'javascript')).includes(
        'higher-order functions',
      ),
    );
    assert.ok(
      !(await conceptsOf('function add(a, b) { return a + b; }', 'javascript')).includes(
        'higher-order functions',
      ),
    );
  });
  it('memoization from a cache check and store, not from any dictionary update', async () => {
    const memo =
      'cache = {}\ndef f(n):\n    if n in cache:\n        return cache[n]\n    cache[n] = n * 2\n    return cache[n]\n';
    assert.ok((await conceptsOf(memo, 'python')).includes('memoization'));
    const counting =
      'def count(words):\n    counts = {}\n    for w in words:\n        if w in counts:\n            counts[w] += 1\n        else:\n            counts[w] = 1\n    return counts\n';
    assert.ok(!(await conceptsOf(counting, 'python')).includes('memoization'));
  });
  it('async/await, promises and generators', async () => {
    const concepts = await conceptsOf(
      'async function f() { await Promise.all([g()]); }\nfunction* h() { yield 1; }',
      'javascript',
    );
    for (const c of ['async/await', 'promises', 'generators']) assert.ok(concepts.includes(c), c);
  });
  it('syntax concepts: destructuring, spread/rest, regular expressions, comprehensions, decorators, pattern matching', async () => {
    const js = await conceptsOf('const { a, ...rest } = obj; const re = /x+/g;', 'javascript');
    for (const c of ['destructuring', 'spread/rest', 'regular expressions']) assert.ok(js.includes(c), c);
    const py = await conceptsOf(
      '@dataclass\nclass P:\n    x: int\n\nsq = [x * x for x in range(3)]\nmatch sq:\n    case []:\n        pass\n',
      'python',
    );
    for (const c of ['decorators', 'classes', 'comprehensions', 'pattern matching'])
      assert.ok(py.includes(c), c);
  });
  it('classes, inheritance, interfaces, generics and traits across languages', async () => {
    assert.deepEqual(await conceptsOf('class A extends B {}', 'javascript'), ['classes', 'inheritance']);
    assert.ok(
      (
        await conceptsOf('interface I { m(): void }\nclass C<T> implements I { m() {} }', 'typescript')
      ).includes('generics'),
    );
    const rust = await conceptsOf(
      'trait T { fn m(&self); }\nstruct S;\nimpl T for S { fn m(&self) {} }',
      'rust',
    );
    assert.ok(rust.includes('traits') && rust.includes('structs'));
    assert.ok((await conceptsOf('func f() { go work(); ch <- 1 }', 'go')).includes('goroutines'));
  });
  it('reports the lines each concept is seen on', async () => {
    const out = await explain('function f(n) {\n  return n ? f(n - 1) : 0;\n}\n', 'javascript');
    assert.deepEqual(out.details!.concepts.find((c) => c.concept === 'recursion')?.lines, [2]);
  });
  it('plain code has no concepts', async () => {
    assert.deepEqual(await conceptsOf('let total = 0;\ntotal = total + 1;\n', 'javascript'), []);
  });
});
