// Golden cases for the twenty-first round (issue 16, C and C++ misreads): the shunting-yard loops
// `while (!empty(operators) && …) compute(&operands, &operators);` pass the stacks by address to a
// helper whose parameter is a pointer (`stack<char> *operators`) and which pops it on every call
// (`operators->pop()`). The seventeenth round's poppedStacks.ts read the helper's pop only when the
// stack was passed by name; now the address and the pointer parameter are the same stack, so the
// loop drains it: each pass takes one operator off, and over the loop that pushes them it runs at
// most once per operator (O(n) for the expression). Written here, not taken from any corpus. Near
// misses: a helper that pops only under a branch, and one that pushes the stack back.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

/** A calculator whose helper `compute` has `helper` as its body. */
const calculator = (helper: string) => `class Solution {
public:
    int calculate(string s) {
        stack<int> operands;
        stack<char> operators;
        for (int i = 0; i < size(s); ++i) {
            if (isdigit(s[i])) {
                operands.emplace(s[i] - '0');
            } else {
                while (!empty(operators) && operators.top() != '(') {
                    compute(&operands, &operators);
                }
                operators.emplace(s[i]);
            }
        }
        while (!empty(operators)) {
            compute(&operands, &operators);
        }
        return operands.top();
    }

private:
    void compute(stack<int> *operands, stack<char> *operators) {
${helper}
    }
};`;

const POPS = `        const int right = operands->top(); operands->pop();
        const int left = operands->top(); operands->pop();
        const char op = operators->top(); operators->pop();
        operands->emplace(op == '+' ? left + right : left - right);`;

describe('explain complexity: twenty-first-round stacks popped by a helper given their address', () => {
  it('C++: `compute(&operands, &operators)` popping `operators->pop()` drains the stack (linear)', async () => {
    const [complexity, basis] = await claimOf(calculator(POPS), 'cpp', 'calculate');
    // (n the expression, m the operators left for the last drain)
    assert.match(complexity!, /^O\(n(?: \+ m)?\)$/);
    assert.match(basis!, /amortised/);
  });

  it('near miss: a helper that pops only under a branch leaves the loop unknown', async () => {
    const [complexity] = await claimOf(
      calculator(`        if (operands->size() > 1) {
            operators->pop();
        }`),
      'cpp',
      'calculate',
    );
    assert.equal(complexity, 'unknown');
  });

  it('near miss: a helper that pushes the stack back leaves the loop unknown', async () => {
    const [complexity] = await claimOf(
      calculator(`        const char op = operators->top(); operators->pop();
        operators->emplace(op);`),
      'cpp',
      'calculate',
    );
    assert.equal(complexity, 'unknown');
  });
});
