// Golden cases (eighth round) for Rust iterator chains and library costs: turbofish consumers
// (`sum::<i32>()`, `collect::<HashSet<_>>()`), consumers the table lacked (`reduce`, `repeat`,
// `max_by_key`), ranges written `(0..r)`, byte views, literal strings converted to `String`,
// fixed-width range windows, a copy of the stretch a loop just scanned and `BTreeMap::entry`.
// Each cause was found on the development half of doocs/leetcode and is written here as small
// code of our own, beside a near miss that keeps its answer.
import assert from 'node:assert/strict';
import { unitOf } from '../helpers';

const rust = (body: string) => `impl Solution {\n${body}\n}\n`;

describe('explain complexity: Rust iterator chains and library costs (eighth round)', () => {
  it('a consumer written with a turbofish (`sum::<i32>()`) walks the chain: O(n)', async () => {
    const unit = await unitOf(
      rust(`    pub fn total(nums: Vec<i32>, k: i32) -> i32 {
        nums.iter().sum::<i32>() % k
    }`),
      'rust',
      'total',
    );
    assert.equal(unit.complexity, 'O(n)');
    assert.match(unit.complexity_basis!, /`sum` is O\(n\) in `nums`/);
  });

  it('`reduce`, `fold` over `as_bytes()`, `repeat` and `(0..r).into_iter().map` are charged', async () => {
    const code = rust(`    pub fn xor_all(nums: Vec<i32>) -> i32 {
        nums.into_iter().reduce(|a, b| a ^ b).unwrap()
    }
    pub fn top_digit(s: String) -> u8 {
        s.as_bytes().iter().fold(0, |m, &c| m.max(c - b'0'))
    }
    pub fn doubled(nums: Vec<i32>) -> Vec<i32> {
        nums.repeat(2)
    }
    pub fn zeros(r: usize, c: usize) -> Vec<Vec<i32>> {
        (0..r).into_iter().map(|_| (0..c).into_iter().map(|_| 0).collect()).collect()
    }`);
    assert.equal((await unitOf(code, 'rust', 'xor_all')).complexity, 'O(n)');
    assert.equal((await unitOf(code, 'rust', 'top_digit')).complexity, 'O(n)');
    assert.equal((await unitOf(code, 'rust', 'doubled')).complexity, 'O(n)');
    assert.equal((await unitOf(code, 'rust', 'zeros')).complexity, 'O(n*m)');
  });

  it('near miss: `a.max(b)` between two numbers stays O(1)', async () => {
    const unit = await unitOf(
      rust(`    pub fn larger(a: i32, b: i32) -> i32 {
        a.max(b)
    }`),
      'rust',
      'larger',
    );
    assert.equal(unit.complexity, 'O(1)');
  });

  it('a set collected with `collect::<HashSet<_>>()` answers `contains` in O(1)', async () => {
    const unit = await unitOf(
      `use std::collections::HashSet;\n` +
        rust(`    pub fn missing(pairs: Vec<Vec<i32>>) -> i32 {
        let starts = pairs.iter().map(|p| p[0]).collect::<HashSet<i32>>();
        pairs.into_iter().find(|p| !starts.contains(&p[1])).unwrap()[1]
    }`),
      'rust',
      'missing',
    );
    assert.equal(unit.complexity, 'O(n)');
  });

  it('near miss: a chain collected into a `Vec` is still scanned by `contains`', async () => {
    const unit = await unitOf(
      rust(`    pub fn missing(pairs: Vec<Vec<i32>>) -> i32 {
        let starts = pairs.iter().map(|p| p[0]).collect::<Vec<i32>>();
        pairs.into_iter().find(|p| !starts.contains(&p[1])).unwrap()[1]
    }`),
      'rust',
      'missing',
    );
    assert.equal(unit.complexity, 'O(n*m)');
  });

  it('a literal converted to a `String` (`String::from("aeiou")`) has a fixed size', async () => {
    const unit = await unitOf(
      rust(`    pub fn vowels(s: String) -> i32 {
        let vowel = String::from("aeiouAEIOU");
        let mut c = 0;
        for ch in s.chars() {
            if vowel.contains(ch) { c += 1; }
        }
        c
    }`),
      'rust',
      'vowels',
    );
    assert.equal(unit.complexity, 'O(n)');
  });

  it('near miss: a `String` built from the input is scanned on every pass', async () => {
    const unit = await unitOf(
      rust(`    pub fn common(s: String, t: String) -> i32 {
        let pool = String::from(t);
        let mut c = 0;
        for ch in s.chars() {
            if pool.contains(ch) { c += 1; }
        }
        c
    }`),
      'rust',
      'common',
    );
    assert.equal(unit.complexity, 'O(n*m)');
  });

  it('a range window of fixed width (`i.saturating_sub(1)..=(i + 1).min(m - 1)`, `i..(i + 3).min(n)`) is O(1) per pass', async () => {
    const code = rust(`    pub fn smooth(img: Vec<Vec<i32>>) -> i32 {
        let m = img.len();
        let n = img[0].len();
        let mut s = 0;
        for i in 0..m {
            for j in 0..n {
                for x in i.saturating_sub(1)..=(i + 1).min(m - 1) {
                    for y in j.saturating_sub(1)..=(j + 1).min(n - 1) {
                        s += img[x][y];
                    }
                }
            }
        }
        s
    }
    pub fn next_three(v: Vec<i32>) -> i32 {
        let n = v.len();
        let mut s = 0;
        for i in 0..n {
            for j in i..(i + 3).min(n) {
                s += v[j];
            }
        }
        s
    }`);
    assert.equal((await unitOf(code, 'rust', 'smooth')).complexity, 'O(m*n)');
    assert.equal((await unitOf(code, 'rust', 'next_three')).complexity, 'O(n)');
  });

  it('near miss: a range from the counter to the end (`i..n`) stays linear per pass', async () => {
    const unit = await unitOf(
      rust(`    pub fn pairs(v: Vec<i32>) -> i32 {
        let n = v.len();
        let mut s = 0;
        for i in 0..n {
            for j in i..n {
                s += v[j];
            }
        }
        s
    }`),
      'rust',
      'pairs',
    );
    assert.equal(unit.complexity, 'O(n^2)');
  });

  it('copying the stretch a loop just scanned (`s[i..j]` after `let mut j = i; while j < n …`) is paid by that loop', async () => {
    const unit = await unitOf(
      rust(`    pub fn words(s: String) -> Vec<String> {
        let s: Vec<char> = s.chars().collect();
        let n = s.len();
        let mut out = Vec::new();
        let mut i = 0;
        while i < n {
            if s[i] == ' ' {
                i += 1;
                continue;
            }
            let mut j = i;
            while j < n && s[j] != ' ' {
                j += 1;
            }
            out.push(s[i..j].iter().collect::<String>());
            i = j;
        }
        out
    }`),
      'rust',
      'words',
    );
    assert.equal(unit.complexity, 'O(n)');
  });

  it('near miss: copying every slice `s[i..j]` of all pairs is charged per pair', async () => {
    const unit = await unitOf(
      rust(`    pub fn all(s: Vec<i32>) -> usize {
        let n = s.len();
        let mut c = 0;
        for i in 0..n {
            for j in i..n {
                c += s[i..j].to_vec().len();
            }
        }
        c
    }`),
      'rust',
      'all',
    );
    assert.equal(unit.complexity, 'O(n^2*m)');
  });

  it('`BTreeMap::entry` searches the tree: O(log n) per call', async () => {
    const unit = await unitOf(
      `use std::collections::BTreeMap;\n` +
        rust(`    pub fn tally(nums: Vec<i32>) -> i32 {
        let mut tm = BTreeMap::new();
        for &x in &nums {
            *tm.entry(x).or_insert(0) += 1;
        }
        tm.len() as i32
    }`),
      'rust',
      'tally',
    );
    assert.equal(unit.complexity, 'O(n log m)');
  });

  it('near miss: `HashMap::entry` stays O(1)', async () => {
    const unit = await unitOf(
      `use std::collections::HashMap;\n` +
        rust(`    pub fn tally(nums: Vec<i32>) -> i32 {
        let mut cnt = HashMap::new();
        for &x in &nums {
            *cnt.entry(x).or_insert(0) += 1;
        }
        cnt.len() as i32
    }`),
      'rust',
      'tally',
    );
    assert.equal(unit.complexity, 'O(n)');
  });

  it('a visited mark lent as `&mut vis` to a DFS called in a loop is shared: each node once in all', async () => {
    const unit = await unitOf(
      rust(`    fn dfs(g: &Vec<Vec<usize>>, vis: &mut Vec<bool>, u: usize) -> i64 {
        if vis[u] {
            return 0;
        }
        vis[u] = true;
        let mut c = 1;
        for &v in &g[u] {
            c += Self::dfs(g, vis, v);
        }
        c
    }
    pub fn parts(g: Vec<Vec<usize>>) -> i64 {
        let n = g.len();
        let mut vis = vec![false; n];
        let mut ans = 0;
        for u in 0..n {
            ans = ans.max(Self::dfs(&g, &mut vis, u));
        }
        ans
    }`),
      'rust',
      'parts',
    );
    assert.equal(unit.complexity, 'O(n + m)');
  });

  it('near miss: a fresh mark made on each pass is not shared', async () => {
    const unit = await unitOf(
      rust(`    fn dfs(g: &Vec<Vec<usize>>, vis: &mut Vec<bool>, u: usize) -> i64 {
        if vis[u] {
            return 0;
        }
        vis[u] = true;
        let mut c = 1;
        for &v in &g[u] {
            c += Self::dfs(g, vis, v);
        }
        c
    }
    pub fn each(g: Vec<Vec<usize>>) -> i64 {
        let n = g.len();
        let mut ans = 0;
        for u in 0..n {
            let mut vis = vec![false; n];
            ans = ans.max(Self::dfs(&g, &mut vis, u));
        }
        ans
    }`),
      'rust',
      'each',
    );
    assert.match(unit.complexity!, /^O\(n\*/);
  });

  it('`while let Some(node) = head { head = node.next.take(); }` follows the list: O(n)', async () => {
    const unit = await unitOf(
      rust(`    pub fn reverse(head: Option<Box<ListNode>>) -> Option<Box<ListNode>> {
        let mut head = head;
        let mut pre = None;
        while let Some(mut node) = head {
            head = node.next.take();
            node.next = pre.take();
            pre = Some(node);
        }
        pre
    }`),
      'rust',
      'reverse',
    );
    assert.equal(unit.complexity, 'O(n)');
  });

  it('near miss: `while let Some(x) = cur` that never moves `cur` has no bound', async () => {
    const unit = await unitOf(
      rust(`    pub fn stuck(cur: Option<i32>) -> i32 {
        let mut c = 0;
        while let Some(x) = cur {
            c += x;
            if c > 100 { break; }
        }
        c
    }`),
      'rust',
      'stuck',
    );
    assert.equal(unit.complexity, 'unknown');
  });
});
