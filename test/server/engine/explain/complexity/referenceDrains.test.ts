// Golden cases for the fourteenth round (issue 16): a lazy-deletion heap pruned by a helper that
// is given the heap by reference (Go `pq *hp`, C++ `priority_queue<int>& pq`) only pops it, so over
// all calls it pops at most what was pushed: the drain is paid once in all, not once per call. The
// unit's parameters keep their names only, so the reference is read from the helper's header (a
// C++ template's header too: the `template <typename T>` line is no statement of its own), as is a
// Go method's pointer receiver (`func (h *hp) prune()`), which outlives the call like a field.
// Near misses: the same helper given the heap by value or a value receiver (a copy: nothing
// outlives the call), and a helper that pushes back what it pops. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

const GO_HEAP = `type hp struct{ sort.IntSlice }

func (h *hp) Push(v any) { h.IntSlice = append(h.IntSlice, v.(int)) }
func (h *hp) Pop() any   { a := h.IntSlice; v := a[len(a)-1]; h.IntSlice = a[:len(a)-1]; return v }
`;

function goWindow(param: string, extra = ''): string {
  return `package main

type window struct {
	lo   hp
	gone map[int]int
}

func (w *window) clean(${param}) {
	for pq.Len() > 0 && w.gone[pq.IntSlice[0]] > 0 {
		w.gone[pq.IntSlice[0]]--
		heap.Pop(pq)${extra}
	}
}

func (w *window) add(v int) {
	heap.Push(&w.lo, v)
	w.clean(&w.lo)
}

${GO_HEAP}
func run(nums []int) int {
	w := &window{gone: map[int]int{}}
	for _, x := range nums {
		w.add(x)
	}
	return 0
}
`;
}

function cppWindow(param: string, extra = ''): string {
  return `class Window {
public:
    priority_queue<int> lo;
    unordered_map<int, int> gone;

    void clean(${param}) {
        while (!pq.empty() && gone[pq.top()]) {
            --gone[pq.top()];
            pq.pop();${extra}
        }
    }

    void add(int v) {
        lo.push(v);
        clean(lo);
    }
};

class Solution {
public:
    int run(vector<int>& nums) {
        Window w;
        for (int x : nums) w.add(x);
        return 0;
    }
};
`;
}

function goSelfPruned(receiver: string): string {
  return `package main

type hp struct {
	sort.IntSlice
	gone map[int]int
}

func (h *hp) Push(v any) { h.IntSlice = append(h.IntSlice, v.(int)) }
func (h *hp) Pop() any   { a := h.IntSlice; v := a[len(a)-1]; h.IntSlice = a[:len(a)-1]; return v }
func (${receiver}) prune() {
	for h.Len() > 0 && h.gone[h.IntSlice[0]] > 0 {
		h.gone[h.IntSlice[0]]--
		heap.Pop(h)
	}
}

func run(nums []int) int {
	h := &hp{gone: map[int]int{}}
	for _, x := range nums {
		heap.Push(h, x)
		h.gone[x]++
		h.prune()
	}
	return 0
}
`;
}

describe('explain complexity: lazy-deletion heaps pruned through a reference parameter', () => {
  it('a Go helper given the heap as a pointer is paid once over all calls', async () => {
    assert.equal(await complexityOf(goWindow('pq *hp'), 'go', 'run'), 'O(n log n + m log n)');
  });

  it('a C++ helper given the heap by reference is paid once over all calls', async () => {
    assert.equal(
      await complexityOf(cppWindow('priority_queue<int>& pq'), 'cpp', 'run'),
      'O(n log n + m log n)',
    );
  });

  it('a C++ template helper given the heap by reference is paid once over all calls', async () => {
    const code = cppWindow('T& pq').replace('    void clean(', '    template <typename T>\n    void clean(');
    assert.equal(await complexityOf(code, 'cpp', 'clean'), 'O(n)');
    assert.equal(await complexityOf(code, 'cpp', 'run'), 'O(n log m + m)');
  });

  it('a Go heap pruned by its own pointer-receiver method is paid once over all calls', async () => {
    assert.equal(await complexityOf(goSelfPruned('h *hp'), 'go', 'run'), 'O(n log n + m log n)');
  });

  it('near miss: a Go value receiver prunes a copy and is charged on every call', async () => {
    assert.equal(await complexityOf(goSelfPruned('h hp'), 'go', 'run'), 'O(n*m log m)');
  });

  it('near miss: a C++ helper given a copy of the heap is charged on every call', async () => {
    assert.equal(await complexityOf(cppWindow('priority_queue<int> pq'), 'cpp', 'run'), 'O(n*m log m)');
  });

  it('near miss: a helper that pushes back what it pops is charged on every call', async () => {
    assert.equal(
      await complexityOf(goWindow('pq *hp', '\n\t\theap.Push(pq, 0)'), 'go', 'run'),
      'O(n*m log m)',
    );
    assert.equal(
      await complexityOf(cppWindow('priority_queue<int>& pq', '\n            pq.push(0);'), 'cpp', 'run'),
      'O(n*m log m)',
    );
  });
});
