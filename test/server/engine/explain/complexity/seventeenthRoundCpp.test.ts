// Golden cases for the seventeenth round (issue 16, kamyu104 and doocs C and C++): forms the engine
// misread. A value reduced modulo a fixed constant before a loop that halves it (`a %= MOD, b %=
// MOD; while (b > 0) { …; b /= 2; }`, the doubling `mulmod` of modular arithmetic) is halved a
// fixed number of times; near misses: a value reduced by a parameter, or reduced and then raised
// again before the loop, stays logarithmic. A C/C++ `s.substr(i, j - i)` after `j = i` and a loop
// moving `j` copies the stretch that loop just scanned, which its passes pay for; near miss: a
// width from another start keeps the charge. A C++ table whose fill is itself a sized container
// (`vector<string> g(m, string(n, '.'))`) writes rows × row size entries; near miss: a fill of a
// fixed size is one entry per row. Factors taken out over a loop of divisors (`for (p…) while (x % p
// == 0) x /= p;`) are at most log x in all, added once; near miss: a value set again on each outer
// pass is divided again on each. A library call over an iterator range whose start the same pass
// then moves to its end (`reverse(s.begin() + i, s.begin() + j); i = j + 1`) covers the loop's range
// once in all; near miss: a start that is never moved keeps the doubt. Work on each token a C++
// stream hands out (`while (ss >> word)`, `getline(ss, word, ',')`) adds up to the stream's length;
// near miss: work on the whole sentence on every token stays a product. LeetCode's C signatures pass
// the length of each row of `int** grid` as `gridColSize[i]`: a size, not a number read from the
// data; near miss: a count stored in the data (`nums[i]`) keeps its doubt. A local set to the square
// root of a collection's size (`const int r = sqrt(size(nums))`) counts √n passes; near miss: a
// root plus another name is no root alone. A local set by a helper named `bit_length`, and half of
// it (`l / 2`), is a bit length: O(log) of its number; near miss: a local raised to a power of two
// again. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: seventeenth-round C and C++ forms (reduced values, scanned substr, table fills)', () => {
  const mulmod = (reduce: string) => `class Solution {
public:
    uint32_t mulmod(uint32_t a, uint32_t b, uint32_t m) {
        ${reduce}
        uint32_t result = 0;
        if (a < b) {
            swap(a, b);
        }
        while (b > 0) {
            if (b % 2 == 1) {
                result = (result + a) % MOD;
            }
            a = (a + a) % MOD;
            b /= 2;
        }
        return result;
    }
private:
    static const uint32_t MOD = 1e9 + 7;
};`;

  it('a value reduced modulo a fixed constant is halved a fixed number of times', async () => {
    assert.equal(await complexityOf(mulmod('a %= MOD, b %= MOD;'), 'cpp', 'mulmod'), 'O(1)');
    assert.equal(await complexityOf(mulmod('b = b % 1000000007; a %= MOD;'), 'cpp', 'mulmod'), 'O(1)');
  });

  it('near miss: a value reduced by a parameter stays logarithmic', async () => {
    assert.equal(await complexityOf(mulmod('a %= m, b %= m;'), 'cpp', 'mulmod'), 'O(log n)');
  });

  it('near miss: a value raised again after its reduction stays logarithmic', async () => {
    assert.equal(await complexityOf(mulmod('a %= MOD, b %= MOD; b += m;'), 'cpp', 'mulmod'), 'O(log n)');
  });

  it('near miss: a swap with a value that was not reduced stays logarithmic', async () => {
    assert.equal(await complexityOf(mulmod('b %= MOD;'), 'cpp', 'mulmod'), 'O(log n)');
  });

  it('substr(i, j - i) copies the stretch the loop moving j just scanned', async () => {
    const code = `int countRuns(string word) {
    unordered_set<string> seen;
    int n = word.size();
    for (int i = 0; i < n; ++i) {
        if (isdigit(word[i])) {
            int j = i;
            while (j < n && isdigit(word[j])) ++j;
            seen.insert(word.substr(i, j - i));
            i = j;
        }
    }
    return seen.size();
}`;
    assert.equal(await complexityOf(code, 'cpp', 'countRuns'), 'O(n)');
  });

  it('near miss: a substr whose width does not start at its position keeps its charge', async () => {
    const code = `int countRuns(string word) {
    unordered_set<string> seen;
    int n = word.size();
    for (int i = 0; i < n; ++i) {
        int j = i;
        while (j < n && isdigit(word[j])) ++j;
        seen.insert(word.substr(0, j - i));
    }
    return seen.size();
}`;
    assert.equal(await complexityOf(code, 'cpp', 'countRuns'), 'O(n^2)');
  });

  it('a table whose fill is a sized string or vector writes rows × row size entries', async () => {
    const grid = `vector<string> grid(int m, int n) {
    vector<string> result(m, string(n, '#'));
    for (int j = 0; j < n; ++j) result[0][j] = '.';
    return result;
}`;
    assert.equal(await complexityOf(grid, 'cpp', 'grid'), 'O(m*n)');
    const table = `vector<vector<int>> table(int m, int n) {
    vector<vector<int>> result(m, vector<int>(n, -1));
    result[0][0] = 0;
    return result;
}`;
    assert.equal(await complexityOf(table, 'cpp', 'table'), 'O(m*n)');
  });

  it('near miss: a fill of a fixed size is one entry per row', async () => {
    const code = `vector<vector<int>> table(int m) {
    vector<vector<int>> result(m, vector<int>(3, -1));
    return result;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'table'), 'O(m)');
  });

  it('factors taken out over a loop of divisors add up to log x once', async () => {
    const code = `int digitsOf(int a) {
    int result = 0;
    for (int i = 9; i >= 2; --i) {
        while (a % i == 0) {
            a /= i;
            ++result;
        }
    }
    return result;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'digitsOf'), 'O(log n)');
    const sqrt = `int factors(int x) {
    int count = 0;
    for (int p = 2; p * p <= x; ++p) {
        while (x % p == 0) {
            x /= p;
            ++count;
        }
    }
    return count + (x > 1);
}`;
    assert.equal(await complexityOf(sqrt, 'cpp', 'factors'), 'O(sqrt(n))');
  });

  it('near miss: a value set again on each outer pass is divided again on each', async () => {
    const code = `int twos(vector<int>& nums) {
    int c = 0;
    for (int i = 0; i < nums.size(); ++i) {
        int x = nums[i];
        while (x % 2 == 0) {
            x /= 2;
            ++c;
        }
    }
    return c;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'twos'), 'O(n log m)');
  });

  it('iterator ranges whose start the pass moves to their end abut', async () => {
    const code = `string reverseWords(string s) {
    for (int i = 0, j = 0; j <= s.length(); ++j) {
        if (j == s.length() || s[j] == ' ') {
            reverse(s.begin() + i, s.begin() + j);
            i = j + 1;
        }
    }
    return s;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'reverseWords'), 'O(n)');
    const groups = `bool sortedGroups(vector<int>& nums) {
    for (int right = 0, left = 0, mx = 0; right < size(nums); ++right) {
        if (right + 1 != size(nums) && nums[right + 1] == nums[right]) {
            continue;
        }
        if (mx > *min_element(cbegin(nums) + left, cbegin(nums) + right + 1)) {
            return false;
        }
        mx = *max_element(cbegin(nums) + left, cbegin(nums) + right + 1);
        left = right + 1;
    }
    return true;
}`;
    assert.equal(await complexityOf(groups, 'cpp', 'sortedGroups'), 'O(n)');
  });

  it('near miss: a range start that is never moved keeps the doubt', async () => {
    const code = `string prefixes(string s) {
    for (int i = 0, j = 0; j <= s.length(); ++j) {
        if (j == s.length() || s[j] == ' ') {
            reverse(s.begin() + i, s.begin() + j);
        }
    }
    return s;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'prefixes'), 'unknown');
  });

  it('work on each token of a stream adds up to the stream once', async () => {
    const code = `int validWords(string sentence) {
    int ans = 0;
    stringstream ss(sentence);
    string s;
    while (ss >> s) {
        int ok = 1;
        for (int i = 0; i < s.length(); ++i) {
            if (isdigit(s[i])) ok = 0;
        }
        ans += ok;
    }
    return ans;
}`;
    // (L: the tokens' total length; n: the passes)
    assert.equal(await complexityOf(code, 'cpp', 'validWords'), 'O(L + n)');
    const fields = `int fields(string line) {
    int ans = 0;
    stringstream ss(line);
    string s;
    while (getline(ss, s, ',')) {
        for (const auto& c : s) ans += c == 'a';
    }
    return ans;
}`;
    assert.equal(await complexityOf(fields, 'cpp', 'fields'), 'O(L + n)');
  });

  it('near miss: work on the whole sentence for every token stays a product', async () => {
    const code = `int scans(string sentence) {
    int ans = 0;
    stringstream ss(sentence);
    string s;
    while (ss >> s) {
        for (int i = 0; i < sentence.length(); ++i) {
            ans += sentence[i] == s[0];
        }
    }
    return ans;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'scans'), 'O(n*m)');
  });

  it("C's gridColSize[i] is the length of a row, not a number read from the data", async () => {
    const code = `int wealth(int** accounts, int accountsSize, int* accountsColSize) {
    int ans = 0;
    for (int i = 0; i < accountsSize; i++) {
        int sum = 0;
        for (int j = 0; j < accountsColSize[i]; j++) {
            sum += accounts[i][j];
        }
        ans = sum > ans ? sum : ans;
    }
    return ans;
}`;
    assert.equal(await complexityOf(code, 'c', 'wealth'), 'O(n*m)');
  });

  it('near miss: a count stored in the data keeps its doubt', async () => {
    const code = `int expand(int* nums, int numsSize) {
    int total = 0;
    for (int i = 0; i < numsSize; i++) {
        for (int j = 0; j < nums[i]; j++) {
            total++;
        }
    }
    return total;
}`;
    assert.equal(await complexityOf(code, 'c', 'expand'), 'unknown');
  });

  it("a local set to the root of a collection's size counts √n passes", async () => {
    const code = `int divisorSquares(vector<int>& nums) {
    int result = 0;
    const int r = sqrt(size(nums));
    for (int i = 1; i <= r; ++i) {
        if (size(nums) % i == 0) result += nums[i - 1];
    }
    return result;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'divisorSquares'), 'O(sqrt(n))');
  });

  it('near miss: a root plus another name is no root alone', async () => {
    const code = `int shifted(vector<int>& nums, int k) {
    int result = 0;
    const int r = sqrt(size(nums)) + k;
    for (int i = 1; i <= r; ++i) {
        result += i;
    }
    return result;
}`;
    assert.notEqual(await complexityOf(code, 'cpp', 'shifted'), 'O(sqrt(n))');
  });

  // (a helper of kamyu104's form, then a loop over the local it sets)
  const bitLengthOf = (name: string, loop: string) => `int ${name}(int n) {
    const auto& bit_length = [](int64_t x) {
        return (x ? std::__lg(x) : -1) + 1;
    };
    const auto& l = bit_length(n);
    int result = 0;
    ${loop}
    return result;
}`;

  it('a local set by a bit_length helper, halved, is a bit length', async () => {
    const code = bitLengthOf(
      'flips',
      'for (int i = 0; i < l / 2; ++i) {\n        if (((n >> i) & 1) != ((n >> ((l - 1) - i)) & 1)) result += 2;\n    }',
    );
    assert.equal(await complexityOf(code, 'cpp', 'flips'), 'O(log n)');
  });

  it('near miss: two raised to the bit length is a size again', async () => {
    const code = bitLengthOf(
      'masks',
      'for (int mask = 0; mask < (1 << l) / 2; ++mask) {\n        result += mask & n;\n    }',
    );
    assert.notEqual(await complexityOf(code, 'cpp', 'masks'), 'O(log n)');
  });
});
