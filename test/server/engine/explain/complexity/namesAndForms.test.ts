// Golden cases (eighth round) for names and forms shared by several languages: PHP neighbour
// lists behind `$this->` or `?? []`, choices taken back by `array_pop`, `static` literal fields,
// one size per PHP name (`$grid` and `grid`), a size alias (`n = len(xs)`) that belongs to the
// function declaring it, and JS/TS spread copies, `new Set(xs)`, immediately invoked functions
// and iterator drains. Each cause was found on the development half of doocs/leetcode (PHP idioms
// written beside their Python twins) and is written here as small code of our own, beside a near
// miss that keeps its answer.
import assert from 'node:assert/strict';
import { unitOf } from '../helpers';

describe('explain complexity: neighbour lists and size names (eighth round)', () => {
  it('PHP: a visited DFS over `$this->g[$u]` scans each neighbour list once: O(V + E)', async () => {
    const unit = await unitOf(
      `<?php
class Solution {
    private $g;
    function count($n, $edges) {
        $this->g = array_fill(0, $n, []);
        foreach ($edges as [$a, $b]) {
            $this->g[$a][] = $b;
        }
        $vis = array_fill(0, $n, false);
        return $this->dfs(0, $vis);
    }
    function dfs($u, &$vis) {
        $vis[$u] = true;
        $c = 1;
        foreach ($this->g[$u] as $v) {
            if (!$vis[$v]) $c += $this->dfs($v, $vis);
        }
        return $c;
    }
}`,
      'php',
      'dfs',
    );
    assert.equal(unit.complexity, 'O(n + m)');
  });

  it('PHP: a BFS over `$g[$u] ?? []` is one pass over the nodes and edges', async () => {
    const unit = await unitOf(
      `<?php
class Solution {
    function reach($edges) {
        $g = [];
        foreach ($edges as $e) {
            $g[$e[0]][] = $e[1];
        }
        $q = new SplQueue();
        $q->enqueue(0);
        $vis = [0 => true];
        $c = 0;
        while (!$q->isEmpty()) {
            $u = $q->dequeue();
            $c++;
            foreach ($g[$u] ?? [] as $v) {
                if (!isset($vis[$v])) {
                    $vis[$v] = true;
                    $q->enqueue($v);
                }
            }
        }
        return $c;
    }
}`,
      'php',
      'reach',
    );
    assert.equal(unit.complexity, 'O(n + m + k)');
  });

  it('`n = len(xs)` names the size of `xs` only in the function that writes it', async () => {
    const code = `class Solution:
    def a(self, nums):
        n = len(nums)
        for i in range(n):
            pass
    def b(self, s):
        n = len(s)
        for i in range(n):
            pass
    def c(self, n):
        for i in range(n):
            pass
`;
    assert.deepEqual((await unitOf(code, 'python', 'a')).complexity_legend, ['n = size of `nums`']);
    assert.deepEqual((await unitOf(code, 'python', 'b')).complexity_legend, ['n = size of `s`']);
    // `c`'s `n` is its own parameter, a number: no collection's size.
    assert.ok(!(await unitOf(code, 'python', 'c')).complexity_legend?.some((l) => /size of/.test(l)));
  });

  it('near miss: a field alias (`self.n = len(nums)` in `__init__`) is read in the other methods', async () => {
    const code = `class Walker:
    def __init__(self, nums):
        self.nums = nums
        self.n = len(nums)
    def walk(self):
        for i in range(self.n):
            pass
`;
    assert.deepEqual((await unitOf(code, 'python', 'walk')).complexity_legend, ['n = size of `nums`']);
  });
});

describe('explain complexity: PHP backtracking and constants, JS copies and invoked bodies (eighth round)', () => {
  it('PHP: a choice taken back by `array_pop($path)` after the call is backtracking', async () => {
    const unit = await unitOf(
      `<?php
class Solution {
    function bt($nums, $path, &$res) {
        if (count($path) == count($nums)) {
            $res[] = $path;
            return;
        }
        foreach ($nums as $x) {
            if (in_array($x, $path)) continue;
            $path[] = $x;
            $this->bt($nums, $path, $res);
            array_pop($path);
        }
    }
}`,
      'php',
      'bt',
    );
    assert.match(unit.complexity!, /n!/);
  });

  it('PHP: a `private static $dirs` literal is a fixed set of moves, not an input', async () => {
    const code = `<?php
class Solution {
    private static $dirs = [[0, 1], [1, 0], [0, -1], [-1, 0]];
    function flood(&$grid, $i, $j) {
        if ($i < 0 || $j < 0 || $i >= count($grid) || $j >= count($grid[0]) || $grid[$i][$j] != '1') return;
        $grid[$i][$j] = '0';
        foreach (self::$dirs as [$dx, $dy]) {
            $this->flood($grid, $i + $dx, $j + $dy);
        }
    }
}`;
    const unit = await unitOf(code, 'php', 'flood');
    assert.equal(unit.complexity, 'O(n*m)');
    // One size per name: `$grid` and `grid` are the same collection.
    assert.deepEqual(unit.complexity_legend, ['n = size of `grid`', 'm = size of `grid[0]`']);
  });

  it('near miss: a lowercase field filled with a literal stays an input a caller may replace', async () => {
    const unit = await unitOf(
      `<?php
class Catalog {
    private $items = ['a', 'b', 'c'];
    function has($x) {
        foreach ($this->items as $it) {
            if ($it == $x) return true;
        }
        return false;
    }
}`,
      'php',
      'has',
    );
    assert.equal(unit.complexity, 'O(n)');
  });

  it('JS/TS: a spread copy `[...xs, ...xs]` and `new Set(xs)` are O(n) in `xs`', async () => {
    const code = `function twice(nums: number[]): number[] {
    return [...nums, ...nums];
}
function kinds(items: number[]): number {
    return new Set(items).size;
}
function none(): Set<number> {
    return new Set();
}`;
    assert.equal((await unitOf(code, 'typescript', 'twice')).complexity, 'O(n)');
    assert.equal((await unitOf(code, 'typescript', 'kinds')).complexity, 'O(n)');
    assert.equal((await unitOf(code, 'typescript', 'none')).complexity, 'O(1)');
  });

  it('JS/TS: the body of an immediately invoked function runs once, here; `while (!res.done)` takes one value per pass', async () => {
    const unit = await unitOf(
      `function drain(gen: Generator<number>): Promise<number> {
    const done = (async () => {
        let total = 0;
        let res = gen.next();
        while (!res.done) {
            total += await Promise.resolve(res.value);
            res = gen.next();
        }
        return total;
    })();
    return done;
}`,
      'typescript',
      'drain',
    );
    assert.equal(unit.complexity, 'O(n)');
    assert.deepEqual(unit.complexity_legend, ['n = size of `gen`']);
  });

  it('near miss: a function only defined (not invoked) inside another costs its caller nothing', async () => {
    const unit = await unitOf(
      `function later(xs: number[]): () => number {
    const f = () => {
        let s = 0;
        for (const x of xs) s += x;
        return s;
    };
    return f;
}`,
      'typescript',
      'later',
    );
    assert.equal(unit.complexity, 'O(1)');
  });

  it("JS/TS: sorting a spread of a view (`[...cnt.values()].sort()`) sorts the map's values", async () => {
    const unit = await unitOf(
      `function least(arr: number[]): number {
    const cnt = new Map<number, number>();
    for (const x of arr) cnt.set(x, (cnt.get(x) ?? 0) + 1);
    const vs = [...cnt.values()].sort((a, b) => a - b);
    return vs[0];
}`,
      'typescript',
      'least',
    );
    assert.match(unit.complexity!, /log/);
  });
});
