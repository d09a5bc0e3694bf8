// Arrays followed key by key (taint/arrayShapes.ts), on PHP: element writes replayed in order before
// a read of the whole array or of one key, writes at computed keys, copies, `+=`, and the array
// functions that pick elements by key or value. Each safe case has a near miss that stays reported.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review taint engine: PHP arrays followed key by key', () => {
  it('reads the whole array as its elements after the writes that always run before the read', async () => {
    const src = code`
      <?php
      $row = ['name' => $_GET['n'], 'id' => '1'];
      $row['name'] = htmlspecialchars($row['name']);
      echo implode(',', $row);
      $opt = ['x' => $_GET['x'], 'y' => 'k'];
      if (rand()) { $opt['x'] = 'fixed'; }
      echo implode(',', $opt);
      $deep = ['a' => ['s' => 'k', 'u' => $_GET['u']]];
      $deep['a']['u'] = 'fixed';
      echo implode(',', $deep['a']);
      $left = ['a' => ['s' => 'k', 'u' => $_GET['u']]];
      $left['a']['s'] = 'fixed';
      echo implode(',', $left['a']);
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [7, 13]);
  });

  it('lets a write at a computed key reach every key, and only the keys of that level', async () => {
    const src = code`
      <?php
      $a = ['s' => 'k', 'in' => ['s' => 'k']];
      $a[$GLOBALS['k']] = $_GET['v'];
      echo $a['s'];
      $b = ['s' => 'k', 'in' => ['s' => 'k']];
      $b['in'][$GLOBALS['k']] = $_GET['v'];
      echo $b['s'];
      echo $b['in']['s'];
      $c = ['s' => 'k'];
      $c[] = $_GET['v'];
      echo $c['s'];
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 8, 11]);
  });

  it('copies what an array holds into another variable or element, and keeps the left keys of +=', async () => {
    const src = code`
      <?php
      $src = ['in' => ['s' => 'k', 'u' => $_GET['u']]];
      $copy = $src;
      $dst = ['x' => 'k'];
      $dst['x'] = $copy['in'];
      echo $dst['x']['s'];
      echo $dst['x']['u'];
      $p = ['s' => 'k'];
      $p += ['s' => $_GET['a'], 'u' => $_GET['b']];
      echo $p['s'];
      echo $p['u'];
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [7, 11]);
  });

  it('gives a loop over an array its values and its keys apart', async () => {
    const src = code`
      <?php
      $byInputKey = [$_GET['k'] => 'label'];
      foreach ($byInputKey as $k => $v) {
        echo $v;
        echo $k;
      }
      $byFixedKey = ['label' => $_GET['v']];
      foreach ($byFixedKey as $k => $v) {
        echo $k;
        echo $v;
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 10]);
  });

  it('takes array_diff_key, array_intersect_key, array_intersect and array_values by what they keep', async () => {
    const src = code`
      <?php
      $in = ['s' => 'k', 'u' => $_GET['u']];
      echo implode(',', array_diff_key($in, ['u' => 1]));
      echo implode(',', array_diff_key($in, ['s' => 1]));
      echo implode(',', array_intersect_key($in, ['s' => 1]));
      echo implode(',', array_intersect_key($in, ['u' => 1]));
      echo implode(',', array_intersect($in, ['k', 'j']));
      echo implode(',', array_intersect($in, [$_GET['w']]));
      $keyed = [$_GET['k'] => 'label'];
      echo implode(',', array_values($keyed));
      echo implode(',', array_keys($keyed));
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 6, 8, 11]);
  });

  it('does not decide an array a reference or a loop may change: the element read keeps its input', async () => {
    const src = code`
      <?php
      $a = ['s' => $_GET['x']];
      $r = &$a;
      $r['s'] = 'k';
      echo $a['s'];
      $b = ['s' => $_GET['x']];
      foreach ($rows as $row) {
        echo $b['s'];
        $b['s'] = 'k';
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [5, 8]);
  });

  it('reads $a[$k] at the key a strict comparison around it pins, and copies of an element key by key', async () => {
    const src = code`
      <?php
      $arr = ['safe' => 'k', 'open' => $_GET['u']];
      foreach ($arr as $k => $v) {
        if ($k === 'safe') {
          echo $arr[$k];
        }
        if ($k === 'open') {
          echo $arr[$k];
        }
        if ($k == 'safe') {
          echo $arr[$k];
        }
        if ($k === 'safe' || $k === 'open') {
          echo $arr[$k];
        }
        if ($k === 'safe') {
          $k = $GLOBALS['other'];
          echo $arr[$k];
        }
      }
      $nest = ['a' => ['s' => $_GET['s'], 'u' => 'k']];
      $copy = [];
      foreach ($nest as $k => $v) {
        if ('a' === $k) {
          $copy = $nest[$k];
        }
      }
      echo $copy['u'];
      echo $copy['s'];
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [8, 11, 14, 18, 29]);
  });

  it('gives a loop key the keys of a union, of every array a read may reach, and of a request value', async () => {
    const src = code`
      <?php
      $a = ['s' => 'k'];
      $b = ['t' => 'k'];
      foreach ($a + $b as $k => $v) { echo $k; }
      $b[$_GET['key']] = 'v';
      foreach ($a + $b as $k => $v) { echo $k; }
      $sum = $a + $b;
      foreach ($sum as $k => $v) { echo $k; }
      $in = ['list' => $_GET['list'], 'fixed' => ['s' => 'k']];
      foreach ($in['fixed'] as $k => $v) { echo $k; }
      foreach ($in['list'] as $k => $v) { echo $k; }
      $deep = ['l1' => ['s' => 'k']];
      $deep[$GLOBALS['any']] = 'v';
      foreach ($deep['l1'] as $k => $v) { echo $k; }
      $deep['l1'][$_GET['key']] = 'v';
      foreach ($deep['l1'] as $k => $v) { echo $k; }
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [6, 8, 11, 16]);
  });

  it('takes out the element unset removes before a read of the whole array', async () => {
    const src = code`
      <?php
      $a = ['name' => 'x', 'q' => $_GET['q']];
      unset($a['q']);
      echo implode(',', $a);
      $b = ['name' => 'x', 'q' => $_GET['q']];
      unset($b['name']);
      echo implode(',', $b);
      $c = ['in' => ['q' => $_GET['q'], 'k' => 'v'], 'x' => 'y'];
      unset($c['in']['q'], $other);
      echo implode(',', $c['in']);
      $d = ['q' => $_GET['q']];
      unset($d[$_GET['k']]);
      echo implode(',', $d);
      $e = ['q' => $_GET['q']];
      if (rand()) { unset($e['q']); }
      echo implode(',', $e);
      $f = ['q' => 'k'];
      $f[$_GET['k']] = $_GET['v'];
      unset($f['q']);
      echo implode(',', $f);
    `;
    // 7: another key removed; 13: a computed key may be any other; 16: the removal may not run;
    // 20: the computed write may sit at any key.
    assert.deepEqual(await linesOf('xss', src, 'php'), [7, 13, 16, 20]);
  });

  it("reads a local object's properties by name, like an array's keys", async () => {
    const src = code`
      <?php
      $obj = new stdClass;
      $obj->a = $_GET['x'];
      $obj->b = 'safe';
      echo $obj->b;
      echo $obj->a;
      print_r($obj);
      $obj->c->d = $_GET['y'];
      echo $obj->c->e;
      echo $obj->c->d;
      $arr = [];
      $arr['b'] = $_GET['z'];
      $cast = (object) $arr;
      echo $cast->b;
    `;
    assert.deepEqual(await linesOf('xss', src, 'php'), [6, 7, 10, 14]);
  });

  it('numbers positional elements from 0 and gives array_keys the keys, not the values', async () => {
    const src = code`
      <?php
      $a = [$_GET['x'], 'b'];
      echo $a[1];
      echo $a[0];
      $b = [3 => 'k', $_GET['y']];
      echo $b[3];
      echo $b[4];
      $c = ['k', ...$_GET['list'], 'z'];
      echo $c[0];
      echo $c[2];
      $keys = array_keys(['a' => $_GET['x']]);
      echo $keys[0];
      $named = array_keys([$_GET['k'] => 'v']);
      echo $named[0];
      echo implode(',', array_keys($_GET));
    `;
    // 9 and 10: a spread's elements may sit at any key to the model, and the next number after it
    // is unknown; 14 and 15: keys that are input.
    assert.deepEqual(await linesOf('xss', src, 'php'), [4, 7, 9, 10, 14, 15]);
  });
});
