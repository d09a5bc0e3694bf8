import assert from 'node:assert/strict';
import { code, linesOf, review } from '../reviewHelper';

describe('tree-sitter rules: PHP settings, digests and query calls', () => {
  it('reads curl verification off from named arguments, quoted zeros and variables, not on values', async () => {
    const src = code`
      <?php
      $on = TRUE;
      curl_setopt($c, CURLOPT_SSL_VERIFYPEER, $on);
      curl_setopt($c, CURLOPT_SSL_VERIFYPEER, '1');
      curl_setopt($c, CURLOPT_SSL_VERIFYPEER);
      $off = '0';
      curl_setopt($c, CURLOPT_SSL_VERIFYPEER, $off);
      curl_setopt($c, CURLOPT_SSL_VERIFYHOST, '0');
      curl_setopt($c, value: 0, option: CURLOPT_SSL_VERIFYHOST);
      curl_setopt($c, value: 1, option: CURLOPT_SSL_VERIFYHOST);
      other_func($c, CURLOPT_SSL_VERIFYPEER, 0);
      curl_setopt();
    `;
    assert.deepEqual(await linesOf('tls-verification-disabled', src, 'php'), [7, 8, 9]);
  });

  it('keeps verification on when a variable is also assigned an on value', async () => {
    const src = code`
      <?php
      $v = 0;
      if ($strict) { $v = 2; }
      curl_setopt($c, CURLOPT_SSL_VERIFYHOST, $v);
    `;
    assert.deepEqual(await linesOf('tls-verification-disabled', src, 'php'), []);
  });

  it('reports broken digests named to hash functions and mhash, not strong ones', async () => {
    const src = code`
      <?php
      hash('md4', $s);
      hash_init("md2");
      hash_pbkdf2("sha1", $p, $salt, 1000);
      hash($d, algo: "md5");
      mhash(MHASH_MD5, $d);
      mhash(MHASH_SHA512, $d);
      hash("sha256", $d);
      hash_init($unknown);
    `;
    assert.deepEqual(await linesOf('weak-hash', src, 'php'), [2, 3, 4, 5, 6]);
  });

  it('leaves digests used as lookup keys (truncated, cache keys), not other uses', async () => {
    const src = code`
      <?php
      $etag = substr(md5($body), 0, 8);
      wp_cache_get('key_' . sha1($sql), 'group');
      set_transient(md5($q), $rows, 3600);
      substr($s, 0, md5($s));
      strtolower(md5($d));
      wp_cache_set($key, md5($value));
      $fn(md5($d));
    `;
    assert.deepEqual(await linesOf('weak-hash', src, 'php'), [5, 6, 7, 8]);
  });

  it('reports built queries in the other driver calls and by named argument', async () => {
    const src = code`
      <?php
      function run($conn, $mysqli, $q) {
        mysql_db_query($db, "select * from t where " . $q);
        mysql_unbuffered_query("select * from t" . $q);
        mssql_query("select * from t" . $q);
        pg_query("select * from t where id = $q");
        pg_send_query($conn, "select * from t" . $q);
        $mysqli->send_query("select * from t" . $q);
        $mysqli->query(query: "select * from t" . $q);
        pg_query($conn, 'select 1');
        mssql_query("SELECT * FROM t");
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'php'), [3, 4, 5, 6, 7, 8, 9]);
  });

  it("reports a password literal passed at a PHP login function's password position", async () => {
    const src = code`
      <?php
      mysql_connect("db", "app", "p4ssw0rd");
      oci_connect("app", "p4ssw0rd");
      ldap_exop_passwd($ldap, "cn=x", "old", "p4ssw0rd");
      mysql_connect("db", "p4ssw0rd", $password);
      ftp_login($ftp, "anonymous", "");
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', src, 'php'), [2, 3, 4]);
  });

  it('reads a literal compared by strcmp or hash_equals as the value of the name it is compared with', async () => {
    const src = code`
      <?php
      if (strcmp($auth, "Qm7vXpLr2FzT9baWtHx")) {}
      if (hash_equals("Qm7vXpLr2FzT9baWtHx", $token)) {}
      if (strcmp($label, "Qm7vXpLr2FzT9baWtHx")) {}
      if (strcasecmp($auth, PASSED)) {}
      if (strcasecmp("Qm7vXpLr2FzT9baWtHx", $auth, "abc")) {}
      if (strncmp($token, "Qm7vXpLr2FzT9baWtHx", 19)) {}
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', src, 'php'), [2, 3, 7]);
  });
});

describe('tree-sitter rules: PHP verification a setting turns off', () => {
  it('reports at medium inside a branch on a verification setting, high elsewhere', async () => {
    const src = code`
      <?php
      if (HTTP_VERIFY_SSL_CERTIFICATE === false) {
          curl_setopt($c, CURLOPT_SSL_VERIFYPEER, false);
          $context['ssl'] = ['verify_peer' => false];
      }
      if ($debug) {
          curl_setopt($c, CURLOPT_SSL_VERIFYPEER, false);
      }
      curl_setopt($c, CURLOPT_SSL_VERIFYHOST, 0);
    `;
    const found = (await review(src, 'php'))
      .filter((f) => f.rule === 'codewright/tls-verification-disabled')
      .map((f) => `${f.line} ${f.severity}`);
    assert.deepEqual(found, ['3 medium', '4 medium', '7 high', '9 high']);
  });

  it('reports at medium only in the branch of a development-only condition (monica)', async () => {
    const src = code`
      <?php
      if (App::environment('local') && $provider instanceof AbstractProvider) {
          $provider->setHttpClient(new \\GuzzleHttp\\Client(['verify' => false]));
      }
      if (app()->isLocal()) { $o = ['verify' => false]; }
      if (App::environment('local')) { $ok = 1; } else { $o = ['verify' => false]; }
      if (!app()->isLocal()) { $o = ['verify' => false]; }
      if (App::environment('production')) { $o = ['verify' => false]; }
      if (App::environment('local') || $force) { $o = ['verify' => false]; }
    `;
    const found = (await review(src, 'php'))
      .filter((f) => f.rule === 'codewright/tls-verification-disabled')
      .map((f) => `${f.line} ${f.severity}`);
    // Near misses: the else branch, a negation, production, and an \`||\` stay high.
    assert.deepEqual(found, ['3 medium', '5 medium', '6 high', '7 high', '8 high', '9 high']);
  });
});

describe('tree-sitter rules: PHP unserialize options', () => {
  it('spares an allowed_classes list held by a setting, not allowed_classes true', async () => {
    const src = code`
      <?php
      $a = unserialize($_COOKIE['a'], ['allowed_classes' => $this->serializableClasses]);
      $b = unserialize($_COOKIE['b'], ['allowed_classes' => true]);
      $c = unserialize($_COOKIE['c'], ['max_depth' => 3]);
    `;
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'php'), [3, 4]);
  });
});
