// Golden cases for the twentieth round (issue 16, C++ misreads): a table declared with a list
// initialiser and no `=` (`static const vector<unordered_set<char>> rows{{…}, {…}, {…}};`) is named
// by its name, as `vector<int> dirs = {…};` is (extract/treeSitterStatements.ts `declaredName`): the
// extractor gave the statement the target `rows{{'q', …}, …}`, so readings that look a local up by
// its name (the fixed-size tables) did not find it, and a loop over its three rows was a loop over a
// size of the input. Written here, not taken from any corpus. Near misses: a range copied from a
// pair of iterators (`seen{cbegin(nums), cend(nums)}`) is not a list of two entries, and a table
// sized by the input keeps its size.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';
import { extractFacts } from '../../../../../server/src/engine/explain/index';

describe('explain extract: twentieth-round tables declared with a list initialiser and no `=`', () => {
  it('the declaration names the table, and its value is the list', async () => {
    const facts = await extractFacts(
      `int f() {
    static const vector<int> dirs{0, 1, 0, -1, 0};
    return dirs[0];
}`,
      'cpp',
    );
    const decl = facts.statements.find((s) => s.kind === 'declaration' && s.line === 2);
    assert.equal(decl?.target, 'dirs');
    assert.equal(decl?.value, '{0, 1, 0, -1, 0}');
  });

  it('C++: a loop over the rows of a fixed keyboard table is constant (O(L + n), not O(n·m))', async () => {
    const code = `class Solution {
public:
    vector<string> findWords(vector<string>& words) {
        static const vector<unordered_set<char>> rows{{'q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'},
                                                      {'a', 's', 'd', 'f', 'g', 'h', 'j', 'k', 'l'},
                                                      {'z', 'x', 'c', 'v', 'b', 'n', 'm'}};
        vector<string> result;
        for (const auto& word : words) {
            int k = 0;
            for (int i = 0; i < rows.size(); ++i) {
                if (rows[i].count(tolower(word[0]))) {
                    k = i;
                    break;
                }
            }
            bool ok = true;
            for (const auto& c : word) {
                if (!rows[k].count(tolower(c))) {
                    ok = false;
                    break;
                }
            }
            if (ok) result.emplace_back(word);
        }
        return result;
    }
};`;
    const [complexity] = await claimOf(code, 'cpp', 'findWords');
    assert.equal(complexity, 'O(L + n)');
  });

  it('near miss: a range copied from a pair of iterators keeps its text as the target', async () => {
    const facts = await extractFacts(
      `int f(const vector<int>& nums) {
    unordered_set<int> seen{cbegin(nums), cend(nums)};
    return seen.size();
}`,
      'cpp',
    );
    const decl = facts.statements.find((s) => s.kind === 'declaration' && s.line === 2);
    assert.equal(decl?.target, 'seen{cbegin(nums), cend(nums)}');
  });

  it('near miss: a table of the input`s size declared with parentheses is unchanged', async () => {
    const code = `int total(const vector<int>& nums) {
    vector<int> prefix(nums.size() + 1);
    int s = 0;
    for (int i = 0; i < prefix.size(); ++i) for (int j = 0; j < nums.size(); ++j) s += prefix[i] * nums[j];
    return s;
}`;
    const [complexity] = await claimOf(code, 'cpp', 'total');
    assert.equal(complexity, 'O(n*m)');
  });
});
