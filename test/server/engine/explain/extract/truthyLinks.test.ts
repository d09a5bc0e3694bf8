// Golden cases for the sixteenth round (issue 16): a `while` whose condition is a link of the
// walker tested for truth (`while (temp.left) temp = temp.left;`, Python `while node.left:`) walks
// one path of the structure, as `while (temp.left !== null)` already did. Near miss: the same test
// with a body that never moves the walker stays unknown. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain while bounds: a link tested for truth', () => {
  it('a TS walk down the left links, tested for truth, is linear in the path', async () => {
    const code = `function leftmost(x: TreeNode): TreeNode {
    let node = x;
    while (node.left) node = node.left;
    return node;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'leftmost'), 'O(n)');
  });

  it('a Python walk down the left links, tested for truth, is linear in the path', async () => {
    const code = `def leftmost(node):
    while node.left:
        node = node.left
    return node.val
`;
    assert.equal(await complexityOf(code, 'python', 'leftmost'), 'O(n)');
  });

  it('a TS for-loop with no update over a link tested for truth, advanced in the body, is linear', async () => {
    const code = `function dropOdd(head: ListNode): ListNode {
    const dummy = new ListNode(0, head);
    for (let pre = dummy; pre.next; ) {
        if (pre.next.val % 2 === 1) {
            pre.next = pre.next.next;
        } else {
            pre = pre.next;
        }
    }
    return dummy.next;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'dropOdd'), 'O(n)');
  });

  it('near miss: a body that never moves the walker stays unknown', async () => {
    const code = `function spin(x: TreeNode): number {
    let node = x;
    let c = 0;
    while (node.left) {
        c++;
    }
    return c;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'spin'), 'unknown');
  });
});
