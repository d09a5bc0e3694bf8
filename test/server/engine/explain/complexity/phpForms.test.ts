// Golden cases for PHP forms the complexity estimate must read: `$` names in loop steps and
// recursion, truncating casts, header parts, `foreach` headers, work lists, SPL heaps and the
// library's array and string functions. Each cause was found on the development half of
// doocs/leetcode and is written here as small code of our own, beside a near miss that keeps its
// answer.
import assert from 'node:assert/strict';
import { explain } from '../helpers';

async function unitOf(body: string, name: string) {
  const out = await explain(`<?php\nclass Solution {\n${body}\n}\n`, 'php');
  const unit = out.details!.units.find((u) => u.name === name);
  assert.ok(unit, `no unit ${name} in ${out.details!.units.map((u) => u.name).join(', ')}`);
  return unit;
}

describe('explain complexity: PHP forms', () => {
  it('a number divided through a cast or `intdiv` loses a digit per pass: O(log n)', async () => {
    const cast = await unitOf(
      `function digits($x) {
        $r = 0;
        while ($x > 0) {
            $r = $r * 10 + $x % 10;
            $x = (int) ($x / 10);
        }
        return $r;
    }`,
      'digits',
    );
    assert.equal(cast.complexity, 'O(log n)');
    const call = await unitOf(
      `function digits($x) {
        $c = 0;
        while ($x > 0) {
            $c++;
            $x = intdiv($x, 10);
        }
        return $c;
    }`,
      'digits',
    );
    assert.equal(call.complexity, 'O(log n)');
  });

  it('near miss: dividing by 1 does not shrink the number', async () => {
    const unit = await unitOf(
      `function same($x) {
        while ($x > 0) {
            $x = intdiv($x, 1);
        }
        return $x;
    }`,
      'same',
    );
    assert.equal(unit.complexity, 'unknown');
  });

  it('a window pointer `$l` stepped at the top of the body bounds a data-tested `while`', async () => {
    const unit = await unitOf(
      `function window($s) {
        $n = strlen($s);
        $cnt = array_fill(0, 128, 0);
        $l = 0;
        $best = 0;
        for ($r = 0; $r < $n; ++$r) {
            $cnt[ord($s[$r])]++;
            while ($cnt[ord($s[$r])] > 1) {
                $cnt[ord($s[$l])]--;
                ++$l;
            }
            $best = max($best, $r - $l + 1);
        }
        return $best;
    }`,
      'window',
    );
    assert.equal(unit.complexity, 'O(n)');
  });

  it('near miss: a pointer reset inside the body bounds nothing', async () => {
    const unit = await unitOf(
      `function reset($s) {
        $l = 0;
        for ($r = 0; $r < strlen($s); ++$r) {
            while ($s[$l] != $s[$r]) {
                $l++;
                $l = 0;
            }
        }
        return $l;
    }`,
      'reset',
    );
    assert.equal(unit.complexity, 'unknown');
  });

  it('`for ($i = 0; ; $i++)` has no condition (the update is not read as one): bounded by `$s[$i]`', async () => {
    const unit = await unitOf(
      `function firstRepeat($s) {
        for ($i = 0; ; $i++) {
            $seen[$s[$i]] += 1;
            if ($seen[$s[$i]] == 2) {
                return $s[$i];
            }
        }
    }`,
      'firstRepeat',
    );
    assert.equal(unit.complexity, 'O(n)');
  });

  it('a literal array assigned once is fixed: looping over it is O(1); one grown by `$xs[] =` is not', async () => {
    const fixed = await unitOf(
      `function total($num) {
        $vs = [1000, 500, 100, 50, 10, 5, 1];
        $t = 0;
        foreach ($vs as $v) {
            $t += intdiv($num, $v);
        }
        return $t;
    }`,
      'total',
    );
    assert.equal(fixed.complexity, 'O(1)');
    const grown = await unitOf(
      `function total($nums) {
        $vs = [1, 2];
        foreach ($nums as $x) {
            $vs[] = $x;
        }
        $t = 0;
        foreach ($vs as $v) {
            $t += $v;
        }
        return $t;
    }`,
      'total',
    );
    // The grown array gets its own letter: linear, not constant.
    assert.match(grown.complexity!, /^O\(n( \+ m)?\)$/);
  });

  it('`$i + 1 < strlen($s)` with `++$i`: the counter and its offset are read without their `$`', async () => {
    const unit = await unitOf(
      `function adjacent($nums) {
        $c = 0;
        for ($i = 0; $i + 1 < count($nums); ++$i) {
            if ($nums[$i] == $nums[$i + 1]) {
                $c++;
            }
        }
        return $c;
    }`,
      'adjacent',
    );
    assert.equal(unit.complexity, 'O(n)');
  });

  it('`$this->dfs($l + 1, $r)` steps a parameter: two calls are exponential, not unknown', async () => {
    const unit = await unitOf(
      `private $out = [];
    function dfs($l, $r, $t) {
        if ($l > 3 || $r > $l) {
            return;
        }
        $this->out[] = $t;
        $this->dfs($l + 1, $r, $t . "(");
        $this->dfs($l, $r + 1, $t . ")");
    }`,
      'dfs',
    );
    assert.equal(unit.complexity, 'O(2^n)');
  });

  it('the `foreach` collection is evaluated once, not once per pass', async () => {
    const unit = await unitOf(
      `function sum($num) {
        $t = 0;
        foreach (str_split($num) as $i => $ch) {
            $t += ord($ch);
        }
        return $t;
    }`,
      'sum',
    );
    assert.equal(unit.complexity, 'O(n)');
  });

  it('`while (!empty($q))` taking items with `array_pop` drains a work list: O(V + E)', async () => {
    const unit = await unitOf(
      `function reach($g, $s) {
        $q = [$s];
        $seen = [$s => true];
        while (!empty($q)) {
            $u = array_pop($q);
            foreach ($g[$u] as $v) {
                if (!isset($seen[$v])) {
                    $seen[$v] = true;
                    $q[] = $v;
                }
            }
        }
        return count($seen);
    }`,
      'reach',
    );
    assert.match(unit.complexity!, /^O\(\w \+ \w\)$/);
  });

  it('SPL heaps: `insert` / `extract` are O(log n), `count()` is not a search', async () => {
    const unit = await unitOf(
      `function kth($nums, $k) {
        $pq = new SplMinHeap();
        foreach ($nums as $x) {
            $pq->insert($x);
            if ($pq->count() > $k) {
                $pq->extract();
            }
        }
        return $pq->top();
    }`,
      'kth',
    );
    assert.match(unit.complexity!, /^O\(n log \w\)$/);
    assert.match(unit.complexity_basis!, /O\(log n\) on the heap/);
  });

  it('library costs: `strpos` scans its haystack, `substr` of a literal length is O(1)', async () => {
    const scan = await unitOf(
      `function prefixed($words, $w) {
        for ($i = 0; $i < count($words); ++$i) {
            if (strpos($words[$i], $w) === 0) {
                return $i;
            }
        }
        return -1;
    }`,
      'prefixed',
    );
    // (each pass scans its own word, `$words[$i]`: the scans add up to the words' total length,
    // L — seventeenth round; it read O(n*m), count × longest, before PHP counters were read in keys)
    assert.equal(scan.complexity, 'O(L + n)');
    const piece = await unitOf(
      `function pairs($s) {
        $c = 0;
        for ($i = 0; $i + 1 < strlen($s); ++$i) {
            if (substr($s, $i, 2) == 'ab') {
                $c++;
            }
        }
        return $c;
    }`,
      'pairs',
    );
    assert.equal(piece.complexity, 'O(n)');
  });

  it('near miss: `strpos` from an offset inside the loop over its haystack is withheld, not O(n²)', async () => {
    const unit = await unitOf(
      `function spaces($s) {
        $c = 0;
        for ($i = 0; $i < strlen($s); ++$i) {
            if (strpos($s, ' ', $i) !== false) {
                $c++;
            }
        }
        return $c;
    }`,
      'spaces',
    );
    assert.equal(unit.complexity, 'unknown');
    assert.match(unit.complexity_basis!, /works from a position/);
  });

  it('Euclid written with array destructuring (`[$a, $b] = [$b, $a % $b]`, also JS) is O(log n)', async () => {
    const unit = await unitOf(
      `function gcd($a, $b) {
        while ($b != 0) {
            [$a, $b] = [$b, $a % $b];
        }
        return $a;
    }`,
      'gcd',
    );
    assert.equal(unit.complexity, 'O(log n)');
    const js = await explain(
      `function gcd(a, b) {\n  while (b !== 0) {\n    [a, b] = [b, a % b];\n  }\n  return a;\n}\n`,
      'javascript',
    );
    assert.equal(js.details!.units.find((u) => u.name === 'gcd')!.complexity, 'O(log n)');
  });

  it('near miss: a destructuring swap without a remainder bounds nothing', async () => {
    const unit = await unitOf(
      `function swap($a, $b) {
        while ($b != 0) {
            [$a, $b] = [$b, $a];
        }
        return $a;
    }`,
      'swap',
    );
    assert.equal(unit.complexity, 'unknown');
  });

  it('`array_shift` renumbers every key: O(n) per call, so in a loop over the array O(n²)', async () => {
    const unit = await unitOf(
      `function drain($nums) {
        $t = 0;
        for ($i = 0; $i < count($nums); ++$i) {
            $t += array_shift($nums);
        }
        return $t;
    }`,
      'drain',
    );
    assert.equal(unit.complexity, 'O(n^2)');
    const out = await explain(
      `<?php\nfunction drain($nums) {\n  $t = 0;\n  while ($nums) {\n    $t += array_shift($nums);\n  }\n  return $t;\n}\n`,
      'php',
      'detailed',
    );
    assert.match(
      JSON.stringify(out),
      /`array_shift` \(line 5\) renumbers every key of `nums` on each pass; `SplQueue`/,
    );
  });
});
