// Golden cases for language-specific forms the complexity estimate must read (Go, Java, C, Rust,
// C#, JS/TS): each case is a cause found on the development half of doocs/leetcode, written here
// as small code of our own.
import assert from 'node:assert/strict';
import { explain } from '../helpers';

async function unitOf(code: string, language: string, name: string) {
  const out = await explain(code, language);
  const unit = out.details!.units.find((u) => u.name === name);
  assert.ok(unit, `no unit ${name} in ${out.details!.units.map((u) => u.name).join(', ')}`);
  return unit;
}

describe('explain complexity: language forms', () => {
  describe('Go closures assigned to a name', () => {
    const code = `func height(root *Node) (best int) {
	var walk func(n *Node) int
	walk = func(n *Node) int {
		if n == nil {
			return 0
		}
		l, r := walk(n.Left), walk(n.Right)
		best = max(best, l+r)
		return 1 + max(l, r)
	}
	walk(root)
	return
}`;
    it('`walk = func(...)` names the literal, so its recursion and its caller are charged', async () => {
      assert.equal((await unitOf(code, 'go', 'walk')).complexity, 'O(n)');
      assert.equal((await unitOf(code, 'go', 'height')).complexity, 'O(n)');
    });
    it('`f := func(...)` and `var f = func(...)` name their literal too', async () => {
      const forms = `func total(xs []int) int {
	sum := func(ys []int) int {
		s := 0
		for _, y := range ys {
			s += y
		}
		return s
	}
	var twice = func(ys []int) int { return 2 * sum(ys) }
	return twice(xs)
}`;
      assert.equal((await unitOf(forms, 'go', 'sum')).complexity, 'O(n)');
      assert.equal((await unitOf(forms, 'go', 'twice')).complexity, 'O(n)');
    });
  });
  it("Go: recursing on a node's `Left` and `Right` fields walks the tree once, O(n)", async () => {
    const code = `func prune(root *Node) *Node {
	if root == nil {
		return nil
	}
	root.Left = prune(root.Left)
	root.Right = prune(root.Right)
	return root
}`;
    const unit = await unitOf(code, 'go', 'prune');
    assert.equal(unit.complexity, 'O(n)');
    assert.match(unit.complexity_basis!, /subtrees/);
  });
});
