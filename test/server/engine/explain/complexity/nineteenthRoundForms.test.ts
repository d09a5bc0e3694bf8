// Golden cases for the nineteenth round (issue 16, doocs Java, Go and TypeScript). Union-find with
// path compression alone (no union compares the trees' sizes or ranks) costs O(log n) per `find`,
// amortised, not O(α(n)): Tarjan and van Leeuwen's bound; the near misses link by size (an array, or
// a map whose entries are held in locals before the comparison) and keep O(α(n)). A weighted
// union-find keeps the root in a local before storing it (`root = find(p[x]); …; p[x] = root`): the
// same compression. A `while` loop whose counter is multiplied by a literal on every pass
// (`while x <= n: x *= 10`) runs logarithmically many passes; near miss: a multiplication in one
// branch only. Views of the loop's item (Go `[]byte(w)`, a part of a split item, Rust
// `to_lowercase()`, the previous item `words[i]` of a Go `range`), a Java count looked up in a map
// counted by ones, and Java `List.of` of written items; each near miss is its cause's code with one
// change (another string, an amount from the data, `words[0]`). Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const UNION_NO_SIZE = `func components(n int, edges [][]int) int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		if p[x] != x {
			p[x] = find(p[x])
		}
		return p[x]
	}
	ans := n
	for _, e := range edges {
		a, b := find(e[0]), find(e[1])
		if a != b {
			p[a] = b
			ans--
		}
	}
	return ans
}`;

const UNION_BY_SIZE = `func components(n int, edges [][]int) int {
	p := make([]int, n)
	size := make([]int, n)
	for i := range p {
		p[i] = i
		size[i] = 1
	}
	var find func(int) int
	find = func(x int) int {
		if p[x] != x {
			p[x] = find(p[x])
		}
		return p[x]
	}
	ans := n
	for _, e := range edges {
		a, b := find(e[0]), find(e[1])
		if a != b {
			if size[a] > size[b] {
				a, b = b, a
			}
			p[a] = b
			size[b] += size[a]
			ans--
		}
	}
	return ans
}`;

const UNION_HELD_SIZES = `class Solution {
    private Map<Integer, Integer> p = new HashMap<>();
    private Map<Integer, Integer> size = new HashMap<>();

    private int find(int x) {
        if (p.get(x) != x) {
            p.put(x, find(p.get(x)));
        }
        return p.get(x);
    }

    public int groups(int[][] pairs) {
        for (int[] e : pairs) {
            p.putIfAbsent(e[0], e[0]);
            p.putIfAbsent(e[1], e[1]);
            size.putIfAbsent(e[0], 1);
            size.putIfAbsent(e[1], 1);
            int pa = find(e[0]), pb = find(e[1]);
            if (pa == pb) {
                continue;
            }
            int sa = size.get(pa), sb = size.get(pb);
            if (sa > sb) {
                p.put(pb, pa);
                size.put(pa, sa + sb);
            } else {
                p.put(pa, pb);
                size.put(pb, sa + sb);
            }
        }
        return p.size();
    }
}`;

const WEIGHTED_FIND = `function contradicts(pairs: number[][], values: number[], n: number): boolean {
    const p: number[] = Array.from({ length: n }, (_, i) => i);
    const w: number[] = new Array(n).fill(1);
    const find = (x: number): number => {
        if (p[x] !== x) {
            const root = find(p[x]);
            w[x] *= w[p[x]];
            p[x] = root;
        }
        return p[x];
    };
    for (let i = 0; i < pairs.length; i++) {
        const [a, b] = pairs[i];
        const pa = find(a), pb = find(b);
        if (pa !== pb) {
            p[pb] = pa;
            w[pb] = (values[i] * w[a]) / w[b];
        } else if (Math.abs(values[i] * w[a] - w[b]) >= 1e-5) {
            return true;
        }
    }
    return false;
}`;

const TIMES_TEN = `def digits_up_to(n):
    c = 0
    x = 1
    while x <= n:
        c += 1
        x *= 10
    return c`;

const TIMES_TEN_IN_BRANCH = `def digits_up_to(n, nums):
    c = 0
    x = 1
    while x <= n:
        if nums[c % len(nums)] > 0:
            x *= 10
        else:
            x += 1
        c += 1
    return c`;

const JAVA_TIMES_TEN = `class Solution {
    public long count(long curr, long n) {
        long next = curr + 1, cnt = 0;
        while (curr <= n) {
            cnt += Math.min(n - curr + 1, next - curr);
            next *= 10;
            curr *= 10;
        }
        return cnt;
    }
}`;

const JAVA_KEYED = `class Solution {
    public String f(String s) {
        Map<Character, Integer> cnt = new HashMap<>();
        for (int i = 0; i < s.length(); ++i) {
            cnt.merge(s.charAt(i), 1, Integer::sum);
        }
        List<Character> cs = new ArrayList<>(cnt.keySet());
        cs.sort((a, b) -> cnt.get(b) - cnt.get(a));
        StringBuilder ans = new StringBuilder();
        for (char c : cs) {
            for (int v = cnt.get(c); v > 0; --v) {
                ans.append(c);
            }
        }
        return ans.toString();
    }
}`;

const JAVA_LIST_OF = `class Solution {
    public int f(int num) {
        List<Integer> vs = List.of(1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1);
        int ans = 0;
        for (int i = 0, n = vs.size(); i < n; ++i) {
            ans += num / vs.get(i);
        }
        return ans;
    }
}`;

const JAVA_LIST_COPY = `class Solution {
    public int f(int num, List<Integer> nums) {
        List<Integer> vs = List.copyOf(nums);
        int ans = 0;
        for (int i = 0, n = vs.size(); i < n; ++i) {
            ans += num / vs.get(i);
        }
        return ans;
    }
}`;

const GO_BYTES = `func shifted(words []string) int {
	ans := 0
	for _, w := range words {
		t := []byte(w)
		for i := range t {
			if t[i] > 'm' {
				ans++
			}
		}
	}
	return ans
}`;

const GO_PARTS = `func locals(emails []string) int {
	ans := 0
	for _, email := range emails {
		parts := strings.Split(email, "@")
		local := parts[0]
		for _, c := range local {
			if c == '.' {
				ans++
			}
		}
	}
	return ans
}`;

const GO_PREVIOUS = `func count(words []string) int {
	ans := 0
	check := func(s, t string) bool {
		for _, c := range s {
			if c == 'a' {
				return true
			}
		}
		return len(t) > 0
	}
	for i, t := range words[1:] {
		if check(words[i], t) {
			ans++
		}
	}
	return ans
}`;

const RUST_PARTS = `impl Solution {
    pub fn dots(emails: Vec<String>) -> i32 {
        let mut ans = 0;
        for email in emails {
            let parts: Vec<&str> = email.split('@').collect();
            let local = parts[0];
            for c in local.chars() {
                if c == '.' {
                    ans += 1;
                }
            }
        }
        ans
    }
}`;

const RUST_LOWER = `impl Solution {
    pub fn masks(words: Vec<String>) -> usize {
        let f = |w: &str| -> String { w.chars().map(|c| if c == 'a' { '*' } else { c }).collect() };
        let mut ans = 0;
        for w in &words {
            let mut t = w.to_lowercase();
            t = f(&t);
            ans += t.len();
        }
        ans
    }
}`;

/** Claims and their bases: the basis must name the reading. */
const WITH_BASIS: [
  title: string,
  code: string,
  language: string,
  unit: string,
  claim: string,
  basis: RegExp,
][] = [
  [
    'Go: path compression without a union by size or rank costs log n per find',
    UNION_NO_SIZE,
    'go',
    'components',
    'O(m log k + n + k)',
    /no union compares the trees' sizes or ranks before linking them: amortised O\(log n\) per call/,
  ],
  [
    'Go near miss: a union by size keeps find at O(α(n))',
    UNION_BY_SIZE,
    'go',
    'components',
    'O(m + n + k)',
    /path compression with a union by size or rank: amortised O\(α\(n\)\)/,
  ],
  [
    'Java near miss: sizes held in locals from a map before the comparison are a union by size',
    UNION_HELD_SIZES,
    'java',
    'groups',
    'O(n)',
    /with a union by size or rank/,
  ],
  [
    'TypeScript: a weighted union-find storing the root it kept in a local compresses the path',
    WEIGHTED_FIND,
    'typescript',
    'contradicts',
    'O(m log k + n)',
    /re-points `p` at the root on each call \(line 6\), path compression, but no union/,
  ],
  [
    'Python: a counter multiplied by ten on every pass reaches the limit in log n passes',
    TIMES_TEN,
    'python',
    'digits_up_to',
    'O(log n)',
    /`x` is multiplied on each pass/,
  ],
];

/** Claims only. */
const CLAIMS: [title: string, code: string, language: string, unit: string, claim: string][] = [
  [
    'Python near miss: a counter multiplied in one branch only may step by one',
    TIMES_TEN_IN_BRANCH,
    'python',
    'digits_up_to',
    'O(n)',
  ],
  [
    'Java: `while (curr <= n) { …; curr *= 10; }` is logarithmic',
    JAVA_TIMES_TEN,
    'java',
    'count',
    'O(log n)',
  ],
  [
    'Java: the counts of a map counted by ones, looked up by each key of a list of its keys, add up to the letters counted',
    JAVA_KEYED,
    'java',
    'f',
    'O(n log n + m)',
  ],
  [
    'Java near miss: a map whose values grow by an amount read from the data keeps keys × value',
    JAVA_KEYED.replace('cnt.merge(s.charAt(i), 1, Integer::sum)', 'cnt.merge(s.charAt(i), i, Integer::sum)'),
    'java',
    'f',
    'O(n*m + n log n + k)',
  ],
  ['Java: `List.of` with written items is a fixed-size list', JAVA_LIST_OF, 'java', 'f', 'O(1)'],
  ['Java near miss: `List.copyOf(nums)` is as long as the input', JAVA_LIST_COPY, 'java', 'f', 'O(n)'],
  [
    'Go: `t := []byte(w)` of each item is as long as the item: the passes add up to the total',
    GO_BYTES,
    'go',
    'shifted',
    'O(L + n)',
  ],
  [
    'Go near miss: `[]byte(text)` of another string on each pass keeps the product',
    GO_BYTES.replace('(words []string)', '(words []string, text string)')
      .replace('for _, w := range words {', 'for range words {')
      .replace('[]byte(w)', '[]byte(text)'),
    'go',
    'shifted',
    'O(n*m)',
  ],
  [
    'Go: `local := parts[0]` of `strings.Split(email, "@")` is part of the item',
    GO_PARTS,
    'go',
    'locals',
    'O(L + n)',
  ],
  [
    'Go near miss: a part of a string split once before the loop keeps the product',
    GO_PARTS.replace('(emails []string)', '(emails []string, text string)').replace(
      '\tfor _, email := range emails {\n\t\tparts := strings.Split(email, "@")',
      '\tparts := strings.Split(text, "@")\n\tfor range emails {',
    ),
    'go',
    'locals',
    'O(n*m + k)',
  ],
  [
    'Go: `words[i]` beside the item of `for i, t := range words[1:]` is the previous item',
    GO_PREVIOUS,
    'go',
    'count',
    'O(L + n)',
  ],
  [
    'Go near miss: `words[0]` on every pass is the same item each time',
    GO_PREVIOUS.replace('if check(words[i], t) {', 'if i > 0 && check(words[0], t) {'),
    'go',
    'count',
    'O(n*m)',
  ],
  [
    'Rust: `let parts: Vec<&str> = email.split(…).collect()` and `parts[0]` are views of the item',
    RUST_PARTS,
    'rust',
    'dots',
    'O(L + n)',
  ],
  [
    'Rust near miss: parts of another string split on each pass keep the product',
    RUST_PARTS.replace('(emails: Vec<String>)', '(emails: Vec<String>, text: String)')
      .replace("email.split('@')", "text.split('@')")
      .replace("if c == '.' {", "if c == '.' && email.len() > 0 {"),
    'rust',
    'dots',
    'O(n*m + n*k)',
  ],
  [
    'Rust: `w.to_lowercase()` of the item, then a helper applied to `&t`, stays a view of the item',
    RUST_LOWER,
    'rust',
    'masks',
    'O(L + n)',
  ],
  [
    'Rust near miss: the lower case of another string on every pass keeps the product',
    RUST_LOWER.replace('(words: Vec<String>)', '(words: Vec<String>, text: String)')
      .replace('w.to_lowercase()', 'text.to_lowercase()')
      .replace('ans += t.len();', 'ans += t.len() + w.len();'),
    'rust',
    'masks',
    'O(n*m)',
  ],
];

describe('explain complexity: nineteenth-round forms (doocs Java, Go, TypeScript)', () => {
  for (const [title, code, language, unit, claim, basis] of WITH_BASIS)
    it(title, async () => {
      const [complexity, why] = await claimOf(code, language, unit);
      assert.equal(complexity, claim);
      assert.match(why!, basis);
    });
  for (const [title, code, language, unit, claim] of CLAIMS)
    it(title, async () => assert.equal((await claimOf(code, language, unit))[0], claim));
});
