// Golden cases for loops over the items of a collection whose body works on the item (issue 16,
// seventh round): the passes add up to the items' total size (`O(L + n)`, L the total length of
// the words), each beside a near miss that must keep its product. Written here, not taken from any
// corpus.
import assert from 'node:assert/strict';
import { complexityOf, explain } from '../helpers';

async function unitOf(code: string, language: string, name: string) {
  return (await explain(code, language)).details!.units.find((u) => u.name === name)!;
}

describe('explain complexity: work on each item adds up to the items’ total size', () => {
  it('Python: `for w in words: for c in w` is O(L + n), L the total length of the words', async () => {
    const code = `def count_letters(words):
    total = 0
    for w in words:
        for c in w:
            total += 1
    return total
`;
    const unit = await unitOf(code, 'python', 'count_letters');
    assert.equal(unit.complexity, 'O(L + n)');
    assert.deepEqual(unit.complexity_legend, [
      'L = total size of the items of `words`',
      'n = size of `words`',
    ]);
    assert.match(unit.complexity_basis!, /together they cover the items' total size once/);
  });

  it('C++: a counter over the words with an inner loop over `words[i]` is O(L + n)', async () => {
    const code = `int letters(vector<string>& words) {
    int x = 0;
    for (int i = 0; i < words.size(); ++i)
        for (int j = 0; j < words[i].size(); ++j) ++x;
    return x;
}`;
    assert.equal(await complexityOf(code, 'cpp', 'letters'), 'O(L + n)');
  });

  it('Java: a for-each over the words and a library scan of each word (`indexOf`) is O(L + n)', async () => {
    const code = `class Solution {
    int vowels(String[] words) {
        int x = 0;
        for (String w : words) {
            if (w.indexOf('a') >= 0) x++;
        }
        return x;
    }
}`;
    assert.equal(await complexityOf(code, 'java', 'vowels'), 'O(L + n)');
  });

  it('Python: sorting each group sums to the groups’ total times a log of one group', async () => {
    const code = `def sort_groups(groups):
    for g in groups:
        g.sort()
    return groups
`;
    assert.equal(await complexityOf(code, 'python', 'sort_groups'), 'O(L log n + m)');
  });

  it('Python: the children of every node of a list add up to all children (`node.children`)', async () => {
    const code = `def count_children(nodes):
    total = 0
    for node in nodes:
        for child in node.children:
            total += 1
    return total
`;
    const unit = await unitOf(code, 'python', 'count_children');
    assert.equal(unit.complexity, 'O(L + n)');
    assert.match(unit.complexity_legend!.join(' '), /total size of `\.children` over the items of `nodes`/);
  });

  it('a caller renames the total to its own argument', async () => {
    const code = `def count_letters(words):
    total = 0
    for w in words:
        for c in w:
            total += 1
    return total

def run(sentence):
    return count_letters(sentence.split())
`;
    const unit = await unitOf(code, 'python', 'run');
    assert.equal(unit.complexity, 'O(L + n)');
  });

  it('near miss: an inner loop over the whole list again (pairs of words) stays O(n²)', async () => {
    const code = `def pairs(words):
    total = 0
    for w in words:
        for v in words:
            total += 1
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'pairs'), 'O(n^2)');
  });

  it('near miss: an inner loop over another collection stays a product, O(n·m)', async () => {
    const code = `def hits(words, s):
    total = 0
    for w in words:
        for c in s:
            total += 1
    return total
`;
    assert.equal(await complexityOf(code, 'python', 'hits'), 'O(n*m)');
  });

  it('near miss: an item used as a number (`range(x)`) has a value, not a size: not a total (withheld)', async () => {
    const code = `def steps(nums):
    total = 0
    for x in nums:
        for _ in range(x):
            total += 1
    return total
`;
    // Tenth round: a count read through an item's value is withheld in Python too (elementCounts.ts);
    // it was the product `O(n*m)`, never the items' total.
    assert.equal(await complexityOf(code, 'python', 'steps'), 'unknown');
  });

  it('near miss: a matrix whose width is the first row’s (`len(grid[0])`) keeps rows × width', async () => {
    const code = `def grid_sum(grid):
    total = 0
    for row in grid:
        for x in row:
            total += x
    return total + len(grid[0])
`;
    assert.equal(await complexityOf(code, 'python', 'grid_sum'), 'O(n*m)');
  });

  it('near miss: the index of `enumerate` is no item (`for i, w in enumerate(words): for _ in range(i)`)', async () => {
    const code = `def triangle(words):
    total = 0
    for i, w in enumerate(words):
        for _ in range(i):
            total += 1
    return total
`;
    assert.notEqual(await complexityOf(code, 'python', 'triangle'), 'O(L + n)');
  });

  it('TypeScript: an iterating method whose callback works on its item (`words.map((w) => ...)`) is O(L + n)', async () => {
    const code = `function reversed(words: string[]): string[] {
  return words.map((w) => w.split('').reverse().join(''));
}`;
    assert.equal(await complexityOf(code, 'typescript', 'reversed'), 'O(L + n)');
  });

  it('Java: a stream callback on its item (`w -> w.chars().sum()`) is O(L + n)', async () => {
    const code = `class A {
    int total(List<String> words) {
        return words.stream().mapToInt(w -> w.chars().sum()).sum();
    }
}`;
    assert.equal(await complexityOf(code, 'java', 'total'), 'O(L + n)');
  });

  it('near miss: a callback scanning the whole list (`words.indexOf(w)`) stays O(n²)', async () => {
    const code = `function firstIndex(words: string[]): number[] {
  return words.map((w) => words.indexOf(w));
}`;
    assert.equal(await complexityOf(code, 'typescript', 'firstIndex'), 'O(n^2)');
  });
});
