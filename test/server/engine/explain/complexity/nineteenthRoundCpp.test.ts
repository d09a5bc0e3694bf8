// Golden cases for the nineteenth round (issue 16, C and C++ misreads). Written here, not taken from
// any corpus.
// 1. A declaration of several names is one statement per declarator (extract/treeSitterStatements.ts):
//    the later names of `vector<int> first(26, -1), last(26, -1);`, `static const int N = 3, W = 2;`
//    and `vector<int> rows(grid.size()), cols(grid[0].size());` are seen as what they are — fixed
//    tables, fixed counts, allocations — where only the first was before.
// 2. A local holding a product of two sizes (`int m = n * n;`, `total = rows * cols`) is that product
//    (complexity/productLocals.ts): a loop up to it or a table of its length is n·n, not one size more.
//    Near misses: a product with a literal or a fixed count, and a local written again, stay as before.
// 3. C's row lengths (`int* matColSize`): `n = matColSize[0]`, now seen as the second declarator, is
//    the width of the table, not a number read from the data (elementCounts.ts). Near miss: a bound
//    read from an entry of the data (`x2 = rects[r][2]`) is still withheld.
// 4. A counter declared `char` (`for (char c = start; c <= end; ++c)`) takes a character's few values
//    (extract/bounds.ts): O(1), not a loop over `end`. Near miss: a `char*` pointer, an `int` counter.
import assert from 'node:assert/strict';
import { claimOf, unitOf } from '../helpers';

describe('explain complexity: nineteenth-round C and C++ forms', () => {
  it('C++: the second fixed table of one declaration is fixed too (26 × 26 pairs, O(n))', async () => {
    const code = `int spread(const string& s) {
    vector<int> first(26, -1), last(26, -1);
    for (int i = 0; i < s.size(); ++i) {
        if (first[s[i] - 'a'] < 0) first[s[i] - 'a'] = i;
        last[s[i] - 'a'] = i;
    }
    int best = 0;
    for (int a : first) for (int b : last) best = max(best, b - a);
    return best;
}`;
    const [complexity, basis] = await claimOf(code, 'cpp', 'spread');
    assert.equal(complexity, 'O(n)');
    assert.match(basis!, /loop over `s`/);
  });
  it('near miss: two tables sized by the input in one declaration still multiply', async () => {
    const code = `int spread(const string& s) {
    vector<int> first(s.size(), -1), last(s.size(), -1);
    for (int i = 0; i < s.size(); ++i) first[i] = last[i] = i;
    int best = 0;
    for (int a : first) for (int b : last) best = max(best, b - a);
    return best;
}`;
    // (each table is a size of its own: the pairs are first × last)
    assert.match((await claimOf(code, 'cpp', 'spread'))[0]!, /^O\(n\*m/);
  });
  it('C++: `static const int N = 3, W = 2;` bounds every loop by fixed counts: O(1)', async () => {
    const code = `bool tiles(vector<vector<char>>& grid) {
    static const int N = 3, W = 2;
    int hits = 0;
    for (int i = 0; i + W <= N; ++i)
        for (int j = 0; j + W <= N; ++j)
            for (int h = 0; h < W; ++h)
                for (int w = 0; w < W; ++w) hits += grid[i + h][j + w] == 'B';
    return hits > 0;
}`;
    assert.equal((await claimOf(code, 'cpp', 'tiles'))[0], 'O(1)');
  });
  it('C++: both tables of `vector<int> rows(grid.size()), cols(grid[0].size());` take space', async () => {
    const code = `int lines(vector<vector<int>>& grid) {
    vector<int> rows(grid.size()), cols(grid[0].size());
    for (int i = 0; i < grid.size(); ++i)
        for (int j = 0; j < grid[0].size(); ++j)
            if (grid[i][j]) ++rows[i], ++cols[j];
    return rows[0] + cols[0];
}`;
    const unit = await unitOf(code, 'cpp', 'lines');
    assert.equal(unit.space_complexity, 'O(n + m)');
  });
  it('C: the width read from `matColSize[0]` is a size, not a number read from the data', async () => {
    const code = `int ones(int** mat, int matSize, int* matColSize) {
    int m = matSize, n = matColSize[0];
    int count = 0;
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) count += mat[i][j];
    return count;
}`;
    assert.equal((await claimOf(code, 'c', 'ones'))[0], 'O(m*n)');
  });
  it('near miss: a bound read from an entry of the data is still withheld in C', async () => {
    const code = `int area(int** rects, int rectsSize, int* rectsColSize) {
    int total = 0;
    for (int r = 0; r < rectsSize; ++r) {
        int x1 = rects[r][0], x2 = rects[r][2];
        for (int x = x1; x < x2; ++x) total += 1;
    }
    return total;
}`;
    const [complexity, basis] = await claimOf(code, 'c', 'area');
    assert.equal(complexity, 'unknown');
    assert.match(basis!, /`x2` holds a number read from the data/);
  });
  it('C++: a search over the squares of an n × n board, `m = n * n`, is O(n²)', async () => {
    const code = `int climb(vector<vector<int>>& board) {
    int n = board.size();
    int m = n * n;
    vector<bool> seen(m + 1);
    queue<int> q;
    q.push(1);
    seen[1] = true;
    int steps = 0;
    while (!q.empty()) {
        int x = q.front(); q.pop();
        for (int y = x + 1; y <= min(x + 6, m); ++y)
            if (!seen[y]) { seen[y] = true; q.push(y); }
        ++steps;
    }
    return steps;
}`;
    const unit = await unitOf(code, 'cpp', 'climb');
    assert.match(unit.complexity!, /^O\(n\^2/);
    assert.match(unit.complexity_basis!, /`m` is `n \* n` \(line 3\): a product of two sizes/);
    assert.match(unit.space_complexity!, /^O\(n\^2/);
  });
  it('a loop up to a local product of sizes is the product in C++, Java, Go and Python', async () => {
    const codes: [string, string, string][] = [
      [
        'cpp',
        'cells',
        'int cells(int n, int k) {\n    int total = n * n, hits = 0;\n    for (int c = 0; c < total; ++c) hits += c % k == 0;\n    return hits;\n}',
      ],
      [
        'go',
        'cells',
        'package main\nfunc cells(n int, k int) int {\n    total := n * n\n    hits := 0\n    for c := 0; c < total; c++ {\n        if c%k == 0 {\n            hits++\n        }\n    }\n    return hits\n}',
      ],
      [
        'python',
        'cells',
        'def cells(n, k):\n    total = n * n\n    hits = 0\n    for c in range(total):\n        hits += c % k == 0\n    return hits\n',
      ],
    ];
    for (const [language, name, code] of codes)
      assert.equal((await claimOf(code, language, name))[0], 'O(n^2)', language);
    const java = `class A { int cells(int[][] grid) {
    int rows = grid.length, cols = grid[0].length;
    int total = rows * cols;
    int hits = 0;
    for (int c = 0; c < total; ++c) hits += grid[c / cols][c % cols];
    return hits;
} }`;
    assert.equal((await claimOf(java, 'java', 'cells'))[0], 'O(n*m)');
  });
  it('near misses: a literal or fixed factor, and a product written again, stay linear', async () => {
    const codes = [
      'int cells(int n, int k) {\n    int total = n * 2, hits = 0;\n    for (int c = 0; c < total; ++c) hits += c % k == 0;\n    return hits;\n}',
      'int cells(int n, int k) {\n    int total = n * k, hits = 0;\n    for (int c = 0; c < total; ++c) hits += c % k == 0;\n    total = 0;\n    return hits;\n}',
      'int cells(vector<int>& a) {\n    static const int K = 4;\n    int total = a.size() * K, hits = 0;\n    for (int c = 0; c < total; ++c) hits += a[c / K];\n    return hits;\n}',
    ];
    for (const code of codes) assert.equal((await claimOf(code, 'cpp', 'cells'))[0], 'O(n)', code);
  });
  it('C++ and Java: a counter declared `char` runs through a stretch of the character set, O(1)', async () => {
    const cpp = `char pick(char start, char end, unordered_map<char, int>& count) {
    for (char c = start; c <= end; ++c)
        if (count[c]) { --count[c]; return c; }
    return 0;
}`;
    const [complexity, basis] = await claimOf(cpp, 'cpp', 'pick');
    assert.equal(complexity, 'O(1)');
    assert.match(basis!, /the counter `c` is a `char`/);
    const java = `class A { char pick(char start, char end, int[] count) {
    for (char c = start; c <= end; ++c)
        if (count[c] > 0) { --count[c]; return c; }
    return 0;
} }`;
    assert.equal((await claimOf(java, 'java', 'pick'))[0], 'O(1)');
  });
  it('near miss: a `char*` pointer and an `int` counter still run over their limit', async () => {
    const pointer =
      'int walk(char* s, int n) {\n    int k = 0;\n    for (char* p = s; p < s + n; ++p) k += *p;\n    return k;\n}';
    const counter =
      'int walk(const string& s, int n) {\n    int k = 0;\n    for (int c = 0; c <= n; ++c) k += s[c];\n    return k;\n}';
    assert.equal((await claimOf(pointer, 'cpp', 'walk'))[0], 'O(n)');
    assert.equal((await claimOf(counter, 'cpp', 'walk'))[0], 'O(n)');
  });
});
