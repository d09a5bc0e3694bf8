// Golden cases for the twentieth round (issue 16, C and C++ misreads): Rabin-Karp's check of a hash
// hit (complexity/hashHits.ts). Written here, not taken from any corpus.
// A branch taken when a table holds entries under a modular hash, which walks the entries stored
// under that hash and returns when one's text equals the current one, runs at most once per call
// (with a good hash a hit is a match): the comparisons are paid once, not on every pass.
// Near misses: an arm that does not return on a match, a key that is not a modular hash, and a
// bucket other than the one the branch tests keep the charge on every pass.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const cppCheck = (body: string) => `class Solution {
public:
    int check(const string& s, int L) {
        const uint64_t M = 1000000007, D = 26;
        uint64_t curr = 0, p = 1;
        for (int i = 0; i < L; ++i) {
            curr = (D * curr + s[i] - 'a') % M;
            p = p * D % M;
        }
        unordered_map<uint64_t, vector<int>> lookup;
        lookup[curr].emplace_back(0);
        for (int i = L; i < s.length(); ++i) {
            curr = (D * curr + s[i] - 'a' + M - (s[i - L] - 'a') * p % M) % M;
${body}
            lookup[curr].emplace_back(i - L + 1);
        }
        return -1;
    }
};`;

describe('explain complexity: twentieth-round hash hits (Rabin-Karp)', () => {
  it('C++: a hash hit checked against its bucket and returning on a match is paid once (O(n + L), not O(n^2·L))', async () => {
    const code = cppCheck(`            if (lookup.count(curr)) {
                for (const auto& j : lookup[curr]) {
                    if (s.substr(j, L) == s.substr(i - L + 1, L)) {
                        return j;
                    }
                }
            }`);
    const [complexity, basis] = await claimOf(code, 'cpp', 'check');
    assert.equal(complexity, 'O(n + L)');
    assert.match(basis!, /hash hit in `lookup`.*at most once per call \(expected\)/);
  });

  it('C++: work before the walk of the bucket in the same arm is paid once too', async () => {
    const code = cppCheck(`            if (lookup.find(curr) != lookup.end()) {
                auto target = s.substr(i - L + 1, L);
                for (const auto& j : lookup[curr]) {
                    auto candidate = s.substr(j, L);
                    if (candidate == target) {
                        return j;
                    }
                }
            }`);
    const [complexity] = await claimOf(code, 'cpp', 'check');
    assert.equal(complexity, 'O(n + L)');
  });

  it('Python: `if curr in lookup:` with a slice compared and returned on a match', async () => {
    const code = `def check(S, L):
    M, D = 10**9 + 7, 26
    p = pow(D, L, M)
    curr = 0
    for i in range(L):
        curr = (curr * D + ord(S[i])) % M
    lookup = collections.defaultdict(list)
    lookup[curr].append(L - 1)
    for i in range(L, len(S)):
        curr = ((curr * D) % M + ord(S[i]) - ord(S[i - L]) * p % M) % M
        if curr in lookup:
            for j in lookup[curr]:
                if S[j - L + 1:j + 1] == S[i - L + 1:i + 1]:
                    return i - L + 1
        lookup[curr].append(i)
    return 0
`;
    const [complexity, basis] = await claimOf(code, 'python', 'check');
    assert.equal(complexity, 'O(L + n)');
    assert.match(basis!, /hash hit/);
  });

  it('near miss: an arm that walks the bucket without returning on a match keeps its charge', async () => {
    const code = cppCheck(`            int same = 0;
            if (lookup.count(curr)) {
                for (const auto& j : lookup[curr]) {
                    if (s.substr(j, L) == s.substr(i - L + 1, L)) {
                        ++same;
                    }
                }
            }
            if (same > 2) return same;`);
    const [complexity, basis] = await claimOf(code, 'cpp', 'check');
    assert.equal(complexity, 'O(n^2*m + L)');
    assert.doesNotMatch(basis ?? '', /hash hit/);
  });

  it('near miss: a table keyed by the text itself (no modulus) keeps its charge', async () => {
    const code = `class Solution {
public:
    int firstRepeat(const vector<string>& words, const vector<int>& owners) {
        unordered_map<string, vector<int>> lookup;
        for (int i = 0; i < words.size(); ++i) {
            const auto& key = words[i];
            if (lookup.count(key)) {
                for (const auto& j : lookup[key]) {
                    if (owners[j] == owners[i]) {
                        return j;
                    }
                }
            }
            lookup[key].emplace_back(i);
        }
        return -1;
    }
};`;
    const [complexity, basis] = await claimOf(code, 'cpp', 'firstRepeat');
    assert.equal(complexity, 'O(n*m)');
    assert.doesNotMatch(basis ?? '', /hash hit/);
  });
});
