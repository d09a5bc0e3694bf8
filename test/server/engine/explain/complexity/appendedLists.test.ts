// Golden cases for the fifteenth round (issue 16): a local list that starts empty and gains entries
// only in one loop, which ended before a library operation on it (`result.reverse()`, `"".join`,
// C++ `reverse(begin(result), end(result))`), is as long as that loop ran — logarithmic for a loop
// dividing a number — not an input's size; and a number parsed from a text parameter (`n =
// int(num)`) has one digit per character of it. Near misses: a list also extended in bulk, and a
// list the operation meets inside the filling loop. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

/** Per-group C++ lists: `vals` declared before the loop (`outside`) or on each pass (`inside`). */
function groups(outside: string, inside: string): string {
  return `long long groups(vector<int>& arr, int l) {
    long long result = 0;
${outside}    for (int i = 0; i < l; ++i) {
${inside}        for (int j = i; j < size(arr); j += l) {
            vals.emplace_back(arr[j]);
        }
        nth_element(begin(vals), begin(vals) + size(vals) / 2, end(vals));
        result += vals[size(vals) / 2];
    }
    return result;
}`;
}

/** A stack popped into a per-pass list up to a bracket, with `pushBack` after the drain. */
function unwrap(pushBack: string): string {
  return `def unwrap(s):
    stk = []
    for c in s:
        if c == ")":
            t = []
            while stk[-1] != "(":
                t.append(stk.pop())
            stk.pop()
${pushBack}        else:
            stk.append(c)
    return "".join(stk)
`;
}

describe('explain complexity: lists as long as the loop that filled them', () => {
  it('a list filled once per pass of a dividing loop, then reversed, is logarithmic (Python)', async () => {
    const code = `def digits(n):
    result = []
    while n:
        n, r = divmod(n, 10)
        if r:
            result.append(r)
    result.reverse()
    return "".join(map(str, result))
`;
    assert.equal(await complexityOf(code, 'python', 'digits'), 'O(log n)');
  });

  it('a C++ string filled in nested fixed and dividing loops, then reversed, is logarithmic', async () => {
    const code = `string smallest(long long n) {
    string result;
    for (int d = 9; d >= 2; --d) {
        for (; n % d == 0; n /= d) {
            result.push_back('0' + d);
        }
    }
    reverse(begin(result), end(result));
    return result;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'smallest'), 'O(log n)');
  });

  it('a number parsed from a text parameter is divided once per character of it', async () => {
    const code = `def to_hex(num):
    result = []
    n = int(num)
    while n:
        n, r = divmod(n, 16)
        result.append(r)
    return "".join(reversed(result))
`;
    assert.equal(await complexityOf(code, 'python', 'to_hex'), 'O(n)');
  });

  it('near miss: a list also extended in bulk keeps its input size', async () => {
    const code = `def digits(n, extra):
    result = []
    while n:
        n, r = divmod(n, 10)
        result.append(r)
    result.extend(extra)
    result.reverse()
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'digits'), 'O(m + k + log n)');
  });

  it('near miss: a list reversed inside the loop that fills it keeps the product', async () => {
    const code = `def digits(n):
    result = []
    while n:
        n, r = divmod(n, 10)
        result.append(r)
        result.reverse()
    return result
`;
    assert.equal(await complexityOf(code, 'python', 'digits'), 'O(m log n)');
  });
  it('a C++ list created on each pass and filled there by a strided loop adds nothing beyond its appends', async () => {
    const code = groups('', '        vector<int> vals;\n');
    assert.equal(await complexityOf(code, 'cpp', 'groups'), 'O(n + m)');
  });

  it('near miss: a list created once before the loop and grown on every pass keeps the product', async () => {
    const code = groups('    vector<int> vals;\n', '');
    assert.equal(await complexityOf(code, 'cpp', 'groups'), 'O(n*m + k)');
  });
  it('a stack drained into a per-pass list and pushed back in bulk is not shared out', async () => {
    const code = unwrap('            stk.extend(t)\n');
    assert.equal(await complexityOf(code, 'python', 'unwrap'), 'O(n*m)');
  });

  it('near miss: the same drain without the bulk push-back stays shared out', async () => {
    const code = unwrap('');
    assert.equal(await complexityOf(code, 'python', 'unwrap'), 'O(n + m)');
  });
});
