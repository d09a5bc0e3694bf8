import assert from 'node:assert/strict';
import { applyFix, code, linesOf, review } from './reviewHelper';

describe('tree-sitter rules: Python', () => {
  describe('security', () => {
    it('reports eval/exec of non-literals only', async () => {
      const src = code`
        def run(expr):
            eval(expr)
            exec("print(1)")
            exec(compile(expr, "<x>", "exec"))
      `;
      assert.deepEqual(await linesOf('code-injection', src, 'python'), [2, 4]);
    });

    it('reports shell=True with a non-constant command, not argv lists or constant commands', async () => {
      const src = code`
        import subprocess
        import subprocess as sp
        from os import system
        def deploy(branch, cmd):
            subprocess.run("git pull origin " + branch, shell=True)
            sp.check_output(cmd, shell=True)
            subprocess.run(["git", "pull", "origin", branch])
            subprocess.run("git status", shell=True)
            system(f"echo {branch}")
            system("sync")
      `;
      assert.deepEqual(await linesOf('command-injection', src, 'python'), [5, 6, 9]);
    });

    it('treats a lookup in a dict of constants as constant (allow-list), not the raw key', async () => {
      const src = code`
        ORDER = {"new": "created_at DESC", "name": "name"}
        def rows(cur, args):
            cur.execute("SELECT * FROM t ORDER BY " + ORDER.get(args.get("o"), "name"))
            cur.execute("SELECT * FROM t ORDER BY " + ORDER[args["o"]])
            cur.execute("SELECT * FROM t ORDER BY " + ORDER.get(args.get("o"), args["d"]))
            cur.execute("SELECT * FROM t ORDER BY " + {"a": args["o"]}.get("a"))
            cur.execute("SELECT * FROM t ORDER BY " + args.get("o"))
      `;
      assert.deepEqual(await linesOf('sql-injection', src, 'python'), [5, 6, 7]);
    });

    it('reports argv lists that start a shell on a non-constant command', async () => {
      const src = code`
        import subprocess
        def hook(name, script):
            subprocess.Popen(["bash", "-c", script])
            subprocess.run(("/bin/sh", "-c", "./hooks/" + name))
            subprocess.call(["cmd", "/c", name])
            subprocess.run(["bash", "-c", "make clean"])
            subprocess.run(["bash", script])
            subprocess.run(args=["sh", "-c", script])
      `;
      assert.deepEqual(await linesOf('command-injection', src, 'python'), [3, 4, 5, 8]);
    });

    it('follows a query variable built earlier in the same function', async () => {
      const src = code`
        def find(cur, name, order):
            query = "SELECT * FROM users WHERE name = '" + name + "'"
            cur.execute(query)
            q2 = "SELECT * FROM users WHERE name = %s"
            cur.execute(q2, (name,))
            q3 = "SELECT * FROM users ORDER BY {}".format(order)
            cur.execute(q3)
      `;
      assert.deepEqual(await linesOf('sql-injection', src, 'python'), [3, 7]);
    });

    it('does not treat non-SQL execute calls or constant formatting as SQL injection', async () => {
      const src = code`
        TABLE = "users"
        def work(executor, job):
            executor.execute(f"job-{job.id}")
            cursor.execute(f"SELECT COUNT(*) FROM {TABLE}")
      `;
      assert.deepEqual(await linesOf('sql-injection', src, 'python'), []);
    });

    it('reports pickle, marshal and yaml.load without a safe loader', async () => {
      const src = code`
        import pickle, marshal, yaml
        def load(blob, text):
            pickle.loads(blob)
            marshal.loads(blob)
            yaml.load(text)
            yaml.load(text, Loader=yaml.Loader)
            yaml.load(text, Loader=yaml.CSafeLoader)
            yaml.safe_load(text)
      `;
      assert.deepEqual(await linesOf('unsafe-deserialization', src, 'python'), [3, 4, 5, 6]);
    });

    it('fixes plain yaml.load(x) to yaml.safe_load(x), and the fixed code is clean', async () => {
      const src = code`
        import yaml
        def read(handle, text):
            config = yaml.load(handle)
            docs = list(yaml.load_all(text))
            legacy = yaml.load(text, Loader=yaml.Loader)
            return config, docs, legacy
      `;
      const findings = (await review(src, 'python')).filter(
        (f) => f.rule === 'codewright/unsafe-deserialization',
      );
      assert.deepEqual(
        findings.map((f) => [f.line, !!f.fix]),
        [
          [3, true],
          [4, true],
          [5, false],
        ],
      );
      let fixed = src;
      for (const finding of findings.filter((f) => f.fix).reverse()) fixed = applyFix(fixed, finding);
      assert.match(fixed, /yaml\.safe_load\(handle\)/);
      assert.match(fixed, /yaml\.safe_load_all\(text\)/);
      const again = (await review(fixed, 'python')).filter(
        (f) => f.rule === 'codewright/unsafe-deserialization' || f.type === 'syntax',
      );
      assert.deepEqual(
        again.map((f) => f.line),
        [5],
      );
    });

    it('reports verify=False, unverified SSL contexts and CERT_NONE', async () => {
      const src = code`
        import ssl, requests, httpx
        requests.get(url, verify=False)
        httpx.Client(verify=False)
        ctx = ssl._create_unverified_context()
        ctx2 = ssl.create_default_context()
        ctx2.check_hostname = False
        ctx2.verify_mode = ssl.CERT_NONE
        requests.get(url, verify="/etc/ca.pem")
        jwt.decode(token, verify=False)
      `;
      assert.deepEqual(await linesOf('tls-verification-disabled', src, 'python'), [2, 3, 4, 6, 7]);
    });

    it('keeps CERT_NONE that a verification setting or an insecure-named factory selects at medium', async () => {
      const src = code`
        import ssl
        def make_ctx(settings, debug):
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            verify_setting = settings.getbool("DOWNLOAD_VERIFY_CERTIFICATES")
            if verify_setting:
                ctx.check_hostname = True
            else:
                ctx.check_hostname = False
            if debug:
                ctx.verify_mode = ssl.CERT_NONE
            elif not settings.get("TLS_VERIFY"):
                ctx.verify_mode = ssl.CERT_NONE
            return ctx
        def _make_insecure_ssl_ctx():
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            ctx.check_hostname = False
            return ctx
        def _make_secure_ssl_ctx():
            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            ctx.check_hostname = False
            return ctx
      `;
      const findings = (await review(src, 'python', ['security'])).filter(
        (f) => f.rule === 'codewright/tls-verification-disabled',
      );
      assert.deepEqual(
        findings.map((f) => `${f.line}:${f.severity}`),
        ['8:medium', '10:high', '12:medium', '16:medium', '20:high'],
      );
    });

    it('rates MD5/SHA-1 high for passwords and low otherwise; skips usedforsecurity=False', async () => {
      const src = code`
        import hashlib
        def store(password):
            return hashlib.sha1(password.encode()).hexdigest()
        def etag(body):
            return hashlib.md5(body).hexdigest()
        def cache_key(body):
            return hashlib.new("md5", body, usedforsecurity=False).hexdigest()
      `;
      const findings = (await review(src, 'python')).filter((f) => f.rule === 'codewright/weak-hash');
      assert.deepEqual(
        findings.map((f) => [f.line, f.severity]),
        [
          [3, 'high'],
          [5, 'low'],
        ],
      );
    });

    it("rates a digest low when only the function's name speaks of passwords and the value is shown (healthchecks)", async () => {
      const src = code`
        import hashlib
        def authorize_login_password(email):
            salted_encoded = (email + settings.SECRET_KEY).encode()
            return hashlib.sha1(salted_encoded).hexdigest()
        def hash_password(p):
            return hashlib.sha1(p).hexdigest()
        def store_password(user):
            salted = (user.password + SALT).encode()
            return hashlib.sha1(salted).hexdigest()
      `;
      const findings = (await review(src, 'python')).filter((f) => f.rule === 'codewright/weak-hash');
      // Near misses: a parameter (not shown) and a local built from a password stay high.
      assert.deepEqual(
        findings.map((f) => [f.line, f.severity]),
        [
          [4, 'low'],
          [6, 'high'],
          [9, 'high'],
        ],
      );
    });

    it('reports MD5/SHA-1 from pycryptodome and cryptography, not SHA-256', async () => {
      const src = code`
        from Crypto.Hash import MD5, SHA256
        from cryptography.hazmat.primitives import hashes
        def digest(data):
            a = MD5.new(data)
            b = SHA256.new(data)
            c = hashes.Hash(hashes.SHA1())
            d = hashes.Hash(hashes.SHA256())
      `;
      assert.deepEqual(await linesOf('weak-hash', src, 'python'), [4, 6]);
    });

    it('reports hard-coded secrets in assignments, keyword arguments and dict entries', async () => {
      const src = code`
        GITHUB_TOKEN = "ghp_8fK2mQx7LpR4vT9zWc3NbY6hJd1sA5eG0uIo"
        client = Client(api_key="9f8Kq2LmX7pR4vT1zW3cN6bY")
        cfg = {"password": "Vq7!pR2#xL9z", "user": "admin"}
        password = os.environ.get("PASSWORD", "")
        placeholder = {"password": "changeme"}
        client_token = self._get_param("clientToken")
        db_password = os.environ.get("DB_PASSWORD", "Fallback#Pw1")
      `;
      assert.deepEqual(await linesOf('hardcoded-secret', src, 'python'), [1, 2, 3, 7]);
    });
  });

  describe('best practices', () => {
    it('reports mutable defaults of every kind', async () => {
      const src = code`
        def f(a, b=[], c={}, d=set(), e=None, g=(), h=dict()):
            pass
      `;
      assert.equal((await linesOf('mutable-default-argument', src, 'python')).length, 4);
    });

    it('reports bare except but not typed handlers', async () => {
      const src = code`
        try:
            go()
        except ValueError:
            pass
        except:
            pass
      `;
      assert.deepEqual(await linesOf('bare-except', src, 'python'), [5]);
    });

    it('keeps the fix valid when the operator has no spaces around it', async () => {
      const src = 'if x==None or y!=None:\n    pass\n';
      const findings = (await review(src, 'python')).filter((f) => f.rule === 'codewright/none-comparison');
      let fixed = src;
      for (const finding of [...findings].reverse()) fixed = applyFix(fixed, finding);
      assert.equal(fixed, 'if x is None or y is not None:\n    pass\n');
    });

    it('fixes == None / != None and the fixed code is clean', async () => {
      const src = code`
        def f(a, b):
            if a == None and b != None:
                return None == a
      `;
      const findings = (await review(src, 'python')).filter((f) => f.rule === 'codewright/none-comparison');
      assert.equal(findings.length, 3);
      let fixed = src;
      // Apply from the last finding so earlier offsets stay valid.
      for (const finding of [...findings].sort((x, y) => y.fix![0]!.start - x.fix![0]!.start))
        fixed = applyFix(fixed, finding);
      assert.match(fixed, /a is None and b is not None/);
      assert.match(fixed, /None is a/);
      const again = await review(fixed, 'python');
      assert.deepEqual(
        again.filter((f) => f.rule === 'codewright/none-comparison' || f.type === 'syntax'),
        [],
      );
    });
  });

  describe('performance', () => {
    it('reports membership on a list built in the function inside a loop, not sets or constant lists', async () => {
      const src = code`
        def f(rows, other):
            seen = []
            ids = {r.id for r in rows}
            small = ["a", "b"]
            pair = [rows[0], other]
            for r in rows:
                if r.id in seen:
                    continue
                if r.id in ids or r.kind in small or r in other or r in pair:
                    seen.append(r.id)
      `;
      assert.deepEqual(await linesOf('quadratic-membership', src, 'python'), [7]);
    });

    it('treats split() and readlines() results as lists built from input', async () => {
      const src = code`
        def filter_hosts(hosts, allowed_csv):
            allowed = allowed_csv.split(",")
            return [h for h in hosts if h in allowed]
      `;
      assert.deepEqual(await linesOf('quadratic-membership', src, 'python'), [3]);
    });

    it('reports string += in loops once per variable, not numeric accumulators or lists', async () => {
      const src = code`
        def render(items):
            html = "<ul>"
            count = 0
            parts = []
            for item in items:
                html += "<li>" + item + "</li>"
                html += "\\n"
                count += 1
                parts += [item]
            return html
      `;
      assert.deepEqual(await linesOf('string-concat-in-loop', src, 'python'), [6]);
    });
  });
});
