import assert from 'node:assert/strict';
import { code, linesOf } from './reviewHelper';

// Go allow-list tables (languages/goTables.ts): a value looked up in a map literal of constants
// is constant, unless something in the file writes to that map.
describe('tree-sitter rules: Go allow-list tables', () => {
  it('a comma-ok lookup in a package-level map of constants is constant', async () => {
    const src = code`
      package p
      var sortColumns = map[string]string{"name": "name", "created": "created_at"}
      func list(db *sql.DB, r *http.Request) {
      	col, ok := sortColumns[r.URL.Query().Get("sort")]
      	if !ok {
      		col = "name"
      	}
      	db.Query(fmt.Sprintf("SELECT id FROM users ORDER BY %s", col))
      	db.Query(fmt.Sprintf("SELECT id FROM users ORDER BY %s", r.URL.Query().Get("sort")))
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [9]);
  });

  it('a plain lookup in a function-local map or slice literal is constant', async () => {
    const src = code`
      package p
      func purge(db *sql.DB, kind string, i int) {
      	allowed := map[string]string{"logs": "audit_logs", "jobs": "job_runs"}
      	table := allowed[kind]
      	db.Exec("DELETE FROM " + table)
      	orders := []string{"ASC", "DESC"}
      	db.Exec("SELECT * FROM t ORDER BY id " + orders[i])
      	db.Exec("DELETE FROM " + kind)
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [8]);
  });

  it('a map written to anywhere in the file, or holding a non-constant value, stays non-constant', async () => {
    const src = code`
      package p
      var tables = map[string]string{"logs": "audit_logs"}
      func register(name string) {
      	tables[name] = name
      }
      func purge(db *sql.DB, kind, extra string) {
      	db.Exec("DELETE FROM " + tables[kind])
      	mixed := map[string]string{"logs": "audit_logs", "other": extra}
      	db.Exec("DELETE FROM " + mixed[kind])
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [7, 9]);
  });

  it('nested table literals and lookups on non-table values', async () => {
    const src = code`
      package p
      var columns = map[string][]string{"user": {"id", "name"}}
      func f(db *sql.DB, kind string, parts []string) {
      	db.Query("SELECT " + columns[kind][0] + " FROM users")
      	db.Query("SELECT " + parts[0] + " FROM users")
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'go'), [5]);
  });
});
