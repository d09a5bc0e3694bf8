// Golden cases for two pointers over two different sequences (merging) and sliding windows kept in
// a set or a map through calls (issue 16, seventh round), each beside near misses that must not be
// claimed. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { conceptsOf } from '../helpers';

describe('explain concepts: two pointers over two sequences', () => {
  it('Python: merging two sorted lists, `while i < len(a) and j < len(b)`, is two pointers', async () => {
    const code = `def merge(a, b):
    i = j = 0
    out = []
    while i < len(a) and j < len(b):
        if a[i] <= b[j]:
            out.append(a[i])
            i += 1
        else:
            out.append(b[j])
            j += 1
    return out + a[i:] + b[j:]
`;
    assert.ok((await conceptsOf(code, 'python')).includes('two pointers'));
  });

  it('C++: a common value of two sorted arrays with both indices in the header', async () => {
    const code = `int common(vector<int>& a, vector<int>& b) {
    for (int i = 0, j = 0; i < size(a) && j < size(b);) {
        if (a[i] < b[j]) ++i;
        else if (a[i] > b[j]) ++j;
        else return a[i];
    }
    return -1;
}`;
    assert.ok((await conceptsOf(code, 'cpp')).includes('two pointers'));
  });

  it('near miss: two indices stepped together on every pass walk in lockstep (a zip), not two pointers', async () => {
    const code = `def dot(a, b):
    i = j = 0
    total = 0
    while i < len(a) and j < len(b):
        total += a[i] * b[j]
        i += 1
        j += 1
    return total
`;
    assert.ok(!(await conceptsOf(code, 'python')).includes('two pointers'));
  });

  it('near miss: two bounds on one sequence (`i < len(a) and j < len(a)`) are not a merge', async () => {
    const code = `def scan(a):
    i = j = 0
    while i < len(a) and j < len(a):
        if a[i] > 0:
            i += 1
        else:
            j += 1
    return i + j
`;
    assert.ok(!(await conceptsOf(code, 'python')).includes('two pointers'));
  });
});

describe('explain concepts: sliding windows kept through calls', () => {
  it('Python: a set gaining `s[right]` and losing `s[left]` as `left` advances is a sliding window', async () => {
    const code = `def longest_unique(s):
    window = set()
    left = best = 0
    for right in range(len(s)):
        while s[right] in window:
            window.remove(s[left])
            left += 1
        window.add(s[right])
        best = max(best, right - left + 1)
    return best
`;
    assert.ok((await conceptsOf(code, 'python')).includes('sliding window'));
  });

  it('Java: a map counted with `put(c, getOrDefault(c, 0) + 1)` and `put(.., get(..) - 1)` at `left`', async () => {
    const code = `class Solution {
    int longest(String s, int k) {
        Map<Character, Integer> cnt = new HashMap<>();
        int left = 0, best = 0;
        for (int right = 0; right < s.length(); right++) {
            char c = s.charAt(right);
            cnt.put(c, cnt.getOrDefault(c, 0) + 1);
            while (cnt.size() > k) {
                cnt.put(s.charAt(left), cnt.get(s.charAt(left)) - 1);
                if (cnt.get(s.charAt(left)) == 0) cnt.remove(s.charAt(left));
                left++;
            }
            best = Math.max(best, right - left + 1);
        }
        return best;
    }
}`;
    assert.ok((await conceptsOf(code, 'java')).includes('sliding window'));
  });

  it('near miss: removing what was just added (no trailing pointer) is no window', async () => {
    const code = `def toggle(s):
    seen = set()
    for right in range(len(s)):
        if s[right] in seen:
            seen.remove(s[right])
        else:
            seen.add(s[right])
    return len(seen)
`;
    assert.ok(!(await conceptsOf(code, 'python')).includes('sliding window'));
  });

  it('near miss: removing from another sequence at the pointer is no window over this one', async () => {
    const code = `def drop(s, t):
    window = set()
    left = 0
    for right in range(len(s)):
        window.add(s[right])
        if len(window) > 3:
            window.discard(t[left])
            left += 1
    return len(window)
`;
    assert.ok(!(await conceptsOf(code, 'python')).includes('sliding window'));
  });
});
