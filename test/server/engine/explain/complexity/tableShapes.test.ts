// Golden cases of the eleventh round (JS/TS and PHP): a memo table allocated in nested calls with
// a literal inner length (`Array.from({ length: m }, () => Array(2).fill(-1))`) holds m × 2
// states, not m·k; its outer length is the size the states are counted in, and a local holding
// the length of a number's text (`m = n.toString(2).length`) is a count of digits, O(log n).
// The text of `abs(x)` has the digits of x (`strrev(strval(abs($x)))` is O(log x), it was O(1)).
// A JS/TS or PHP array allocated with literal lengths only (`new Array(26).fill(0)`,
// `array_fill(0, 26, 0)`) has a fixed size: a scan of it inside a loop is O(1), as `int cnt[26]` is.
// JS/TS forms: a digit loop truncating with `~~(x / 10)`, and lodash's binary searches
// (`_.sortedIndex`, global in LeetCode's JS environment). Each cause beside a near miss that keeps its answer. The code is our own.
import assert from 'node:assert/strict';
import { allocatedLengths, lengthNames } from '../../../../../server/src/engine/explain/complexity/tableDims';
import { complexityOf } from '../helpers';

/** A digit DP over the bits of `n` (no two adjacent ones), memoized in a table `rows × width`. */
const bitsDp = (rows: string, width: string, extra = '') => `
function noAdjacentOnes(n: number, k: number): number {
    ${extra}
    const f: number[][] = Array.from({ length: ${rows} }, () => Array(${width}).fill(-1));
    const go = (i: number, pre: number): number => {
        if (i < 0) return 1;
        if (f[i][pre] !== -1) return f[i][pre];
        let ans = 0;
        for (let j = 0; j <= 1; ++j) {
            if (pre === 1 && j === 1) continue;
            ans += go(i - 1, j);
        }
        f[i][pre] = ans;
        return ans;
    };
    return go(${rows} - 1, 0);
}`;

describe('explain complexity: table shapes spelled in nested calls', () => {
  it('reads the lengths of nested JS/TS and PHP allocations, outermost first', () => {
    assert.deepEqual(allocatedLengths('Array.from({ length: m }, () => Array(2).fill(-1))'), ['m', '2']);
    assert.deepEqual(allocatedLengths('new Array(n).fill(0).map(() => new Array(26).fill(0))'), ['n', '26']);
    assert.deepEqual(allocatedLengths('array_fill(0, $n + 1, array_fill(0, 3, 0))'), ['$n + 1', '3']);
    assert.equal(allocatedLengths('nums.map((x) => x * 2)'), undefined);
    assert.deepEqual(lengthNames('array_fill(0, $n + 1, array_fill(0, 3, 0))'), ['$n']);
    assert.deepEqual(lengthNames('Array.from({ length: n * m }, () => Array(k))'), [undefined, 'k']);
  });

  it('a table of m rows of a literal width, m the bits of n, is O(log n)', async () => {
    const code = bitsDp('m', '2', 'const m = n.toString(2).length;');
    assert.equal(await complexityOf(code, 'typescript', 'noAdjacentOnes'), 'O(log n)');
  });

  it('near miss: a table of k rows of a literal width, k a size of the input, is O(k)', async () => {
    const code = bitsDp('k', '2');
    assert.equal(await complexityOf(code, 'typescript', 'noAdjacentOnes'), 'O(k)');
  });

  it('near miss: a table whose width is a size too (`Array(k)`) keeps both sizes', async () => {
    const code = bitsDp('n', 'k');
    assert.equal(await complexityOf(code, 'typescript', 'noAdjacentOnes'), 'O(n*k)');
  });

  it('a PHP text of `abs($x)` has the digits of x: O(log x)', async () => {
    const code = `<?php
class Solution {
    function rev($x) {
        $r = intval(strrev(strval(abs($x))));
        return $x < 0 ? -$r : $r;
    }
    function flip($s) {
        return strrev($s);
    }
}
`;
    assert.equal(await complexityOf(code, 'php', 'rev'), 'O(log n)');
    // Near miss: the reversal of a string parameter is linear in it.
    assert.equal(await complexityOf(code, 'php', 'flip'), 'O(n)');
  });

  it('a local holding the length of a number text (`String(n).length`) counts digits; `s.length` stays a size', async () => {
    const code = `
function digits(n: number): number {
    const m = String(n).length;
    let ans = 0;
    for (let i = 0; i < m; i++) ans += i;
    return ans;
}
function letters(s: string): number {
    const m = s.length;
    let ans = 0;
    for (let i = 0; i < m; i++) ans += i;
    return ans;
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'digits'), 'O(log n)');
    assert.equal(await complexityOf(code, 'typescript', 'letters'), 'O(n)');
  });

  it('a JS loop replacing x by `~~(x / 10)` runs once per digit; a step of one stays linear', async () => {
    const code = `
function reverse(x) {
    let ans = 0;
    for (; x != 0; x = ~~(x / 10)) ans = ans * 10 + (x % 10);
    return ans;
}
function countDown(x) {
    let ans = 0;
    for (; x > 0; x--) ans++;
    return ans;
}
`;
    assert.equal(await complexityOf(code, 'javascript', 'reverse'), 'O(log n)');
    assert.equal(await complexityOf(code, 'javascript', 'countDown'), 'O(n)');
  });

  it("lodash's `_.sortedIndex` is a binary search: O(log n); `_.indexOf`-like scans are not listed", async () => {
    const code = `
function nextLetter(letters: string[], target: string): string {
    return letters[_.sortedIndex(letters, target + '\\0') % letters.length];
}
function scan(letters: string[], target: string): number {
    return letters.indexOf(target);
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'nextLetter'), 'O(log n)');
    assert.equal(await complexityOf(code, 'typescript', 'scan'), 'O(n)');
  });

  it('an array allocated with literal lengths is fixed (`new Array(26)`, `array_fill(0, 26, 0)`); `Array(n)` is not', async () => {
    const ts = `
function letters(s: string): number {
    const cnt = new Array(26).fill(0);
    let ans = 0;
    for (const c of s) for (const x of cnt) ans += x;
    return ans;
}
function sized(s: string, n: number): number {
    const cnt = new Array(n).fill(0);
    let ans = 0;
    for (const c of s) for (const x of cnt) ans += x;
    return ans;
}
`;
    assert.equal(await complexityOf(ts, 'typescript', 'letters'), 'O(n)');
    assert.equal(await complexityOf(ts, 'typescript', 'sized'), 'O(m*k + n)');
    const php = `<?php
function letters($s) {
    $cnt = array_fill(0, 26, 0);
    $ans = 0;
    for ($i = 0; $i < strlen($s); $i++) foreach ($cnt as $x) $ans += $x;
    return $ans;
}
`;
    assert.equal(await complexityOf(php, 'php', 'letters'), 'O(n)');
  });

  it('a row of a table whose rows have a literal length (`f[i]` of `Array(26)` rows) is fixed; rows of `Array(m)` are not', async () => {
    const ts = `
function letters(n: number): number {
    const f: number[][] = Array.from({ length: n }, () => Array(26).fill(0));
    let ans = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < f[i].length; j++) ans += f[i][j];
    return ans;
}
function sized(n: number, m: number): number {
    const f: number[][] = Array.from({ length: n }, () => Array(m).fill(0));
    let ans = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < f[i].length; j++) ans += f[i][j];
    return ans;
}
`;
    assert.equal(await complexityOf(ts, 'typescript', 'letters'), 'O(n)');
    assert.equal(await complexityOf(ts, 'typescript', 'sized'), 'O(n*m + n*k)');
    const php = `<?php
function letters($n) {
    $f = array_fill(0, $n, array_fill(0, 26, 0));
    $ans = 0;
    for ($i = 0; $i < $n; $i++) foreach ($f[$i] as $x) $ans += $x;
    return $ans;
}
`;
    assert.equal(await complexityOf(php, 'php', 'letters'), 'O(n)');
  });

  it("a JS chain on a number's text (`String(x).split('').reverse().join('')`) is O(log x); on a string it is O(n)", async () => {
    const code = `
function reverse(x: number): number {
    return Number(String(x).split('').reverse().join(''));
}
function flip(s: string): string {
    return s.split('').reverse().join('');
}
`;
    assert.equal(await complexityOf(code, 'typescript', 'reverse'), 'O(log n)');
    assert.equal(await complexityOf(code, 'typescript', 'flip'), 'O(n)');
  });
});
