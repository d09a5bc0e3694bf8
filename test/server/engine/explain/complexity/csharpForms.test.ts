// Golden cases for C# library costs (LINQ, `List<T>`, `Array` statics, `string.Join`) and for a
// link walk nested in a walk of the same pointer written with `!= null` (C#, Java, Go). Causes
// found on the development half of doocs/leetcode, written here as small code of our own, each
// beside a near miss that keeps its answer.
import assert from 'node:assert/strict';
import { unitOf } from '../helpers';

describe('explain complexity: C# library and nested link walks', () => {
  it('`string.Join(".", parts)` joins `parts` (not a collection named `string`)', async () => {
    const code = `public class Paths {
    public string Dotted(IList<string> parts) {
        return string.Join(".", parts);
    }
}`;
    const unit = await unitOf(code, 'csharp', 'Dotted');
    assert.equal(unit.complexity, 'O(n)');
    assert.match(unit.complexity_basis!, /`Join` is O\(n\) in `parts`/);
  });

  it('LINQ and `List<T>` operations walk or shift their collection', async () => {
    const code = `public class Lists {
    public bool Same(int[] a, int[] b) {
        return a.SequenceEqual(b);
    }
    public List<int> Reversed(List<int> xs) {
        var r = new List<int>();
        foreach (var x in xs) {
            r.Insert(0, x);
        }
        return r;
    }
    public int[] Filled(int n) {
        var a = new int[n];
        Array.Fill(a, -1);
        return a;
    }
}`;
    assert.equal((await unitOf(code, 'csharp', 'Same')).complexity, 'O(n)');
    assert.match((await unitOf(code, 'csharp', 'Reversed')).complexity!, /^O\(n\*m\)$/);
    assert.equal((await unitOf(code, 'csharp', 'Filled')).complexity, 'O(n + m)');
  });

  it('near miss: `Substring` of a word and `Length` stay O(1) per word', async () => {
    const code = `public class Words {
    public int Total(string[] words) {
        int t = 0;
        foreach (var w in words) {
            t += w.Substring(1).Length;
        }
        return t;
    }
}`;
    assert.equal((await unitOf(code, 'csharp', 'Total')).complexity, 'O(n)');
  });

  it('an inner `cur = cur.next` walk inside `while (cur != null)` shares its passes: O(n)', async () => {
    const code = `public class Solution {
    public ListNode Dedup(ListNode head) {
        ListNode cur = head;
        while (cur != null) {
            while (cur.next != null && cur.next.val == cur.val) {
                cur = cur.next;
            }
            cur = cur.next;
        }
        return head;
    }
}`;
    assert.equal((await unitOf(code, 'csharp', 'Dedup')).complexity, 'O(n)');
    assert.equal((await unitOf(code.replace('public class', 'class'), 'java', 'Dedup')).complexity, 'O(n)');
  });

  it('Python `while cur.next and …` inside `while cur` stays one walk (a list named `next` is not a link)', async () => {
    const code = `def dedup(head):
    cur = head
    while cur:
        while cur.next and cur.next.val == cur.val:
            cur = cur.next
        cur = cur.next
    return head
`;
    assert.equal((await unitOf(code, 'python', 'dedup')).complexity, 'O(n)');
  });

  it('near miss: an inner walk restarted from the head on each pass stays quadratic', async () => {
    const code = `public class Solution {
    public int Pairs(ListNode head) {
        int c = 0;
        ListNode cur = head;
        while (cur != null) {
            ListNode p = head;
            while (p != null) {
                c++;
                p = p.next;
            }
            cur = cur.next;
        }
        return c;
    }
}`;
    assert.match((await unitOf(code, 'csharp', 'Pairs')).complexity!, /^O\(n(\^2|\*m)\)$/);
  });
});
