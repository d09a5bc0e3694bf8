import assert from 'node:assert/strict';
import { code, linesOf } from './reviewHelper';

// Safe and unsafe spellings of the same operation: sanitizers, numeric formats, string builders,
// query-builder fragments and credentials passed positionally.
describe('tree-sitter rules: idioms and sanitizers', () => {
  it('Python: shlex.quote, int() and numeric %-formats make values safe to splice', async () => {
    const src = code`
      import shlex, subprocess
      def f(path, uid, cur):
          subprocess.run(f"ls {shlex.quote(path)}", shell=True)
          subprocess.run(f"ls {path}", shell=True)
          cur.execute("SELECT * FROM users WHERE id = %d" % uid)
          cur.execute("SELECT * FROM users WHERE id = " + str(int(uid)))
          cur.execute("SELECT * FROM users WHERE name = '%s'" % uid)
    `;
    assert.deepEqual(await linesOf('command-injection', src, 'python'), [4]);
    assert.deepEqual(await linesOf('sql-injection', src, 'python'), [7]);
  });

  it('Python: placeholder lists built with join are safe; joined values are not', async () => {
    const src = code`
      def f(cur, ids):
          marks = ", ".join("?" for _ in ids)
          cur.execute(f"SELECT * FROM t WHERE id IN ({marks})", ids)
          cur.execute("SELECT * FROM t WHERE id IN (%s)" % ",".join(["%s"] * len(ids)), ids)
          names = ", ".join(f"'{i}'" for i in ids)
          cur.execute(f"SELECT * FROM t WHERE name IN ({names})")
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'python'), [6]);
  });

  it('Python: == None inside call arguments is an ORM expression and left alone', async () => {
    const src = code`
      def active(session):
          rows = session.query(User).filter(User.deleted_at == None, or_(User.banned != None)).all()
          if rows == None:
              return []
          return rows
    `;
    assert.deepEqual(await linesOf('none-comparison', src, 'python'), [3]);
  });

  it('Python: asyncpg fetch, Django RawSQL and aiohttp ssl=False', async () => {
    const src = code`
      async def f(pool, name, url):
          async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(ssl=False)) as s:
              await s.get(url, ssl=False)
          rows = await pool.fetch(f"SELECT * FROM users WHERE name = '{name}'")
          ok = await pool.fetch("SELECT * FROM users WHERE name = $1", name)
          qs = User.objects.annotate(v=RawSQL("SELECT x FROM t WHERE y = " + name, []))
          page = await s.fetch(f"/users/{name}")
    `;
    assert.deepEqual(await linesOf('tls-verification-disabled', src, 'python'), [2, 3]);
    assert.deepEqual(await linesOf('sql-injection', src, 'python'), [4, 6]);
  });

  it('conditional expressions: constant branches are constant, a built branch is built', async () => {
    const py = code`
      import os
      def f(x):
          os.system("cls" if os.name == "nt" else "clear")
          os.system("ls " + x if x else "ls")
    `;
    assert.deepEqual(await linesOf('command-injection', py, 'python'), [4]);
    const java = code`
      class T { void f(boolean a, String x) throws Exception {
        Runtime.getRuntime().exec(a ? "ls" : "pwd");
        stmt.executeQuery(a ? "SELECT 1 FROM t" : "SELECT * FROM t WHERE x = " + x);
      } }
    `;
    assert.deepEqual(await linesOf('sql-injection', java, 'java'), [3]);
    assert.deepEqual(await linesOf('command-injection', java, 'java'), []);
  });

  it('Python: s = s + x in a loop is string building too; urllib3 CERT_NONE as a string', async () => {
    const src = code`
      import urllib3
      def render(rows):
          out = ""
          for row in rows:
              out = out + row.name
          return out
      http = urllib3.PoolManager(cert_reqs="CERT_NONE")
    `;
    assert.deepEqual(await linesOf('string-concat-in-loop', src, 'python'), [5]);
    assert.deepEqual(await linesOf('tls-verification-disabled', src, 'python'), [7]);
  });

  it('Java: SQL assembled in a StringBuilder, and numeric conversions', async () => {
    const src = code`
      class Dao {
        void f(String name, String id) throws Exception {
          StringBuilder sql = new StringBuilder("SELECT * FROM users WHERE name = '");
          sql.append(name).append("'");
          stmt.executeQuery(sql.toString());
          StringBuilder ok = new StringBuilder("SELECT * FROM users WHERE id = ");
          ok.append(Integer.parseInt(id));
          stmt.executeQuery(ok.toString());
          Object o = SerializationUtils.deserialize(bytes);
        }
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'java'), [5]);
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'java'), [9]);
  });

  it('C#: StringBuilder SQL, SqlDataAdapter, and shell Arguments assigned separately', async () => {
    const src = code`
      class R {
        void F(string name) {
          var sb = new StringBuilder();
          sb.Append("SELECT * FROM Users WHERE Name = '").Append(name).Append("'");
          var cmd = new SqlCommand(sb.ToString(), conn);
          var da = new SqlDataAdapter("SELECT * FROM Users WHERE Id = " + name, conn);
          var psi = new ProcessStartInfo();
          psi.FileName = "cmd.exe";
          psi.Arguments = "/c type " + name;
        }
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'csharp'), [5, 6]);
    assert.deepEqual(await linesOf('command-injection', src, 'csharp'), [9]);
  });

  it('Go: gorm fragments, numeric Sprintf and strconv', async () => {
    const src = code`
      package main
      func f(db *gorm.DB, name string, id int) {
      	db.Where(fmt.Sprintf("name = '%s'", name)).Find(&users)
      	db.Where("name = ?", name).Find(&users)
      	db.Raw(fmt.Sprintf("SELECT * FROM users WHERE id = %d", id)).Scan(&u)
      	db.Exec("DELETE FROM users WHERE id = " + strconv.Itoa(id))
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [3]);
  });

  it('numeric-only printf formats are safe in C, PHP and Java; strings.Builder SQL in Go is followed', async () => {
    const c = code`
      int f(sqlite3 *db, int id, const char *name) {
          char q[128];
          snprintf(q, sizeof q, "DELETE FROM t WHERE id = %d", id);
          sqlite3_exec(db, q, 0, 0, 0);
          char r[128];
          snprintf(r, sizeof r, "DELETE FROM t WHERE name = '%s'", name);
          sqlite3_exec(db, r, 0, 0, 0);
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', c, 'c'), [7]);
    const php = code`
      <?php
      $pdo->query(sprintf("SELECT * FROM t WHERE id = %d", $_GET['id']));
      $pdo->query(sprintf("SELECT * FROM t WHERE name = '%s'", $_GET['name']));
    `;
    assert.deepEqual(await linesOf('sql-injection', php, 'php'), [3]);
    const java = code`
      class B { void f(String id, String name) throws Exception {
        stmt.executeQuery(String.format("SELECT * FROM t WHERE id = %d", Integer.valueOf(id)));
        stmt.executeQuery(String.format("SELECT * FROM t WHERE name = '%s'", name));
      } }
    `;
    assert.deepEqual(await linesOf('sql-injection', java, 'java'), [3]);
    const go = code`
      package main
      func f(db *sql.DB, name string) {
      	var sb strings.Builder
      	sb.WriteString("SELECT * FROM users WHERE name = '")
      	sb.WriteString(name)
      	db.Query(sb.String())
      	var ok strings.Builder
      	ok.WriteString("SELECT * FROM users")
      	db.Query(ok.String())
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', go, 'go'), [6]);
  });

  it('secrets passed positionally or to setters', async () => {
    const java = code`
      class Db {
        Connection open() throws Exception {
          return DriverManager.getConnection(URL, "admin", "Wq8#kLm2!pZ");
        }
        void configure(Client client) { client.setApiKey("9f8Kq2LmX7pR4vT1zW3cN6bY"); client.setName("9f8Kq2LmX7pR4vT1zW3cN6bY"); }
      }
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', java, 'java'), [3, 5]);
    const php = code`
      <?php
      $pdo = new PDO('mysql:host=db;dbname=shop', 'shop', 'Wq8#kLm2!pZ');
      $db = new mysqli('db', 'shop', getenv('DB_PASSWORD'), 'shop');
    `;
    assert.deepEqual(await linesOf('hardcoded-secret', php, 'php'), [2]);
  });
});
