import type { SqlDriver } from "./driver";

export interface Migration {
  version: number;
  name: string;
  /** Statements in the SQL both databases understand; times are ISO 8601 UTC text, which sorts. */
  statements: string[];
}

/** Append only: a released migration is never edited, so every database ends in the same schema. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "tenants and credentials",
    statements: [
      `CREATE TABLE tenants (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_on TEXT NOT NULL
      )`,
      `CREATE TABLE personal_access_tokens (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        label TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        token_prefix TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created_on TEXT NOT NULL,
        revoked_on TEXT
      )`,
      `CREATE INDEX personal_access_tokens_tenant ON personal_access_tokens (tenant_id, created_on)`,
      `CREATE TABLE oauth_clients (
        id TEXT PRIMARY KEY,
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        label TEXT NOT NULL,
        secret_hash TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created_on TEXT NOT NULL,
        revoked_on TEXT
      )`,
      `CREATE TABLE access_tokens (
        token_hash TEXT PRIMARY KEY,
        client_id TEXT NOT NULL REFERENCES oauth_clients(id),
        tenant_id TEXT NOT NULL REFERENCES tenants(id),
        scopes TEXT NOT NULL,
        created_on TEXT NOT NULL,
        expires_on TEXT NOT NULL
      )`,
      `CREATE INDEX access_tokens_expiry ON access_tokens (expires_on)`,
    ],
  },
];

const LOCK_ID = 5_172_026;

export class SchemaTooNewError extends Error {}

/** Applies pending migrations in one transaction each; answers the versions it applied. */
export async function migrate(driver: SqlDriver, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  await driver.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_on TEXT NOT NULL
  )`);
  const known = Math.max(0, ...migrations.map((m) => m.version));
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    const done = await driver.transaction(async (tx) => {
      // Two services starting on one PostgreSQL database must not both migrate.
      if (driver.dialect === "postgres") await tx.run("SELECT pg_advisory_xact_lock(?)", [LOCK_ID]);
      const row = await tx.get<{ latest: number | null }>("SELECT MAX(version) AS latest FROM schema_migrations");
      const latest = row?.latest ?? 0;
      if (latest > known) {
        throw new SchemaTooNewError(
          `the database schema is at version ${latest}, newer than this service knows (${known}); run a newer release`,
        );
      }
      if (latest >= migration.version) return false;
      for (const statement of migration.statements) await tx.run(statement);
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
