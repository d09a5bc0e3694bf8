// Guards that confine a path (table `guards.confinement`): past an exiting check that the real path
// starts with a base folder, the file read is under it; that answers path traversal only. Each case
// beside near misses that stay reported. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review taint engine: PHP path confinement', () => {
  it('takes a realpath prefix check that exits as a path guard, for path traversal only', async () => {
    const src = code`
      <?php
      $base = '/var/www/files/';
      $path = realpath($base . $_GET['f']);
      if ($path === false || strpos($path, $base) !== 0) {
          exit('bad');
      }
      readfile($path);
      echo $path;
      $p2 = $base . $_GET['g'];
      if (!str_starts_with(realpath($p2), $base)) { die(); }
      readfile($p2);
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'php'), []);
    assert.deepEqual(await linesOf('xss', src, 'php'), [8]);
  });

  it('keeps a prefix check of a path never made canonical, one joined by &&, and one that does not exit', async () => {
    const src = code`
      <?php
      $base = '/var/www/files/';
      $a = $base . $_GET['a'];
      if (strpos($a, $base) !== 0) { exit; }
      readfile($a);
      $b = realpath($base . $_GET['b']);
      if ($strict && strpos($b, $base) !== 0) { exit; }
      readfile($b);
      $c = realpath($base . $_GET['c']);
      if (strpos($c, $base) !== 0) { error_log('outside'); }
      readfile($c);
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'php'), [5, 8, 11]);
  });
});

describe('review taint engine: PHP conditions that run only after a test', () => {
  it('narrows the right operand of && by the left, of || by its negation', async () => {
    const src = code`
      <?php
      $lang = $_GET['lang'];
      if (!isset($langs[$lang]) || !is_dir(DIR . $lang)) { echo 'no'; }
      if (isset($langs[$lang]) && is_dir(DIR . $lang)) { echo 'x'; }
      $ok = is_numeric($lang) and file_exists(DIR . $lang);
      if ($debug || is_dir(DIR . $lang)) { echo 'x'; }
      if (isset($langs[$lang]) || is_dir(DIR . $lang)) { echo 'x'; }
      if (is_dir(DIR . $lang) && isset($langs[$lang])) { echo 'x'; }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'php'), [6, 7, 8]);
  });

  it('narrows a request value matched in place by an anchored pattern, not by an open one', async () => {
    const src = code`
      <?php
      if ($devel && preg_match('/^[a-z0-9-_]+$/i', $_GET['skin'])) {
          echo $_GET['skin'];
      }
      if (preg_match('/^[a-z0-9-_]+/i', $_GET['skin'])) {
          echo $_GET['skin'];
      }
      if (preg_match('/^[a-z]+$/', $_GET['skin'])) {
          echo $_GET['skins'];
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [6, 9]);
  });
});
