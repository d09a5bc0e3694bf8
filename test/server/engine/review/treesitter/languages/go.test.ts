// The Go table (languages/go.ts): block scoping of `:=` and `var` declarations, so a variable
// declared again in an inner block (or an `if`/`switch` initialiser, or a closure) is another variable.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review Go: block-scoped declarations', () => {
  it('does not carry input written to a shadowing variable out of its block', async () => {
    const src = code`
      package store
      import ("database/sql"; "net/http")
      func List(db *sql.DB, r *http.Request) {
          query := "SELECT * FROM users WHERE id = 1"
          {
              query := "SELECT * FROM users WHERE name = "
              query += r.FormValue("name")
              _ = query
          }
          if query := r.FormValue("q"); query != "" {
              _ = query
          }
          func() { query := r.FormValue("q"); _ = query }()
          db.Query(query)
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), []);
  });

  it('still follows an inner block that assigns (=, +=) the outer variable, and uses inside the block', async () => {
    const src = code`
      package store
      import ("database/sql"; "net/http")
      func List(db *sql.DB, r *http.Request) {
          query := "SELECT * FROM users WHERE name = '"
          if name := r.FormValue("name"); name != "" {
              query += name + "'"
          }
          db.Query(query)
          for _, id := range r.URL.Query()["id"] {
              q := "SELECT * FROM t WHERE id = " + id
              db.Query(q)
          }
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [8, 11]);
  });
});

describe('review Go: multi-value and element bindings', () => {
  it('follows a type assertion, a receive and an element write to the value they hold', async () => {
    const src = code`
      package store
      import ("database/sql"; "net/http")
      func List(db *sql.DB, r *http.Request, ch chan string) {
          var boxed interface{} = r.FormValue("name")
          name, _ := boxed.(string)
          db.Query("SELECT * FROM users WHERE name = '" + name + "'")
          var parts [2]string
          parts[0] = r.FormValue("id")
          db.Query("SELECT * FROM users WHERE id = " + parts[0])
          ch <- r.FormValue("x")
          got, ok := <-ch
          if ok { db.Query("SELECT * FROM t WHERE x = " + got) }
          var fixed [2]string
          fixed[0] = "1"
          db.Query("SELECT * FROM users WHERE id = " + fixed[0])
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [6, 9, 12]);
  });
});
