// Reference parameters (taint/references.ts), on PHP: a variable passed to a function that always
// assigns its `&$param` holds what the function left there; a function that may leave it alone,
// or never assigns it, keeps the value the variable had. Each safe case has a near miss.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review taint engine: PHP reference parameters', () => {
  it('reads a variable after a call that always escapes it by reference as escaped', async () => {
    const src = code`
      <?php
      function escapeIt(string &$s) { $s = htmlspecialchars($s); }
      function escapeBoth(&$s) { if (rand()) { $s = htmlspecialchars($s); } else { $s = strip_tags($s); } }
      function maybeEscape(&$s) { if (rand()) { $s = htmlspecialchars($s); } }
      function nothing(&$s) { }
      function viaOther(&$t) { escapeIt($t); }
      $a = $_GET['a'];
      escapeIt($a);
      echo $a;
      $b = $_GET['b'];
      escapeBoth($b);
      echo $b;
      $c = $_GET['c'];
      maybeEscape($c);
      echo $c;
      $d = $_GET['d'];
      nothing($d);
      echo $d;
      $e = $_GET['e'];
      viaOther($e);
      echo $e;
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [15, 18]);
  });

  it('gives the variable what the function writes for this call only', async () => {
    const src = code`
      <?php
      function fill(&$out, $v) { $out = $v; }
      fill($x, 'fixed');
      echo $x;
      fill($y, $_GET['y']);
      echo $y;
      function keep(&$p) { }
      function other() { keep($GLOBALS['z']); }
      function show() { keep($t); echo $t; }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [6]);
  });

  it('takes a parameter assigned in every branch before the read as overwritten', async () => {
    const src = code`
      <?php
      function label($p) {
        if (rand()) { $p = 'one'; } else { $p = 'two'; }
        echo $p;
      }
      function late($q) {
        echo $q;
        if (rand()) { $q = 'one'; } else { $q = 'two'; }
      }
      label($_GET['a']);
      late($_GET['b']);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [7]);
  });

  it('follows what a function appends or writes by reference in a script, over a literal value', async () => {
    const src = code`
      <?php
      $a = "Some text";
      appendStuff($a);
      echo $a;
      $b = "Some text";
      setStuff($b);
      echo "<p>$b</p>";
      $c = "Some text";
      byValue($c);
      echo $c;
      function appendStuff(&$param) { $param .= $_POST['foo']; }
      function setStuff(string &$param) { $param = $_POST['foo']; }
      function byValue($param) { $param .= $_POST['foo']; }
      function inside() {
        $d = 'foo';
        setStuff($d);
        echo $d;
        $e = 'foo';
        byValue($e);
        echo $e;
      }
    `;
    // 10 and 20: a parameter taken by value leaves the caller's variable alone.
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 7, 17]);
  });

  it('follows functions that pass a reference parameter on to themselves once, without looping', async () => {
    const src = code`
      <?php
      function f(&$x) { $x = trim($x); if (rand()) { f($x); } }
      function g(&$y) { $y = $y . 'a'; h($y); }
      function h(&$z) { $z = $z . 'b'; g($z); }
      $a = "text";
      f($a);
      echo $a;
      $b = $_GET['b'];
      g($b);
      echo $b;
      $c = 'x';
      h($c);
      echo $c;
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [10]);
  });

  it('follows a write through an alias ($y = &$x) to the variable, when it comes last and always runs', async () => {
    const src = code`
      <?php
      $x = $_GET['x'];
      $y = &$x;
      $y = 'safe';
      echo $x;
      $a = 'ok';
      $b = &$a;
      $b = $_GET['b'];
      echo $a;
      $c = $_GET['c'];
      $d = &$c;
      if ($z) { $d = 'safe'; }
      echo $c;
      $e = $_GET['e'];
      $f = &$e;
      $f = 'safe';
      $e = $_GET['e2'];
      echo $e;
    `;
    // 5: the alias wrote a constant over the input; 13: only maybe; 18: assigned again after.
    assert.deepEqual(await linesOf('xss', src, 'php'), [9, 13, 18]);
  });
});
