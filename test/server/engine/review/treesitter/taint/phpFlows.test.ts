// The taint engine on PHP: superglobals and file/command reads reaching SQL, shell, include, echo,
// LDAP, XPath and redirects, with the safe look-alikes next to each (casts, arithmetic, settype,
// number filters, whitelists, anchored preg_match, escaping, if/else that both assign).
import assert from 'node:assert/strict';
import { code, linesOf, review } from '../reviewHelper';

describe('review taint engine: PHP flows', () => {
  it('reports $_GET in SQL and shell text, not once cast, filtered or checked against a whitelist', async () => {
    const src = code`
      <?php
      $id = $_GET['id'];
      mysql_query("SELECT * FROM t WHERE id = '" . $id . "'");
      $n = (int) $_GET['n'];
      mysql_query("SELECT * FROM t WHERE id = $n");
      $f = $_POST['f'];
      $f += 0.0;
      system("find / -size '$f'");
      $ok = $_GET['ok'];
      $allowed = array("a", "b");
      if (in_array($ok, $allowed, true)) { $ok = $ok; } else { $ok = $allowed[0]; }
      system("ls '$ok'");
      $w = $_GET['w'];
      $re = "/^[a-zA-Z0-9]*$/";
      if (preg_match($re, $w) == 1) { $w = $w; } else { $w = ""; }
      system("ls '$w'");
      $v = filter_var($_GET['v'], FILTER_VALIDATE_INT);
      mysql_query("SELECT * FROM t WHERE id = $v");
      system("ls " . $_COOKIE['dir']);
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [3]);
    assert.deepEqual(await linesOf('command-injection', src, 'php'), [19]);
  });

  it('follows input through object getters and element writes into include, echo and redirects', async () => {
    const src = code`
      <?php
      class Input {
        private $input;
        public function getInput() { return $this->input; }
        public function __construct() { $this->input = $_GET['page']; }
      }
      $in = new Input();
      $page = $in->getInput();
      include 'pages/' . $page . '.php';
      $arr = array();
      $arr[] = 'safe';
      $arr[] = $_POST['name'];
      echo "<p>" . $arr[1] . "</p>";
      echo "<p>" . htmlspecialchars($arr[1], ENT_QUOTES) . "</p>";
      header("Location: " . $_GET['next']);
      header("Location: /home");
      header("Content-Type: " . $_GET['type']);
    `;
    assert.deepEqual(await linesOf('code-injection', src, 'php'), [9]);
    assert.deepEqual(await linesOf('xss', src, 'php'), [13]);
    assert.deepEqual(await linesOf('open-redirect', src, 'php'), [15]);
  });

  it('takes deleting every quote as safe for quoted code and SQL, not for HTML', async () => {
    const src = code`
      <?php
      $t = preg_replace('/\\'/', '', $_POST['u']);
      eval(sprintf("echo '%s';", $t));
      echo "<b>" . $t . "</b>";
    `;
    assert.deepEqual(await linesOf('code-injection', src, 'php'), []);
    assert.deepEqual(await linesOf('xss', src, 'php'), [4]);
  });

  it('reads a file or a command as input at medium severity, and backtick output too', async () => {
    const src = code`
      <?php
      $h = fopen("/tmp/x.txt", "r");
      $line = fgets($h, 4096);
      $xp = new DOMXPath($doc);
      $xp->query("//user[@name='" . $line . "']");
      $out = \`cat /tmp/name.txt\`;
      ldap_search($ds, "o=Org", "(uid=" . $out . ")");
    `;
    const findings = await review(src, 'php', ['security']);
    const xpath = findings.find((f) => f.rule === 'codewright/xpath-injection');
    const ldap = findings.find((f) => f.rule === 'codewright/ldap-injection');
    assert.equal(xpath?.line, 5);
    assert.equal(xpath?.severity, 'medium');
    assert.equal(ldap?.line, 7);
    assert.ok(!findings.some((f) => f.rule === 'codewright/sql-injection'));
  });

  it("reports Guzzle's 'verify' => false and md5_file/hash_file weak hashes, not 'verify' => true", async () => {
    const src = code`
      <?php
      $client = new Client(['verify' => false]);
      $other = new Client(['verify' => true]);
      $sum = md5_file($path);
      $digest = hash_file('sha1', $path);
    `;
    assert.deepEqual(await linesOf('tls-verification-disabled', src, 'php'), [2]);
    assert.deepEqual(await linesOf('weak-hash', src, 'php'), [4, 5]);
  });

  it('reports var_export and print_r of input unless they return the text, and mysqli execute_query', async () => {
    const src = code`
      <?php
      var_export($_GET['a']);
      print_r($_GET['b']);
      $kept = var_export($_GET['c'], true);
      $also = print_r($_GET['d'], true);
      $mysqli->execute_query("SELECT * FROM t WHERE id = " . $_GET['id']);
      $mysqli->execute_query("SELECT * FROM t WHERE id = ?", [$_GET['id']]);
      mysqli_execute_query($link, "DELETE FROM t WHERE id = " . $_POST['id']);
      mysqli_execute_query($link, "DELETE FROM t WHERE id = ?", [$_POST['id']]);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [2, 3]);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [6, 8]);
  });

  it('takes an array element checked as a number inside the if as clean, not its other elements', async () => {
    const src = code`
      <?php
      $parts = explode(".", $_GET['ip']);
      if (is_numeric($parts[0]) && is_numeric($parts[1])) {
        system("ping -c 1 " . $parts[0] . "." . $parts[1]);
        system("ping -c 1 " . $parts[2]);
      }
    `;
    assert.deepEqual(await linesOf('command-injection', src, 'php'), [5]);
  });

  it('follows a foreach over input to its value, and its key only when the array is a request array', async () => {
    const src = code`
      <?php
      $names = array($_GET['name']);
      foreach ($names as $i => $name) { echo $name; }
      $fixed = array("a" => "x", "b" => $_POST['b']);
      foreach ($fixed as $key => $value) { echo $key; }
      foreach ($_GET as $field => $v) { echo $field; }
      $plain = array("x", "y");
      foreach ($plain as $item) { echo $item; }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [3, 6]);
  });

  it('tells array elements apart by their constant keys, at any depth, and follows appends', async () => {
    const src = code`
      <?php
      $row["name"][0] = $_GET['name'];
      $row["id"][0] = "42";
      echo $row["id"][0];
      echo $row["name"][0];
      $list = array();
      $list[] = $_POST['item'];
      echo $list[0];
      echo $row[$any][0];
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 8, 9]);
  });

  it('binds the parameters of a function called through call_user_func(_array) by its name', async () => {
    const src = code`
      <?php
      function show($label, $value) { echo $value; }
      $callback = "show";
      call_user_func($callback, "title", $_GET['v']);
      call_user_func_array("show", array("title", $_POST['v']));
      function quiet($value) { echo $value; }
      call_user_func("quiet", "constant");
      call_user_func("show", $_GET['label'], "constant");
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [2]);
    const safe = src.replace("$_GET['v']", '"a"').replace("$_POST['v']", '"b"');
    assert.deepEqual(await linesOf('xss', safe, 'php'), []);
  });

  it("reads $GLOBALS['name'] as the top-level variable, and narrows only on a test that holds", async () => {
    const src = code`
      <?php
      $user = $_GET['user'];
      $site = "example";
      function header_line() { echo $GLOBALS['user']; echo $GLOBALS['site']; }
      $allowed = array("a", "b");
      if (!in_array($user, $allowed, true)) { echo $user; }
      if (in_array($user, $allowed, true)) { echo $user; }
      if (in_array($user, $allowed, true) === false) { echo $user; }
      $db->querySingle("SELECT * FROM t WHERE u = '" . $user . "'");
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 6, 8]);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [9]);
  });

  it('follows a reference to an array element (`$b = &$a["k"]`) like a copy of it', async () => {
    const src = code`
      <?php
      $form["name"] = $_GET['name'];
      $form["title"] = "Welcome";
      $name = &$form["name"];
      $title = &$form["title"];
      echo $name;
      echo $title;
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [6]);
  });

  it("follows a static property by its class's name, from a method's self:: to the script's C::", async () => {
    const src = code`
      <?php
      class Conf {
        public static $name;
        public static function set() { self::$name = $_GET['p']; }
        public static function show() { echo self::$name; }
      }
      class Other {
        public static $name = "x";
        public static function show() { echo self::$name; }
      }
      Conf::set();
      Other::$name = "y";
      echo Other::$name;
      Conf::$name = $_COOKIE['c'];
      echo Conf::$name;
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 15]);
  });

  it("takes array_diff/array_intersect's result from their first array only", async () => {
    const src = code`
      <?php
      $input = ['a' => 'safe', 'b' => $_GET['x']];
      $fixed = ['c' => 'safe'];
      echo implode(',', array_diff($fixed, $input));
      echo implode(',', array_intersect_key($fixed, $input));
      echo implode(',', array_udiff_assoc($input, $fixed, 'strcmp'));
      echo implode(',', array_merge($fixed, $input));
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [6, 7]);
  });

  it('reads a constant key of an array literal as that element, and a write to the element as its new value', async () => {
    const src = code`
      <?php
      $page = ['title' => 'Home', 'q' => $_GET['q'], 'nav' => ['home' => '/', 'back' => $_GET['b']]];
      echo $page['title'];
      echo $page['q'];
      echo $page['nav']['home'];
      echo $page['nav']['back'];
      echo $page['missing'];
      echo $page[$_GET['k']];
      $row = ['name' => $_GET['n']];
      $row['name'] = htmlspecialchars($row['name']);
      echo $row['name'];
      $opt['x'] = 'fixed';
      if (rand()) { $opt['x'] = $_GET['x']; }
      echo $opt['x'];
      $msg['text'] = 'Hello ';
      $msg['text'] .= $_GET['who'];
      echo $msg['text'];
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 6, 8, 14, 17]);
  });

  it('summarises a closure held in a variable like a named function: `$escape($x)`, `$show($x)`', async () => {
    const src = code`
      <?php
      $escape = function ($x) { return htmlspecialchars($x); };
      $show = function ($x) { echo $x; };
      $t = $_GET['a'];
      echo $escape($t);
      $show($_GET['b']);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [3]);
  });

  it('takes in_array as validation only against a list that holds no input itself', async () => {
    const src = code`
      <?php
      $v = $_GET['p'];
      $fixed = array('a', 'b');
      if (in_array($v, $fixed, true)) { echo $v; }
      $mixed = array('a', $_GET['extra']);
      if (in_array($v, $mixed, true)) { echo $v; }
      if (in_array($v, ['a', $_COOKIE['c']])) { echo $v; }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [6, 7]);
  });

  it('checks the destination of move_uploaded_file, not the uploaded file PHP moves', async () => {
    const src = code`
      <?php
      $f = basename($_FILES['up']['name']);
      move_uploaded_file($_FILES['up']['tmp_name'], '/uploads/' . $f);
      move_uploaded_file($_FILES['up']['tmp_name'], '/uploads/' . $_FILES['up']['name']);
      move_uploaded_file($_GET['from'], '/uploads/x');
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'php'), [4]);
  });
});

describe('review taint engine: PHP collaborators and parameters no call passes', () => {
  it('reads a connection handed to the constructor as no input, its rows and helpers alike', async () => {
    const src = code`
      <?php
      class Contacts {
          private $db;
          public function __construct($dbconn) { $this->db = $dbconn; }
          public function groups() {
              $res = $this->db->query('SELECT * FROM ' . $this->db->table_name('groups') . ' WHERE del <> 1');
              $row = $this->db->fetch_assoc($res);
              return unserialize($row['data']);
          }
          public function named($name) {
              return $this->db->query("SELECT * FROM groups WHERE name = '" . strtolower($name) . "'");
          }
          public function raw($sql) {
              return $this->db->query('SELECT * FROM t WHERE ' . $sql);
          }
      }
    `;
    const found = (await review(src, 'php'))
      .filter((f) => /sql-injection|unsafe-deserialization/.test(f.rule))
      .map((f) => `${f.line} ${f.severity}`);
    // `$name` and `$sql` come from callers out of sight: kept, at medium.
    assert.deepEqual(found, ['11 medium', '14 medium']);
  });

  it('keeps request input through the same methods at its severity', async () => {
    const src = code`
      <?php
      class Contacts {
          public function __construct($dbconn) { $this->db = $dbconn; }
          public function find() {
              return $this->db->query("SELECT * FROM t WHERE a = '" . $this->db->lower($_GET['a']) . "'");
          }
      }
    `;
    const found = (await review(src, 'php'))
      .filter((f) => f.rule === 'codewright/sql-injection')
      .map((f) => `${f.line} ${f.severity}`);
    assert.deepEqual(found, ['5 critical']);
  });

  it("reads a mailer's raw() as a message and Arr::query as a URL's query, not SQL", async () => {
    const src = code`
      <?php
      $mailer->raw($_POST['text'], function ($m) { $m->to('a@b.c'); });
      $db->raw($_POST['text']);
      $url = '/?' . Arr::query($_GET);
      $rows = DB::query($_GET['q']);
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [3, 5]);
  });
});

describe('review taint engine: PHP exec methods', () => {
  it("reads a one-argument exec as SQL, another object's exec with more arguments as not", async () => {
    const src = code`
      <?php
      $pdo->exec("DELETE FROM t WHERE id = " . $_GET['id']);
      $searcher->exec($_GET['folder'], $_GET['q'], 'UTF-8');
      $db->exec(statement: "DELETE FROM t WHERE id = " . $_GET['id']);
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [2, 4]);
  });
});
