// SQL run on a test service's database directly, behind the service's back, as someone with access
// to the database could: for tests of what the service notices afterwards.
import type { Backend, Place } from "./harness";

/** Runs one statement ("?" placeholders on both databases). */
export async function rawSql(backend: Backend, place: Place, statement: string, params: unknown[] = []) {
  if (backend === "postgres") {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: place.databaseUrl! });
    await client.connect();
    try {
      let n = 0;
      await client.query(
        statement.replace(/\?/g, () => `$${++n}`),
        params,
      );
    } finally {
      await client.end();
    }
  } else {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(`${place.dataDir}/sign.db`);
    try {
      db.pragma("foreign_keys = ON");
      db.prepare(statement).run(...params);
    } finally {
      db.close();
    }
  }
}
