// Java's SQL pattern rule reads declared numeric types (languages/javaNumbers.ts): a query built from
// constants and values declared as numbers, or a join of a collection of numbers, carries no SQL
// syntax (openmrs: `VALUES(?, " + userId + ")"` with `Integer userId`, `IN (" + StringUtils.join(ids,
// ",") + ")"` with `List<Integer> ids`). Each case has its twin declared as text.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review: Java SQL built from values declared as numbers', () => {
  it('does not report a query spliced only with numbers by their declared type', async () => {
    const src = code`
      class Dao {
        private int limit;
        List<Object> byIds(List<Integer> ids, List<String> names, String attr) {
          String joined = StringUtils.join(ids, ",");
          session.createNativeQuery("SELECT * FROM p WHERE id in (" + joined + ")").list();
          session.createNativeQuery("SELECT * FROM p WHERE name in (" + StringUtils.join(names, ",") + ")").list();
          session.createNativeQuery("SELECT * FROM p WHERE id in (" + String.join(",", ids) + ") LIMIT " + limit).list();
          return session.createNativeQuery("SELECT * FROM p WHERE a = '" + attr + "'").list();
        }
      }
    `;
    // Near misses: a join of strings (line 6) and a string parameter (line 8) are reported.
    assert.deepEqual(await linesOf('sql-injection', src, 'java'), [6, 8]);
  });

  it('reads a local declared as a boxed number as a number, one declared as text as text', async () => {
    const src = code`
      class Change {
        void run(Connection connection, String table) throws Exception {
          Integer userId = Updater.getAuthenticatedUserId();
          if (userId == null) {
            userId = getInt(connection, "SELECT min(user_id) FROM users");
          }
          connection.prepareStatement("INSERT INTO t (a, creator) VALUES(?," + userId + ")").execute();
          String name = table;
          connection.prepareStatement("INSERT INTO t (a, creator) VALUES(?," + name + ")").execute();
          char quote = table.charAt(0);
          connection.prepareStatement("INSERT INTO t (a, creator) VALUES(?," + quote + ")").execute();
        }
        private int getInt(Connection connection, String sql) throws Exception {
          int result = 0;
          ResultSet rs = connection.createStatement().executeQuery(sql);
          if (rs.next()) result = rs.getInt(1);
          return result;
        }
      }
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'java'), [9, 11]);
  });

  it("reads the database's own table names from its catalog as no input, a result set's other values as values", async () => {
    const src = code`
      class DisableTriggers {
        void execute(JdbcConnection connection, String filter) throws Exception {
          DatabaseMetaData metadata = connection.getMetaData();
          ResultSet rs = metadata.getTables(null, null, "%", new String[] { "TABLE" });
          while (rs.next()) {
            String tableName = rs.getString(3);
            connection.prepareStatement("ALTER TABLE " + tableName + " DISABLE TRIGGER ALL").execute();
          }
          ResultSet rows = connection.createStatement().executeQuery("SELECT name FROM t WHERE a = 1");
          while (rows.next()) {
            String value = rows.getString(1);
            connection.prepareStatement("DELETE FROM t WHERE name = '" + value + "'").execute();
          }
        }
      }
    `;
    // Near miss: a value read from a query's rows (line 12) is reported.
    assert.deepEqual(await linesOf('sql-injection', src, 'java'), [12]);
  });
});
