// The doocs/leetcode reader of the explain accuracy harness, on a README written here in the
// corpus's layout (no corpus text).
import assert from 'node:assert/strict';
import { latexToPlain, samplesOfReadme } from '../../bench/explainAccuracyDoocs';
import { formatGrowth, parseGrowth } from '../../bench/explainAccuracyLabels';

const classOf = (tex: string) => {
  const g = parseGrowth(latexToPlain(tex));
  return g ? formatGrowth(g) : undefined;
};

const README = `# Example

## Solutions

<!-- solution:start -->

### Solution 1: Counting

We count every value of $\\textit{values}$ once.

The time complexity is $O(n \\times \\log n)$, and the space complexity is $O(n)$, where $n$ is the length.

<!-- tabs:start -->

#### Python3

\`\`\`python
def total(values):
    # sums in O(n)
    return sum(sorted(values))
\`\`\`

#### Go

\`\`\`go
func total(values []int) int { return 0 }
\`\`\`

#### PHP

\`\`\`php
function total($values) { return array_sum($values); }
\`\`\`

<!-- tabs:end -->

<!-- solution:end -->

<!-- solution:start -->

### Solution 2: Two phases

The time complexity of building is $O(n)$, and the time complexity of a query is $O(\\log n)$.

<!-- tabs:start -->

#### Java

\`\`\`java
class Solution { int q(int n) { return n; } }
\`\`\`

<!-- tabs:end -->

<!-- solution:end -->

<!-- solution:start -->

### Solution 3: No statement

Explained in words only.

<!-- tabs:start -->

#### C++

\`\`\`cpp
int f() { return 1; }
\`\`\`

<!-- tabs:end -->
`;

describe('bench: doocs/leetcode labels', () => {
  it('reads LaTeX notation as growth classes', () => {
    assert.equal(classOf('n \\times \\log n'), 'O(n log n)');
    assert.equal(classOf('m \\times n'), 'O(n^2)');
    assert.equal(classOf('\\log^2 n'), 'O(log^2 n)');
    assert.equal(classOf('n \\times \\log_{10} M'), 'O(n log n)');
    assert.equal(classOf('\\sqrt{n}'), 'O(√n)');
    assert.equal(classOf('\\log \\textit{num}'), 'O(log n)');
    assert.equal(classOf('2^{\\frac{n}{2}}'), 'O(2^n)');
    // The alphabet size is a constant of the problem, not an input.
    assert.equal(classOf('n \\times |\\Sigma|'), 'O(n)');
  });
  it('labels each code block of a section with its stated time and space complexity', () => {
    const samples = samplesOfReadme(README, '0000-0099/0001.Example');
    assert.deepEqual(
      samples.map((s) => [s.file, s.language, formatGrowth(s.time), s.space && formatGrowth(s.space)]),
      [
        ['0000-0099/0001.Example/Solution.py', 'python', 'O(n log n)', 'O(n)'],
        ['0000-0099/0001.Example/Solution.go', 'go', 'O(n log n)', 'O(n)'],
        ['0000-0099/0001.Example/Solution.php', 'php', 'O(n log n)', 'O(n)'],
      ],
    );
    // PHP tabs leave out the opening tag; the sample gets it back so it parses as PHP.
    assert.match(samples.find((s) => s.language === 'php')!.code, /^<\?php\nfunction total/);
    // The split keeps every solution of a problem on one side.
    assert.ok(samples.every((s) => s.group === '0000-0099/0001.Example'));
  });
  it('removes comments that state a complexity from the code sent', () => {
    const [python] = samplesOfReadme(README, 'p');
    assert.doesNotMatch(python!.code, /O\(n\)/);
    assert.match(python!.code, /return sum\(sorted\(values\)\)/);
  });
  it('skips sections with several different time complexities or none', () => {
    const files = samplesOfReadme(README, 'p').map((s) => s.file);
    assert.ok(!files.some((f) => /Solution[23]\./.test(f)));
  });
});
