// Golden cases for the twenty-third round (issue 16, doocs Java, Go, Rust, C#, TypeScript,
// JavaScript and PHP): a number's text has one character per digit, O(log x), in every language —
// Rust `x.to_string()` of an integer (a parameter or `let` typed `i32`, `u64`, …), Go
// `[]rune(strconv.Itoa(x))` / `[]byte(…)`, and string methods called straight on the conversion
// (Java `String.valueOf(num).replaceFirst(…)`, Rust `num.to_string().replacen(…)`). Near misses:
// Rust `s.to_string()` of a `String` stays linear in `s`, and a Go `[]rune` of a string parameter
// keeps its size. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { claimOf } from '../helpers';

const RUST_REVERSED = `impl Solution {
    pub fn reversed(mut x: i64) -> i64 {
        let neg = x < 0;
        let t: String = x.abs().to_string().chars().rev().collect();
        let v: i64 = t.parse().unwrap();
        if neg { -v } else { v }
    }
}`;

const RUST_LOOP = `impl Solution {
    pub fn digit_sum(n: u32) -> u32 {
        let mut total = 0;
        for c in n.to_string().chars() {
            total += c as u32 - '0' as u32;
        }
        total
    }
}`;

const RUST_TEXT = `impl Solution {
    pub fn swapped(s: String) -> String {
        let mut out = 0;
        for c in s.to_string().chars() {
            out += 1;
        }
        out.to_string()
    }
}`;

const RUST_REPLACEN = `impl Solution {
    pub fn bump(num: i32) -> i32 {
        num.to_string().replacen('1', "7", 1).parse().unwrap()
    }
}`;

const JAVA_REPLACE_FIRST = `class Solution {
    public int bump(int num) {
        return Integer.valueOf(String.valueOf(num).replaceFirst("1", "7"));
    }
}`;

const GO_RUNES = `func swaps(x int) int {
	s := []rune(strconv.Itoa(x))
	count := 0
	for j := 0; j < len(s); j++ {
		for i := 0; i < j; i++ {
			if s[i] != s[j] {
				count++
			}
		}
	}
	return count
}`;

const GO_TEXT_RUNES = `func swaps(word string) int {
	s := []rune(word)
	count := 0
	for j := 0; j < len(s); j++ {
		count++
	}
	return count
}`;

describe('twenty-third round: a number text has one character per digit in every language', () => {
  it('Rust `x.abs().to_string().chars().rev().collect()` of an integer is O(log x)', async () => {
    const [claim, basis] = await claimOf(RUST_REVERSED, 'rust', 'reversed');
    assert.equal(claim, 'O(log n)');
    assert.match(basis!, /decimal text of `x`/);
  });

  it('a Rust loop over `n.to_string().chars()` of a `u32` runs once per digit', async () => {
    const [claim, basis] = await claimOf(RUST_LOOP, 'rust', 'digit_sum');
    assert.equal(claim, 'O(log n)');
    assert.match(basis!, /decimal text of `n`/);
  });

  it('near miss: Rust `s.to_string()` of a `String` keeps the size of `s`', async () => {
    const [claim, basis] = await claimOf(RUST_TEXT, 'rust', 'swapped');
    assert.equal(claim, 'O(n)');
    assert.doesNotMatch(basis!, /decimal text/);
  });

  it('Rust `num.to_string().replacen(…)` scans the digits: O(log num)', async () => {
    const [claim, basis] = await claimOf(RUST_REPLACEN, 'rust', 'bump');
    assert.equal(claim, 'O(log n)');
    assert.match(basis!, /`replacen` is O\(n\) in `num\.to_string\(\)`/);
  });

  it('Java `String.valueOf(num).replaceFirst(…)` scans the digits: O(log num)', async () => {
    const [claim, basis] = await claimOf(JAVA_REPLACE_FIRST, 'java', 'bump');
    assert.equal(claim, 'O(log n)');
    assert.match(basis!, /`replaceFirst` is O\(n\) in `String\.valueOf\(num\)`/);
  });

  it('Go `[]rune(strconv.Itoa(x))` holds the digits of x: two loops over it are O(log² x)', async () => {
    const [claim, basis] = await claimOf(GO_RUNES, 'go', 'swaps');
    assert.equal(claim, 'O(log^2 n)');
    assert.match(basis!, /decimal text of `x`/);
  });

  it('near miss: Go `[]rune(word)` of a string parameter keeps its size', async () => {
    const [claim, basis] = await claimOf(GO_TEXT_RUNES, 'go', 'swaps');
    assert.equal(claim, 'O(n)');
    assert.doesNotMatch(basis!, /decimal text/);
  });
});

const GO_FIRST_SEEN = `func byCount(s string) string {
	seen := make(map[rune]int)
	var order []rune
	for _, c := range s {
		if _, ok := seen[c]; !ok {
			order = append(order, c)
		}
		seen[c]++
	}
	sort.Slice(order, func(i, j int) bool { return seen[order[i]] > seen[order[j]] })
	return string(order)
}`;

const JAVA_FIRST_SEEN = `class Solution {
    public String byCount(String s) {
        Map<Character, Integer> seen = new HashMap<>();
        List<Character> order = new ArrayList<>();
        for (char c : s.toCharArray()) {
            if (!seen.containsKey(c)) {
                order.add(c);
            }
            seen.merge(c, 1, Integer::sum);
        }
        order.sort((a, b) -> seen.get(b) - seen.get(a));
        return order.toString();
    }
}`;

const TS_FIRST_SEEN = `function byCount(s: string): string {
    const seen: Map<string, number> = new Map();
    const order: string[] = [];
    for (const c of s) {
        if (!seen.has(c)) {
            order.push(c);
        }
        seen.set(c, (seen.get(c) || 0) + 1);
    }
    order.sort((a, b) => seen.get(b)! - seen.get(a)!);
    return order.join('');
}`;

const TS_FIRST_SEEN_NUMBERS = `function byCount(nums: number[]): number[] {
    const seen: Map<number, number> = new Map();
    const order: number[] = [];
    for (const c of nums) {
        if (!seen.has(c)) {
            order.push(c);
        }
        seen.set(c, (seen.get(c) || 0) + 1);
    }
    order.sort((a, b) => seen.get(b)! - seen.get(a)!);
    return order;
}`;

const GO_NEVER_MARKED = `func byCount(s string) string {
	seen := make(map[rune]int)
	var order []rune
	for _, c := range s {
		if _, ok := seen[c]; !ok {
			order = append(order, c)
		}
	}
	sort.Slice(order, func(i, j int) bool { return order[i] < order[j] })
	return string(order)
}`;

describe('twenty-third round: a list of the characters a map sees first holds at most the alphabet', () => {
  for (const [language, code] of [
    ['go', GO_FIRST_SEEN],
    ['java', JAVA_FIRST_SEEN],
    ['typescript', TS_FIRST_SEEN],
  ] as const)
    it(`${language}: sorting the first-seen characters of a text is a fixed cost, the pass over the text O(n)`, async () => {
      const [claim, basis] = await claimOf(code, language, 'byCount');
      assert.equal(claim, 'O(n)');
      assert.match(basis!, /loop over `s`/);
    });

  it('near miss: the first-seen items of a list of numbers can be as many as the items', async () => {
    const [claim, basis] = await claimOf(TS_FIRST_SEEN_NUMBERS, 'typescript', 'byCount');
    assert.equal(claim, 'O(n log n)');
    assert.doesNotMatch(basis!, /lacks it/);
  });

  it('near miss: a map that never gains the character lets every character in', async () => {
    const [claim, basis] = await claimOf(GO_NEVER_MARKED, 'go', 'byCount');
    assert.equal(claim, 'O(n log n)');
    assert.doesNotMatch(basis!, /lacks it/);
  });
});
