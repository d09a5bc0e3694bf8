// JS/TS data structures and classic algorithms.
import type { Recipe } from './recipe';

const js = (recipe: Omit<Recipe, 'family' | 'kind'> & { kind?: Recipe['kind'] }): Recipe => ({
  family: 'js',
  kind: 'class',
  ...recipe,
});

const HEADER = `import { test } from 'node:test';
import assert from 'node:assert/strict';
`;

export const JS_DATA_STRUCTURES: Recipe[] = [
  js({
    id: 'js.stack',
    entry: 'Stack',
    title: 'Stack (LIFO)',
    description: 'A last-in first-out stack with push, pop, peek, size and isEmpty.',
    tags: ['stack', 'lifo', 'push', 'pop', 'peek', 'data structure'],
    code: `/** Last in, first out. */
export class Stack<T> {
  private readonly items: T[] = [];

  push(item: T): void {
    this.items.push(item);
  }

  /** The top item, removed; undefined when empty. */
  pop(): T | undefined {
    return this.items.pop();
  }

  peek(): T | undefined {
    return this.items[this.items.length - 1];
  }

  get size(): number {
    return this.items.length;
  }

  isEmpty(): boolean {
    return this.items.length === 0;
  }
}
`,
    tests: `${HEADER}import { Stack } from './subject';

test('last in, first out', () => {
  const stack = new Stack<number>();
  assert.equal(stack.isEmpty(), true);
  stack.push(1);
  stack.push(2);
  assert.equal(stack.peek(), 2);
  assert.equal(stack.pop(), 2);
  assert.equal(stack.pop(), 1);
  assert.equal(stack.pop(), undefined);
  assert.equal(stack.size, 0);
});
`,
  }),
  js({
    id: 'js.queue',
    entry: 'Queue',
    title: 'Queue (FIFO)',
    description: 'A first-in first-out queue with enqueue and dequeue in constant time.',
    tags: ['queue', 'fifo', 'enqueue', 'dequeue', 'data structure', 'buffer'],
    code: `/** First in, first out; dequeue is O(1) amortised (a head index, compacted now and then). */
export class Queue<T> {
  private items: T[] = [];
  private head = 0;

  enqueue(item: T): void {
    this.items.push(item);
  }

  dequeue(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const item = this.items[this.head++];
    if (this.head > 32 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  peek(): T | undefined {
    return this.items[this.head];
  }

  get size(): number {
    return this.items.length - this.head;
  }
}
`,
    tests: `${HEADER}import { Queue } from './subject';

test('first in, first out across compaction', () => {
  const queue = new Queue<number>();
  for (let i = 0; i < 100; i++) queue.enqueue(i);
  for (let i = 0; i < 70; i++) assert.equal(queue.dequeue(), i);
  assert.equal(queue.size, 30);
  assert.equal(queue.peek(), 70);
  queue.enqueue(100);
  const rest: number[] = [];
  while (queue.size > 0) rest.push(queue.dequeue()!);
  assert.equal(rest.length, 31);
  assert.equal(rest[30], 100);
  assert.equal(queue.dequeue(), undefined);
});
`,
  }),
  js({
    id: 'js.linkedList',
    entry: 'LinkedList',
    title: 'Singly linked list',
    description: 'A singly linked list with append, prepend, remove, find, reverse and iteration.',
    tags: ['linked list', 'list', 'node', 'next', 'append', 'reverse', 'data structure'],
    code: `interface ListNode<T> {
  value: T;
  next?: ListNode<T>;
}

export class LinkedList<T> {
  private head?: ListNode<T>;
  private tail?: ListNode<T>;
  size = 0;

  append(value: T): void {
    const node: ListNode<T> = { value };
    if (this.tail) this.tail.next = node;
    else this.head = node;
    this.tail = node;
    this.size++;
  }

  prepend(value: T): void {
    this.head = { value, next: this.head };
    this.tail ??= this.head;
    this.size++;
  }

  /** Removes the first node holding \`value\`; true when one was removed. */
  remove(value: T): boolean {
    let previous: ListNode<T> | undefined;
    for (let node = this.head; node; previous = node, node = node.next) {
      if (node.value !== value) continue;
      if (previous) previous.next = node.next;
      else this.head = node.next;
      if (this.tail === node) this.tail = previous;
      this.size--;
      return true;
    }
    return false;
  }

  find(predicate: (value: T) => boolean): T | undefined {
    for (const value of this) if (predicate(value)) return value;
    return undefined;
  }

  reverse(): void {
    let previous: ListNode<T> | undefined;
    let node = this.head;
    this.tail = node;
    while (node) {
      const next = node.next;
      node.next = previous;
      previous = node;
      node = next;
    }
    this.head = previous;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let node = this.head; node; node = node.next) yield node.value;
  }
}
`,
    tests: `${HEADER}import { LinkedList } from './subject';

test('append, prepend, remove, reverse', () => {
  const list = new LinkedList<number>();
  list.append(2);
  list.append(3);
  list.prepend(1);
  assert.deepEqual([...list], [1, 2, 3]);
  assert.equal(list.remove(3), true);
  assert.equal(list.remove(9), false);
  list.append(4);
  assert.deepEqual([...list], [1, 2, 4]);
  list.reverse();
  assert.deepEqual([...list], [4, 2, 1]);
  list.append(0);
  assert.deepEqual([...list], [4, 2, 1, 0]);
  assert.equal(list.find((v) => v < 2), 1);
  assert.equal(list.size, 4);
});
`,
  }),
  js({
    id: 'js.lruCache',
    entry: 'LRUCache',
    title: 'LRU cache',
    description:
      'A least-recently-used cache with a capacity: get and set in O(1), evicting the oldest entry.',
    tags: ['lru', 'cache', 'least recently used', 'evict', 'capacity', 'map'],
    code: `/** A Map keeps insertion order, so re-inserting on use keeps the least recently used first. */
export class LRUCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
  }

  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key)!;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
`,
    tests: `${HEADER}import { LRUCache } from './subject';

test('evicts the least recently used', () => {
  const cache = new LRUCache<string, number>(2);
  cache.set('a', 1);
  cache.set('b', 2);
  assert.equal(cache.get('a'), 1);
  cache.set('c', 3);
  assert.equal(cache.has('b'), false);
  assert.equal(cache.get('a'), 1);
  assert.equal(cache.get('c'), 3);
  assert.equal(cache.size, 2);
  assert.throws(() => new LRUCache(0), RangeError);
});
`,
  }),
  js({
    id: 'js.priorityQueue',
    entry: 'PriorityQueue',
    title: 'Priority queue (binary heap)',
    description: 'A min-heap priority queue: push and pop the smallest item by a comparator in O(log n).',
    tags: ['priority queue', 'heap', 'min heap', 'binary heap', 'scheduling', 'smallest'],
    code: `/** A binary min-heap under \`compare\` (negative when a comes first). */
export class PriorityQueue<T> {
  private readonly heap: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0)) {}

  push(item: T): void {
    const heap = this.heap;
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(heap[i]!, heap[parent]!) >= 0) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const heap = this.heap;
    if (heap.length === 0) return undefined;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && this.compare(heap[left]!, heap[smallest]!) < 0) smallest = left;
        if (right < heap.length && this.compare(heap[right]!, heap[smallest]!) < 0) smallest = right;
        if (smallest === i) break;
        [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
        i = smallest;
      }
    }
    return top;
  }

  peek(): T | undefined {
    return this.heap[0];
  }

  get size(): number {
    return this.heap.length;
  }
}
`,
    tests: `${HEADER}import { PriorityQueue } from './subject';

test('pops in order', () => {
  const queue = new PriorityQueue<number>();
  const values = [5, 3, 9, 1, 7, 3, 8, 2];
  values.forEach((v) => queue.push(v));
  const out: number[] = [];
  while (queue.size > 0) out.push(queue.pop()!);
  assert.deepEqual(out, [...values].sort((a, b) => a - b));
  assert.equal(queue.pop(), undefined);
});

test('custom comparator (max first)', () => {
  const queue = new PriorityQueue<{ p: number }>((a, b) => b.p - a.p);
  [{ p: 1 }, { p: 5 }, { p: 3 }].forEach((x) => queue.push(x));
  assert.equal(queue.peek()!.p, 5);
});
`,
  }),
  js({
    id: 'js.bst',
    entry: 'BinarySearchTree',
    title: 'Binary search tree',
    description: 'A binary search tree with insert, has, min, max and in-order traversal.',
    tags: ['binary search tree', 'bst', 'tree', 'insert', 'search', 'inorder', 'traversal'],
    code: `interface TreeNode<T> {
  value: T;
  left?: TreeNode<T>;
  right?: TreeNode<T>;
}

export class BinarySearchTree<T> {
  private root?: TreeNode<T>;
  size = 0;

  constructor(private readonly compare: (a: T, b: T) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0)) {}

  /** Inserts a value; false when it is already there. */
  insert(value: T): boolean {
    if (!this.root) {
      this.root = { value };
      this.size++;
      return true;
    }
    let node = this.root;
    for (;;) {
      const order = this.compare(value, node.value);
      if (order === 0) return false;
      const side = order < 0 ? 'left' : 'right';
      if (!node[side]) {
        node[side] = { value };
        this.size++;
        return true;
      }
      node = node[side]!;
    }
  }

  has(value: T): boolean {
    let node = this.root;
    while (node) {
      const order = this.compare(value, node.value);
      if (order === 0) return true;
      node = order < 0 ? node.left : node.right;
    }
    return false;
  }

  min(): T | undefined {
    let node = this.root;
    while (node?.left) node = node.left;
    return node?.value;
  }

  max(): T | undefined {
    let node = this.root;
    while (node?.right) node = node.right;
    return node?.value;
  }

  /** Values in ascending order (iterative, so deep trees do not overflow the stack). */
  inOrder(): T[] {
    const out: T[] = [];
    const stack: TreeNode<T>[] = [];
    let node = this.root;
    while (node || stack.length > 0) {
      while (node) {
        stack.push(node);
        node = node.left;
      }
      node = stack.pop()!;
      out.push(node.value);
      node = node.right;
    }
    return out;
  }
}
`,
    tests: `${HEADER}import { BinarySearchTree } from './subject';

test('insert, search, order', () => {
  const tree = new BinarySearchTree<number>();
  for (const v of [8, 3, 10, 1, 6, 14, 4, 7, 13]) assert.equal(tree.insert(v), true);
  assert.equal(tree.insert(6), false);
  assert.equal(tree.has(7), true);
  assert.equal(tree.has(5), false);
  assert.equal(tree.min(), 1);
  assert.equal(tree.max(), 14);
  assert.deepEqual(tree.inOrder(), [1, 3, 4, 6, 7, 8, 10, 13, 14]);
  assert.equal(tree.size, 9);
});
`,
  }),
  js({
    id: 'js.trie',
    entry: 'Trie',
    title: 'Trie (prefix tree) for autocomplete',
    description:
      'A prefix tree storing words: insert, has, and all words starting with a prefix (autocomplete).',
    tags: ['trie', 'prefix', 'tree', 'autocomplete', 'words', 'suggestions', 'starts with'],
    code: `interface TrieNode {
  children: Map<string, TrieNode>;
  word: boolean;
}

export class Trie {
  private readonly root: TrieNode = { children: new Map(), word: false };

  insert(word: string): void {
    let node = this.root;
    for (const ch of word) {
      if (!node.children.has(ch)) node.children.set(ch, { children: new Map(), word: false });
      node = node.children.get(ch)!;
    }
    node.word = true;
  }

  has(word: string): boolean {
    return this.find(word)?.word ?? false;
  }

  /** Every stored word that starts with \`prefix\`, in insertion order of their letters. */
  withPrefix(prefix: string): string[] {
    const start = this.find(prefix);
    if (!start) return [];
    const out: string[] = [];
    const stack: [TrieNode, string][] = [[start, prefix]];
    while (stack.length > 0) {
      const [node, text] = stack.pop()!;
      if (node.word) out.push(text);
      for (const [ch, child] of [...node.children].reverse()) stack.push([child, text + ch]);
    }
    return out;
  }

  private find(prefix: string): TrieNode | undefined {
    let node: TrieNode | undefined = this.root;
    for (const ch of prefix) node = node?.children.get(ch);
    return node;
  }
}
`,
    tests: `${HEADER}import { Trie } from './subject';

test('stores words and completes prefixes', () => {
  const trie = new Trie();
  for (const w of ['car', 'cart', 'care', 'dog']) trie.insert(w);
  assert.equal(trie.has('car'), true);
  assert.equal(trie.has('ca'), false);
  assert.deepEqual(trie.withPrefix('car').sort(), ['car', 'care', 'cart']);
  assert.deepEqual(trie.withPrefix('x'), []);
});
`,
  }),
  js({
    id: 'js.graphBfs',
    entry: 'shortestPath',
    kind: 'function',
    title: 'Shortest path in an unweighted graph (BFS)',
    description: 'Breadth-first search over an adjacency list to find the shortest path between two nodes.',
    tags: ['graph', 'bfs', 'breadth first search', 'shortest path', 'adjacency list', 'nodes', 'edges'],
    code: `/** The nodes on a shortest path from \`start\` to \`goal\` (both included), or undefined when none. */
export function shortestPath<N>(graph: Map<N, readonly N[]>, start: N, goal: N): N[] | undefined {
  const previous = new Map<N, N | undefined>([[start, undefined]]);
  const queue: N[] = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    if (node === goal) {
      const path: N[] = [];
      for (let at: N | undefined = goal; at !== undefined; at = previous.get(at)) path.push(at);
      return path.reverse();
    }
    for (const next of graph.get(node) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  return undefined;
}
`,
    tests: `${HEADER}import { shortestPath } from './subject';

test('finds a shortest path', () => {
  const graph = new Map([
    ['a', ['b', 'c']],
    ['b', ['d']],
    ['c', ['d', 'e']],
    ['d', ['f']],
    ['e', ['f']],
  ]);
  assert.deepEqual(shortestPath(graph, 'a', 'f'), ['a', 'b', 'd', 'f']);
  assert.deepEqual(shortestPath(graph, 'a', 'a'), ['a']);
  assert.equal(shortestPath(graph, 'f', 'a'), undefined);
});
`,
  }),
  js({
    id: 'js.binarySearch',
    entry: 'binarySearch',
    kind: 'function',
    title: 'Binary search in a sorted array',
    description: 'Find the index of a value in a sorted array in O(log n), or -1 when it is absent.',
    tags: ['binary search', 'sorted', 'array', 'search', 'find', 'index', 'log n'],
    code: `/** Index of \`target\` in ascending \`items\`, or -1. */
export function binarySearch(items: readonly number[], target: number): number {
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const mid = low + ((high - low) >> 1);
    const value = items[mid]!;
    if (value === target) return mid;
    if (value < target) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
`,
    tests: `${HEADER}import { binarySearch } from './subject';

test('finds or reports -1', () => {
  const items = [1, 3, 5, 7, 9, 11];
  items.forEach((v, i) => assert.equal(binarySearch(items, v), i));
  assert.equal(binarySearch(items, 4), -1);
  assert.equal(binarySearch([], 1), -1);
});
`,
  }),
  js({
    id: 'js.mergeSort',
    entry: 'mergeSort',
    kind: 'function',
    title: 'Merge sort',
    description: 'Sort an array with merge sort (stable, O(n log n)) using a comparator.',
    tags: ['sort', 'merge sort', 'sorting', 'stable', 'algorithm', 'order', 'n log n'],
    code: `/** A sorted copy of \`items\` (stable). */
export function mergeSort<T>(items: readonly T[], compare: (a: T, b: T) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0)): T[] {
  if (items.length <= 1) return [...items];
  const mid = items.length >> 1;
  const left = mergeSort(items.slice(0, mid), compare);
  const right = mergeSort(items.slice(mid), compare);
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) out.push(compare(right[j]!, left[i]!) < 0 ? right[j++]! : left[i++]!);
  return out.concat(left.slice(i), right.slice(j));
}
`,
    tests: `${HEADER}import { mergeSort } from './subject';

test('sorts stably', () => {
  assert.deepEqual(mergeSort([5, 2, 9, 1, 5, 6]), [1, 2, 5, 5, 6, 9]);
  const rows = [{ k: 2, n: 'a' }, { k: 1, n: 'b' }, { k: 2, n: 'c' }];
  assert.deepEqual(mergeSort(rows, (a, b) => a.k - b.k).map((r) => r.n), ['b', 'a', 'c']);
  assert.deepEqual(mergeSort([]), []);
});
`,
  }),
  js({
    id: 'js.eventEmitter',
    entry: 'EventEmitter',
    title: 'Typed event emitter',
    description: 'A small typed event emitter with on, once, off and emit (publish/subscribe).',
    tags: ['event', 'emitter', 'pub sub', 'publish', 'subscribe', 'listener', 'observer'],
    code: `type Listener<A extends unknown[]> = (...args: A) => void;

/** Events map names to argument tuples, e.g. EventEmitter<{ saved: [id: string] }>. */
export class EventEmitter<Events extends Record<string, unknown[]>> {
  private readonly listeners = new Map<keyof Events, Set<Listener<never>>>();

  /** Subscribes; returns a function that unsubscribes. */
  on<E extends keyof Events>(event: E, listener: Listener<Events[E]>): () => void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener as Listener<never>);
    return () => this.off(event, listener);
  }

  once<E extends keyof Events>(event: E, listener: Listener<Events[E]>): () => void {
    const off = this.on(event, (...args) => {
      off();
      listener(...args);
    });
    return off;
  }

  off<E extends keyof Events>(event: E, listener: Listener<Events[E]>): void {
    this.listeners.get(event)?.delete(listener as Listener<never>);
  }

  emit<E extends keyof Events>(event: E, ...args: Events[E]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as Listener<Events[E]>)(...args);
  }
}
`,
    tests: `${HEADER}import { EventEmitter } from './subject';

test('on, once, off, emit', () => {
  const emitter = new EventEmitter<{ saved: [string] }>();
  const seen: string[] = [];
  const off = emitter.on('saved', (id) => seen.push('on:' + id));
  emitter.once('saved', (id) => seen.push('once:' + id));
  emitter.emit('saved', '1');
  off();
  emitter.emit('saved', '2');
  assert.deepEqual(seen, ['on:1', 'once:1']);
});
`,
  }),
];
