// Golden cases for the sixteenth round (issue 16): a JS/TS list declared on each pass of a loop
// (`const row: number[] = [];`, or with one listed item `const line = [first];`) and filled there
// only by pushes is no longer than those pushes, so reversing it, joining it or looping over it in
// the same pass costs what the pushes already paid — also for Rust `Vec::new()` and C# `new
// List<string>()` with `Add`. Near misses: the list declared once before the loop (it grows over
// all passes), a list filled by a spread, and a loop over a list filled before it in nested loops
// (kept at its own size). Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

/** Rows of a grid-like level walk: `decl` declares `row` inside (or before) the outer loop. */
function levels(outside: string, inside: string, use: string): string {
  return `function levels(groups: number[][]): number[][] {
    const out: number[][] = [];
${outside}    for (const g of groups) {
${inside}        for (const v of g) {
            row.push(v * 2);
        }
${use}
    }
    return out;
}`;
}

/** C# lines of words up to a width: `line` created before (`outside`) or on each pass (`inside`). */
function lines(outside: string, inside: string): string {
  return `public class Solution {
    public IList<string> Lines(string[] words, int width) {
        var ans = new List<string>();
${outside}        for (int i = 0; i < words.Length;) {
${inside}            int used = 0;
            while (i < words.Length && used + words[i].Length <= width) {
                used += words[i].Length + 1;
                line.Add(words[i]);
                ++i;
            }
            ans.Add(string.Join(" ", line));
        }
        return ans;
    }
}`;
}

describe('explain complexity: lists declared on each pass and filled by its pushes', () => {
  it('a TS list declared empty on each pass, then reversed, costs what its pushes cost', async () => {
    const code = levels('', '        const row: number[] = [];\n', '        out.push(row.reverse());');
    assert.equal(await complexityOf(code, 'typescript', 'levels'), 'O(L + n)');
  });

  it('near miss: the same list declared once before the loop keeps the product', async () => {
    const code = levels('    const row: number[] = [];\n', '', '        out.push(row.reverse());');
    assert.equal(await complexityOf(code, 'typescript', 'levels'), 'O(n*m + L)');
  });

  it('a loop over a per-pass list, after a join of it, costs what its pushes cost', async () => {
    const use = `        const text = row.join(',');
        for (let k = 0; k < row.length; ++k) {
            if (row[k] > text.length) {
                out.push([k]);
            }
        }`;
    const code = levels('', '        const row: number[] = [];\n', use);
    assert.equal(await complexityOf(code, 'typescript', 'levels'), 'O(L + n)');
  });

  it('near miss: a loop over a list grown on every pass keeps the product', async () => {
    const use = `        for (let k = 0; k < row.length; ++k) {
            out.push([row[k]]);
        }`;
    const code = levels('    const row: number[] = [];\n', '', use);
    assert.equal(await complexityOf(code, 'typescript', 'levels'), 'O(n*m + L)');
  });

  it('a per-pass list that starts with one listed item, then joined, costs what its pushes cost', async () => {
    const code = `function wrap(words: string[], width: number): string[] {
    const out: string[] = [];
    for (let i = 0; i < words.length; ) {
        const line: string[] = [words[i++]];
        let used = line[0].length;
        while (i < words.length && used + words[i].length < width) {
            used += words[i].length + 1;
            line.push(words[i++]);
        }
        out.push(line.join(' '));
    }
    return out;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'wrap'), 'O(n)');
  });

  it('near miss: a per-pass list that starts with a spread of the input keeps the product', async () => {
    const code = `function wrap(words: string[]): string[] {
    const out: string[] = [];
    for (let i = 0; i < words.length; ++i) {
        const line: string[] = [...words];
        line.push(words[i]);
        out.push(line.join(' '));
    }
    return out;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'wrap'), 'O(n^2)');
  });

  it('near miss: a loop over a list filled before it, inside nested loops, keeps its own size', async () => {
    const code = `def pick(groups, nums):
    cands = []
    for g in groups:
        for x in g:
            cands.append(x)
            break
    r = 0
    for t in cands:
        for x in nums:
            r += x % t
    return r
`;
    // (the filling loop's passes are the items' total over all groups, far more than it keeps)
    assert.equal(await complexityOf(code, 'python', 'pick'), 'O(n*m + L + k)');
  });

  it('a C# list created on each pass (`new List<string>()`) and joined costs what its adds cost', async () => {
    const code = lines('', '            var line = new List<string>();\n');
    assert.equal(await complexityOf(code, 'csharp', 'Lines'), 'O(n)');
  });

  it('near miss: the same C# list created once before the loop keeps the product', async () => {
    const code = lines('        var line = new List<string>();\n', '');
    assert.equal(await complexityOf(code, 'csharp', 'Lines'), 'O(n*m)');
  });

  it('near miss: two nested loops over a per-pass list keep their product', async () => {
    const use = `        for (let a = 0; a < row.length; ++a) {
            for (let b = a + 1; b < row.length; ++b) {
                out.push([row[a], row[b]]);
            }
        }`;
    const code = levels('', '        const row: number[] = [];\n', use);
    assert.equal(await complexityOf(code, 'typescript', 'levels'), 'O(n*m^2 + L)');
  });
});
