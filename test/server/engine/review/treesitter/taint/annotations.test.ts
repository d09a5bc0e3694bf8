// What developers declare about taint in PHP docblocks (Psalm's `@psalm-taint-*`, `@psalm-flow`,
// `@psalm-assert-untainted`, `@psalm-suppress Tainted*`; phan taint-check's `@param-taint` and
// `@return-taint`), read as sources, sinks, sanitizers and flows; each case beside a near miss that
// must not change. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review taint engine: PHP docblock annotations', () => {
  it('takes @psalm-taint-escape <kind> as a sanitizer for that kind only', async () => {
    const src = code`
      <?php
      /** @psalm-taint-escape html */
      function clean(string $s): string { return str_replace('<', '', $s); }
      function plain(string $s): string { return str_replace('<', '', $s); }
      echo clean($_GET['a']);
      echo plain($_GET['b']);
      mysql_query("SELECT * FROM t WHERE n = '" . clean($_GET['c']) . "'");
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [6]);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [7]);
  });

  it('reports input reaching a parameter declared @psalm-taint-sink, not another parameter or a number', async () => {
    const src = code`
      <?php
      class Db {
        /** @psalm-taint-sink sql $sql */
        public function run(string $sql, string $label): void {}
      }
      $db = new Db();
      $db->run("DELETE FROM t WHERE id = " . $_GET['id'], 'x');
      $db->run("DELETE FROM t WHERE id = " . (int) $_GET['id'], 'x');
      $db->run("DELETE FROM t", $_GET['label']);
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [7]);
  });

  it('takes a function declared @psalm-taint-source as input, whatever its body returns', async () => {
    const src = code`
      <?php
      class Request {
        /** @psalm-taint-source input */
        public static function name(): string { return ""; }
        public static function other(): string { return ""; }
      }
      echo Request::name();
      echo Request::other();
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [7]);
  });

  it('follows @psalm-flow ($p) -> return through a function whose body the file does not show', async () => {
    const src = code`
      <?php
      /** @psalm-flow ($text) -> return */
      function wrap($text, $mode) {}
      /** @psalm-flow proxy strtoupper($text) -> return */
      function upper($text) {}
      function stub($text) {}
      echo wrap($_GET['a'], 'x');
      echo wrap('a', $_GET['b']);
      echo upper($_GET['c']);
      echo stub($_GET['d']);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [7, 9]);
  });

  it('reads @psalm-taint-escape and @psalm-suppress TaintedInput on one assignment', async () => {
    const src = code`
      <?php
      /** @psalm-taint-escape sql */
      $id = (string) $_GET['id'];
      mysql_query("SELECT * FROM t WHERE id = '" . $id . "'");
      echo $id;
      $b = $_GET['b'];
      /** @psalm-suppress TaintedInput */
      $a = $b;
      echo $a;
      /** @psalm-suppress MixedAssignment */
      $c = $b;
      echo $c;
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), []);
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 12]);
  });

  it('takes a value passed to a @psalm-assert-untainted parameter as clean past the call, not before or in a branch', async () => {
    const src = code`
      <?php
      /** @psalm-assert-untainted $id */
      function check(string $id): void { if (!ctype_digit($id)) { throw new Exception('bad'); } }
      $id = $_GET['id'];
      echo $id;
      check($id);
      echo $id;
      $other = $_GET['o'];
      if ($_GET['strict']) { check($other); }
      echo $other;
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 10]);
  });

  it("reads phan taint-check's @param-taint exec_ and escapes_, and @return-taint kinds", async () => {
    const src = code`
      <?php
      /** @param-taint $q exec_sql */
      function runQuery($q) { return true; }
      /** @param-taint $t escapes_html */
      function esc($t) { return $t; }
      /** @return-taint html */
      function unsafeHtml() { return '<b>'; }
      /** @return-taint none */
      function nothing() { return $_GET['x']; }
      /** @return-taint none, allow_override */
      function overridden() { return $_GET['x']; }
      runQuery("SELECT " . $_GET['a']);
      runQuery("SELECT " . unsafeHtml());
      echo esc($_GET['b']);
      echo unsafeHtml();
      echo nothing();
      echo overridden();
      mysql_query(esc($_GET['c']));
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [12, 18]);
    assert.deepEqual(await linesOf('xss', src, 'php'), [15, 17]);
  });

  it("reads phan's @return-taint onlysafefor_<kind> as input for every other kind", async () => {
    const src = code`
      <?php
      /** @return-taint onlysafefor_html */
      function htmlOnly() { return ''; }
      echo htmlOnly();
      mysql_query("SELECT " . htmlOnly());
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), []);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [5]);
  });

  it('does not read a conditional escape or an annotation of a kind review has no rule for', async () => {
    const src = code`
      <?php
      /** @psalm-taint-escape ($escape is true ? 'html' : null) */
      function maybe(string $s, bool $escape): string { return $s; }
      /** @psalm-taint-escape header */
      function headerSafe(string $s): string { return $s; }
      echo maybe($_GET['a'], true);
      echo headerSafe($_GET['b']);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [6, 7]);
  });

  it('reads @psalm-taint-unescape as undoing the escaping of its arguments for that kind only', async () => {
    const src = code`
      <?php
      /** @psalm-taint-unescape html */
      function unescapeHtml(string $s): string { return $s; }
      function plain(string $s): string { return $s; }
      echo unescapeHtml(htmlspecialchars($_GET['a']));
      echo plain(htmlspecialchars($_GET['b']));
      echo htmlspecialchars(unescapeHtml($_GET['c']));
      mysql_query("SELECT * FROM t WHERE a = '" . unescapeHtml(addslashes($_GET['d'])) . "'");
    `;
    // Only the first: an undeclared function, an escaping after the call and SQL quoting stay.
    assert.deepEqual(await linesOf('xss', src, 'php'), [5]);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), []);
  });
});
