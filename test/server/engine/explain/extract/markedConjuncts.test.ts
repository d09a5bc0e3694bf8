// Golden cases for the sixteenth round (issue 16): a `while` that stops at the first marked entry
// and marks each entry it passes (`while (j !== -1 && !vis[j]) { vis[j] = true; j = next[j]; }`)
// runs at most once per entry over all passes of an enclosing loop, whatever its other conjuncts
// allow — also with Rust's casts in the subscripts (`!vis[j as usize]`). Near miss: a walk that
// also clears the mark it tests is not shared out. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

/** Walks the functional graph `next` from every node; `clear` runs at the end of each step. */
function walks(clear: string): string {
  return `function walks(next: number[]): number {
    const n = next.length;
    const vis: boolean[] = Array(n).fill(false);
    let steps = 0;
    for (let i = 0; i < n; ++i) {
        let j = i;
        while (j !== -1 && !vis[j]) {
            vis[j] = true;
            steps++;
${clear}            j = next[j];
        }
    }
    return steps;
}`;
}

describe('explain while bounds: a marked walk in one conjunct', () => {
  it('a TS walk marking what it tests, beside an end test, is shared out over the outer loop', async () => {
    assert.equal(await complexityOf(walks(''), 'typescript', 'walks'), 'O(n)');
  });

  it('a Rust walk with casts in its subscripts is shared out too', async () => {
    const code = `impl Solution {
    pub fn walks(next: Vec<i32>) -> i32 {
        let n = next.len();
        let mut vis = vec![false; n];
        let mut steps = 0;
        for i in 0..n {
            let mut j = i as i32;
            while j != -1 && !vis[j as usize] {
                vis[j as usize] = true;
                steps += 1;
                j = next[j as usize];
            }
        }
        steps
    }
}`;
    assert.equal(await complexityOf(code, 'rust', 'walks'), 'O(n)');
  });

  it('near miss: a walk that also clears the mark it tests is not shared out', async () => {
    assert.equal(await complexityOf(walks('            vis[j] = false;\n'), 'typescript', 'walks'), 'O(n*m)');
  });
});
