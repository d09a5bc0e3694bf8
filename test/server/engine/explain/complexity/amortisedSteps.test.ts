// Golden cases for the eleventh round (issue 16): inner loops whose passes are shared out over
// the outer loop's passes — a counted inner loop that steps the outer loop's own pointer, a `for`
// without initialiser moving a pointer kept from earlier passes, a list filled from its own size
// up to the outer counter. Each cause sits beside a near miss that must keep its product. Written
// here, not taken from any corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: amortised inner loops that move a pointer kept across passes (eleventh round)', () => {
  it('C++: a counted inner loop stepping the outer walk along its links shares the walk', async () => {
    const code = `struct Node { int val; Node* next; };
class Solution {
public:
    Node* thin(Node* head, int keep, int drop) {
        Node* walk = head;
        while (walk) {
            for (int c = 1; c < keep; ++c) {
                if (!walk->next) return head;
                walk = walk->next;
            }
            Node* last = walk;
            for (int c = 0; c < drop; ++c) {
                if (!walk->next) { last->next = nullptr; return head; }
                walk = walk->next;
            }
            last->next = walk->next;
            walk = walk->next;
        }
        return head;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'thin'), 'O(n)');
  });
  it('near miss: an inner walk of its own pointer, started again on each pass, stays a product', async () => {
    const code = `struct Node { int val; Node* next; };
class Solution {
public:
    int ahead(Node* head, int k) {
        int total = 0;
        Node* walk = head;
        while (walk) {
            Node* probe = walk;
            for (int c = 0; c < k; ++c) {
                if (!probe->next) break;
                probe = probe->next;
            }
            total += probe->val;
            walk = walk->next;
        }
        return total;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'ahead'), 'O(n*k)');
  });
  it('C++: a counted inner loop stepping and testing the outer counter is shared out', async () => {
    const code = `class Solution {
public:
    int groups(string text, int width) {
        int n = text.size(), marks = 0;
        for (int pos = 0; pos < n;) {
            for (int c = 0; c < width && pos < n; ++c) {
                marks += text[pos] == 'x';
                ++pos;
            }
            ++marks;
        }
        return marks;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'groups'), 'O(n)');
  });
  it('near miss: an inner loop stepping the counter without testing it can run past it: product kept', async () => {
    const code = `class Solution {
public:
    int jumps(string text, int width) {
        int n = text.size(), marks = 0;
        for (int pos = 0; pos < n;) {
            for (int c = 0; c < width; ++c) {
                ++pos;
            }
            ++marks;
        }
        return marks;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'jumps'), 'O(n*m)');
  });
  it('Python: a counted inner loop that breaks at the end and steps the while counter is shared out', async () => {
    const code = `def groups(text, width):
    n = len(text)
    pos = 0
    marks = 0
    while pos < n:
        for _ in range(width):
            if pos >= n:
                break
            marks += text[pos] == 'x'
            pos += 1
        marks += 1
    return marks
`;
    assert.equal(await complexityOf(code, 'python', 'groups'), 'O(n)');
  });
  it('C++: a for without initialiser moving a pointer kept from earlier passes is amortised', async () => {
    const code = `class Solution {
public:
    long long spans(vector<int>& vals, long long cap) {
        long long total = 0, load = 0;
        for (int hi = size(vals) - 1, lo = size(vals) - 1; hi >= 0; --hi) {
            load += vals[hi];
            for (; load > cap; --lo) {
                load -= vals[lo];
            }
            total += lo - hi + 1;
        }
        return total;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'spans'), 'O(n)');
  });
  it('near miss: the same pointer reset before the inner loop on every pass stays quadratic', async () => {
    const code = `class Solution {
public:
    long long spans(vector<int>& vals, long long cap) {
        long long total = 0, load = 0;
        for (int hi = size(vals) - 1, lo = 0; hi >= 0; --hi) {
            load = total;
            lo = size(vals) - 1;
            for (; load > cap; --lo) {
                load -= vals[lo];
            }
            total += lo - hi + 1;
        }
        return total;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'spans'), 'O(n^2)');
  });
  it('C++: a list filled from its own size up to the outer counter adds up to its final size', async () => {
    const code = `class Solution {
public:
    vector<int> order(string marks) {
        vector<int> out;
        for (int i = 0; i <= marks.size(); ++i) {
            if (i == marks.size() || marks[i] == '+') {
                const int have = out.size();
                for (int v = i + 1; v > have; --v) {
                    out.push_back(v);
                }
            }
        }
        return out;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'order'), 'O(n)');
  });
  it('near miss: a list filled from zero up to the outer counter on every pass stays quadratic', async () => {
    const code = `class Solution {
public:
    vector<int> order(string marks) {
        vector<int> out;
        for (int i = 0; i <= marks.size(); ++i) {
            for (int v = 0; v < i; ++v) {
                out.push_back(v);
            }
        }
        return out;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'order'), 'O(n^2)');
  });
  it('near miss: a list filled up to the counter from its size but emptied again is not shared out', async () => {
    const code = `class Solution {
public:
    int order(string marks) {
        vector<int> out;
        int total = 0;
        for (int i = 0; i <= marks.size(); ++i) {
            const int have = out.size();
            for (int v = i + 1; v > have; --v) {
                out.push_back(v);
            }
            total += out.size();
            if (marks[i] == '-') out.clear();
        }
        return total;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'order'), 'O(n^2)');
  });
});

describe('explain complexity: matrix powers of a matrix the code writes out, Java and Go (eleventh round)', () => {
  it('Java: squaring a 2×2 display through a multiply sized by `.length` is O(log n)', async () => {
    const code = `class Solution {
    public int steps(int n) {
        int[][] t = {{1, 1}, {1, 0}};
        return power(t, n)[0][1];
    }

    private int[][] times(int[][] x, int[][] y) {
        int rows = x.length, cols = y[0].length;
        int[][] out = new int[rows][cols];
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j)
                for (int k = 0; k < y.length; ++k)
                    out[i][j] += x[i][k] * y[k][j];
        return out;
    }

    private int[][] power(int[][] x, int n) {
        int[][] acc = {{1, 0}};
        while (n > 0) {
            if ((n & 1) == 1) acc = times(acc, x);
            x = times(x, x);
            n >>= 1;
        }
        return acc;
    }
}`;
    assert.equal(await complexityOf(code, 'java', 'steps'), 'O(log n)');
  });
  it('Go: the same with `len`, a tuple declaration and `make` is O(log n)', async () => {
    const code = `func steps(n int) int {
	t := [][]int{{1, 1}, {1, 0}}
	return power(t, n)[0][1]
}

func times(x, y [][]int) [][]int {
	rows, cols := len(x), len(y[0])
	out := make([][]int, rows)
	for i := range out {
		out[i] = make([]int, cols)
	}
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			for k := 0; k < len(y); k++ {
				out[i][j] += x[i][k] * y[k][j]
			}
		}
	}
	return out
}

func power(x [][]int, n int) [][]int {
	acc := [][]int{{1, 0}}
	for n > 0 {
		if n&1 == 1 {
			acc = times(acc, x)
		}
		x = times(x, x)
		n >>= 1
	}
	return acc
}`;
    assert.equal(await complexityOf(code, 'go', 'steps'), 'O(log n)');
  });
  it('near miss: a matrix the caller takes as input keeps the cube of its size', async () => {
    const code = `class Solution {
    public int[][] raise(int[][] t, int n) {
        return power(t, n);
    }

    private int[][] times(int[][] x, int[][] y) {
        int rows = x.length, cols = y[0].length;
        int[][] out = new int[rows][cols];
        for (int i = 0; i < rows; ++i)
            for (int j = 0; j < cols; ++j)
                for (int k = 0; k < y.length; ++k)
                    out[i][j] += x[i][k] * y[k][j];
        return out;
    }

    private int[][] power(int[][] x, int n) {
        int[][] acc = x;
        n -= 1;
        while (n > 0) {
            if ((n & 1) == 1) acc = times(acc, x);
            x = times(x, x);
            n >>= 1;
        }
        return acc;
    }
}`;
    assert.notEqual(await complexityOf(code, 'java', 'raise'), 'O(log n)');
  });
});

describe('explain complexity: C++ named casts in loop conditions (eleventh round)', () => {
  it('a cast bound is read through the cast: `i < static_cast<int>(size(xs))` is linear in xs', async () => {
    const code = `class Solution {
public:
    int total(vector<int>& xs) {
        int sum = 0;
        for (int i = 0; i < static_cast<int>(size(xs)); ++i) sum += xs[i];
        return sum;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'total'), 'O(n)');
  });
  it('the `<` of a cast is no comparison: a condition it hid is unknown, not a size named after it', async () => {
    const code = `class Solution {
public:
    long long count(vector<int>& xs, long long cap) {
        long long result = 0;
        for (int hi = 0, lo = 0; hi < size(xs); ++hi) {
            while (static_cast<int64_t>(hi - lo + 1) * xs[hi] > cap) {
                ++lo;
            }
            result += hi - lo + 1;
        }
        return result;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'count'), 'unknown');
  });
});
