// The taint engine on PHP's own guarantees read from real code (s38): a function's variables are
// its own unless declared `global`, the `$_SERVER` entries the client cannot name, WordPress's
// `validate_file` guard, PHP's temporary upload path and kept character classes. Each golden case
// sits beside a near miss that must stay reported.
import assert from 'node:assert/strict';
import { code, linesOf, review } from '../reviewHelper';

/** `rule@line(severity)` of the security findings, the shape these cases compare. */
async function findings(src: string): Promise<string[]> {
  const all = await review(src, 'php', ['security']);
  return all.map((f) => `${f.rule.replace('codewright/', '')}@${f.line}(${f.severity})`).sort();
}

describe('review taint engine: PHP scopes and runtime guarantees', () => {
  it("reads a function's plain variable as a global only where it declares it `global`", async () => {
    const src = code`
      <?php
      function setup() {
        global $tpl;
        $tpl = $_GET['t'];
      }
      function show() {
        global $tpl;
        echo $tpl;
      }
      function other() {
        $out = array();
        $out[] = $_GET['x'];
        return $out;
      }
      function run() {
        exec('ls', $out);
        system('rm ' . $out[0]);
        echo $tpl;
      }
    `;
    // `show` declares the global `setup` fills: reported. `run`'s `$tpl` is an undefined local, and
    // its `$out` is what `exec` wrote (a local source, medium), not `other`'s `$out`.
    assert.deepEqual(await linesOf('xss', src, 'php'), [8]);
    assert.deepEqual(await findings(src), ['command-injection@17(medium)', 'xss@8(high)']);
  });

  it("reads a script's variable in a function only through `global` or a closure's `use`", async () => {
    const src = code`
      <?php
      $x = $_GET['a'];
      function declared() { global $x; echo $x; }
      function undeclared() { echo $x; }
      function viaArray() { echo $GLOBALS['x']; }
      $used = function () use ($x) { echo $x; };
      $unused = function () { echo $x; };
      $arrow = fn () => print($x);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [3, 5, 6, 8]);
  });

  it('takes a kept class of letters, digits, `-`, `_` and `.` as safe but for hosts and unquoted SQL', async () => {
    const src = code`
      <?php
      $name = $_SERVER['HTTP_HOST'];
      $fname = preg_replace('/[^a-z0-9\\.\\-_]/i', '', $name) . '.inc.php';
      require __DIR__ . '/config/' . $fname;
      echo "<p>" . $fname . "</p>";
      $bad = preg_replace('#[^a-z0-9./]#i', '', $name);
      require __DIR__ . '/config/' . $bad;
      $range = preg_replace('/[^a-z.-_]/', '', $name);
      include 'x/' . $range;
      mysql_query("SELECT * FROM t WHERE id = " . $fname);
      mysql_query("SELECT * FROM t WHERE name = '" . $fname . "'");
    `;
    // A class keeping `/`, or a range `.-_` (which spans `/`), is no sanitizer; nor is any outside quotes.
    assert.deepEqual(await linesOf('code-injection', src, 'php'), [7, 9]);
    assert.deepEqual(await linesOf('xss', src, 'php'), []);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [10]);
  });

  it('reads the `$_SERVER` entries no client writes as the environment, by name or by a prefix a loop keeps', async () => {
    const src = code`
      <?php
      function params() {
        $p = array();
        foreach ($_SERVER as $key => $value) {
          if (0 === strpos($key, 'APP__')) {
            $p[strtolower(substr($key, 5))] = $value;
          }
        }
        return $p;
      }
      function headers() {
        $h = array();
        foreach ($_SERVER as $key => $value) {
          if (strpos($key, 'HTTP_') === 0) {
            $h[substr($key, 5)] = $value;
          }
        }
        return $h;
      }
      $env = params();
      require $env['dir'] . '/x.php';
      $hd = headers();
      require $hd['dir'] . '/x.php';
      require $_SERVER['APP_CONFIG'] . '/y.php';
      require $_SERVER['PATH_INFO'] . '/y.php';
      require $_SERVER['HTTP_X_DIR'] . '/y.php';
      foreach ($_SERVER as $k => $v) {
        if (str_starts_with($k, 'PHP')) { echo $v; }
        if (str_starts_with($k, 'MY_')) { echo $v; } else { echo $v; }
      }
    `;
    // Headers, `PATH_INFO` (the URI's), a prefix that `PHP_SELF` shares and the `else` of a prefix
    // test stay input; the server's own entries are reported at medium, named.
    assert.deepEqual(await findings(src), [
      'code-injection@21(medium)',
      'code-injection@23(critical)',
      'code-injection@24(medium)',
      'code-injection@25(critical)',
      'code-injection@26(critical)',
      'xss@28(high)',
      'xss@29(high)',
      'xss@29(medium)',
    ]);
    const messages = (await review(src, 'php', ['security'])).map((f) => f.message);
    assert.ok(messages.some((m) => m.includes("`$_SERVER['APP__*']`")));
  });

  it("reads an upload's temporary path, size and status as PHP's through any name, not its file name", async () => {
    const src = code`
      <?php
      class Req {
        private $files;
        public function __construct(array $files = array()) { $this->files = empty($files) ? $_FILES : $files; }
        public function content($name) {
          if (isset($this->files[$name]['tmp_name'])) {
            return file_get_contents($this->files[$name]['tmp_name']);
          }
          return '';
        }
        public function named($name) {
          return file_get_contents('/up/' . $this->files[$name]['name']);
        }
      }
      $f = $_FILES['doc'];
      move_uploaded_file($f['tmp_name'], '/up/' . $f['name']);
    `;
    assert.deepEqual(await findings(src), [
      'path-traversal@12(high)',
      'path-traversal@16(high)',
      'path-traversal@7(medium)',
    ]);
  });

  it("takes WordPress's `validate_file` as a path guard where its result exits", async () => {
    const src = code`
      <?php
      function get_attachment($base) {
        $dir = $base . '/' . sanitize_text_field($_POST['object']);
        if (1 === validate_file($dir) || !is_dir($dir)) {
          return false;
        }
        $h = opendir($dir);
        unlink(trailingslashit($dir) . 'x.jpg');
      }
      function checked_not_exiting($base) {
        $dir = $base . '/' . $_POST['object'];
        if (validate_file($dir) !== 0) {
          error_log('bad');
        }
        unlink($dir);
      }
      function negated($base) {
        $dir = $base . '/' . $_POST['object'];
        if (!validate_file($dir)) {
          return;
        }
        unlink($dir);
      }
      function other_var($base) {
        $dir = $base . '/' . $_POST['object'];
        $f = $_POST['f'];
        if (validate_file($dir)) {
          return;
        }
        unlink($dir . '/' . $f);
        echo $dir;
      }
    `;
    // A check that does not exit, one read the wrong way round, and another variable decide nothing;
    // nor does the check for what the page shows.
    assert.deepEqual(await linesOf('path-traversal', src, 'php'), [15, 22, 30]);
    assert.deepEqual(await linesOf('xss', src, 'php'), [31]);
  });

  it("reads a class's static `delete` as SQL only on a database class, `wp_json_encode` as `json_encode`, `wp_parse_id_list` as numbers", async () => {
    const src = code`
      <?php
      BP_Signup::delete($_REQUEST['signup_ids']);
      DB::delete('DELETE FROM t WHERE id = ' . $_GET['id']);
      $db->delete('DELETE FROM t WHERE id = ' . $_GET['id']);
      UserConnection::select('SELECT * FROM t WHERE id = ' . $_GET['id']);
      exit(wp_json_encode(array('a' => $_POST['scope'])));
      exit(wp_kses_stripped($_POST['scope']));
      echo implode(',', wp_parse_id_list($_POST['ids']));
      echo implode(',', wp_parse_list($_POST['ids']));
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [3, 4, 5]);
    assert.deepEqual(await linesOf('xss', src, 'php'), [7, 9]);
  });

  it('reads a digest of a random value alone as a token, not a hashed password, whatever it is named', async () => {
    const src = code`
      <?php
      function login_box($password) {
        $credential = md5(unique_id());
        $token = md5(uniqid(mt_rand(), true));
        $hash = md5($password);
        $h2 = md5(unique_id() . $password);
      }
    `;
    assert.deepEqual(await findings(src), [
      'weak-hash@3(low)',
      'weak-hash@4(low)',
      'weak-hash@5(high)',
      'weak-hash@6(high)',
    ]);
  });

  it('names `$_SERVER[self::KEY]` by the class constant it reads, so an entry no client writes is the environment', async () => {
    const src = code`
      <?php
      class Env {
          public const PATH_KEY = 'APP_ENV_PATH';
          public const DIR_KEY = 'HTTP_X_DIR';
          public static function base() {
              return is_file($_SERVER[self::PATH_KEY] ?? '/x');
          }
          public static function other() {
              return is_file($_SERVER[self::DIR_KEY] ?? '/x');
          }
          public static function foreign() {
              return is_file($_SERVER[Other::PATH_KEY] ?? '/x');
          }
      }
    `;
    // The operator's `APP_ENV_PATH` is local (medium); a header's entry, or another class's
    // constant the file does not show, stays input.
    assert.deepEqual(await findings(src), [
      'path-traversal@12(high)',
      'path-traversal@6(medium)',
      'path-traversal@9(high)',
    ]);
    const messages = (await review(src, 'php', ['security'])).map((f) => f.message);
    assert.ok(messages.some((m) => m.includes("`$_SERVER['APP_ENV_PATH']`")));
  });

  it('reads a canonical path as confined inside the `if` (and right of the `&&`) whose prefix test holds', async () => {
    const src = code`
      <?php
      $real = realpath(__DIR__ . '/assets' . $_SERVER['REQUEST_URI']);
      $base = realpath(__DIR__ . '/assets');
      if ($real && str_starts_with($real, $base) && is_file($real)) {
          readfile($real);
      }
      if (strpos($real, $base) === 0) {
          readfile($real);
      }
      if ($real && (str_starts_with($real, $base) || $debug)) {
          readfile($real);
      }
      if (!str_starts_with($real, $base)) {
          readfile($real);
      }
      if (str_starts_with($base, $real)) {
          readfile($real);
      }
    `;
    // Only where the test holds whenever the use runs: not past `||`, not negated, not reversed.
    assert.deepEqual(await linesOf('path-traversal', src, 'php'), [11, 14, 17]);
  });

  it("does not read a method of a parameter typed as another class as the file's method of that name", async () => {
    const src = code`
      <?php
      interface Named {}
      class Uri implements Named {
          protected $path;
          public function __construct() { $this->path = $_SERVER['REQUEST_URI']; }
          public function path() { return $this->path; }
          public static function convert(PageInterface $page) {
              return file_exists($page->path() . '/x');
          }
          public static function same(Uri $uri) {
              return file_exists($uri->path() . '/x');
          }
          public static function named(Named $uri) {
              return file_exists($uri->path() . '/x');
          }
          public static function untyped($uri) {
              return file_exists($uri->path() . '/x');
          }
      }
    `;
    // `PageInterface` is neither `Uri` nor what it implements: its `path()` is out of sight.
    assert.deepEqual(await linesOf('path-traversal', src, 'php'), [11, 14, 17]);
  });

  it('reads a method of a parameter typed as a subclass the file declares as the inherited method', async () => {
    const src = code`
      <?php
      class Uri {
          protected $path;
          public function __construct() { $this->path = $_SERVER['REQUEST_URI']; }
          public function path() { return $this->path; }
      }
      class PageUri extends Uri {}
      class Other {}
      function open(PageUri $uri) {
          return file_exists($uri->path() . '/x');
      }
      function elsewhere(Other $uri) {
          return file_exists($uri->path() . '/x');
      }
    `;
    // `PageUri` inherits `Uri::path()`; `Other` is another class, whose `path()` is out of sight.
    assert.deepEqual(await linesOf('path-traversal', src, 'php'), [10]);
  });

  it('reads a typed parameter assigned in the function by what it was assigned, not by its type', async () => {
    const src = code`
      <?php
      class Uri {
          public function path() { return $_SERVER['REQUEST_URI']; }
      }
      function open(PageInterface $page) {
          $page = new Uri();
          return file_exists($page->path() . '/x');
      }
      function kept(PageInterface $page) {
          $uri = new Uri();
          return file_exists($page->path() . '/x');
      }
    `;
    // The first `$page` is a `Uri` by then; the second is still only a `PageInterface`.
    assert.deepEqual(await linesOf('path-traversal', src, 'php'), [7]);
  });
});
