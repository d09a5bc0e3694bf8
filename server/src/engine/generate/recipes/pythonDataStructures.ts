// Python data structures and classic algorithms.
import type { Recipe } from './recipe';

const py = (recipe: Omit<Recipe, 'family' | 'kind'> & { kind?: Recipe['kind'] }): Recipe => ({
  family: 'python',
  kind: 'class',
  ...recipe,
});

export const PYTHON_DATA_STRUCTURES: Recipe[] = [
  py({
    id: 'py.stack',
    entry: 'Stack',
    title: 'Stack (LIFO)',
    description: 'A last-in first-out stack with push, pop, peek, size and is_empty.',
    tags: ['stack', 'lifo', 'push', 'pop', 'peek', 'data structure'],
    code: `class Stack:
    """Last in, first out."""

    def __init__(self):
        self._items = []

    def push(self, item):
        self._items.append(item)

    def pop(self):
        if not self._items:
            raise IndexError("pop from an empty stack")
        return self._items.pop()

    def peek(self):
        if not self._items:
            raise IndexError("peek at an empty stack")
        return self._items[-1]

    def is_empty(self):
        return not self._items

    def __len__(self):
        return len(self._items)
`,
    tests: `import unittest

from subject import Stack


class StackTest(unittest.TestCase):
    def test_lifo(self):
        stack = Stack()
        self.assertTrue(stack.is_empty())
        stack.push(1)
        stack.push(2)
        self.assertEqual(stack.peek(), 2)
        self.assertEqual(stack.pop(), 2)
        self.assertEqual(len(stack), 1)
        self.assertEqual(stack.pop(), 1)
        with self.assertRaises(IndexError):
            stack.pop()
`,
  }),
  py({
    id: 'py.queue',
    entry: 'Queue',
    title: 'Queue (FIFO)',
    description: 'A first-in first-out queue with enqueue and dequeue in constant time (collections.deque).',
    tags: ['queue', 'fifo', 'enqueue', 'dequeue', 'deque', 'data structure', 'buffer'],
    code: `from collections import deque


class Queue:
    """First in, first out; both ends O(1)."""

    def __init__(self, items=()):
        self._items = deque(items)

    def enqueue(self, item):
        self._items.append(item)

    def dequeue(self):
        if not self._items:
            raise IndexError("dequeue from an empty queue")
        return self._items.popleft()

    def peek(self):
        if not self._items:
            raise IndexError("peek at an empty queue")
        return self._items[0]

    def __len__(self):
        return len(self._items)
`,
    tests: `import unittest

from subject import Queue


class QueueTest(unittest.TestCase):
    def test_fifo(self):
        queue = Queue([1])
        queue.enqueue(2)
        queue.enqueue(3)
        self.assertEqual(queue.peek(), 1)
        self.assertEqual([queue.dequeue() for _ in range(3)], [1, 2, 3])
        self.assertEqual(len(queue), 0)
        with self.assertRaises(IndexError):
            queue.dequeue()
`,
  }),
  py({
    id: 'py.linkedList',
    entry: 'LinkedList',
    title: 'Singly linked list',
    description: 'A singly linked list with append, prepend, remove, find, reverse and iteration.',
    tags: ['linked list', 'list', 'node', 'next', 'append', 'reverse', 'data structure'],
    code: `class _Node:
    __slots__ = ("value", "next")

    def __init__(self, value, next=None):
        self.value = value
        self.next = next


class LinkedList:
    def __init__(self):
        self._head = None
        self._tail = None
        self._size = 0

    def append(self, value):
        node = _Node(value)
        if self._tail:
            self._tail.next = node
        else:
            self._head = node
        self._tail = node
        self._size += 1

    def prepend(self, value):
        self._head = _Node(value, self._head)
        if self._tail is None:
            self._tail = self._head
        self._size += 1

    def remove(self, value):
        """Removes the first node holding \`value\`; True when one was removed."""
        previous, node = None, self._head
        while node:
            if node.value == value:
                if previous:
                    previous.next = node.next
                else:
                    self._head = node.next
                if node is self._tail:
                    self._tail = previous
                self._size -= 1
                return True
            previous, node = node, node.next
        return False

    def reverse(self):
        previous, node = None, self._head
        self._tail = node
        while node:
            node.next, previous, node = previous, node, node.next
        self._head = previous

    def __iter__(self):
        node = self._head
        while node:
            yield node.value
            node = node.next

    def __len__(self):
        return self._size
`,
    tests: `import unittest

from subject import LinkedList


class LinkedListTest(unittest.TestCase):
    def test_operations(self):
        items = LinkedList()
        items.append(2)
        items.append(3)
        items.prepend(1)
        self.assertEqual(list(items), [1, 2, 3])
        self.assertTrue(items.remove(3))
        self.assertFalse(items.remove(9))
        items.append(4)
        items.reverse()
        self.assertEqual(list(items), [4, 2, 1])
        items.append(0)
        self.assertEqual(list(items), [4, 2, 1, 0])
        self.assertEqual(len(items), 4)
`,
  }),
  py({
    id: 'py.lruCache',
    entry: 'LRUCache',
    title: 'LRU cache',
    description:
      'A least-recently-used cache with a capacity: get and put in O(1), evicting the oldest entry.',
    tags: ['lru', 'cache', 'least recently used', 'evict', 'capacity', 'ordereddict'],
    code: `from collections import OrderedDict


class LRUCache:
    def __init__(self, capacity):
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self._capacity = capacity
        self._entries = OrderedDict()

    def get(self, key, default=None):
        if key not in self._entries:
            return default
        self._entries.move_to_end(key)
        return self._entries[key]

    def put(self, key, value):
        self._entries[key] = value
        self._entries.move_to_end(key)
        if len(self._entries) > self._capacity:
            self._entries.popitem(last=False)

    def __contains__(self, key):
        return key in self._entries

    def __len__(self):
        return len(self._entries)
`,
    tests: `import unittest

from subject import LRUCache


class LRUCacheTest(unittest.TestCase):
    def test_evicts_least_recent(self):
        cache = LRUCache(2)
        cache.put("a", 1)
        cache.put("b", 2)
        self.assertEqual(cache.get("a"), 1)
        cache.put("c", 3)
        self.assertNotIn("b", cache)
        self.assertEqual(cache.get("a"), 1)
        self.assertEqual(cache.get("c"), 3)
        self.assertEqual(len(cache), 2)
        with self.assertRaises(ValueError):
            LRUCache(0)
`,
  }),
  py({
    id: 'py.priorityQueue',
    entry: 'PriorityQueue',
    title: 'Priority queue (heapq)',
    description:
      'A priority queue on heapq: push items with priorities, pop the smallest; stable for equal priorities.',
    tags: ['priority queue', 'heap', 'heapq', 'min heap', 'scheduling', 'smallest'],
    code: `import heapq
import itertools


class PriorityQueue:
    """Lowest priority value first; equal priorities come out in insertion order."""

    def __init__(self):
        self._heap = []
        self._counter = itertools.count()

    def push(self, item, priority):
        heapq.heappush(self._heap, (priority, next(self._counter), item))

    def pop(self):
        if not self._heap:
            raise IndexError("pop from an empty priority queue")
        return heapq.heappop(self._heap)[2]

    def __len__(self):
        return len(self._heap)
`,
    tests: `import unittest

from subject import PriorityQueue


class PriorityQueueTest(unittest.TestCase):
    def test_order(self):
        queue = PriorityQueue()
        for item, priority in [("c", 3), ("a", 1), ("b", 2), ("a2", 1)]:
            queue.push(item, priority)
        self.assertEqual([queue.pop() for _ in range(len(queue))], ["a", "a2", "b", "c"])
        with self.assertRaises(IndexError):
            queue.pop()
`,
  }),
  py({
    id: 'py.trie',
    entry: 'Trie',
    title: 'Trie (prefix tree) for autocomplete',
    description:
      'A prefix tree storing words: insert, contains, and all words starting with a prefix (autocomplete).',
    tags: ['trie', 'prefix', 'tree', 'autocomplete', 'words', 'suggestions', 'starts with'],
    code: `class Trie:
    def __init__(self):
        self._root = {}

    def insert(self, word):
        node = self._root
        for ch in word:
            node = node.setdefault(ch, {})
        node["$"] = True

    def __contains__(self, word):
        node = self._find(word)
        return node is not None and "$" in node

    def with_prefix(self, prefix):
        """Every stored word starting with \`prefix\`, sorted."""
        start = self._find(prefix)
        if start is None:
            return []
        words, stack = [], [(start, prefix)]
        while stack:
            node, text = stack.pop()
            for ch, child in node.items():
                if ch == "$":
                    words.append(text)
                else:
                    stack.append((child, text + ch))
        return sorted(words)

    def _find(self, prefix):
        node = self._root
        for ch in prefix:
            node = node.get(ch)
            if node is None:
                return None
        return node
`,
    tests: `import unittest

from subject import Trie


class TrieTest(unittest.TestCase):
    def test_prefixes(self):
        trie = Trie()
        for word in ["car", "cart", "care", "dog"]:
            trie.insert(word)
        self.assertIn("car", trie)
        self.assertNotIn("ca", trie)
        self.assertEqual(trie.with_prefix("car"), ["car", "care", "cart"])
        self.assertEqual(trie.with_prefix("x"), [])
`,
  }),
  py({
    id: 'py.graphBfs',
    entry: 'shortest_path',
    kind: 'function',
    title: 'Shortest path in an unweighted graph (BFS)',
    description: 'Breadth-first search over an adjacency dict to find the shortest path between two nodes.',
    tags: ['graph', 'bfs', 'breadth first search', 'shortest path', 'adjacency list', 'nodes', 'edges'],
    code: `from collections import deque


def shortest_path(graph, start, goal):
    """The nodes on a shortest path from start to goal (both included), or None."""
    previous = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            path = []
            while node is not None:
                path.append(node)
                node = previous[node]
            return path[::-1]
        for nxt in graph.get(node, ()):
            if nxt not in previous:
                previous[nxt] = node
                queue.append(nxt)
    return None
`,
    tests: `import unittest

from subject import shortest_path


class ShortestPathTest(unittest.TestCase):
    def test_paths(self):
        graph = {"a": ["b", "c"], "b": ["d"], "c": ["d", "e"], "d": ["f"], "e": ["f"]}
        self.assertEqual(shortest_path(graph, "a", "f"), ["a", "b", "d", "f"])
        self.assertEqual(shortest_path(graph, "a", "a"), ["a"])
        self.assertIsNone(shortest_path(graph, "f", "a"))
`,
  }),
  py({
    id: 'py.binarySearch',
    entry: 'binary_search',
    kind: 'function',
    title: 'Binary search in a sorted list',
    description: 'Find the index of a value in a sorted list in O(log n), or -1 when it is absent.',
    tags: ['binary search', 'sorted', 'list', 'search', 'find', 'index', 'bisect', 'log n'],
    code: `from bisect import bisect_left


def binary_search(items, target):
    """Index of \`target\` in ascending \`items\`, or -1."""
    i = bisect_left(items, target)
    return i if i < len(items) and items[i] == target else -1
`,
    tests: `import unittest

from subject import binary_search


class BinarySearchTest(unittest.TestCase):
    def test_search(self):
        items = [1, 3, 5, 7, 9]
        for i, value in enumerate(items):
            self.assertEqual(binary_search(items, value), i)
        self.assertEqual(binary_search(items, 4), -1)
        self.assertEqual(binary_search([], 1), -1)
`,
  }),
  py({
    id: 'py.mergeSort',
    entry: 'merge_sort',
    kind: 'function',
    title: 'Merge sort',
    description: 'Sort a list with merge sort (stable, O(n log n)) with an optional key function.',
    tags: ['sort', 'merge sort', 'sorting', 'stable', 'algorithm', 'order', 'n log n'],
    code: `def merge_sort(items, key=lambda x: x):
    """A new sorted list (stable)."""
    if len(items) <= 1:
        return list(items)
    mid = len(items) // 2
    left = merge_sort(items[:mid], key)
    right = merge_sort(items[mid:], key)
    out, i, j = [], 0, 0
    while i < len(left) and j < len(right):
        if key(right[j]) < key(left[i]):
            out.append(right[j])
            j += 1
        else:
            out.append(left[i])
            i += 1
    return out + left[i:] + right[j:]
`,
    tests: `import unittest

from subject import merge_sort


class MergeSortTest(unittest.TestCase):
    def test_sorts(self):
        self.assertEqual(merge_sort([5, 2, 9, 1, 5, 6]), [1, 2, 5, 5, 6, 9])
        rows = [(2, "a"), (1, "b"), (2, "c")]
        self.assertEqual(merge_sort(rows, key=lambda r: r[0]), [(1, "b"), (2, "a"), (2, "c")])
        self.assertEqual(merge_sort([]), [])
`,
  }),
];
