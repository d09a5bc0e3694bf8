// Golden cases for the seventeenth round (issue 16, doocs Java, Go, Rust and C#): a library binary
// search whose predicate walks the input (Go `sort.Search(m, func(v int) bool { …for… })`). Each
// cause sits beside a near miss that keeps its answer. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

describe('explain complexity: seventeenth-round forms (doocs Java, Go, Rust, C#)', () => {
  it('Go: `sort.Search` calls its predicate once per probe, so a loop in it is paid log m times', async () => {
    const code = `func minDays(nums []int, m int, k int) int {
	return sort.Search(m, func(v int) bool {
		cnt := 0
		for _, x := range nums {
			cnt += x / (v + 1)
		}
		return cnt < k
	})
}`;
    const [complexity, basis] = await claimOf(code, 'go', 'minDays');
    assert.equal(complexity, 'O(n log m)');
    assert.match(basis!, /`Search` is O\(log n\) in `m`/);
  });
  it('Go near miss: a predicate of fixed cost keeps the search logarithmic', async () => {
    const code = `func firstAtLeast(nums []int, x int) int {
	return sort.Search(len(nums), func(i int) bool { return nums[i] >= x })
}`;
    assert.equal((await claimOf(code, 'go', 'firstAtLeast'))[0], 'O(log n)');
  });
});
