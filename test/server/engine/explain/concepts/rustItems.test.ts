// Rust items that looked like other concepts (doocs dev sample): an inherent `impl Type { ... }`
// implements no trait, and a `fn` item nested in a function captures nothing (only closures can).
import assert from 'node:assert/strict';
import { conceptsOf } from '../helpers';

describe('explain concepts: Rust impl blocks and nested fn items', () => {
  it('traits only for `impl Trait for Type` or a trait declaration', async () => {
    const inherent = 'struct S;\nimpl S {\n    pub fn one(&self) -> i32 {\n        1\n    }\n}\n';
    assert.ok(!(await conceptsOf(inherent, 'rust')).includes('traits'));
    const implemented =
      'trait Name {\n    fn name(&self) -> String;\n}\nstruct S;\nimpl Name for S {\n    fn name(&self) -> String {\n        String::from("s")\n    }\n}\n';
    assert.ok((await conceptsOf(implemented, 'rust')).includes('traits'));
  });
  it('a nested fn item is no closure; a closure using an outer local is one', async () => {
    const nested =
      'fn count(g: Vec<Vec<usize>>) -> usize {\n    let mut seen = vec![false; g.len()];\n    let v = 0;\n    fn go(g: &Vec<Vec<usize>>, seen: &mut Vec<bool>, u: usize) -> usize {\n        if seen[u] {\n            return 0;\n        }\n        seen[u] = true;\n        let mut c = 1;\n        for &v in &g[u] {\n            c += go(g, seen, v);\n        }\n        c\n    }\n    go(&g, &mut seen, v)\n}\n';
    assert.ok(!(await conceptsOf(nested, 'rust')).includes('closures'));
    const closure =
      'fn add_all(xs: Vec<i32>, k: i32) -> Vec<i32> {\n    xs.into_iter().map(|x| x + k).collect()\n}\n';
    assert.ok((await conceptsOf(closure, 'rust')).includes('closures'));
  });
});
