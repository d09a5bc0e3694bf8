// Golden cases for the thirteenth round (issue 16): Go, Java and JS/TS forms the engine misread —
// a Go method called on an instance of a type of the file (`trie := &Trie{}` / `newTrie()`, the
// method declared as `func (t *Trie) insert`), a Fenwick step through a method
// (`x -= this.lowbit(x)`). Each cause beside a near miss that must keep its answer. Written here,
// not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

const GO_TRIE = `type Trie struct {
	children [26]*Trie
	end      bool
}

func newTrie() *Trie {
	return &Trie{}
}

func (t *Trie) insert(w string) {
	node := t
	for _, c := range w {
		i := c - 'a'
		if node.children[i] == nil {
			node.children[i] = &Trie{}
		}
		node = node.children[i]
	}
	node.end = true
}

func build(words []string, k int) int {
	trie := newTrie()
	for i := 0; i < k; i++ {
		trie.insert(words[i])
	}
	return k
}

func buildLiteral(words []string, k int) int {
	trie := &Trie{}
	for i := 0; i < k; i++ {
		trie.insert(words[i])
	}
	return k
}
`;

// Two types with a method of the same name: the instance's type decides which one is called.
const GO_TWO_TYPES = `type Slow struct{ xs []int }

func (s *Slow) add(v int) {
	for i := range s.xs {
		s.xs[i] += v
	}
}

type Fast struct{ total int }

func (f *Fast) add(v int) {
	f.total += v
}

func run(nums []int) int {
	acc := &Fast{}
	for _, v := range nums {
		acc.add(v)
	}
	return acc.total
}
`;

const GO_FENWICK = `type BIT struct {
	n int
	c []int
}

func (this *BIT) lowbit(x int) int {
	return x & -x
}

func (this *BIT) query(x int) int {
	s := 0
	for x > 0 {
		s += this.c[x]
		x -= this.lowbit(x)
	}
	return s
}

func (this *BIT) scan(x int) int {
	s := 0
	for x > 0 {
		s += this.c[x]
		x -= this.width(x)
	}
	return s
}

func (this *BIT) width(x int) int {
	return 1
}
`;

const JAVA_TAG = `class Solution {
    public String tag(String caption) {
        String[] words = caption.split(" ");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < words.length; i++) {
            String word = words[i];
            word = word.toLowerCase();
            sb.append(word.substring(1));
        }
        return sb.toString();
    }

    public String joined(String caption, String tail) {
        String[] words = caption.split(" ");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < words.length; i++) {
            String word = words[i];
            word = word + tail;
            sb.append(word.substring(1));
        }
        return sb.toString();
    }
}
`;

const TS_MASKED = `function masks(words: string[]): Set<string> {
    const f = (w: string): string => {
        let res = '';
        for (const c of w) {
            res += 'aeiou'.includes(c) ? '*' : c;
        }
        return res;
    };
    const out = new Set<string>();
    for (const w of words) {
        let t = w.toLowerCase();
        t = f(t);
        out.add(t);
    }
    return out;
}

function padded(words: string[], pad: string): Set<string> {
    const f = (w: string): string => {
        let res = '';
        for (const c of w) {
            res += c;
        }
        return res;
    };
    const out = new Set<string>();
    for (const w of words) {
        let t = w.toLowerCase();
        t = f(t + pad);
        out.add(f(t));
    }
    return out;
}
`;

const TS_BLOCKS = `function reverseBlocks(nums: number[], k: number): number[] {
    const n = nums.length;
    const m = Math.floor(n / k);
    for (let i = 0; i < n; i += m) {
        let l = i,
            r = i + m - 1;
        while (l < r) {
            const t = nums[l];
            nums[l++] = nums[r];
            nums[r--] = t;
        }
    }
    return nums;
}

function reverseTails(nums: number[], k: number): number[] {
    const n = nums.length;
    const m = Math.floor(n / k);
    for (let i = 0; i < n; i += m) {
        let l = i,
            r = n - 1;
        while (l < r) {
            const t = nums[l];
            nums[l++] = nums[r];
            nums[r--] = t;
        }
    }
    return nums;
}
`;

const TS_PARENTS = `class Groups {
    p: Map<number, number> = new Map();

    find(x: number): number {
        if (!this.p.has(x)) {
            this.p.set(x, x);
        }
        if (this.p.get(x)! !== x) {
            this.p.set(x, this.find(this.p.get(x)!));
        }
        return this.p.get(x)!;
    }

    root(x: number): number {
        if (!this.p.has(x)) {
            this.p.set(x, x);
        }
        if (this.p.get(x)! !== x) {
            return this.root(this.p.get(x)!);
        }
        return x;
    }
}
`;

const TS_GENERATORS = `class Rows {
    rows: number[][] = [];

    *values(): Generator<number> {
        let i = 0;
        while (i < this.rows.length) {
            for (const v of this.rows[i]) yield v;
            i++;
        }
    }

    *flat(): Generator<number> {
        for (const row of this.rows) {
            for (const v of row) {
                yield v;
            }
        }
    }

    *sparse(): Generator<number> {
        for (const row of this.rows) {
            if (row.length > 1) {
                for (const v of row) {
                    yield v;
                }
            }
        }
    }
}
`;

const TS_LEVELS = `function link(root: TreeNode | null): TreeNode | null {
    if (!root) {
        return null;
    }
    const q: TreeNode[] = [root];
    while (q.length) {
        const next: TreeNode[] = [];
        let prev: TreeNode | null = null;
        for (const node of q) {
            if (prev) {
                prev.next = node;
            }
            prev = node;
            node.left && next.push(node.left);
            node.right && next.push(node.right);
        }
        q.splice(0, q.length, ...next);
    }
    return root;
}

function refill(xs: number[], ys: number[]): number[] {
    const q: number[] = [];
    for (const x of xs) {
        q.splice(0, q.length, ...ys);
    }
    return q;
}
`;

const TS_WORDS = `function words(s: string): string[] {
    const out: string[] = [];
    const n = s.length;
    let i = 0;
    while (i < n) {
        while (i < n && s[i] === ' ') {
            i++;
        }
        let j = i;
        while (j < n && s[j] !== ' ') {
            j++;
        }
        out.push(s.slice(i, j));
        i = j + 1;
    }
    return out;
}

function tails(s: string): string[] {
    const out: string[] = [];
    const n = s.length;
    let i = 0;
    while (i < n) {
        let j = i;
        while (j < n && s[j] !== ' ') {
            j++;
        }
        out.push(s.slice(i, n));
        i = j + 1;
    }
    return out;
}
`;

describe('explain complexity: thirteenth-round forms', () => {
  it('Go: a method of a type of the file, called on `newTrie()` or `&Trie{}`, is charged per call', async () => {
    assert.equal(await complexityOf(GO_TRIE, 'go', 'build'), 'O(k*n)');
    assert.equal(await complexityOf(GO_TRIE, 'go', 'buildLiteral'), 'O(k*n)');
  });

  it('near miss: the instance is of the type whose method is constant, not of the other: O(n)', async () => {
    assert.equal(await complexityOf(GO_TWO_TYPES, 'go', 'run'), 'O(n)');
  });

  it('a Fenwick step through a method, `x -= this.lowbit(x)`, visits O(log n) positions', async () => {
    assert.equal(await complexityOf(GO_FENWICK, 'go', 'query'), 'O(log n)');
  });

  it('near miss: a step through another method is no Fenwick step', async () => {
    assert.notEqual(await complexityOf(GO_FENWICK, 'go', 'scan'), 'O(log n)');
  });

  it('Java: an item view replaced by a view of itself (`word = word.toLowerCase()`) still works on the item', async () => {
    assert.equal(await complexityOf(JAVA_TAG, 'java', 'tag'), 'O(L + n + m)');
  });

  it('near miss: a view replaced by something longer (`word = word + tail`) is no view: O(n*m)', async () => {
    assert.notEqual(await complexityOf(JAVA_TAG, 'java', 'joined'), 'O(L + n + m)');
  });

  it('TS: `t = f(t)` with `f` a helper of the file keeps `t` a view of the item', async () => {
    assert.equal(await complexityOf(TS_MASKED, 'typescript', 'masks'), 'O(L + n)');
  });

  it('near miss: `t = f(t + pad)` is no view of the item', async () => {
    assert.notEqual(await complexityOf(TS_MASKED, 'typescript', 'padded'), 'O(L + n)');
  });

  it('TS: blocks of a strided loop whose pointers are declared over two lines: O(n)', async () => {
    assert.equal(await complexityOf(TS_BLOCKS, 'typescript', 'reverseBlocks'), 'O(n)');
  });

  it('near miss: a right pointer at the end of the array, not of the block, keeps the product', async () => {
    assert.notEqual(await complexityOf(TS_BLOCKS, 'typescript', 'reverseTails'), 'O(n)');
  });

  it('TS: `this.p.set(x, this.find(this.p.get(x)!))` is path compression: O(log n) amortised without a union by size', async () => {
    assert.equal(await complexityOf(TS_PARENTS, 'typescript', 'find'), 'O(log n)');
  });

  it('near miss: `return this.root(this.p.get(x)!)` re-points nothing: the climb is linear', async () => {
    assert.notEqual(await complexityOf(TS_PARENTS, 'typescript', 'root'), 'O(1)');
  });

  it('generators: a yield in the one-line body of an inner loop makes the inner passes the values', async () => {
    assert.equal(await complexityOf(TS_GENERATORS, 'typescript', 'values'), 'O(1)');
  });

  it('generators: an outer loop around a yielding loop is spread over its values', async () => {
    assert.equal(await complexityOf(TS_GENERATORS, 'typescript', 'flat'), 'O(1)');
  });

  it('near miss: a yielding loop under a branch may be skipped, so the outer passes still count', async () => {
    assert.equal(await complexityOf(TS_GENERATORS, 'typescript', 'sparse'), 'O(n)');
  });

  it('TS: `q.splice(0, q.length, ...next)` in the loop draining `q` by levels is the level swap: O(n)', async () => {
    assert.equal(await complexityOf(TS_LEVELS, 'typescript', 'link'), 'O(n)');
  });

  it('near miss: the same splice in a loop over another list copies `ys` on every pass', async () => {
    assert.notEqual(await complexityOf(TS_LEVELS, 'typescript', 'refill'), 'O(n)');
  });

  it('TS: `s.slice(i, j)` of the stretch a loop just scanned from `j = i` is paid by that scan: O(n)', async () => {
    assert.equal(await complexityOf(TS_WORDS, 'typescript', 'words'), 'O(n)');
  });

  it('near miss: `s.slice(i, n)` copies past the scanned stretch, to the end', async () => {
    assert.notEqual(await complexityOf(TS_WORDS, 'typescript', 'tails'), 'O(n)');
  });
});
