// Complexity estimation: the cost algebra, loop bounds and recursion shapes, on small snippets.
import assert from 'node:assert/strict';
import {
  add,
  asciiCost,
  constant,
  exponential,
  linear,
  linearithmic,
  multiply,
  unknown,
} from '../../../../server/src/engine/explain/complexity/cost';
import {
  collectionKey,
  counterBound,
  forEachBound,
} from '../../../../server/src/engine/explain/extract/bounds';
import { whileBound } from '../../../../server/src/engine/explain/extract/whileBound';
import { complexityOf, explain } from './helpers';

describe('explain: cost algebra', () => {
  it('keeps only dominant terms of a sum', () => {
    assert.equal(
      asciiCost(add(linear('n', ''), multiply(linear('n', ''), linear('n', '')), constant())),
      'O(n^2)',
    );
    assert.equal(asciiCost(add(linear('a', ''), linear('b', ''))), 'O(n + m)');
  });
  it('multiplies powers and logs', () => {
    assert.equal(asciiCost(multiply(linear('n', ''), linearithmic('n', ''))), 'O(n^2 log n)');
    assert.equal(asciiCost(multiply(exponential('n', ''), linear('n', ''))), 'O(2^n*n)');
  });
  it('is unknown when any part is unknown', () => {
    assert.equal(asciiCost(add(linear('n', ''), unknown('no bound'))), 'unknown');
  });
});

describe('explain: loop bounds', () => {
  it('reads the collection behind wrappers and views', () => {
    assert.equal(collectionKey('Object.keys(obj)'), 'obj');
    assert.equal(collectionKey('range(len(xs))'), 'xs');
    assert.equal(collectionKey('range(i + 1, n)'), 'n');
    assert.equal(collectionKey('items.length - i - 1'), 'items');
    assert.equal(collectionKey('(i + 1)..nums.len()'), 'nums');
    assert.equal(collectionKey('$rows'), 'rows');
    assert.equal(collectionKey('10'), undefined);
  });
  it('treats literal ranges as constant', () => {
    assert.deepEqual(forEachBound('range(10)'), { kind: 'constant', value: 10 });
    assert.deepEqual(forEachBound('[1, 2, 3]'), { kind: 'constant', value: 3 });
    assert.deepEqual(counterBound('let i = 0', 'i < 3', 'i++'), { kind: 'constant', value: 3 });
  });
  it('sees logarithmic counters and halving while loops', () => {
    assert.deepEqual(counterBound('let i = 1', 'i < n', 'i *= 2'), {
      kind: 'log',
      key: 'n',
      measure: 'value',
    });
    assert.deepEqual(counterBound('let i = 0', 'i < xs.length', 'i++'), { kind: 'linear', key: 'xs' });
    assert.equal(whileBound('lo <= hi', 'mid = (lo + hi) // 2').kind, 'log');
  });
  it('says unknown for unbounded while loops', () => {
    assert.equal(whileBound('true', 'if (x) break;').kind, 'unknown');
    assert.equal(whileBound('running', 'step()').kind, 'unknown');
  });
  it('sees counters stepped by a constant and drained work lists', () => {
    assert.deepEqual(whileBound('n > 0', 'n -= 1'), {
      kind: 'linear',
      key: 'n',
      measure: 'value',
      amortised: 'pointer',
      pointer: 'n',
    });
    assert.deepEqual(whileBound('queue', 'node = queue.pop()'), {
      kind: 'linear',
      key: 'queue',
      amortised: 'drains',
    });
  });
});

describe('explain: complexity per function', () => {
  it('nested loops over the same input are quadratic, over different inputs a product', async () => {
    const same = 'function f(a) { for (const x of a) { for (const y of a) { g(x, y); } } }';
    const different = 'function f(a, b) { for (const x of a) { for (const y of b) { g(x, y); } } }';
    assert.equal(await complexityOf(same, 'javascript', 'f'), 'O(n^2)');
    assert.equal(await complexityOf(different, 'javascript', 'f'), 'O(n*m)');
  });
  it('sequential loops add', async () => {
    const code = 'def f(a, b):\n    for x in a:\n        print(x)\n    for y in b:\n        print(y)\n';
    assert.equal(await complexityOf(code, 'python', 'f'), 'O(n + m)');
  });
  it('a sort is n log n, and inside a loop it multiplies', async () => {
    assert.equal(await complexityOf('def f(xs):\n    return sorted(xs)\n', 'python', 'f'), 'O(n log n)');
    // Each pass sorts its own group: the groups add up to their total size L (itemTotals.ts).
    const inLoop = 'function f(groups) { for (const g of groups) { g.sort(); } }';
    assert.equal(await complexityOf(inLoop, 'javascript', 'f'), 'O(L log n + m)');
  });
  it('linear search inside a loop is quadratic, a Set lookup is not', async () => {
    assert.equal(
      await complexityOf(
        'function f(a) { for (const x of a) { if (a.indexOf(x) < 0) return x; } }',
        'javascript',
        'f',
      ),
      'O(n^2)',
    );
    assert.equal(
      await complexityOf(
        'function f(a) { const s = new Set(a); for (const x of a) { if (s.has(x)) return x; } }',
        'javascript',
        'f',
      ),
      'O(n)',
    );
  });
  it('iterating methods run their callback per element', async () => {
    const code = 'function f(rows) { return rows.map((r) => rows.filter((s) => s.id === r.id)); }';
    assert.equal(await complexityOf(code, 'javascript', 'f'), 'O(n^2)');
  });
  it('calls to functions in the same file add their cost', async () => {
    const code =
      'def inner(xs):\n    return [x for x in xs]\n\ndef outer(xss):\n    for xs in xss:\n        inner(xs)\n';
    // `inner(xs)` on each item of `xss`: the items add up to their total size.
    assert.equal(await complexityOf(code, 'python', 'outer'), 'O(L + n)');
  });
  it('classifies recursion: linear, branching, memoized, halving, inside a loop', async () => {
    assert.equal(
      await complexityOf('function f(n) { return n <= 1 ? 1 : n * f(n - 1); }', 'javascript', 'f'),
      'O(n)',
    );
    assert.equal(
      await complexityOf(
        'function f(n) { if (n < 2) return n; return f(n - 1) + f(n - 2); }',
        'javascript',
        'f',
      ),
      'O(2^n)',
    );
    const memo =
      'function f(n, m = {}) { if (n in m) return m[n]; if (n < 2) return n; m[n] = f(n - 1, m) + f(n - 2, m); return m[n]; }';
    assert.equal(await complexityOf(memo, 'javascript', 'f'), 'O(n)');
    const search =
      'int find(int[] a, int lo, int hi, int x) { if (lo > hi) return -1; int mid = (lo + hi) / 2; if (a[mid] == x) return mid; if (a[mid] < x) return find(a, mid + 1, hi, x); return find(a, lo, mid - 1, x); }';
    assert.equal(await complexityOf(`class S { ${search} }`, 'java', 'find'), 'O(log n)');
    const perms =
      'def perms(xs):\n    if not xs:\n        return [[]]\n    out = []\n    for i in range(len(xs)):\n        for p in perms(xs[:i] + xs[i+1:]):\n            out.append([xs[i]] + p)\n    return out\n';
    // Every level chooses among the items left: n! calls (seventh round; read as 2^n before).
    assert.match((await complexityOf(perms, 'python', 'perms'))!, /n!\)$/);
  });
  it('a while loop without a visible bound is unknown, and the text says why', async () => {
    const out = await explain(
      'function spin(state) { while (state.running) { state.step(); } }',
      'javascript',
    );
    assert.equal(out.details!.units[0]!.complexity, 'unknown');
    assert.match(
      out.explanation.performance_impact,
      /unknown — the loop at line 1 has an unknown number of iterations/,
    );
  });
  it('states what each estimate is based on, with a legend for the letters', async () => {
    const out = await explain(
      'function pairs(items, others) { for (const a of items) for (const b of others) use(a, b); }',
      'javascript',
    );
    assert.match(
      out.explanation.performance_impact,
      /`pairs\(items, others\)`: O\(n·m\) — loop over `items` \(line 1\) → loop over `others` \(line 1\) \(n = size of `items`, m = size of `others`\)/,
    );
  });
  it('notes repeated work and blocking I/O', async () => {
    const code =
      "const fs = require('fs');\nfunction f(paths) {\n  for (const p of paths) {\n    const re = new RegExp(p);\n    fs.readFileSync(p);\n  }\n}\n";
    const out = await explain(code, 'javascript');
    assert.match(
      out.explanation.performance_impact,
      /compiles a regular expression inside the loop at line 3/,
    );
    assert.match(out.explanation.performance_impact, /`fs\.readFileSync` \(line 5\) is blocking I\/O/);
  });
});

describe('explain: named callbacks', () => {
  it('a local function passed by name costs its own work per element', async () => {
    const code =
      'function score(xs) { return xs.reduce((a, b) => a + b, 0); }\nfunction all(rows) { return rows.map(score); }';
    assert.equal(await complexityOf(code, 'javascript', 'all'), 'O(n*m)');
  });
});
