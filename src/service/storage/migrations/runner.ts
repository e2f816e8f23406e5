import type { SqlDriver } from "../driver";
import type { Migration } from "./types";

/** The PostgreSQL advisory lock a migrating service holds, so that two starting at once do not both migrate. */
export const MIGRATION_LOCK_ID = 5_172_026;

export class SchemaTooNewError extends Error {}

/** Applies pending migrations in one transaction each; answers the versions it applied. */
export async function runMigrations(driver: SqlDriver, migrations: readonly Migration[]): Promise<number[]> {
  await driver.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_on TEXT NOT NULL
  )`);
  const known = Math.max(0, ...migrations.map((m) => m.version));
  // Every start but the first after an upgrade finds nothing to do: one read says so, where the
  // loop below takes the lock and reads twice for each migration (on PostgreSQL five round trips a
  // migration). A database with a version this service does not know goes through the loop, which
  // refuses it.
  const recorded = await driver.all<{ version: number | string }>("SELECT version FROM schema_migrations");
  const versions = new Set(recorded.map((r) => Number(r.version)));
  if (migrations.every((m) => versions.has(m.version)) && [...versions].every((v) => v <= known)) return [];
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    const done = await driver.transaction(async (tx) => {
      // Two services starting on one PostgreSQL database must not both migrate.
      if (driver.dialect === "postgres") await tx.run("SELECT pg_advisory_xact_lock(?)", [MIGRATION_LOCK_ID]);
      const row = await tx.get<{ latest: number | null }>(
        "SELECT MAX(version) AS latest FROM schema_migrations",
      );
      const latest = row?.latest ?? 0;
      if (latest > known) {
        throw new SchemaTooNewError(
          `the database schema is at version ${latest}, newer than this service knows (${known}); run a newer release`,
        );
      }
      // By version, not by the highest one: migrations written in parallel land with gaps (4 before
      // 3), and a database that ran the later one first must still get the earlier one.
      const done = await tx.get("SELECT version FROM schema_migrations WHERE version = ?", [
        migration.version,
      ]);
      if (done) return false;
      const statements = Array.isArray(migration.statements)
        ? migration.statements
        : migration.statements[driver.dialect];
      for (const statement of statements) await tx.run(statement);
      await migration.backfill?.(tx, driver.dialect);
      await tx.run("INSERT INTO schema_migrations (version, name, applied_on) VALUES (?, ?, ?)", [
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
