// The taint engine on PHP values that cannot carry syntax whatever the input: scalar type
// declarations (parameters, returns, properties), built-ins returning numbers, unary arithmetic,
// `match` arms, and validation guards that exit before the use. Each with a near miss that stays
// reported.
import assert from 'node:assert/strict';
import { code, linesOf, review } from '../reviewHelper';

describe('review taint engine: PHP values without text', () => {
  it('reads int, float and bool declarations of parameters and returns as numbers', async () => {
    const src = code`
      <?php
      function show(int $id) { echo $id; }
      show($_GET['id']);
      function name(string $n) { echo $n; }
      name($_GET['n']);
      function either(int|string $v) { echo $v; }
      either($_GET['v']);
      function userId(): int { return $_GET['uid']; }
      echo userId();
      function label(): ?string { return $_GET['label']; }
      echo label();
      function reset_(int $r) { $r = $_GET['r']; echo $r; }
      reset_(1);
      class A { public function id(): ?int { return $_GET['id']; } }
      $a = new A();
      mysql_query("SELECT * FROM t WHERE id = " . $a->id());
      $flag = function (): bool { return $_GET['f']; };
      echo $flag();
    `;
    // Line 12: the parameter is reassigned from input; its declared type binds only what callers pass.
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 6, 11, 12]);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), []);
  });

  it('reads properties typed in the class or a parent as numbers; untyped and string ones carry input', async () => {
    const src = code`
      <?php
      class A {
        private int $id;
        public ?string $name;
        public $raw;
        function __construct() { $this->id = $_GET['id']; $this->name = $_GET['n']; $this->raw = $_GET['r']; }
        function show() { echo $this->id; echo $this->name; }
      }
      $a = new A();
      echo $a->id;
      echo $a->name;
      echo $a->raw;
      $a->show();
      class B extends A {}
      $b = new B();
      echo $b->id;
      class U { private $id; function __construct(int $id) { $this->id = $id; } function id() { return $this->id; } }
      $u = new U($_GET['id']);
      echo $u->id();
      class V { private $n; function __construct(string $n) { $this->n = $n; } function n() { return $this->n; } }
      $v = new V($_GET['n']);
      echo $v->n();
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [7, 11, 12, 22]);
  });

  it('takes lengths, positions, counts, base conversions and unary arithmetic as numbers', async () => {
    const src = code`
      <?php
      $x = $_GET['x'];
      echo mb_strlen($x) . strpos($x, 'a') . substr_count($x, 'a') . preg_match('/a/', $x);
      echo bin2hex($x) . dechex($x) . strtotime($x) . hash_hmac('sha256', $x, 'k');
      echo -$x;
      echo !$x;
      echo implode(',', array_map('intval', $_GET['ids']));
      echo ++$x;
      echo ~$x;
      echo implode(',', array_map('trim', $_GET['ids']));
      echo mb_substr($x, 1);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [8, 9, 10, 11]);
  });

  it('gives a match expression the value of its arms, not of what it tests', async () => {
    const src = code`
      <?php
      $p = match ($_GET['p']) { 'a' => 'a.php', default => 'home.php' };
      include $p;
      $q = match (true) { $_GET['x'] === 'a' => 'a.php', default => $_GET['q'] };
      include $q;
    `;
    assert.deepEqual(await linesOf('code-injection', src, 'php'), [5]);
  });

  it('trusts a value past a guard that exits unless it validates, in scripts, functions and loops', async () => {
    const src = code`
      <?php
      $a = $_GET['a']; if (!is_numeric($a)) { exit; } echo $a;
      $b = $_GET['b']; if ($z || !ctype_digit($b)) die('bad'); echo $b;
      $c = $_GET['c']; if (!in_array($c, ['x', 'y'], true)) { header('Location: /'); exit; } echo $c;
      $d = $_GET['d']; if (!preg_match('/^[a-z]+$/', $d)) exit; echo $d;
      function f() { $h = $_GET['h']; if (filter_var($h, FILTER_VALIDATE_INT) === false) { return; } echo $h; }
      foreach ($_GET['list'] as $i) { if (!is_numeric($i)) { continue; } echo $i; }
      $e = $_GET['e']; if (!is_numeric($e) && $z) { exit; } echo $e;
      $g = $_GET['g']; if (!in_array($g, ['x', 'y'])) { log_it(); } echo $g;
      $k = $_GET['k']; if ($z) { if (!is_numeric($k)) { exit; } } echo $k;
      $m = $_GET['m']; if (!preg_match('/^[a-z.]+$/', $m)) exit; echo $m;
      $n = $_GET['n']; if (!in_array($n, ['x', $_GET['y']])) { exit; } echo $n;
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [8, 9, 10, 11, 12]);
  });

  it('reads printf like the sprintf it prints: numeric conversions are numbers, %s lands in the page', async () => {
    const src = code`
      <?php
      printf('%d items', $_GET['n']);
      printf('<b>%s</b>', htmlspecialchars($_GET['a']));
      printf('<b>%s</b>', $_GET['b']);
      printf("{$_GET['c']} %s", 'fixed');
      printf($_GET['d']);
      vprintf('%s', [$_GET['e']]);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 5, 6, 7]);
  });

  it('gives a ternary its middle, `a ?: b` its condition, and narrows the middle like an if', async () => {
    const src = code`
      <?php
      echo $c ? $_GET['a'] : 'd';
      echo $_GET['b'] ?: 'd';
      echo $_GET['c'] ? 'yes' : 'no';
      echo isset($_GET['d']) ?: 'd';
      $x = $_GET['x'];
      echo is_numeric($x) ? $x : 0;
      echo is_string($x) ? $x : 0;
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [2, 3, 8]);
  });

  it('reads an element as what the array holds, not what its index carries', async () => {
    const src = code`
      <?php
      $pages = ['a' => 'a.php', 'b' => 'b.php'];
      include $pages[$_GET['p']];
      $k = $_GET['k'];
      echo $pages[$k];
      $held = [$_GET['x']];
      echo $held[$i];
      $s = $_GET['s'];
      echo $s[0];
      echo $_GET[$k];
    `;
    assert.deepEqual(await linesOf('code-injection', src, 'php'), []);
    assert.deepEqual(await linesOf('xss', src, 'php'), [7, 9, 10]);
  });

  it('reads the request time PHP sets as no input; other $_SERVER entries stay input', async () => {
    const src = code`
      <?php
      echo $_SERVER['REQUEST_TIME'];
      echo $_SERVER["REQUEST_TIME_FLOAT"];
      echo $_SERVER['REQUEST_URI'];
      echo $_SERVER[$k];
      $t = $_SERVER['REQUEST_TIME'] - 60;
      mysql_query("DELETE FROM s WHERE at < $t");
      $u = $_SERVER['HTTP_USER_AGENT'];
      mysql_query("INSERT INTO log VALUES ('$u')");
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 5]);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [9]);
  });

  it('reads the addresses and scheme of the connection as no input; the Host header and the URI stay input', async () => {
    const src = code`
      <?php
      mysql_query("INSERT INTO log (ip) VALUES ('$_SERVER[REMOTE_ADDR]')");
      mysql_query("INSERT INTO log (ip) VALUES ('{$_SERVER['REMOTE_ADDR']}')");
      echo $_SERVER["HTTPS"] . $_SERVER['REMOTE_PORT'] . $_SERVER['REQUEST_SCHEME'];
      mysql_query("INSERT INTO log (ip) VALUES ('$_SERVER[HTTP_X_FORWARDED_FOR]')");
      echo $_SERVER['SERVER_NAME'];
      echo $_SERVER['PHP_SELF'];
      echo $_SERVER['SCRIPT_NAME'];
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [5]);
    assert.deepEqual(await linesOf('xss', src, 'php'), [6, 7, 8]);
  });

  it("reads an upload's size and error as numbers PHP sets; its name and type stay the client's", async () => {
    const src = code`
      <?php
      echo 'Size: ' . $_FILES['doc']['size'];
      mysql_query("UPDATE up SET err = " . $_FILES["doc"]["error"]);
      $f = $_FILES['doc'];
      echo $f['size'];
      echo $_FILES['doc']['name'];
      echo $f['type'];
      readfile($f['tmp_name']);
    `;
    const findings = await review(src, 'php', ['security']);
    assert.deepEqual(
      findings.map((f) => [f.line, f.rule.replace('codewright/', ''), f.severity]),
      [
        [6, 'xss', 'high'],
        [7, 'xss', 'high'],
        [8, 'path-traversal', 'medium'],
      ],
    );
  });

  it("keeps the server's configured paths at medium, in include and echo as in calls", async () => {
    const src = code`
      <?php
      include $_SERVER['DOCUMENT_ROOT'] . '/inc/header.php';
      echo $_SERVER['SCRIPT_FILENAME'];
      echo $_SESSION['name'];
      include $_GET['page'];
      echo $_GET['name'];
    `;
    const findings = await review(src, 'php', ['security']);
    assert.deepEqual(
      findings.map((f) => [f.line, f.rule.replace('codewright/', ''), f.severity]),
      [
        [2, 'code-injection', 'medium'],
        [3, 'xss', 'medium'],
        [4, 'xss', 'medium'],
        [5, 'code-injection', 'critical'],
        [6, 'xss', 'high'],
      ],
    );
  });

  it('keeps only the elements array_filter tested against a character class', async () => {
    const src = code`
      <?php
      $ids = array_filter($_GET['ids'], 'ctype_digit');
      mysql_query("SELECT * FROM t WHERE id IN (" . implode(',', $ids) . ")");
      $nums = array_filter(explode(',', $_GET['n']), "is_int");
      mysql_query("SELECT * FROM t WHERE id IN (" . implode(',', $nums) . ")");
      $all = array_filter($_GET['all'], 'strlen');
      mysql_query("SELECT * FROM t WHERE id IN (" . implode(',', $all) . ")");
      $some = array_filter($_GET['some']);
      mysql_query("SELECT * FROM t WHERE id IN (" . implode(',', $some) . ")");
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [7, 9]);
  });

  it('pins the value a switch tests to the literal labels of the arm that runs', async () => {
    const src = code`
      <?php
      $p = $_GET['p'];
      switch ($p) {
        case 'home':
        case "news": echo $p; break;
        case 3: echo "<b>$p</b>"; // falls through
        default: echo $p;
      }
      switch ($_GET['q']) {
        case 'a': echo $_GET['q']; break;
        default: break;
      }
      $r = $_GET['r'];
      switch ($r) {
        default: log_it();
        case 'x': echo $r; break;
      }
      switch ($r) {
        case 'y': $r = $_GET['s']; echo $r; break;
      }
      switch ($other) {
        case 'z': echo $r; break;
      }
    `;
    // Line 7 is the default; 16 is reached from the default falling through; 19 reassigns the value.
    assert.deepEqual(await linesOf('xss', src, 'php'), [7, 16, 19, 22]);
  });

  it('reads a validation result kept in a variable as the validation itself', async () => {
    const src = code`
      <?php
      $id = $_GET['id'];
      $ok = preg_match('/^[0-9]+$/', $id);
      if (!$ok) { exit; }
      echo $id;
      $n = $_GET['n'];
      $digits = ctype_digit($n);
      if ($digits) { echo $n; }
      $m = $_GET['m'];
      $fine = ctype_digit($m);
      $m = $_GET['other'];
      if ($fine) { echo $m; }
      $s = $_GET['s'];
      $len = strlen($s);
      if ($len) { echo $s; }
      $t = $_GET['t'];
      $valid = preg_match('/^[0-9]+$/', $t) || $admin;
      if ($valid) { echo $t; }
      $parts = explode('.', $_GET['ip']);
      if (is_numeric($parts[0])) { echo $parts[0]; }
      if (is_numeric($parts[0])) { echo $parts[1]; }
    `;
    // $parts holds a call's result but is read by its index, not tested itself: line 20 stays
    // narrowed to the element it tests, line 21 uses another.
    assert.deepEqual(await linesOf('xss', src, 'php'), [12, 15, 18, 21]);
  });

  it('reads a held conjunction of validations as the validations, and a negated one by De Morgan', async () => {
    const src = code`
      <?php
      $x = $_GET['x'];
      $ok = ctype_digit($x) && strlen($x) < 10;
      if (!$ok) exit;
      echo $x;
      $y = $_GET['y'];
      $either = ctype_digit($y) || strlen($y) < 10;
      if (!$either) exit;
      echo $y;
      $z = $_GET['z'];
      $fine = is_numeric($z) && $z > 0;
      if ($fine) { echo $z; }
      $w = $_GET['w'];
      $both = strlen($w) > 2 && $admin;
      if ($both) { echo $w; }
      $v = $_GET['v'];
      $good = ctype_alpha($v) && $v !== '';
      if ($admin && !$good) exit;
      echo $v;
    `;
    // 9: `||` validates nothing; 15: no conjunct tests the value; 19: the guard exits only for admins.
    assert.deepEqual(await linesOf('xss', src, 'php'), [9, 15, 19]);
  });

  it('narrows a branch only when every alternative of its condition validates, and by ===', async () => {
    const src = code`
      <?php
      $p = $_GET['p'];
      if ($p === 'a') { echo $p; }
      if ($p == 'a' && $admin) { echo $p; }
      if (ctype_digit($p) || $admin) { echo $p; }
      if (ctype_digit($p) || $p === 'none') { echo $p; }
      if (($admin || $root) && ctype_alpha($p)) { echo $p; }
      if ($admin or is_numeric($p)) { echo $p; }
      if ($p !== 'a') { echo $p; }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 8, 9]);
  });

  it('reads the arms of switch (true) by their conditions, and constants as case labels', async () => {
    const src = code`
      <?php
      $p = $_GET['p'];
      switch (true) {
        case $p === 'a': echo $p; break;
        case is_numeric($p): echo $p; break;
        case $admin: echo $p; break;
        default: echo $p;
      }
      switch (true) {
        case ctype_digit($p):
        case $admin: echo $p; break;
      }
      const HOME = 'home';
      class Page { const NEWS = 'news'; }
      switch ($p) {
        case HOME: echo $p; break;
        case Page::NEWS: echo $p; break;
        case $other: echo $p; break;
        case true: echo $p; break;
      }
    `;
    // 6 and 11: the label does not test the value; 7: the default; 18: a variable; 19: any non-empty text.
    assert.deepEqual(await linesOf('xss', src, 'php'), [6, 7, 11, 18, 19]);
  });

  it('narrows an else, an elseif and the last part of a ternary by the negated conditions before them', async () => {
    const src = code`
      <?php
      $x = $_GET['x'];
      if (!is_numeric($x)) { echo 'no'; } else { echo $x; }
      if (is_numeric($x)) { echo 'no'; } else { echo $x; }
      if ($x !== 'a') { echo 'no'; } else { echo $x; }
      if ($x != 'a') { echo 'no'; } elseif (ctype_digit($x)) { echo $x; } else { echo $x; }
      if (!ctype_digit($x) || $admin) { echo 'no'; } else { echo $x; }
      if (!ctype_digit($x) && $admin) { echo 'no'; } else { echo $x; }
      echo !is_numeric($x) ? 0 : $x;
      echo is_numeric($x) ? 0 : $x;
      if ($x === 'b') { echo 'b'; } elseif ($y) { echo $x; }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 8, 10, 11]);
  });

  it('narrows a request value tested in place, and a variable compared after a call assigned it', async () => {
    const src = code`
      <?php
      echo ctype_digit($_GET['x']) ? $_GET['x'] : 0;
      echo in_array($_GET['p'], ['a', 'b'], true) ? $_GET['p'] : 'a';
      echo ctype_digit($_GET['x']) ? $_GET['y'] : 0;
      $o = strtolower($_GET['o']);
      if ($o === 'asc' || $o === 'desc') { mysqli_query($c, "SELECT * FROM t ORDER BY id $o"); }
      if ($o === 'asc' || $admin) { mysqli_query($c, "SELECT * FROM t ORDER BY id $o"); }
      if ($o !== 'asc') { exit; }
      echo $o;
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4]);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [7]);
  });

  it('reads array_map with a sanitizer as the callable as sanitized, and array_filter by is_numeric', async () => {
    const src = code`
      <?php
      echo implode(' ', array_map(fn($s) => htmlspecialchars($s), $_GET['list']));
      echo implode(' ', array_map('htmlspecialchars', $_GET['list']));
      echo implode(' ', array_map(function ($s) { return (int) $s; }, $_GET['list']));
      echo implode(' ', array_map('trim', $_GET['list']));
      echo implode(' ', array_map(fn($s) => $s . htmlspecialchars($s), $_GET['list']));
      echo implode(' ', array_map(fn($s) => trim($s), $_GET['list']));
      echo implode(',', array_filter(explode(',', $_GET['ids']), 'is_numeric'));
      echo implode(',', array_filter(explode(',', $_GET['ids']), 'is_string'));
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 6, 7, 9]);
  });

  it('lets only validated values past an if that resets the variable when the test fails', async () => {
    const src = code`
      <?php
      $t = $_GET['t']; $ok = in_array($t, ['a', 'b'], true); if (!$ok) { $t = 'a'; } echo $t;
      $s = $_GET['s'] ?? ''; if (!in_array($s, ['a', 'b'], true)) { $s = 'a'; } echo "<div class='$s'>";
      $d = $_GET['d']; if (!ctype_digit($d)) $d = '0'; echo $d;
      $u = $_GET['u']; if (!ctype_digit($u)) { $u = $_GET['v']; } echo $u;
      $w = $_GET['w']; if (!ctype_digit($w)) { log_it(); } echo $w;
      $y = $_GET['y']; if (!ctype_digit($y) && $admin) { $y = '0'; } echo $y;
      $z = $_GET['z']; if (!ctype_digit($z)) { $z = '0'; } else { $z .= $_GET['q']; } echo $z;
      $k = $_GET['k']; if (!ctype_digit($k)) { if ($a) { $k = '0'; } } echo $k;
    `;
    // 5: the reset value is input; 6: nothing resets it; 7: resets only for admins; 8: the else
    // appends input; 9: the reset may not run.
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 6, 7, 8, 9]);
  });
});
