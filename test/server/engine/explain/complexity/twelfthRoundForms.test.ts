// Golden cases for the twelfth round (issue 16, doocs JS/TS, Rust, C#): matrix powers of a matrix
// the code writes out, as these languages write it (`[[1, 1], [1, 0]]`, `vec![vec![…]]`,
// `Array.from({ length: m }, …)`, `const [m, n] = [a.length, b[0].length]`, C# `a.Length` and an
// element write `res[0] = new int[size]`); JS/TS lists that compound over an outer loop
// (`ans.splice(0, ans.length, ...t)`, a snapshot `k = ans.length`) and searches whose depth a
// literal caps (`t.length === 4`) are withheld as in the other languages; a JS/TS generator whose
// loop yields on each pass is claimed per value even when the loop is bounded. Each cause sits beside a
// near miss that keeps its answer.
// Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const JS_MATRIX = `function mul(a, b) {
  const m = a.length, n = b[0].length;
  const c = Array.from({ length: m }, () => Array(n).fill(0));
  for (let i = 0; i < m; ++i)
    for (let j = 0; j < n; ++j)
      for (let k = 0; k < b.length; ++k) c[i][j] += a[i][k] * b[k][j];
  return c;
}
function power(a, n) {
  let res = [[1, 0], [0, 1]];
  while (n > 0) {
    if (n & 1) res = mul(res, a);
    a = mul(a, a);
    n >>= 1;
  }
  return res;
}`;

describe('explain complexity: twelfth-round forms (JS/TS, Rust, C#)', () => {
  it('JS: a power of a matrix written as nested brackets is O(log n)', async () => {
    const code = `function steps(n) {
  const t = [[1, 1], [1, 0]];
  return power(t, n)[0][1];
}
${JS_MATRIX}`;
    const [complexity] = await claimOf(code, 'javascript', 'steps');
    assert.equal(complexity, 'O(log n)');
  });
  it('JS near miss: a power of a matrix the caller is given keeps the multiplications', async () => {
    const code = `function steps(grid, n) {
  return power(grid, n)[0][1];
}
${JS_MATRIX}`;
    const [complexity] = await claimOf(code, 'javascript', 'steps');
    assert.notEqual(complexity, 'O(log n)');
    assert.match(complexity!, /log n/);
  });
  it('JS near miss: a spread display copies a collection, it fixes no size', async () => {
    const code = `function steps(rows, n) {
  const t = [...rows];
  return power(t, n)[0][1];
}
${JS_MATRIX}`;
    const [complexity] = await claimOf(code, 'javascript', 'steps');
    assert.notEqual(complexity, 'O(log n)');
  });
  it('TS: sizes destructured from a display (`const [m, n] = [a.length, b[0].length]`)', async () => {
    const code = `function steps(n: number): number {
  const t: number[][] = [[2, 1], [1, 1]];
  return power(t, n)[0][0];
}
function mul(a: number[][], b: number[][]): number[][] {
  const [m, p] = [a.length, b[0].length];
  const c = Array.from({ length: m }, () => Array.from({ length: p }, () => 0));
  for (let i = 0; i < m; ++i)
    for (let j = 0; j < p; ++j)
      for (let k = 0; k < b.length; ++k) c[i][j] += a[i][k] * b[k][j];
  return c;
}
function power(a: number[][], n: number): number[][] {
  let res = [[1, 0]];
  while (n) {
    if (n & 1) res = mul(res, a);
    a = mul(a, a);
    n >>= 1;
  }
  return res;
}`;
    const [complexity] = await claimOf(code, 'typescript', 'steps');
    assert.equal(complexity, 'O(log n)');
  });
  it('Rust: `vec![vec![…]]` matrices, `vec![vec![0; n]; m]` products and `.clone()` arguments', async () => {
    const code = `impl Solution {
    pub fn steps(n: i32) -> i32 {
        let t = vec![vec![1, 1], vec![1, 0]];
        power(t, n as usize)[0][1]
    }
}

fn mul(a: Vec<Vec<i32>>, b: Vec<Vec<i32>>) -> Vec<Vec<i32>> {
    let m = a.len();
    let n = b[0].len();
    let mut c = vec![vec![0; n]; m];
    for i in 0..m {
        for j in 0..n {
            for k in 0..b.len() {
                c[i][j] += a[i][k] * b[k][j];
            }
        }
    }
    c
}

fn power(mut a: Vec<Vec<i32>>, mut n: usize) -> Vec<Vec<i32>> {
    let mut res = vec![vec![1, 0], vec![0, 1]];
    while n > 0 {
        if n & 1 == 1 {
            res = mul(res, a.clone());
        }
        a = mul(a.clone(), a);
        n >>= 1;
    }
    res
}`;
    const [complexity] = await claimOf(code, 'rust', 'steps');
    assert.equal(complexity, 'O(log n)');
  });
  it('Rust near miss: a repetition `vec![0; n]` is no written display', async () => {
    const code = `impl Solution {
    pub fn steps(n: usize, k: usize) -> i32 {
        let t = vec![vec![1; k]; k];
        power(t, n)[0][0]
    }
}

fn mul(a: Vec<Vec<i32>>, b: Vec<Vec<i32>>) -> Vec<Vec<i32>> {
    let m = a.len();
    let mut c = vec![vec![0; m]; m];
    for i in 0..m {
        for j in 0..m {
            for k in 0..m {
                c[i][j] += a[i][k] * b[k][j];
            }
        }
    }
    c
}

fn power(mut a: Vec<Vec<i32>>, mut n: usize) -> Vec<Vec<i32>> {
    let mut res = a.clone();
    while n > 0 {
        if n & 1 == 1 {
            res = mul(res, a.clone());
        }
        a = mul(a.clone(), a);
        n >>= 1;
    }
    res
}`;
    const [complexity] = await claimOf(code, 'rust', 'steps');
    assert.notEqual(complexity, 'O(log n)');
  });
  it('C#: `a.Length` sizes and a result whose first row is written by element keep the callee fixed', async () => {
    const code = `public class Solution {
    private readonly int[][] t = { new int[] {1, 1}, new int[] {1, 0} };
    public int Steps(int n) {
        int[][] r = Pow(t, n);
        return r[0][1];
    }
    private int[][] Mul(int[][] a, int[][] b) {
        int m = a.Length, n = b[0].Length;
        int[][] c = new int[m][];
        for (int i = 0; i < m; i++) c[i] = new int[n];
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++)
                for (int k = 0; k < b.Length; k++) c[i][j] += a[i][k] * b[k][j];
        return c;
    }
    private int[][] Pow(int[][] a, int n) {
        int[][] res = new int[1][];
        res[0] = new int[] {1, 0};
        while (n > 0) {
            if (n % 2 == 1) {
                res = Mul(res, a);
            }
            a = Mul(a, a);
            n /= 2;
        }
        return res;
    }
}`;
    const [complexity] = await claimOf(code, 'csharp', 'Steps');
    assert.equal(complexity, 'O(log n)');
  });
  it('TS: a list replaced in place by several items per item (`splice(0, ans.length, ...t)`) is withheld', async () => {
    const code = `function combos(ds: string, keys: string[]): string[] {
  const ans: string[] = [''];
  for (const c of ds) {
    const opts = keys[+c];
    const t: string[] = [];
    for (const a of ans) {
      for (const o of opts) {
        t.push(a + o);
      }
    }
    ans.splice(0, ans.length, ...t);
  }
  return ans;
}`;
    const [complexity, basis] = await claimOf(code, 'typescript', 'combos');
    assert.equal(complexity, 'unknown');
    assert.match(basis!, /compounds/);
  });
  it('TS near miss: a list replaced by one item per item keeps its size and its claim', async () => {
    const code = `function step(ds: string, xs: number[]): number[] {
  for (const c of ds) {
    const t: number[] = [];
    for (const x of xs) {
      t.push(x + 1);
    }
    xs.splice(0, xs.length, ...t);
  }
  return xs;
}`;
    const [complexity] = await claimOf(code, 'typescript', 'step');
    assert.equal(complexity, 'O(n*m)');
  });
  it('JS: a list grown while a snapshot of its length is walked (subsets) is withheld', async () => {
    const code = `function subsets(nums) {
  const ans = [[]];
  for (const x of nums) {
    const k = ans.length;
    for (let j = 0; j < k; j++) {
      ans.push([...ans[j], x]);
    }
  }
  return ans;
}`;
    const [complexity] = await claimOf(code, 'javascript', 'subsets');
    assert.equal(complexity, 'unknown');
  });
  it('TS: a search whose depth a literal caps (`t.length === 4`) is withheld', async () => {
    const code = `function parts(s: string): string[] {
  const n = s.length;
  const ans: string[] = [];
  const t: string[] = [];
  const dfs = (i: number): void => {
    if (i >= n && t.length === 4) {
      ans.push(t.join('.'));
      return;
    }
    if (i >= n || t.length === 4) {
      return;
    }
    for (let j = i; j < i + 3 && j < n; ++j) {
      t.push(s.slice(i, j + 1));
      dfs(j + 1);
      t.pop();
    }
  };
  dfs(0);
  return ans;
}`;
    const [complexity, basis] = await claimOf(code, 'typescript', 'parts');
    assert.equal(complexity, 'unknown');
    assert.match(basis!, /capped by that literal/);
  });
  it('TS near miss: a search capped by a parameter keeps its exponential claim', async () => {
    const code = `function parts(s: string, k: number): string[] {
  const n = s.length;
  const ans: string[] = [];
  const t: string[] = [];
  const dfs = (i: number): void => {
    if (t.length === k) {
      ans.push(t.join('.'));
      return;
    }
    for (let j = i; j < n; ++j) {
      t.push(s[j]);
      dfs(j + 1);
      t.pop();
    }
  };
  dfs(0);
  return ans;
}`;
    const [complexity] = await claimOf(code, 'typescript', 'parts');
    assert.match(complexity!, /2\^/);
  });
  it('TS: a generator whose bounded loop yields on each pass is claimed per value', async () => {
    const code = `function* steps(xs: number[]): Generator<number> {
  for (let i = 0; i < xs.length; i++) {
    yield xs[i] * 2;
  }
}`;
    const [complexity, basis] = await claimOf(code, 'typescript', 'steps');
    assert.equal(complexity, 'O(1)');
    assert.match(basis!, /per value/);
  });
  it('TS near miss: a caller consuming every value pays the total; a plain function keeps its loop', async () => {
    const code = `function* steps(xs: number[]): Generator<number> {
  for (let i = 0; i < xs.length; i++) {
    yield xs[i] * 2;
  }
}
function total(xs: number[]): number {
  let s = 0;
  for (const v of steps(xs)) s += v;
  return s;
}
function doubled(xs: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < xs.length; i++) out.push(xs[i] * 2);
  return out;
}`;
    assert.match((await claimOf(code, 'typescript', 'total'))[0]!, /^O\(n( \+ m)?\)$/);
    assert.equal((await claimOf(code, 'typescript', 'doubled'))[0], 'O(n)');
  });
  it('TS: a fixed array refilled in place from another fixed one (`f.splice(0, 10, ...g)`) stays fixed', async () => {
    const code = `function walk(n: number): number {
  const f: number[] = Array(10).fill(1);
  while (--n) {
    const g: number[] = Array(10).fill(0);
    g[0] = f[4] + f[6];
    g[1] = f[6] + f[8];
    f.splice(0, 10, ...g);
  }
  return f[0];
}`;
    assert.equal((await claimOf(code, 'typescript', 'walk'))[0], 'O(n)');
  });
  it('TS near miss: refilled from the input, the array is no longer fixed', async () => {
    const code = `function walk(n: number, xs: number[]): number {
  const f: number[] = Array(10).fill(1);
  while (--n) {
    f.splice(0, 10, ...xs);
  }
  return f[0];
}`;
    assert.notEqual((await claimOf(code, 'typescript', 'walk'))[0], 'O(n)');
  });
});
