// Golden cases for recursion into the parts of its own argument (a nested array, a JSON-like
// object) and for generators, whose claim is the work of one value. Causes found on the
// development half of kamyu104/LeetCode-Solutions (TypeScript), written here as our own code,
// each beside a near miss that keeps its answer.
import assert from 'node:assert/strict';
import { unitOf } from '../helpers';

describe('explain complexity: nested values, generators and JS work lists', () => {
  describe('JS/TS work lists and fills', () => {
    it('a level loop replacing its items with `q.splice(0, q.length, ...next)` walks each level once', async () => {
      const code = `function levels(root: Node | null): number[] {
  const out: number[] = [];
  const q: Node[] = root ? [root] : [];
  while (q.length) {
    const next: Node[] = [];
    for (const node of q) {
      out.push(node.val);
      for (const c of node.children) next.push(c);
    }
    q.splice(0, q.length, ...next);
  }
  return out;
}`;
      assert.match((await unitOf(code, 'typescript', 'levels')).complexity!, /^O\(n( \+ m)?\)$/);
    });

    it('a deque popped with `popBack()` inside a loop is amortised (monotonic queue): O(n)', async () => {
      const code = `function best(nums: number[]): number {
  const q = new Deque<number>();
  let t = 0;
  for (let i = 0; i < nums.length; ++i) {
    while (!q.isEmpty() && nums[q.backValue()!] <= nums[i]) {
      q.popBack();
    }
    q.pushBack(i);
    t += nums[q.frontValue()!];
  }
  return t;
}`;
      assert.equal((await unitOf(code, 'typescript', 'best')).complexity, 'O(n)');
    });

    it('near miss: the same loop without a pop stays unknown', async () => {
      const code = `function stuck(nums: number[]): number {
  const q = new Deque<number>();
  for (let i = 0; i < nums.length; ++i) {
    while (!q.isEmpty() && nums[q.backValue()!] <= nums[i]) {
      q.pushBack(i);
    }
  }
  return 0;
}`;
      assert.equal((await unitOf(code, 'typescript', 'stuck')).complexity, 'unknown');
    });

    it('`Array(n).fill(x)` fills the new array, not a collection named after `x`', async () => {
      const code = `function marks(n: number): boolean[] {
  return Array(n).fill(false);
}`;
      const unit = await unitOf(code, 'typescript', 'marks');
      assert.equal(unit.complexity, 'O(n)');
      assert.doesNotMatch(unit.complexity_basis!, /in `false`/);
    });

    it('near miss: `Array(26).fill(0)` is a fixed-size fill, and a one-item list grown by `splice` is not fixed', async () => {
      const code = `function counts(s: string): number[] {
  const cnt = Array(26).fill(0);
  for (const c of s) cnt[c.charCodeAt(0) - 97]++;
  return cnt;
}
function sums(root: Node): number {
  const q = [root];
  let t = 0;
  while (q.length) {
    const next: Node[] = [];
    for (const node of q) {
      t += node.val;
      if (node.left) next.push(node.left);
    }
    q.splice(0, q.length, ...next);
  }
  return t;
}`;
      assert.equal((await unitOf(code, 'typescript', 'counts')).complexity, 'O(n)');
      assert.equal((await unitOf(code, 'typescript', 'sums')).complexity, 'O(n)');
    });
  });

  describe('recursion into the elements of its own argument', () => {
    it('`for (const x of items) depth(x)` enters each nested value once: O(n)', async () => {
      const code = `function depth(items: unknown[]): number {
  let best = 0;
  for (const x of items) {
    if (Array.isArray(x)) best = Math.max(best, depth(x));
  }
  return best + 1;
}`;
      const unit = await unitOf(code, 'typescript', 'depth');
      assert.equal(unit.complexity, 'O(n)');
      assert.match(unit.complexity_basis!, /each element of its own argument `items`/);
    });

    it('`for (const k in value) emit(value[k])`, with a trailing comma dropped after the loop: O(n)', async () => {
      const code = `function render(value: any, out: string[]): void {
  if (typeof value !== 'object' || value === null) {
    out.push(String(value));
    return;
  }
  out.push('{');
  for (const k in value) {
    out.push(k + ':');
    render(value[k], out);
    out.push(',');
  }
  out.pop();
  out.push('}');
}`;
      assert.equal((await unitOf(code, 'typescript', 'render')).complexity, 'O(n)');
    });

    it('Python: a method recursing into `obj[k]` for `k in obj`', async () => {
      const code = `class Sizer:
    def size(self, obj):
        total = 1
        for k in obj:
            total += self.size(obj[k])
        return total
`;
      assert.equal((await unitOf(code, 'python', 'size')).complexity, 'O(n)');
    });

    it('near miss: passing a new collection (permutations) is no walk over nested values: n!', async () => {
      const code = `def perms(xs):
    if not xs:
        return 1
    t = 0
    for i in range(len(xs)):
        t += perms(xs[:i] + xs[i + 1:])
    return t
`;
      assert.match((await unitOf(code, 'python', 'perms')).complexity!, /n!/);
    });

    it('near miss: a counter passed as the size (`count(i)` for `i < n`) is not a part of `n`', async () => {
      const code = `def count(n):
    if n == 0:
        return 1
    t = 0
    for i in range(n):
        t += count(i)
    return t
`;
      assert.equal((await unitOf(code, 'python', 'count')).complexity, 'unknown');
    });
  });

  describe('generators: an unbounded one claims the work of one value', () => {
    it('an endless loop yielding on each pass is O(1) per value', async () => {
      const code = `function* naturals(): Generator<number> {
  let i = 0;
  while (true) {
    yield i;
    i += 1;
  }
}`;
      const unit = await unitOf(code, 'typescript', 'naturals');
      assert.equal(unit.complexity, 'O(1)');
      assert.match(unit.complexity_basis!, /per value: each `next\(\)` runs one pass/);
    });

    it('a value received from `yield` (`const step = yield x`) counts as yielding', async () => {
      const code = `function* walker(xs: number[], start: number): Generator<number, void, number> {
  let i = start;
  while (true) {
    const step = yield xs[i];
    i = (i + step) % xs.length;
  }
}`;
      assert.equal((await unitOf(code, 'typescript', 'walker')).complexity, 'O(1)');
    });

    // (Changed on purpose in the twelfth round: a bounded loop that yields on each pass is claimed
    // per value too; it claimed its total before. Callers still pay the total.)
    it('a bounded generator yielding on each pass claims the work of one value', async () => {
      const code = `function* doubled(xs: number[]): Generator<number> {
  for (const x of xs) {
    yield x * 2;
  }
}`;
      assert.equal((await unitOf(code, 'typescript', 'doubled')).complexity, 'O(1)');
    });

    it('near miss: an endless loop yielding only under a condition stays unknown', async () => {
      const code = `function* matches(next: () => number): Generator<number> {
  while (true) {
    const x = next();
    if (x % 2 === 0) {
      yield x;
    }
  }
}`;
      assert.equal((await unitOf(code, 'typescript', 'matches')).complexity, 'unknown');
    });
  });
});
