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
