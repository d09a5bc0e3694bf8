// Golden cases of the ninth round (PHP and JS/TS): PHP library functions that build a number of
// items (`array_fill`, `range`, `str_repeat`, `str_pad`) or scan a subject (`preg_split`); a
// number's decimal text written the PHP or JS way (`strval($x)`, `(string) $x`, `String(x)`);
// a `const` view of a loop's item in JS/TS; PHP marks kept in a member (`$this->vis[$u]`);
// union-find path compression stored in an unbraced `if` body or through `$this->` / a closure.
// Each cause beside a near miss that keeps its answer. The code is our own.
import assert from 'node:assert/strict';
import { complexityOf, explain } from '../helpers';

const php = (body: string) => `<?php\nclass Solution {\n${body}\n}\n`;

describe('explain complexity: counts, decimal texts and path compression', () => {
  it('PHP `array_fill(0, $n, 0)` and `str_repeat($s, $k)` build n / k items', async () => {
    const code = php(`
    function zeros($n) {
        return array_fill(0, $n + 1, 0);
    }
    function pad($k) {
        return str_repeat('0', $k);
    }
    function words($s) {
        return preg_split('/\\s+/', $s);
    }`);
    assert.equal(await complexityOf(code, 'php', 'zeros'), 'O(n)');
    assert.equal(await complexityOf(code, 'php', 'pad'), 'O(k)');
    assert.equal(await complexityOf(code, 'php', 'words'), 'O(n)');
  });

  it('near miss: a literal count (`array_fill(0, 26, 0)`) stays O(1)', async () => {
    const code = php(`
    function letters() {
        return array_fill(0, 26, 0);
    }`);
    assert.equal(await complexityOf(code, 'php', 'letters'), 'O(1)');
  });

  it('a count read from the data (`str_repeat($c, $cnt[$c])`) is withheld with the reason', async () => {
    const out = await explain(
      php(`
    function expand($s) {
        $cnt = array_count_values(str_split($s));
        $ans = '';
        foreach (array_keys($cnt) as $c) {
            $ans .= str_repeat($c, $cnt[$c]);
        }
        return $ans;
    }`),
      'php',
    );
    const unit = out.details!.units.find((u) => u.name === 'expand')!;
    assert.equal(unit.complexity, 'unknown');
    assert.match(unit.complexity_basis!, /a number read from the data/);
  });

  it('PHP `strval($num)` and `(string) $x` are the decimal text of a number: O(log n)', async () => {
    const code = php(`
    function firstSix($num) {
        $num = strval($num);
        $i = strpos($num, '6');
        return $i;
    }
    function digitSum($x) {
        $s = (string) $x;
        $t = 0;
        for ($i = 0; $i < strlen($s); $i++) {
            $t += intval($s[$i]);
        }
        return $t;
    }`);
    assert.equal(await complexityOf(code, 'php', 'firstSix'), 'O(log n)');
    assert.equal(await complexityOf(code, 'php', 'digitSum'), 'O(log n)');
  });

  it('near miss: a string rebuilt from itself (`$s = strtolower($s)`) stays a size', async () => {
    const code = php(`
    function lower($s) {
        $s = strtolower($s);
        $t = 0;
        for ($i = 0; $i < strlen($s); $i++) {
            $t++;
        }
        return $t;
    }`);
    assert.equal(await complexityOf(code, 'php', 'lower'), 'O(n)');
  });

  it('TypeScript `const s = String(num)` is the decimal text of `num`: O(log n)', async () => {
    const code = `function digits(num: number): number {
    const s = String(num);
    let c = 0;
    for (const ch of s) c += Number(ch);
    return c;
}
function letters(word: string): number {
    const s = word.trim();
    let c = 0;
    for (const ch of s) c++;
    return c;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'digits'), 'O(log n)');
    assert.equal(await complexityOf(code, 'typescript', 'letters'), 'O(n)');
  });

  it('path compression stored in an unbraced `if` body is amortised O(log n) without a union by size (C++)', async () => {
    const code = `class UF {
public:
    vector<int> p;
    int find(int x) {
        if (p[x] != x) p[x] = find(p[x]);
        return p[x];
    }
    int components(int n, vector<vector<int>>& edges) {
        int c = n;
        for (auto& e : edges) {
            int a = find(e[0]), b = find(e[1]);
            if (a != b) { p[a] = b; --c; }
        }
        return c;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'find'), 'O(log n)');
    assert.equal(await complexityOf(code, 'cpp', 'components'), 'O(n log m)');
  });

  it('path compression through `$this->p` and through a closure `$find` (PHP)', async () => {
    const member = php(`
    private $p;
    function find($x) {
        if ($this->p[$x] != $x) $this->p[$x] = $this->find($this->p[$x]);
        return $this->p[$x];
    }`);
    assert.equal(await complexityOf(member, 'php', 'find'), 'O(log n)');
    const closure = php(`
    function count($n, $edges) {
        $p = range(0, $n - 1);
        $find = function ($x) use (&$find, &$p) {
            if ($p[$x] != $x) $p[$x] = $find($p[$x]);
            return $p[$x];
        };
        foreach ($edges as [$a, $b]) {
            $p[$find($a)] = $find($b);
        }
        return $p;
    }`);
    assert.equal(await complexityOf(closure, 'php', 'count'), 'O(m log k + n)');
  });

  it('near miss: a `find` that climbs without storing the root stays linear in the depth', async () => {
    const code = `class UF {
public:
    vector<int> p;
    int find(int x) {
        if (p[x] != x) return find(p[x]);
        return x;
    }
};`;
    assert.equal(await complexityOf(code, 'cpp', 'find'), 'O(n)');
  });

  it('a `const` view of the item (`const w = words[i].toLowerCase()`) works on that item: O(L + n)', async () => {
    const code = `function tags(words: string[]): string {
    let ans = '';
    for (let i = 0; i < words.length; i++) {
        const w = words[i].toLowerCase();
        ans += w.slice(1);
    }
    return ans;
}
function joined(words: string[], sep: string): string {
    let ans = '';
    for (let i = 0; i < words.length; i++) {
        const w = words.join(sep);
        ans += w.slice(1);
    }
    return ans;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'tags'), 'O(L + n)');
    // Near miss: the whole list joined on every pass is not one item.
    assert.equal(await complexityOf(code, 'typescript', 'joined'), 'O(n^2 + n*m)');
  });

  it('PHP: a mark kept in a member (`$this->vis[$u] = true`) makes a DFS visit each node once', async () => {
    const code = php(`
    private $g = [];
    private $vis = [];
    function dfs($u) {
        $this->vis[$u] = true;
        foreach ($this->g[$u] as $v) {
            if (!$this->vis[$v]) $this->dfs($v);
        }
    }
    function size($n) {
        return new SplFixedArray($n);
    }`);
    assert.equal(await complexityOf(code, 'php', 'dfs'), 'O(n + m)');
    assert.equal(await complexityOf(code, 'php', 'size'), 'O(n)');
  });

  it('near miss: a member mark undone after the call (`$this->used[$i] = false`) is backtracking', async () => {
    const code = php(`
    private $used = [];
    private $ans = 0;
    function perm($nums, $k) {
        if ($k == count($nums)) { $this->ans++; return; }
        for ($i = 0; $i < count($nums); $i++) {
            if ($this->used[$i]) continue;
            $this->used[$i] = true;
            $this->perm($nums, $k + 1);
            $this->used[$i] = false;
        }
    }`);
    assert.equal(await complexityOf(code, 'php', 'perm'), 'O(n*n!)');
  });

  it('the parts of a destructured view (`const [local, domain] = email.split("@")`) are the item\'s', async () => {
    const code = `function canon(emails: string[], extra: string): number {
    const seen = new Set<string>();
    for (const email of emails) {
        const [local, domain] = email.split('@');
        let t = '';
        for (const c of local) if (c !== '.') t += c;
        seen.add(t + '@' + domain);
    }
    return seen.size;
}
function other(emails: string[], extra: string): number {
    let n = 0;
    for (const email of emails) {
        const [head, tail] = extra.split('@');
        for (const c of head) n++;
    }
    return n;
}`;
    assert.equal(await complexityOf(code, 'typescript', 'canon'), 'O(L + n)');
    // Near miss: parts of another string, split on every pass, are not the item.
    assert.equal(await complexityOf(code, 'typescript', 'other'), 'O(n*m + n*k)');
  });
});
