// Golden cases of the eleventh round (JS/TS and PHP): a memo table allocated in nested calls with
// a literal inner length (`Array.from({ length: m }, () => Array(2).fill(-1))`) holds m × 2
// states, not m·k; its outer length is the size the states are counted in, and a local holding
// the length of a number's text (`m = n.toString(2).length`) is a count of digits, O(log n).
// The text of `abs(x)` has the digits of x (`strrev(strval(abs($x)))` is O(log x), it was O(1)).
// Each cause beside a near miss that keeps its answer. The code is our own.
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
});
