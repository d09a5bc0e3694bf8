// Golden cases for the thirteenth round (issue 16): a Python stack popped on every pass of a
// `while` that reads its top (`while stk[-1] != -1 and (…): stk.pop()`), also through a helper of
// the file given the stack (`while operators[-1] != '(': compute(operands, operators)`), is drained:
// its passes add up to the pushes over the enclosing loop. Near misses: a pop under a branch, a
// helper that pushes the stack back, an `or` beside the top read. Written here, not taken from a
// corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: Python stacks popped while their top is read', () => {
  it('a sentinel stack popped while its top is higher is shared out over the scan', async () => {
    const code = `def widest(heights):
    stk, best = [-1], 0
    for i in range(len(heights) + 1):
        while stk[-1] != -1 and (i == len(heights) or heights[stk[-1]] >= heights[i]):
            last = stk.pop()
            best = max(best, heights[last] * (i - stk[-1] - 1))
        stk.append(i)
    return best
`;
    assert.equal(await complexityOf(code, 'python', 'widest'), 'O(n)');
  });

  it('operators popped by a helper given the stack (shunting-yard) are drained', async () => {
    const code = `def evaluate(s):
    def compute(operands, operators):
        right, left = operands.pop(), operands.pop()
        operands.append(left + right if operators.pop() == '+' else left - right)

    operands, operators = [], []
    for c in s:
        if c.isdigit():
            operands.append(int(c))
        elif c == ')':
            while operators[-1] != '(':
                compute(operands, operators)
            operators.pop()
        else:
            while operators and operators[-1] in '+-':
                compute(operands, operators)
            operators.append(c)
    while operators:
        compute(operands, operators)
    return operands[-1]
`;
    // (the stack's own size is a second letter: what it holds is pushed from \`s\`)
    assert.equal(await complexityOf(code, 'python', 'evaluate'), 'O(n + m)');
  });

  it('near miss: a pop under a branch leaves the loop unbounded', async () => {
    const code = `def walk(nums):
    stk = []
    for x in nums:
        while stk[-1] != x:
            if x > 0:
                stk.pop()
        stk.append(x)
    return stk
`;
    assert.equal(await complexityOf(code, 'python', 'walk'), 'unknown');
  });

  it('near miss: a helper that pushes the stack back leaves the loop unbounded', async () => {
    const code = `def walk(nums):
    def turn(stk):
        x = stk.pop()
        stk.append(x + 1)

    stk = []
    for x in nums:
        while stk[-1] != x:
            turn(stk)
        stk.append(x)
    return stk
`;
    assert.equal(await complexityOf(code, 'python', 'walk'), 'unknown');
  });

  it('near miss: an `or` beside the top read leaves the loop unbounded', async () => {
    const code = `def walk(nums, k):
    stk = []
    for x in nums:
        while stk[-1] != x or k > 0:
            stk.pop()
        stk.append(x)
    return stk
`;
    assert.equal(await complexityOf(code, 'python', 'walk'), 'unknown');
  });
});
