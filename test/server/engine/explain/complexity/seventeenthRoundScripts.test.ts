// Golden cases for the seventeenth round (issue 16, TypeScript, JavaScript and PHP): a counter whose
// limit loses the counter on every pass (√ passes), `substring` / `substr` priced as `slice` is,
// a stretch copied after a scan that moved the other end (`s.substring(j, i + 1)`), items next to
// the loop's own (`check(words[i - 1], words[i])`) and an item's letters reordered and joined back
// (`w.split('').reverse().join('')`) adding up to the items' total, a square root held in a
// destructured declaration, and a chain of links tested (`while (fast.next && fast.next.next)`).
// Each cause sits beside a near miss that keeps its answer. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { claimOf, complexityOf } from '../helpers';

describe('explain complexity: seventeenth-round script forms (counter sums, stretches, neighbours)', () => {
  it('a counter whose limit loses the counter on every pass runs √ times (TS for, if/else arms)', async () => {
    const code = `function memLeak(memory1: number, memory2: number): number[] {
    let i = 1;
    for (; i <= Math.max(memory1, memory2); ++i) {
        if (memory1 >= memory2) {
            memory1 -= i;
        } else {
            memory2 -= i;
        }
    }
    return [i, memory1, memory2];
}`;
    const [complexity, basis] = await claimOf(code, 'typescript', 'memLeak');
    assert.equal(complexity, 'O(sqrt(n))');
    assert.match(basis!, /the counter `i` grows on each pass and `memory1` or `memory2` loses it/);
  });

  it('the same in a Python while and a PHP for', async () => {
    const python = `def split(total: int) -> list:
    ans = []
    i = 2
    while i <= total:
        total -= i
        ans.append(i)
        i += 2
    return ans
`;
    assert.equal(await complexityOf(python, 'python', 'split'), 'O(sqrt(n))');
    const php = `<?php
class Solution {
    function split($total) {
        $ans = [];
        for ($i = 2; $i <= $total; $i += 2) {
            $ans[] = $i;
            $total -= $i;
        }
        return $ans;
    }
}`;
    assert.equal(await complexityOf(php, 'php', 'split'), 'O(sqrt(n))');
  });

  it('near miss: a limit lowered on some passes only, or raised too, keeps its linear count', async () => {
    const someArms = `function f(s: number): number {
    let c = 0;
    for (let i = 1; i <= s; ++i) {
        if (i % 3 === 0) s -= i;
        c++;
    }
    return c;
}`;
    assert.equal(await complexityOf(someArms, 'typescript', 'f'), 'O(n)');
    const raised = `function g(s: number): number {
    let c = 0;
    for (let i = 1; i <= s; ++i) {
        s -= i;
        s += 2 * i;
        c++;
    }
    return c;
}`;
    assert.equal(await complexityOf(raised, 'typescript', 'g'), 'O(n)');
  });

  it('a number kept positive that loses what the counter has grown to on every pass runs √ times', async () => {
    const code = `function share(candies: number, people: number): number[] {
    const ans: number[] = Array(people).fill(0);
    for (let i = 0; candies > 0; ++i) {
        ans[i % people] += Math.min(candies, i + 1);
        candies -= Math.min(candies, i + 1);
    }
    return ans;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'share'), 'O(n + sqrt(m))');
  });

  it('near miss: a number lowered by a constant on every pass is no counter sum', async () => {
    const code = `function drain(candies: number, people: number): number[] {
    const ans: number[] = Array(people).fill(0);
    for (let i = 0; candies > 0; ++i) {
        ans[i % people] += 1;
        candies -= 1;
    }
    return ans;
}`;
    assert.doesNotMatch((await complexityOf(code, 'typescript', 'drain')) ?? '', /sqrt/);
  });

  it('`substring` copies the characters between its ends, as `slice` does', async () => {
    const code = `function minExtraChar(s: string, dictionary: string[]): number {
    const ss = new Set(dictionary);
    const n = s.length;
    const f = new Array(n + 1).fill(0);
    for (let i = 1; i <= n; ++i) {
        f[i] = f[i - 1] + 1;
        for (let j = 0; j < i; ++j) {
            if (ss.has(s.substring(j, i))) f[i] = Math.min(f[i], f[j]);
        }
    }
    return f[n];
}`;
    const [complexity, basis] = await claimOf(code, 'typescript', 'minExtraChar');
    assert.equal(complexity, 'O(n^3 + m)');
    assert.match(basis!, /`substring` is O\(n\) in `s`/);
  });

  it('near miss: a `substring` of literal width stays O(1) per pass', async () => {
    const code = `function count(s: string): number {
    let c = 0;
    for (let i = 0; i + 3 <= s.length; ++i) if (s.substring(i, i + 3) === 'abc') c++;
    return c;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'count'), 'O(n)');
  });

  /** A scan of digits from `i`, then a copy of `copied` (the stretch scanned, or a prefix). */
  const scanThenCopy = (copied: string) => `function numbers(s: string): string[] {
    const ans: string[] = [];
    for (let i = 0; i < s.length; i++) {
        if (s[i] >= '0' && s[i] <= '9') {
            let j = i;
            while (i + 1 < s.length && s[i + 1] >= '0' && s[i + 1] <= '9') i++;
            ans.push(${copied});
        }
    }
    return ans;
}`;

  it('a stretch copied after a scan moved its far end (`j = i; while … i++; s.substring(j, i + 1)`) is paid by the scan', async () => {
    assert.equal(await complexityOf(scanThenCopy('s.substring(j, i + 1)'), 'typescript', 'numbers'), 'O(n)');
  });

  it('near miss: a prefix copied after the same scan costs the string on each pass', async () => {
    assert.equal(
      await complexityOf(scanThenCopy('s.substring(0, i + 1)'), 'typescript', 'numbers'),
      'O(n^2)',
    );
  });

  it("work on the item before the loop's own (`check(words[i - 1], words[i])`) adds up to the items' total", async () => {
    const code = `function removeAnagrams(words: string[]): string[] {
    const ans = [words[0]];
    for (let i = 1; i < words.length; i++) {
        if (check(words[i - 1], words[i])) ans.push(words[i]);
    }
    return ans;
}
function check(s: string, t: string): boolean {
    const cnt = new Array(26).fill(0);
    for (const c of s) cnt[c.charCodeAt(0) - 97]++;
    for (const c of t) cnt[c.charCodeAt(0) - 97]--;
    return cnt.some((v) => v !== 0);
}`;
    const [complexity, basis] = await claimOf(code, 'typescript', 'removeAnagrams');
    assert.equal(complexity, 'O(L + n)');
    assert.match(basis!, /together they cover the items' total size once/);
  });

  it("PHP: work on `$words[$i - 1]` and `$words[$i]` in a counted loop adds up to the items' total", async () => {
    const code = `<?php
class Solution {
    function removeAnagrams($words) {
        $ans = [$words[0]];
        for ($i = 1; $i < count($words); $i++) {
            if ($this->check($words[$i - 1], $words[$i])) $ans[] = $words[$i];
        }
        return $ans;
    }
    function check($s, $t) {
        $cnt = array_fill(0, 26, 0);
        for ($k = 0; $k < strlen($s); $k++) $cnt[ord($s[$k]) - 97]++;
        for ($k = 0; $k < strlen($t); $k++) $cnt[ord($t[$k]) - 97]--;
        return $cnt == array_fill(0, 26, 0);
    }
}`;
    assert.equal(await complexityOf(code, 'php', 'removeAnagrams'), 'O(L + n)');
  });

  it('near miss: work on one fixed item on every pass is count × that item', async () => {
    const code = `function againstLast(words: string[]): number {
    const n = words.length;
    let c = 0;
    for (let i = 0; i < n; i++) {
        if (check(words[n - 1], words[i])) c++;
    }
    return c;
}
function check(s: string, t: string): boolean {
    let k = 0;
    for (const c of s) if (t.includes(c)) k++;
    return k > 0;
}`;
    assert.match((await complexityOf(code, 'typescript', 'againstLast'))!, /\*/);
  });

  it("an item's letters reordered and joined back stay a view of the item", async () => {
    const code = `function reverseSome(words: string[]): string {
    const calc = (w: string): number => {
        let cnt = 0;
        for (const c of w) if ('aeiou'.includes(c)) cnt++;
        return cnt;
    };
    const ans: string[] = [];
    for (let i = 0; i < words.length; i++) {
        let w = words[i];
        if (calc(w) === 2) w = w.split('').reverse().join('');
        ans.push(calc(w) + '');
    }
    return ans.join(' ');
}`;
    assert.match((await complexityOf(code, 'typescript', 'reverseSome'))!, /^O\(L \+ /);
  });

  it('near miss: an item joined with something else is no view of it', async () => {
    const code = `function grow(words: string[], s: string): number {
    const calc = (w: string): number => {
        let cnt = 0;
        for (const c of w) if ('aeiou'.includes(c)) cnt++;
        return cnt;
    };
    let t = 0;
    for (let i = 0; i < words.length; i++) {
        let w = words[i];
        w = w + s;
        t += calc(w);
    }
    return t;
}`;
    assert.doesNotMatch((await complexityOf(code, 'typescript', 'grow'))!, /L/);
  });

  it("a table with one entry per element of the item, walked in a middle loop, adds up to k × the items' total", async () => {
    const ts = `function best(piles: number[][], k: number): number {
    const f: number[] = Array(k + 1).fill(0);
    for (const nums of piles) {
        const s: number[] = Array(nums.length + 1).fill(0);
        for (let j = 1; j <= nums.length; j++) s[j] = s[j - 1] + nums[j - 1];
        for (let j = k; j >= 0; j--) {
            for (let h = 0; h < s.length && h <= j; h++) f[j] = Math.max(f[j], f[j - h] + s[h]);
        }
    }
    return f[k];
}`;
    assert.equal(await complexityOf(ts, 'typescript', 'best'), 'O(k*L + n)');
    const python = `def best(piles, k):
    f = [0] * (k + 1)
    for nums in piles:
        s = list(accumulate(nums, initial=0))
        for j in range(k, -1, -1):
            for h, w in enumerate(s):
                if j < h:
                    break
                f[j] = max(f[j], f[j - h] + w)
    return f[k]
`;
    assert.equal(await complexityOf(python, 'python', 'best'), 'O(k*L + n)');
    const cpp = `int best(vector<vector<int>>& piles, int k) {
    int n = piles.size();
    vector<int> f(k + 1);
    for (int i = 1; i <= n; i++) {
        vector<int> nums = piles[i - 1];
        vector<int> s(nums.size() + 1);
        for (int j = 1; j <= nums.size(); j++) s[j] = s[j - 1] + nums[j - 1];
        for (int j = k; j >= 0; j--)
            for (int h = 0; h < s.size() && h <= j; h++) f[j] = max(f[j], f[j - h] + s[h]);
    }
    return f[k];
}`;
    assert.equal(await complexityOf(cpp, 'cpp', 'best'), 'O(k*L + n)');
  });

  it('near miss: a table sized by a parameter, walked the same way, keeps the product', async () => {
    const code = `function best(piles: number[][], k: number): number {
    const f: number[] = Array(k + 1).fill(0);
    for (const nums of piles) {
        const s: number[] = Array(k + 1).fill(0);
        for (let j = k; j >= 0; j--) {
            for (let h = 0; h < s.length && h <= j; h++) f[j] = Math.max(f[j], f[j - h] + s[h]);
        }
    }
    return f[k];
}`;
    assert.doesNotMatch((await complexityOf(code, 'typescript', 'best'))!, /L/);
  });

  /** Two pointers closing in from the ends of a destructured pair `[0, end]`. */
  const twoSquares = (params: string, end: string) => `function judge(${params}): boolean {
    let [a, b] = [0, ${end}];
    while (a <= b) {
        const s = a * a + b * b;
        if (s === c) return true;
        if (s < c) ++a;
        else --b;
    }
    return false;
}`;

  it('a square root held in a destructured declaration bounds the loop (`let [a, b] = [0, Math.floor(Math.sqrt(c))]`)', async () => {
    const code = twoSquares('c: number', 'Math.floor(Math.sqrt(c))');
    assert.equal(await complexityOf(code, 'typescript', 'judge'), 'O(sqrt(n))');
  });

  it('near miss: a destructured size keeps its linear count', async () => {
    assert.equal(await complexityOf(twoSquares('c: number, n: number', 'n'), 'typescript', 'judge'), 'O(n)');
  });

  /** Letters kept from each line into `t`, joined into a line of `ans` when `done` allows it. */
  const keptLetters = (after: string) => `function keep(lines: string[], done: boolean[]): string[] {
    const ans: string[] = [];
    const t: string[] = [];
    for (let k = 0; k < lines.length; k++) {
        const s = lines[k];
        for (let i = 0; i < s.length; i++) {
            if (s[i] !== '#') {
                t.push(s[i]);
            }
        }
        if (done[k] && t.length) {
            ans.push(t.join(''));
            ${after}
        }
    }
    return ans;
}`;

  it('a list read whole and emptied by the next statement is paid by its appends', async () => {
    assert.equal(await complexityOf(keptLetters('t.length = 0;'), 'typescript', 'keep'), 'O(L + n)');
  });

  it('near miss: a list joined on each pass and never emptied costs its length on each pass', async () => {
    assert.doesNotMatch((await complexityOf(keptLetters('k += 0;'), 'typescript', 'keep'))!, /^O\(L \+ n\)$/);
  });

  it('a chain of links tested for truth is a walk of the variable the body advances', async () => {
    const code = `function middle(head: ListNode): ListNode {
    let slow = head;
    let fast = head;
    while (fast.next && fast.next.next) {
        slow = slow.next;
        fast = fast.next.next;
    }
    return slow;
}`;
    const [complexity, basis] = await claimOf(code, 'typescript', 'middle');
    assert.equal(complexity, 'O(n)');
    assert.match(basis!, /loop over `fast`/);
  });
});
