// PHP operators and calls (the taint engine on PHP): bitwise operators on two strings combine
// them byte by byte, `??=` keeps or replaces the old value, arithmetic and shifts leave a number;
// `printf` writes its arguments, and `'f'($x)` calls `f`.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review taint engine: PHP operators that keep text', () => {
  it('follows input through |, & and ^ on strings and through ??=, not through arithmetic', async () => {
    const src = code`
      <?php
      function f() {
        $a = $_GET['x'];
        $a |= $_GET['y'];
        echo $a;
        $b = $_GET['x'];
        $b ^= $_GET['y'];
        echo $b;
        $c = $_GET['x'];
        $c ??= 'fallback';
        echo $c;
        $d = $_GET['x'] & $_GET['y'];
        echo $d;
        $n = $_GET['x'];
        $n &= 255;
        echo $n;
        $m = $_GET['x'] | 4;
        echo $m;
        $s = $_GET['x'];
        $s <<= 2;
        echo $s;
        $t = $_GET['x'];
        $t -= $_GET['y'];
        echo $t;
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 8, 11, 13]);
  });

  it('reports printf arguments and follows a call of a function named by a string literal', async () => {
    const src = code`
      <?php
      printf("<p>%s</p>", $_GET['a']);
      printf("<p>%s</p>", htmlspecialchars($_GET['a']));
      function show($x) { echo $x; }
      'show'($_GET['b']);
      function fixed($x) { return 'k'; }
      echo 'fixed'($_GET['c']);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [2, 4]);
  });
});
