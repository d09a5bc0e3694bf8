// The taint engine on Go: net/http, mux and gin inputs reaching SQL, commands, files, responses,
// redirects and outgoing requests, with the safe look-alikes next to each (bound parameters, numeric
// parsing, escaping, a command's output, a constant program).
import assert from 'node:assert/strict';
import { code, linesOf, review } from '../reviewHelper';

describe('review taint engine: Go flows', () => {
  it('follows request input through fields, helpers and Sprintf into SQL; bound values and numbers are clean', async () => {
    const src = code`
      package store
      import ("database/sql"; "fmt"; "net/http"; "strconv")
      type filter struct{ Name string }
      func where(col, v string) string { return fmt.Sprintf("%s = '%s'", col, v) }
      func List(db *sql.DB, r *http.Request) {
          f := &filter{}
          f.Name = r.URL.Query().Get("name")
          db.Query("SELECT * FROM users WHERE " + where("name", f.Name))
          db.Query("SELECT * FROM users WHERE name = $1", f.Name)
          id, _ := strconv.Atoi(r.FormValue("id"))
          db.Query(fmt.Sprintf("SELECT * FROM users WHERE id = %d", id))
          db.QueryContext(r.Context(), fmt.Sprintf("SELECT * FROM t WHERE id = %d", r.FormValue("n")))
          stmt, _ := db.Prepare("SELECT * FROM users WHERE name = ?")
          stmt.Query(r.FormValue("name"))
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [8]);
  });

  it('reports a program named by input, and a shell fed with input, but not input as a plain argument', async () => {
    const src = code`
      package run
      import ("net/http"; "os/exec")
      func Handle(w http.ResponseWriter, r *http.Request) {
          tool := r.FormValue("tool")
          exec.Command(tool, "--version").Run()
          exec.Command("sh", "-c", "ls "+r.FormValue("dir")).Run()
          exec.Command("ls", r.FormValue("dir")).Run()
          exec.Command("git", "status").Run()
      }
    `;
    assert.deepEqual(await linesOf('command-injection', src, 'go'), [5, 6]);
  });

  it('reports file paths from gin and mux inputs and zip entries; a base name is clean', async () => {
    const src = code`
      package files
      import ("archive/zip"; "net/http"; "os"; "path/filepath"; "github.com/gin-gonic/gin"; "github.com/gorilla/mux")
      func Get(c *gin.Context) { os.ReadFile(filepath.Join("/srv", c.Param("file"))) }
      func Put(w http.ResponseWriter, r *http.Request) {
          name := mux.Vars(r)["name"]
          os.Create("/srv/" + name)
          os.Create("/srv/" + filepath.Base(name))
      }
      func Unzip(zr *zip.Reader, dest string) {
          for _, f := range zr.File {
              os.Create(filepath.Join(dest, f.Name))
          }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'go'), [3, 6, 11]);
  });

  it('reports reflected input in responses, template.HTML and redirects; escaped text and command output are clean', async () => {
    const src = code`
      package web
      import ("fmt"; "html"; "html/template"; "net/http"; "os"; "os/exec")
      func Hello(w http.ResponseWriter, r *http.Request) {
          name := r.FormValue("name")
          fmt.Fprintf(w, "<h1>Hello %s</h1>", name)
          fmt.Fprintf(w, "<h1>Hello %s</h1>", html.EscapeString(name))
          fmt.Fprintf(os.Stderr, "visit from %s", name)
          _ = template.HTML(r.URL.Query().Get("bio"))
          out, _ := exec.Command("uptime").CombinedOutput()
          w.Write(out)
          http.Redirect(w, r, r.FormValue("next"), http.StatusFound)
          http.Redirect(w, r, "/home", http.StatusFound)
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'go'), [5, 8]);
    assert.deepEqual(await linesOf('open-redirect', src, 'go'), [11]);
  });

  it('reports outgoing requests to addresses from input (SSRF), not to constants', async () => {
    const src = code`
      package proxy
      import "net/http"
      func Fetch(w http.ResponseWriter, r *http.Request) {
          target := r.URL.Query().Get("url")
          http.Get(target)
          req, _ := http.NewRequest("GET", target, nil)
          http.DefaultClient.Do(req)
          http.Get("https://example.org/status")
      }
    `;
    assert.deepEqual(await linesOf('ssrf', src, 'go'), [5, 6]);
  });

  it('reports command-line and environment input at medium severity, request input at full', async () => {
    const src = code`
      package main
      import ("net/http"; "os")
      func main() { os.ReadFile(os.Getenv("CONFIG_FILE")) }
      func Serve(w http.ResponseWriter, r *http.Request) { os.ReadFile(r.FormValue("f")) }
    `;
    const findings = (await review(src, 'go', ['security'])).filter(
      (f) => f.rule === 'codewright/path-traversal',
    );
    assert.deepEqual(
      findings.map((f) => `${f.line}:${f.severity}`),
      ['3:medium', '4:high'],
    );
    assert.match(findings[1].message, /r\.FormValue\("f"\).*os\.ReadFile/);
  });

  it('takes a lookup in a table of constants as an allow-list whatever the key; a table filled from input is not', async () => {
    const src = code`
      package store
      import ("database/sql"; "net/http")
      var columns = map[string]string{"name": "name", "age": "age"}
      func List(db *sql.DB, r *http.Request) {
          col, ok := columns[r.FormValue("sort")]
          if !ok { return }
          db.Query("SELECT * FROM users ORDER BY " + col)
          seen := map[string]string{}
          seen["q"] = r.FormValue("q")
          db.Query("SELECT * FROM users WHERE name = " + seen[r.FormValue("k")])
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [10]);
  });

  it('takes validation that leaves the handler as a sanitizer; the same checks without an exit are not', async () => {
    const src = code`
      package files
      import ("net/http"; "os"; "path/filepath"; "regexp"; "strings")
      var nameRe = regexp.MustCompile("^[a-z0-9]+$")
      func A(w http.ResponseWriter, r *http.Request) {
          p := filepath.Clean(filepath.Join("/srv", r.FormValue("f")))
          if !strings.HasPrefix(p, "/srv/") {
              http.Error(w, "bad path", http.StatusBadRequest)
              return
          }
          os.Open(p)
      }
      func B(w http.ResponseWriter, r *http.Request) {
          name := r.FormValue("f")
          if strings.Contains(name, "..") { return }
          if !nameRe.MatchString(name) { return }
          os.Open(filepath.Join("/srv", name))
      }
      func C(w http.ResponseWriter, r *http.Request) {
          name := r.FormValue("f")
          if strings.Contains(name, "..") { w.WriteHeader(400) }
          if !isSafeName(name) { println("unsafe") }
          os.Open(filepath.Join("/srv", name))
      }
      func isSafeName(n string) bool { return nameRe.MatchString(n) }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'go'), [22]);
  });

  it('takes encoding/json output as safe in a response (it escapes markup); the raw value is not', async () => {
    const src = code`
      package web
      import ("encoding/json"; "net/http")
      func A(w http.ResponseWriter, r *http.Request) {
          body, _ := json.Marshal(map[string]string{"q": r.FormValue("q")})
          w.Write(body)
          w.Write([]byte(r.FormValue("q")))
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'go'), [6]);
  });

  it('judges a helper of the file named like a sanitizer by its body; a real replacement still counts', async () => {
    const src = code`
      package store
      import ("database/sql"; "net/http"; "strings")
      func attemptSanitize(s string) string { return strings.TrimSpace(s) }
      func escapeQuotes(s string) string { return strings.ReplaceAll(s, "'", "''") }
      func List(db *sql.DB, r *http.Request) {
          db.Query("SELECT * FROM users WHERE name = '" + attemptSanitize(r.FormValue("n")) + "'")
          db.Query("SELECT * FROM users WHERE name = '" + escapeQuotes(r.FormValue("n")) + "'")
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [6]);
  });

  it('checks only the query of a SQL call: input in the bound values of a constant query is fine', async () => {
    const src = code`
      package store
      import ("database/sql"; "net/http"; "strings")
      func List(db *sql.DB, r *http.Request) {
          ids := strings.Split(r.FormValue("ids"), ",")
          marks := make([]string, len(ids))
          args := make([]interface{}, len(ids))
          for i, id := range ids {
              marks[i] = "?"
              args[i] = id
          }
          db.Query("SELECT * FROM users WHERE id IN ("+strings.Join(marks, ",")+")", args...)
          db.Query("SELECT * FROM users WHERE id IN ("+strings.Join(ids, ",")+")")
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [12]);
  });

  it('reads no SQL in an Exec or Query whose first argument is a context', async () => {
    const src = code`
      package api
      import ("context"; "database/sql"; "net/http"; "time")
      func Run(w http.ResponseWriter, r *http.Request, db *sql.DB, engine Engine) {
          timeout, _ := time.ParseDuration(r.FormValue("timeout"))
          ctx, cancel := context.WithTimeout(r.Context(), timeout)
          defer cancel()
          qry := engine.NewQuery(r.FormValue("query"))
          qry.Exec(ctx)
          db.Exec("DELETE FROM jobs WHERE name = '" + r.FormValue("name") + "'")
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [9]);
  });

  it("reads Exec and Get on a value of the program's own type as that type's, on a database or HTTP client still as sinks", async () => {
    const src = code`
      package web
      import ("database/sql"; "net/http"; "net"; "github.com/dunglas/go-urlpattern")
      type Matcher struct { compiledPattern *urlpattern.URLPattern; store *sql.DB }
      func (m *Matcher) Match(r *http.Request) bool {
          m.compiledPattern.Exec(r.URL.RawQuery, "http://"+r.Host)
          m.store.Exec(r.URL.RawQuery)
          return true
      }
      func Dial(conn net.Conn, r *http.Request) {
          client := client{rwc: conn}
          client.Get(r.URL.Query().Get("env"))
          httpClient := &http.Client{}
          httpClient.Get(r.URL.Query().Get("url"))
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [6]);
    assert.deepEqual(await linesOf('ssrf', src, 'go'), [13]);
  });

  it('reads a returned function literal as a handler, not the request data its body reads', async () => {
    const src = code`
      package web
      import "net/http"
      type Handler struct { title string; router *Router }
      func New(title string) *Handler {
          h := &Handler{title: title, router: NewRouter().With(withPath(""))}
          h.router.Get("/", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(h.title)) })
          return h
      }
      func withPath(prefix string) func(http.HandlerFunc) http.HandlerFunc {
          return func(next http.HandlerFunc) http.HandlerFunc {
              return func(w http.ResponseWriter, r *http.Request) { next(w, WithPath(r, prefix+r.URL.Path)) }
          }
      }
      func Echo(w http.ResponseWriter, r *http.Request) {
          w.Write([]byte(func() string { return r.FormValue("x") }()))
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'go'), [15]);
  });

  it("reads a zip reader's File field as archive input, not a method named File", async () => {
    const src = code`
      package main
      import ("archive/zip"; "io"; "net/http"; "os"; "path/filepath")
      func list(w http.ResponseWriter, pages []Page) {
          for _, p := range pages { io.WriteString(w, p.File().Path()) }
      }
      func unzip(r *zip.ReadCloser, dest string) {
          for _, f := range r.File {
              os.Create(filepath.Join(dest, f.Name))
          }
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'go'), []);
    assert.deepEqual(await linesOf('path-traversal', src, 'go'), [8]);
  });

  it("reads a zip reader's File field only where it is not given whole to a call or an operator", async () => {
    const src = code`
      package main
      import ("archive/zip"; "os"; "path/filepath")
      type config struct { File string }
      var cfg config
      func load(dir string) { os.ReadFile(cfg.File); os.ReadFile(dir + cfg.File) }
      func unzip(r *zip.ReadCloser, dest string) {
          entries := r.File
          for _, f := range entries { os.Create(filepath.Join(dest, f.Name)) }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'go'), [8]);
  });

  it("reads a File field as a zip reader's entries only in a file that imports archive/zip (etcd)", async () => {
    // etcd's WAL: a locked file embeds an *os.File; its name is the program's own.
    const locked = code`
      package wal
      import ("os"; "path/filepath")
      type LockedFile struct { *os.File }
      func cut(l *LockedFile, dir string) {
          f := l.File
          os.Rename(f.Name(), filepath.Join(dir, "0.wal"))
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', locked, 'go'), []);
    // Near miss: the same assignment where archive/zip is imported reads the entries.
    const zipped = code`
      package unzip
      import ("archive/zip"; "os"; "path/filepath")
      func extract(r *zip.ReadCloser, dir string) {
          f := r.File
          for _, e := range f { os.Create(filepath.Join(dir, e.Name)) }
      }
    `;
    assert.deepEqual(await linesOf('path-traversal', zipped, 'go'), [5]);
  });

  it("reads the response an HTTP client gets as the other server's, not the request it sent", async () => {
    const src = code`
      package auth
      import ("bytes"; "io"; "net/http")
      type forward struct { client http.Client }
      func (fa *forward) ServeHTTP(rw http.ResponseWriter, req *http.Request) {
          bodyBytes, _ := io.ReadAll(req.Body)
          forwardReq, _ := http.NewRequest(http.MethodPost, "http://auth", bytes.NewReader(bodyBytes))
          forwardResponse, _ := fa.client.Do(forwardReq)
          body, _ := io.ReadAll(forwardResponse.Body)
          rw.Write(body)
          rw.Write(bodyBytes)
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'go'), [10]);
  });

  it("reads a map's value looked up with a key from input as the map's; an element of input is input", async () => {
    const src = code`
      package acme
      import ("net/http"; "strings")
      type challenge struct { tokens map[string]map[string][]byte }
      func (c *challenge) ServeHTTP(rw http.ResponseWriter, req *http.Request) {
          value := c.tokens["t"][req.Host]
          rw.Write(value)
          parts := strings.Split(req.URL.Path, "/")
          rw.Write([]byte(parts[1]))
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'go'), [8]);
  });

  it('keeps SQL built only from a parameter no call in the file passes at medium; a request value stays critical', async () => {
    const src = code`
      package migration
      import ("net/http"; "xorm.io/xorm")
      func dropColumn(x *xorm.Engine, tableName, col string) error {
          _, err := x.Exec("ALTER TABLE " + tableName + " DROP COLUMN " + col)
          return err
      }
      func handler(x *xorm.Engine, r *http.Request) {
          x.Exec("DELETE FROM t WHERE name = '" + r.FormValue("n") + "'")
      }
    `;
    const sql = (await review(src, 'go', ['security'])).filter((f) => f.rule === 'codewright/sql-injection');
    assert.deepEqual(
      sql.map((f) => `${f.line} ${f.severity}`),
      ['4 medium', '8 critical'],
    );
    assert.match(sql[0].message, /the parameter `tableName`, which no call in this file passes/);
  });

  it('reads a request URL whose constant start fixes the scheme and host as choosing only the path', async () => {
    const src = code`
      package proxy
      import ("context"; "net/http"; "strings")
      func fetch(w http.ResponseWriter, r *http.Request) {
          id := r.URL.Query().Get("id")
          http.NewRequestWithContext(context.Background(), http.MethodGet, "https://images.example.com/"+strings.TrimPrefix(id, "/"), nil)
          http.Get("https://api.example.com/v1/" + id)
          http.NewRequestWithContext(context.Background(), http.MethodGet, "https://"+id, nil)
          http.Get("https://api.example.com" + id)
      }
    `;
    assert.deepEqual(await linesOf('ssrf', src, 'go'), [7, 8]);
  });

  it("reads a framework context's String as plain text, its Data and HTML still as the response", async () => {
    // Golden: gin's and echo's c.String send text/plain; near misses: c.Data and c.HTML with input.
    const src = code`
      package web
      import "github.com/gin-gonic/gin"
      func Show(c *gin.Context) {
          name := c.Param("name")
          c.String(400, "no repo %q", name)
          c.Data(200, "text/html", []byte(name))
          c.HTML(200, name, nil)
      }
    `;
    assert.deepEqual(await linesOf('xss', src, 'go'), [6, 7]);
  });
});
