import assert from 'node:assert/strict';
import { code, linesOf, review } from './reviewHelper';

describe('tree-sitter rules: Go, Java, Rust, C#, C/C++', () => {
  describe('Go', () => {
    it('reports sh -c with built commands only', async () => {
      const src = code`
        package main
        import "os/exec"
        func run(name string) {
        	exec.Command("sh", "-c", "ls "+name).Run()
        	exec.CommandContext(ctx, "bash", "-c", name).Run()
        	exec.Command("ls", name).Run()
        	exec.Command("sh", "-c", "ls -la").Run()
        }
      `;
      assert.deepEqual(await linesOf('command-injection', src, 'go'), [4, 5]);
    });

    it('reports SQL built with Sprintf or + (directly or via a variable), not placeholders', async () => {
      const src = code`
        package main
        func q(db *sql.DB, id string, ctx context.Context) {
        	db.Query("SELECT * FROM t WHERE id = " + id)
        	stmt := fmt.Sprintf("DELETE FROM t WHERE id = %s", id)
        	db.ExecContext(ctx, stmt)
        	db.Query("SELECT * FROM t WHERE id = $1", id)
        	db.Query(fmt.Sprintf("SELECT * FROM %s", "t"))
        }
      `;
      assert.deepEqual(await linesOf('sql-injection', src, 'go'), [3, 5]);
    });

    it('follows one level into a same-file helper that builds the SQL and returns it', async () => {
      const src = code`
        package main
        func build(name string) string {
        	var sb strings.Builder
        	sb.WriteString("SELECT * FROM t WHERE name = '" + name + "'")
        	return sb.String()
        }
        func safe(name string) (string, []any) {
        	return "SELECT * FROM t WHERE name = ?", []any{name}
        }
        func run(ctx context.Context, db *sql.DB, name string) {
        	db.QueryContext(ctx, build(name))
        	q := build(name)
        	db.ExecContext(ctx, q)
        	s, args := safe(name)
        	db.QueryContext(ctx, s, args...)
        }
      `;
      assert.deepEqual(await linesOf('sql-injection', src, 'go'), [11, 13]);
    });

    it('reports InsecureSkipVerify true in literals and assignments', async () => {
      const src = code`
        package main
        func c() {
        	a := &tls.Config{InsecureSkipVerify: true}
        	b := &tls.Config{InsecureSkipVerify: false}
        	b.InsecureSkipVerify = true
        }
      `;
      assert.deepEqual(await linesOf('tls-verification-disabled', src, 'go'), [3, 5]);
    });

    it('keeps InsecureSkipVerify that an option naming it selects at medium, other branches high', async () => {
      const src = code`
        package main
        func parse(d *Dispenser, h *Transport, insecure bool, debug bool) {
        	switch d.Val() {
        	case "tls_insecure_skip_verify":
        		h.TLS.InsecureSkipVerify = true
        	case "http_port":
        		h.TLS.InsecureSkipVerify = true
        	}
        	if insecure {
        		h.TLS = &tls.Config{InsecureSkipVerify: true}
        	}
        	if debug {
        		h.TLS.InsecureSkipVerify = true
        	}
        }
      `;
      const findings = (await review(src, 'go', ['security'])).filter(
        (f) => f.rule === 'codewright/tls-verification-disabled',
      );
      assert.deepEqual(
        findings.map((f) => `${f.line}:${f.severity}`),
        ['5:medium', '7:high', '10:medium', '13:high'],
      );
    });
    it('keeps InsecureSkipVerify after a guard on the setting that returns at medium, other guards high', async () => {
      // Golden: \`if !c.SkipVerify { return }\` first; near misses: a guard on another flag, and a
      // guard on the setting that does not leave the function.
      const src = code`
        package main
        func (c *client) newContext(ctx context.Context) context.Context {
        	if !c.SkipVerify {
        		return ctx
        	}
        	return context.WithValue(ctx, k, &tls.Config{InsecureSkipVerify: true})
        }
        func (c *client) other(ctx context.Context) context.Context {
        	if !c.Debug {
        		return ctx
        	}
        	return context.WithValue(ctx, k, &tls.Config{InsecureSkipVerify: true})
        }
        func (c *client) third(ctx context.Context) context.Context {
        	if !c.SkipVerify {
        		log.Print("verifying")
        	}
        	return context.WithValue(ctx, k, &tls.Config{InsecureSkipVerify: true})
        }
      `;
      const findings = (await review(src, 'go', ['security'])).filter(
        (f) => f.rule === 'codewright/tls-verification-disabled',
      );
      assert.deepEqual(
        findings.map((f) => `${f.line}:${f.severity}`),
        ['6:medium', '12:high', '18:high'],
      );
    });

    it('keeps InsecureSkipVerify inside a function named insecure at medium, a secure-named one high', async () => {
      const src = code`
        package main
        func newInsecureTransport() *http.Transport {
        	return &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}
        }
        func newSecureTransport() *http.Transport {
        	return &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}
        }
      `;
      const findings = (await review(src, 'go', ['security'])).filter(
        (f) => f.rule === 'codewright/tls-verification-disabled',
      );
      assert.deepEqual(
        findings.map((f) => `${f.line}:${f.severity}`),
        ['3:medium', '6:high'],
      );
    });
    it("keeps InsecureSkipVerify beside the program's own peer check at medium; another field leaves it high", async () => {
      const src = code`
        package main
        func transports(st *ServersTransport, other *ServersTransport, names []string) {
        	a := &tls.Config{InsecureSkipVerify: true, VerifyPeerCertificate: verifySPIFFE}
        	b := &ServersTransport{InsecureSkipVerify: true, PeerCertSANs: names}
        	c := &ServersTransport{InsecureSkipVerify: true, ServerName: "x"}
        	st.TLS.InsecureSkipVerify = true
        	for _, n := range names {
        		st.TLS.PeerCertSANs = append(st.TLS.PeerCertSANs, n)
        	}
        	other.InsecureSkipVerify = true
        	other.ServerName = "y"
        	st.PeerCertSANs = names
        }
      `;
      const findings = (await review(src, 'go', ['security'])).filter(
        (f) => f.rule === 'codewright/tls-verification-disabled',
      );
      assert.deepEqual(
        findings.map((f) => `${f.line}:${f.severity}`),
        ['3:medium', '4:medium', '5:high', '6:medium', '10:high'],
      );
    });
  });

  describe('Java', () => {
    it('reports JDBC and JPA queries built by concatenation or String.format', async () => {
      const src = code`
        class Dao {
          void f(String id) throws Exception {
            stmt.executeQuery("SELECT * FROM t WHERE id = " + id);
            em.createQuery(String.format("SELECT u FROM User u WHERE u.name = '%s'", id));
            conn.prepareStatement("SELECT * FROM t WHERE id = ?");
            stmt.executeQuery("SELECT * FROM t WHERE kind = " + Kind.DEFAULT);
          }
        }
      `;
      assert.deepEqual(await linesOf('sql-injection', src, 'java'), [3, 4]);
    });

    it('treats a lookup in a Map.of table of constants as constant (allow-list), not the raw key', async () => {
      const src = code`
        class R {
          static final Map<String, String> COLS = Map.of("name", "name", "date", "created_at");
          void list(Statement st, String key, String raw) throws Exception {
            st.executeQuery("SELECT * FROM t ORDER BY " + COLS.getOrDefault(key, "name"));
            st.executeQuery("SELECT * FROM t ORDER BY " + COLS.get(key));
            st.executeQuery("SELECT * FROM t ORDER BY " + COLS.getOrDefault(key, raw));
            st.executeQuery("SELECT * FROM t ORDER BY " + key);
          }
        }
      `;
      assert.deepEqual(await linesOf('sql-injection', src, 'java'), [6, 7]);
    });

    it('reports HostnameVerifier lambdas returning true and NoopHostnameVerifier', async () => {
      const src = code`
        class H {
          void f() {
            conn.setHostnameVerifier((h, s) -> true);
            builder.setSSLHostnameVerifier(NoopHostnameVerifier.INSTANCE);
            conn.setHostnameVerifier((h, s) -> h.equals("api.internal"));
          }
        }
      `;
      assert.deepEqual(await linesOf('tls-verification-disabled', src, 'java'), [3, 4]);
    });

    it('reports weak MessageDigest algorithms only', async () => {
      const src = code`
        class D {
          byte[] a(byte[] b) throws Exception { return MessageDigest.getInstance("SHA-1").digest(b); }
          byte[] c(byte[] b) throws Exception { return MessageDigest.getInstance("SHA-256").digest(b); }
        }
      `;
      assert.deepEqual(await linesOf('weak-hash', src, 'java'), [2]);
    });
  });

  describe('Rust', () => {
    it('reports shell commands built with format!, following a Command variable', async () => {
      const src = code`
        fn f(name: &str) {
            let mut cmd = Command::new("bash");
            cmd.arg("-c").arg(format!("echo {name}"));
            Command::new("sh").args(["-c", "uptime"]).output();
            Command::new("echo").arg(name).output();
        }
      `;
      assert.deepEqual(await linesOf('command-injection', src, 'rust'), [3]);
    });

    it('reports rusqlite/postgres calls with format!-built SQL', async () => {
      const src = code`
        fn f(conn: &Connection, id: &str) {
            conn.execute(&format!("DELETE FROM t WHERE id = {}", id), []).unwrap();
            conn.execute("DELETE FROM t WHERE id = ?1", params![id]).unwrap();
            client.query(format!("SELECT * FROM t WHERE name = '{}'", id).as_str(), &[]);
        }
      `;
      assert.deepEqual(await linesOf('sql-injection', src, 'rust'), [2, 4]);
    });
  });

  describe('C#', () => {
    it('reports Dapper and EF raw SQL with interpolation, not FromSqlInterpolated or parameters', async () => {
      const src = code`
        class R {
          void F(string id) {
            conn.Query<User>($"SELECT * FROM Users WHERE Id = '{id}'");
            db.Users.FromSqlRaw("SELECT * FROM Users WHERE Name = '" + id + "'");
            db.Users.FromSqlInterpolated($"SELECT * FROM Users WHERE Id = {id}");
            conn.Query<User>("SELECT * FROM Users WHERE Id = @id", new { id });
          }
        }
      `;
      assert.deepEqual(await linesOf('sql-injection', src, 'csharp'), [3, 4]);
    });

    it('reports validation callbacks that return true, including delegate blocks', async () => {
      const src = code`
        class T {
          void F() {
            ServicePointManager.ServerCertificateValidationCallback += delegate { return true; };
            handler.ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator;
            handler.ServerCertificateCustomValidationCallback = (m, c, ch, e) => e == SslPolicyErrors.None;
          }
        }
      `;
      assert.deepEqual(await linesOf('tls-verification-disabled', src, 'csharp'), [3, 4]);
    });

    it('reports Json.NET TypeNameHandling.All on the call that deserializes a parameter', async () => {
      const src = code`
        class J {
          object F(string s) {
            var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All };
            return JsonConvert.DeserializeObject(s, settings);
          }
        }
      `;
      assert.deepEqual(await linesOf('unsafe-deserialization', src, 'csharp'), [4]);
    });
  });

  describe('C and C++', () => {
    it('reports gets, strcat/strcpy into fixed arrays, and scanf("%s") without width', async () => {
      const src = code`
        void f(const char *src) {
            char buf[16];
            char *heap = malloc(16);
            gets(buf);
            strcat(buf, src);
            strcpy(heap, src);
            scanf("%s", buf);
            scanf("%15s", buf);
        }
      `;
      assert.deepEqual(await linesOf('buffer-overflow', src, 'c'), [4, 5, 7]);
    });

    it('reports popen and execl through a shell with built commands', async () => {
      const src = code`
        void f(std::string host) {
            std::string cmd = "ping -c 1 " + host;
            FILE *p = popen(cmd.c_str(), "r");
            execl("/bin/sh", "sh", "-c", cmd.c_str(), (char *)0);
            FILE *q = popen("uptime", "r");
        }
      `;
      assert.deepEqual(await linesOf('command-injection', src, 'cpp'), [3, 4]);
    });

    it('reports SSL_VERIFY_NONE', async () => {
      const src = code`
        void f(SSL_CTX *ctx) {
            SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);
            SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
        }
      `;
      assert.deepEqual(await linesOf('tls-verification-disabled', src, 'cpp'), [2]);
    });
  });
});
