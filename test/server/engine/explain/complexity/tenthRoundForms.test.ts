// Golden cases of the tenth round (PHP and JS/TS): a PHP link walk through a `$` temporary and the
// null tests `!== null` / `isset($x)` (Python's `is not None`, the same test); a number written
// in another base (`decbin($n)`, `bin(n)`) has one character per bit; the item of a callback in a
// chain broken over lines; a JS queue drained by `shift()` is withheld (its cost is the engine's
// choice). Each cause beside a near miss that keeps its answer. The code is our own.
import assert from 'node:assert/strict';
import { complexityOf, unitOf } from '../helpers';

const php = (body: string) => `<?php\nclass Solution {\n${body}\n}\n`;

describe('explain complexity: tenth-round PHP and JS/TS forms', () => {
  it('PHP list reversal through a `$` temporary under `!== null` / `isset` is one walk: O(n)', async () => {
    const code = php(`
    function reverse($head) {
        $prev = null;
        while ($head !== null) {
            $t = $head->next;
            $head->next = $prev;
            $prev = $head;
            $head = $t;
        }
        return $prev;
    }
    function size($head) {
        $n = 0;
        while (isset($head)) {
            $n++;
            $head = $head->next;
        }
        return $n;
    }`);
    assert.equal(await complexityOf(code, 'php', 'reverse'), 'O(n)');
    assert.equal(await complexityOf(code, 'php', 'size'), 'O(n)');
  });

  it('Python `while node is not None: node = node.next` is one walk: O(n)', async () => {
    const code = `
def size(head):
    n = 0
    while head is not None:
        n += 1
        head = head.next
    return n
`;
    assert.equal(await complexityOf(code, 'python', 'size'), 'O(n)');
  });

  it('near miss: a temporary that is not a link (`$head = $t` with `$t = $head + 1`) stays unknown', async () => {
    const code = php(`
    function count_up($head, $end) {
        while ($head !== null) {
            $t = $head + 1;
            $head = $t;
        }
        return $head;
    }`);
    assert.equal(await complexityOf(code, 'php', 'count_up'), 'unknown');
  });

  it('a number in binary (`decbin($n)`, `bin(n)`) has one character per bit: O(log n)', async () => {
    const code = php(`
    function ones($n) {
        return substr_count(decbin($n), '1');
    }`);
    const unit = await unitOf(code, 'php', 'ones');
    assert.equal(unit.complexity, 'O(log n)');
    assert.match(unit.complexity_basis!, /binary text of `n`/);
    const py = `
def ones(n):
    return bin(n).count("1")
`;
    assert.equal(await complexityOf(py, 'python', 'ones'), 'O(log n)');
  });

  it('near miss: counting in a string parameter stays O(n)', async () => {
    const code = php(`
    function ones($s) {
        return substr_count($s, '1');
    }`);
    assert.equal(await complexityOf(code, 'php', 'ones'), 'O(n)');
  });

  it('a callback on its own item in a chain broken over lines adds up to the total: O(n + L)', async () => {
    const code = `
function capitalize(title: string): string {
    return title
        .split(' ')
        .map(s =>
            s.slice(0, 1).toUpperCase() + s.slice(1).toLowerCase(),
        )
        .join(' ');
}
`;
    const unit = await unitOf(code, 'typescript', 'capitalize');
    assert.equal(unit.complexity, 'O(L + n)');
  });

  it('near miss: a callback that scans the whole string on each item stays O(n²)', async () => {
    const code = `
function positions(title: string): number[] {
    return title
        .split(' ')
        .map(s =>
            title.indexOf(s),
        );
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'positions'), 'O(n^2)');
  });

  it('a JS/TS queue drained by `shift()` in a loop is withheld with the reason', async () => {
    const code = `
function order(g: number[][], s: number): number[] {
    const q: number[] = [s];
    const seen = new Set<number>([s]);
    const out: number[] = [];
    while (q.length) {
        const u = q.shift()!;
        out.push(u);
        for (const v of g[u]) {
            if (!seen.has(v)) {
                seen.add(v);
                q.push(v);
            }
        }
    }
    return out;
}
`;
    const unit = await unitOf(code, 'typescript', 'order');
    assert.equal(unit.complexity, 'unknown');
    assert.match(unit.complexity_basis!, /JavaScript engines usually take the front in place/);
  });

  it('near miss: one `shift()` outside a loop is still charged, and PHP `array_shift` in a loop stays quadratic', async () => {
    const ts = `
function rest(nums: number[]): number {
    nums.shift();
    let s = 0;
    for (const x of nums) s += x;
    return s;
}
`;
    assert.equal(await complexityOf(ts, 'typescript', 'rest'), 'O(n)');
    const code = php(`
    function drain($q) {
        $s = 0;
        while (count($q) > 0) {
            $s += array_shift($q);
        }
        return $s;
    }`);
    assert.equal(await complexityOf(code, 'php', 'drain'), 'O(n^2)');
  });

  it('`Array.from({ length: m }, () => Array(n).fill(0))` builds m rows of n: O(m·n)', async () => {
    const code = `
function grid(m: number, n: number): number[][] {
    return Array.from({ length: m }, () => Array(n).fill(0));
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'grid'), 'O(m*n)');
  });

  it('near miss: `Array.from({ length: 26 }, () => [])` stays O(1)', async () => {
    const code = `
function buckets(): number[][] {
    return Array.from({ length: 26 }, () => []);
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'buckets'), 'O(1)');
  });

  it('a counter declared beside others (`let h = m * n, i = 0`) counts down from its own value', async () => {
    const code = `
function walk(matrix: number[][]): number[] {
    const m = matrix.length, n = matrix[0].length;
    const out: number[] = [];
    for (let h = m * n, i = 0; h > 0; --h) {
        out.push(i++);
    }
    return out;
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'walk'), 'O(m*n)');
  });

  it('near miss: a single declaration still counts down from it (`let h = nums.length`)', async () => {
    const code = `
function down(nums: number[]): number {
    let s = 0;
    for (let h = nums.length, i = 0; h > 0; --h) s += i++;
    return s;
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'down'), 'O(n)');
  });

  it("LeetCode's JS `MinPriorityQueue` / `PriorityQueue` are heaps: enqueue and dequeue are O(log n)", async () => {
    const code = `
function sortAll(nums: number[]): number[] {
    const pq = new MinPriorityQueue();
    for (const x of nums) pq.enqueue(x);
    const out: number[] = [];
    while (out.length < nums.length) out.push(pq.dequeue());
    return out;
}
`;
    const unit = await unitOf(code, 'typescript', 'sortAll');
    assert.match(unit.complexity!, /log/);
    assert.match(unit.complexity_basis!, /O\(log n\) on the heap\/tree `pq`/);
  });

  it('near miss: a `PriorityQueue` class written in the file is priced as written', async () => {
    const code = `
class PriorityQueue {
    private a: number[] = [];
    enqueue(x: number) { this.a.push(x); }
    dequeue(): number {
        let best = 0;
        for (let i = 1; i < this.a.length; i++) if (this.a[i] < this.a[best]) best = i;
        return this.a.splice(best, 1)[0];
    }
}
function takeAll(nums: number[]): number {
    const pq = new PriorityQueue();
    for (const x of nums) pq.enqueue(x);
    let s = 0;
    for (let i = 0; i < nums.length; i++) s += pq.dequeue();
    return s;
}
`;
    const unit = await unitOf(code, 'typescript', 'takeAll');
    assert.doesNotMatch(unit.complexity!, /log/);
    assert.match(unit.complexity_basis!, /calls `dequeue`/);
  });

  it("a loop bounded by a character or its code (`mi < 'z'`, `j < s[i].charCodeAt(0)`, `ord(c)`) is a stretch of the alphabet", async () => {
    const code = `
function marks(s: string): number {
    let t = 0;
    let mi = 'a';
    for (let i = 0; i < s.length; ++i) {
        for (let j = 97; j < s[i].charCodeAt(0); ++j) t++;
        while (mi < 'z' && s[i] !== mi) {
            mi = String.fromCharCode(mi.charCodeAt(0) + 1);
        }
    }
    return t;
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'marks'), 'O(n)');
    const py = `
def below(s):
    t = 0
    for c in s:
        for j in range(ord('a'), ord(c)):
            t += 1
    return t
`;
    assert.equal(await complexityOf(py, 'python', 'below'), 'O(n)');
  });

  it('near miss: a bound read from a number of the data (`j < nums[i]`) is still withheld', async () => {
    const code = `
function runs(nums: number[]): number {
    let t = 0;
    for (let i = 0; i < nums.length; ++i) {
        for (let j = 0; j < nums[i]; ++j) t++;
    }
    return t;
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'runs'), 'unknown');
  });

  it('blocks of width k ahead of a counter that jumps by k (`j = i; j < i + k`, `Math.min(i + k, n)`) cover the range once: O(n)', async () => {
    const code = `
function blocks(s: string, k: number): number {
    const n = s.length;
    let t = 0;
    for (let i = 0; i < n; i += k) {
        for (let j = i; j < i + k; j++) t += s.charCodeAt(j);
    }
    for (let i = 0; i < n; i += k) {
        for (let j = i; j < Math.min(i + k, n); j++) t -= s.charCodeAt(j);
    }
    return t;
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'blocks'), 'O(n)');
  });

  it('near miss: a window ahead of a counter that moves by one is n × k, and `j = i; j < n` stays O(n²)', async () => {
    const code = `
function windows(nums: number[], k: number): number {
    let best = 0;
    for (let i = 0; i + k <= nums.length; i++) {
        let s = 0;
        for (let j = i; j < i + k; j++) s += nums[j];
        best = Math.max(best, s);
    }
    return best;
}
function pairs(nums: number[]): number {
    let c = 0;
    for (let i = 0; i < nums.length; i++) {
        for (let j = i; j < nums.length; j++) c += nums[i] ^ nums[j];
    }
    return c;
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'windows'), 'O(n*k)');
    assert.equal(await complexityOf(code, 'typescript', 'pairs'), 'O(n^2)');
  });

  it('`reduce((acc, s) => …)` passes the item second: work on `s` adds up to the total, O(n + L)', async () => {
    const code = `
function valid(sentence: string): number {
    const check = (s: string): number => {
        let ok = 1;
        for (const c of s) if (c === '!') ok = 0;
        return ok;
    };
    return sentence.split(/\\s+/).reduce((acc, s) => acc + check(s), 0);
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'valid'), 'O(L + n)');
  });

  it('near miss: work on the accumulator of `reduce` is still charged per item', async () => {
    const code = `
function grow(words: string[]): string {
    return words.reduce((acc, w) => acc.split('').reverse().join('') + w, '');
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'grow'), 'O(n*m)');
  });
});
