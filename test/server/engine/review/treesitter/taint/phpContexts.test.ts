// PHP sanitizers are valid for one output context or one kind of sink only: HTML escaping protects
// page text and quoted attributes, not a script, CSS, an unquoted attribute or a tag name; quote
// escaping protects a quoted SQL string, not a page or an LDAP filter. Each case has its safe twin.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review taint engine: PHP output contexts and sink-specific sanitizers', () => {
  it('takes HTML escaping as safe in text and quoted attributes, not in scripts, CSS, names or unquoted attributes', async () => {
    const src = code`
      <?php
      $t = htmlspecialchars($_GET['t'], ENT_QUOTES);
      echo "<p>" . $t . "</p>";
      echo "<div title=\\"" . $t . "\\">x</div>";
      echo "<div title=" . $t . ">x</div>";
      echo "<span style=\\"color: " . $t . "\\">x</span>";
      echo "<" . $t . ">x</div>";
      echo "<script>var a = " . $t . ";</script>";
      echo "<script>var a = '" . $t . "';</script>";
      echo "<div onclick=\\"go('" . $t . "')\\">x</div>";
      $n = intval($_GET['n']);
      echo "<script>var n = " . $n . ";</script>";
      $u = urlencode($_GET['u']);
      echo "<div id=" . $u . ">x</div>";
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 6, 7, 8, 10]);
  });

  it('takes URL encoding as safe in an attribute name the page gives no value, not in one it does', async () => {
    const src = code`
      <?php
      $u = urlencode($_GET['u']);
      echo "<div onmouseover=\\"x=\\"" . $u . "\\"\\>";
      echo "<div " . $u . "= bob />";
      $h = htmlspecialchars($_GET['h'], ENT_QUOTES);
      echo "<div onmouseover=\\"x=\\"" . $h . "\\"\\>";
      $e = filter_var($_GET['e'], FILTER_SANITIZE_EMAIL);
      echo "<div title=\\"x\\"" . $e . ">";
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 6, 8]);
  });

  it('reads which quotes htmlspecialchars encodes from its flags', async () => {
    const src = code`
      <?php
      $n = htmlspecialchars($_GET['n'], ENT_NOQUOTES);
      echo "<p>" . $n . "</p>";
      echo "<div title=\\"" . $n . "\\">x</div>";
      $c = htmlspecialchars($_GET['c'], ENT_COMPAT | ENT_HTML401);
      echo "<div title=\\"" . $c . "\\">x</div>";
      echo "<div title='" . $c . "'>x</div>";
      $d = htmlentities($_GET['d']);
      echo "<div title='" . $d . "'>x</div>";
      $q = htmlspecialchars($_GET['q'], ENT_QUOTES | ENT_HTML5);
      echo "<div title='" . $q . "'>x</div>";
      mysql_query("SELECT * FROM t WHERE name = '" . $n . "'");
      mysql_query("SELECT * FROM t WHERE name = '" . $q . "'");
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 7]);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [12]);
  });

  it('reads the page context from the inline HTML around the PHP block', async () => {
    const src = code`
      <html><head><script>
      <?php
      $a = htmlentities($_POST['a']);
      echo $a;
      ?>
      </script></head><body>
      <?php
      echo $a;
      ?>
      </body></html>
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4]);
  });

  it('does not take addslashes or mysql_real_escape_string as HTML escaping', async () => {
    const src = code`
      <?php
      $s = addslashes($_GET['s']);
      echo "<p>" . $s . "</p>";
      $m = mysql_real_escape_string($_GET['m']);
      echo "<div title='" . $m . "'>x</div>";
      mysql_query("SELECT * FROM t WHERE name = '" . $m . "'");
      header("Location: " . $s);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [3, 5]);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), []);
    assert.deepEqual(await linesOf('open-redirect', src, 'php'), [7]);
  });

  it('takes quote escaping as safe inside an SQL string literal, not at a number position', async () => {
    const src = code`
      <?php
      $t = mysql_real_escape_string($_GET['t']);
      mysql_query("SELECT * FROM t WHERE name = '" . $t . "'");
      mysql_query("SELECT * FROM t WHERE id = " . $t);
      mysql_query(sprintf("SELECT * FROM t WHERE name = '%s'", $t));
      mysql_query(sprintf("SELECT * FROM t WHERE id = %s", $t));
      $q = sprintf("SELECT * FROM t WHERE id = %d", $_GET['n']);
      mysql_query($q);
      $pdo->query("SELECT * FROM t WHERE id = " . $pdo->quote($_GET['q']));
      $a = addslashes($_GET['a']);
      mysql_query("SELECT * FROM t WHERE id = \"$a\"");
      mysql_query("SELECT * FROM t WHERE id = $a");
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [4, 6, 12]);
  });

  it('takes escapers that write their own quotes as safe outside a string literal only, and bytea escaping inside one', async () => {
    const src = code`
      <?php
      pg_query($c, "SELECT * FROM t WHERE a = " . pg_escape_literal($c, $_GET['a']));
      pg_query($c, "SELECT * FROM " . pg_escape_identifier($c, $_GET['t']));
      pg_query($c, "SELECT * FROM t WHERE b = '" . pg_escape_bytea($c, $_GET['b']) . "'");
      pg_query($c, "SELECT * FROM t WHERE a = '" . pg_escape_literal($c, $_GET['a']) . "'");
      pg_query($c, "SELECT * FROM t WHERE a = '" . pg_escape_identifier($c, $_GET['t']) . "'");
      $pdo->query("SELECT * FROM t WHERE a = '" . $pdo->quote($_GET['q']) . "'");
      pg_query($c, "SELECT * FROM t WHERE b = " . pg_escape_bytea($c, $_GET['b']));
    `;
    // Inside '...' the escaper's own first quote ends the string; bytea escaping adds none.
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [5, 6, 7, 8]);
  });

  it('reads a decoding call as undoing the escaping inside it: entities, slashes, percent-escapes', async () => {
    const src = code`
      <?php
      echo html_entity_decode(htmlspecialchars($_GET['a']));
      $t = strip_tags($_GET['t']);
      echo '<p>' . htmlspecialchars_decode($t) . '</p>';
      mysql_query("SELECT * FROM t WHERE a = '" . stripslashes(addslashes($_GET['s'])) . "'");
      echo urldecode(urlencode($_GET['u']));
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [2, 4, 6]);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [5]);
  });

  it('keeps an escaping applied after the decoding, and the escaped value where it is not decoded', async () => {
    const src = code`
      <?php
      echo htmlspecialchars(html_entity_decode($_GET['a']));
      $e = htmlspecialchars($_GET['e']);
      echo $e;
      echo html_entity_decode((int) $_GET['n']);
      mysql_query("SELECT * FROM t WHERE a = '" . addslashes(stripslashes($_GET['s'])) . "'");
      echo html_entity_decode(urlencode($_GET['u']));
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), []);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), []);
  });

  it('judges an escaper inside a quoted SQL string by whether quotes survive it, not by its name', async () => {
    const src = code`
      <?php
      $h = htmlspecialchars($_GET['h'], ENT_QUOTES);
      mysql_query("SELECT * FROM t WHERE name = '" . $h . "'");
      $f = filter_var($_GET['f'], FILTER_SANITIZE_FULL_SPECIAL_CHARS);
      mysql_query("SELECT * FROM t WHERE name = '" . $f . "'");
      $s = filter_input(INPUT_GET, 's', FILTER_SANITIZE_SPECIAL_CHARS);
      mysql_query("SELECT * FROM t WHERE name = '" . $s . "'");
      $g = strip_tags($_GET['g']);
      mysql_query("SELECT * FROM t WHERE name = '" . $g . "'");
      mysql_query("SELECT * FROM t WHERE id = " . $f);
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [9, 10]);
  });

  it('judges shell escapers by the quoting they land in: a backslash escapes nothing inside single quotes', async () => {
    const src = code`
      <?php
      $a = addslashes($_GET['a']);
      system("cat '" . $a . "'");
      $m = mysql_real_escape_string($_GET['m']);
      system(sprintf("find / -name '%s'", $m));
      $h = htmlspecialchars($_GET['h'], ENT_QUOTES);
      system("cat '" . $h . "'");
      system("cat \\"" . $h . "\\"");
      system("cat " . $h);
      $e = escapeshellarg($_GET['e']);
      system("cat " . $e);
      system("cat '" . $e . "'");
      $u = urlencode($_GET['u']);
      system("cat \\"$u\\"");
      $r = preg_replace('/\\'/', '', $_GET['r']);
      system("ls '$r'");
    `;
    assert.deepEqual(await linesOf('command-injection', src, 'php'), [3, 5, 8, 9, 12]);
  });

  it('tells a single-quoted literal from a double-quoted one in SQL and evaluated code', async () => {
    const src = code`
      <?php
      $r = preg_replace('/\\'/', '', $_GET['r']);
      mysql_query("SELECT * FROM t WHERE name = '$r'");
      mysql_query("SELECT * FROM t WHERE name = \\"$r\\"");
      $c = htmlspecialchars($_GET['c'], ENT_COMPAT);
      mysql_query("SELECT * FROM t WHERE name = \\"" . $c . "\\"");
      mysql_query("SELECT * FROM t WHERE name = '" . $c . "'");
      $a = addslashes($_GET['a']);
      eval("\\$x = '" . $a . "';");
      eval("\\$x = \\"" . $a . "\\";");
      eval("\\$x = " . $a . ";");
      $n = intval($_GET['n']);
      eval("\\$x = " . $n . ";");
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [4, 7]);
    assert.deepEqual(await linesOf('code-injection', src, 'php'), [10, 11]);
  });

  it('takes quote escaping as safe inside an XPath string literal, not at a number position', async () => {
    const src = code`
      <?php
      $t = mysql_real_escape_string($_GET['t']);
      $xml->xpath("//user[@name='" . $t . "']");
      $xml->xpath("//user[@id=" . $t . "]");
      $n = intval($_GET['n']);
      $xml->xpath("//user[@id=" . $n . "]");
      $xml->xpath(sprintf("//user[@id=%s]", addslashes($_POST['a'])));
    `;
    assert.deepEqual(await linesOf('xpath-injection', src, 'php'), [4, 7]);
  });

  it('takes only LDAP escaping as safe in an LDAP filter, also through a table of replacements', async () => {
    const src = code`
      <?php
      $h = htmlspecialchars($_GET['h'], ENT_QUOTES);
      ldap_search($ds, "o=Org", "(cn=" . $h . ")");
      $q = addslashes($_GET['q']);
      ldap_search($ds, "o=Org", "(cn=" . $q . ")");
      $e = ldap_escape($_GET['e'], "", LDAP_ESCAPE_FILTER);
      ldap_search($ds, "o=Org", "(cn=" . $e . ")");
      $map = array('\\\\' => '\\5c', '*' => '\\2a', '(' => '\\28', ')' => '\\29');
      $r = str_replace(array_keys($map), array_values($map), $_GET['r']);
      ldap_search($ds, "o=Org", "(cn=" . $r . ")");
      $partial = str_replace(array('*'), array(''), $_GET['p']);
      ldap_search($ds, "o=Org", "(cn=" . $partial . ")");
    `;
    assert.deepEqual(await linesOf('ldap-injection', src, 'php'), [3, 5, 12]);
  });

  it('follows exec() output lines and array properties filled by the constructor in top-level scripts', async () => {
    const src = code`
      <?php
      class Input {
        private $input;
        public function get() { return $this->input['real']; }
        public function __construct() {
          $this->input = array();
          $this->input['real'] = $_GET['data'];
        }
      }
      $in = new Input();
      system("cat '" . $in->get() . "'");
      exec("/usr/bin/list", $lines, $status);
      system("ls '" . $lines[0] . "'");
      exec("/usr/bin/list " . escapeshellarg("x"), $other);
      system("ls " . intval($other[0]));
      header(sprintf("Location: %s", $_GET['next']));
      header(sprintf("Location: /page/%d", $_GET['id']));
    `;
    assert.deepEqual(await linesOf('command-injection', src, 'php'), [11, 13]);
    assert.deepEqual(await linesOf('open-redirect', src, 'php'), [16]);
  });
});

describe('review taint engine: WordPress sanitizers and $wpdb->prepare', () => {
  it('reads absint, the slug filters, the esc_* family and esc_sql where each is safe', async () => {
    const src = code`
      <?php
      echo absint($_GET['n']);
      echo '<p class="' . sanitize_html_class($_GET['c']) . '">' . sanitize_key($_GET['k']) . '</p>';
      echo '<p>' . sanitize_text_field($_GET['s']) . wp_kses_post($_GET['h']) . esc_html__($_GET['t']) . '</p>';
      echo '<textarea title="' . esc_textarea($_GET['t']) . '"></textarea>';
      $wpdb->query("DELETE FROM t WHERE k = '" . esc_sql($_GET['k']) . "' AND id = " . absint($_GET['id']));
      readfile(UPLOADS . sanitize_file_name($_GET['f']));
      echo '<input value="' . sanitize_text_field($_GET['v']) . '">';
      echo '<a title=\\'' . wp_kses_post($_GET['v']) . '\\'>x</a>';
      $wpdb->query("DELETE FROM t WHERE k = " . esc_sql($_GET['k']));
      $wpdb->query("DELETE FROM t WHERE k = '" . $wpdb->esc_like($_GET['k']) . "'");
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [8, 9]);
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [10, 11]);
    assert.deepEqual(await linesOf('path-traversal', src, 'php'), []);
  });

  it("reads $wpdb->prepare's result as its format: the values are bound, a format built from input is not", async () => {
    const src = code`
      <?php
      $wpdb->query($wpdb->prepare("DELETE FROM {$wpdb->posts} WHERE ID = %d", $_GET['id']));
      $sql = $wpdb->prepare('SELECT * FROM t WHERE name = %s', $_POST['name']);
      $rows = $wpdb->get_results($sql);
      $wpdb->query($wpdb->prepare("DELETE FROM t WHERE k = '" . $_GET['k'] . "' AND id = %d", 3));
      $wpdb->query(sprintf('DELETE FROM t WHERE k = %s', $_GET['k']));
    `;
    // Line 5 twice: the query text is built from input (the structural rule) and input reaches it.
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [5, 5, 6]);
  });
  it('reads a ternary that writes whole attributes or nothing where its attributes land, not bare text', async () => {
    const src = code`
      <?php
      $s = stripslashes($_REQUEST['s']);
      $value = ($s !== '') ? ' value="' . esc_attr($s) . '"' : '';
      $bare = ($s !== '') ? ' ' . esc_attr($s) : '';
      $open = ($s !== '') ? ' value="' . esc_attr($s) : '';
      ?>
      <input type="text"<?php echo $value; ?> />
      <input type="text"<?php echo $bare; ?> />
      <input type="text"<?php echo $open . ' title="' . esc_attr($s) . '"'; ?> />
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [8, 9]);
  });
  it("reads WordPress's paginate_links as markup whose links it escapes, not labels or an array out of sight", async () => {
    const src = code`
      <?php
      $base = remove_query_arg(array('paged'), $_SERVER['REQUEST_URI']);
      echo '<span>' . paginate_links(array(
        'base' => add_query_arg('paged', '%#%', $base),
        'prev_text' => __('&laquo;', 'plugin'),
      )) . '</span>';
      echo paginate_links(array('base' => $base, 'prev_text' => $_GET['prev']));
      $args = array('base' => $base);
      echo paginate_links($args);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [7, 9]);
  });

  it('takes a response declared text/plain or JSON before the write as no page; HTML, a computed type or a later header stay', async () => {
    const src = code`
      <?php
      function login() {
          header('Content-Type: text/plain; charset=UTF-8');
          echo 'SID=', $_REQUEST['Email'], PHP_EOL;
      }
      function late() {
          echo $_GET['b'];
          header('Content-Type: text/plain');
      }
      function page() {
          header('Content-Type: text/html; charset=UTF-8');
          echo $_GET['c'];
      }
      function chosen($type) {
          header('Content-Type: text/plain');
          if ($type) header("Content-Type: $type");
          echo $_GET['d'];
      }
      function api() {
          header('Content-Type: application/json');
          exit($_GET['e']);
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [7, 12, 17]);
  });

  it('takes a script that declares text/plain at its top as no page for every later write there', async () => {
    const src = code`
      <?php
      header('Content-Type: text/plain; charset=UTF-8');
      header('X-Content-Type-Options: nosniff');
      if (!empty($_REQUEST['hub_mode'])) {
          header('Connection: close');
          exit($_REQUEST['hub_challenge'] ?? '');
      }
      function page() {
          echo $_GET['q'];
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [9]);
  });

  it("takes the short echo tag `<?= $x ?>` as a write of the page, in a template's text, blocks and loops", async () => {
    const src = code`
      <?php $q = $_GET['q']; $rows = $_GET['rows']; ?>
      <p><?= $q ?></p>
      <?php if ($q): ?>
        <b><?= $q ?></b>
      <?php endif; ?>
      <?php foreach ($rows as $r) { ?><td><?= $r ?></td><?php } ?>
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [2, 4, 6]);
  });

  it('near miss: an escaped short echo, a plain statement after `<?php` and a short echo of a constant are no writes', async () => {
    const src = code`
      <?php $q = $_GET['q']; ?>
      <p><?= htmlspecialchars($q, ENT_QUOTES) ?></p>
      <?php $q; ?>
      <p><?= 'fixed' ?></p>
      <?php strlen($q) ?>
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), []);
  });

  it('takes a redirect to a path of this site as safe, not one whose host input may write', async () => {
    const src = code`
      <?php
      $t = $_GET['t'];
      redirect("/password/reset/{$t}");
      redirect('/page/' . $t);
      header("Location: /reset/" . $t);
      redirect("/" . $t);
      redirect('//' . $t);
      header("Location: " . $t);
      redirect($t);
      wp_redirect("http://" . $t);
      header("Location: /\\" . $t);
    `;
    assert.deepEqual(await linesOf('open-redirect', src, 'php'), [6, 7, 8, 9, 10, 11]);
  });

  it("takes a PSR-7 response body's write as output, not a console's, a cache's or the class's own", async () => {
    const src = code`
      <?php
      $q = $_GET['q'];
      $response->getBody()->write($q);
      $body = $response->getBody();
      $body->write('<p>' . $q);
      $output->write($q);
      $cache->write($q);
      $this->write($q);
      $response->setContent($q);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [3, 5, 9]);
  });

  it('takes an escaped request path at the start of a URL attribute as safe, not other input or an unescaped path (buddypress)', async () => {
    const src = code`
      <?php
      $base_url = remove_query_arg(array('action', 'paged'), $_SERVER['REQUEST_URI']);
      ?><a class="button" href="<?php echo esc_attr( $base_url ); ?>">Cancel</a>
      <form action="<?php echo htmlspecialchars($_SERVER['PHP_SELF'], ENT_QUOTES); ?>"></form>
      <a href="<?php echo esc_attr( $_GET['next'] ); ?>">Next</a>
      <a href="<?php echo $base_url; ?>">Back</a>
      <a href="<?php echo htmlspecialchars($_SERVER['HTTP_REFERER'], ENT_QUOTES); ?>">Back</a>
      <?php printf('<a href="%s">x</a>', esc_attr($_SERVER['REQUEST_URI']));
    `;
    // Near misses: a query parameter (\`javascript:\`), the path unescaped (it leaves the attribute)
    // and the Referer (a whole URL) stay.
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 6, 7]);
  });
});
