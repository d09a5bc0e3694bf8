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
});
