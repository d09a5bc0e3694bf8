import assert from 'node:assert/strict';
import { code, linesOf, severitiesOf } from './reviewHelper';

describe('tree-sitter rules: Ruby and PHP', () => {
  describe('Ruby', () => {
    it('reports interpolated shell commands in system, backticks, %x and Open3; not argv forms', async () => {
      const src = code`
        def run(file)
          system("gzip #{file}")
          Open3.capture2("file #{file}")
          out = %x(wc -l #{file})
          system("gzip", file)
          Open3.capture2("file", file)
          \`uptime\`
        end
      `;
      assert.deepEqual(await linesOf('command-injection', src, 'ruby'), [2, 3, 4]);
    });

    it('reports an argv that starts a shell on a non-constant command', async () => {
      const src = code`
        def run(cmd)
          system("bash", "-c", cmd)
          Open3.capture2("sh", "-c", "tar xf " + cmd)
          system("bash", "-c", "make clean")
          system("ls", cmd)
        end
      `;
      assert.deepEqual(await linesOf('command-injection', src, 'ruby'), [2, 3]);
    });

    it('reports ActiveRecord SQL fragments with interpolation, not placeholders or hashes', async () => {
      const src = code`
        class Finder
          def find(name, dir)
            User.where("name = '#{name}'")
            User.order("created_at #{dir}")
            User.where("name = ?", name)
            User.where(name: name)
            ActiveRecord::Base.connection.execute("DELETE FROM users WHERE id = " + name)
          end
        end
      `;
      assert.deepEqual(await linesOf('sql-injection', src, 'ruby'), [3, 4, 7]);
    });

    it('reports YAML.load and Marshal.load on data, not safe_load; eval of non-literals', async () => {
      const src = code`
        def parse(text, code)
          YAML.load(text)
          YAML.safe_load(text)
          Marshal.load(text)
          eval(code)
          eval("1 + 1")
        end
      `;
      assert.deepEqual(await linesOf('unsafe-deserialization', src, 'ruby'), [2, 4]);
      assert.deepEqual(await linesOf('code-injection', src, 'ruby'), [5]);
    });

    it('reports VERIFY_NONE and Faraday ssl verify: false', async () => {
      const src = code`
        conn = Faraday.new(url: base, ssl: { verify: false })
        ctx.verify_mode = OpenSSL::SSL::VERIFY_NONE
        ctx.verify_mode = OpenSSL::SSL::VERIFY_PEER
        Net::HTTP.start(host, port, use_ssl: true, verify_mode: OpenSSL::SSL::VERIFY_NONE)
      `;
      assert.deepEqual(await linesOf('tls-verification-disabled', src, 'ruby'), [1, 2, 4]);
    });
  });

  describe('PHP', () => {
    it('reports shell functions and backticks with variables unless escaped', async () => {
      const src = code`
        <?php
        function f($file) {
            exec("tar xzf " . $file);
            system("rm -rf /tmp/$file");
            passthru('ls ' . escapeshellarg($file));
            $out = \`cat $file\`;
            shell_exec('uptime');
        }
      `;
      assert.deepEqual(await linesOf('command-injection', src, 'php'), [3, 4, 6]);
    });

    it('reports PDO/mysqli queries with interpolated input, not prepared statements or int casts', async () => {
      const src = code`
        <?php
        function f(PDO $pdo, mysqli $db, $id) {
            $pdo->query("SELECT * FROM users WHERE id = " . $_GET['id']);
            mysqli_query($db, "DELETE FROM users WHERE name = '{$id}'");
            $pdo->query("SELECT * FROM users WHERE id = " . (int) $_GET['id']);
            $stmt = $pdo->prepare("SELECT * FROM users WHERE id = ?");
            $stmt->execute([$id]);
        }
      `;
      assert.deepEqual(await linesOf('sql-injection', src, 'php'), [3, 4]);
    });

    it('reports eval, unserialize without allowed_classes, verify_peer false, md5 passwords', async () => {
      const src = code`
        <?php
        eval($_POST['code']);
        $a = unserialize($_COOKIE['a']);
        $b = unserialize($_COOKIE['b'], ['allowed_classes' => false]);
        $ctx = stream_context_create(['ssl' => ['verify_peer' => false]]);
        $hash = md5($password);
        define('STRIPE_KEY', 'sk_live_51Hx9QeKf7ZpR2mVtY8wLc3NbJ');
      `;
      assert.deepEqual(await linesOf('code-injection', src, 'php'), [2]);
      assert.deepEqual(await linesOf('unsafe-deserialization', src, 'php'), [3]);
      assert.deepEqual(await linesOf('tls-verification-disabled', src, 'php'), [5]);
      assert.deepEqual(await linesOf('weak-hash', src, 'php'), [6]);
      assert.deepEqual(await linesOf('hardcoded-secret', src, 'php'), [7]);
    });

    it('reads a digest of a password already hashed as a low weak hash, of the password itself as high', async () => {
      const src = code`
        <?php
        $token = sha1($conf->salt . $user . $conf->apiPasswordHash);
        $check = md5($hashed_password . $nonce);
        $hash = sha1($salt . $password);
        $mixed = md5($passwordHash . $password);
      `;
      assert.deepEqual(await severitiesOf('weak-hash', src, 'php'), ['2 low', '3 low', '4 high', '5 high']);
    });
  });
});
