import pg from "pg";

/**
 * Where a benchmark's service keeps its data: "" (the embedded database) for sqlite, or a new
 * database on the server TEST_DATABASE_URL names for postgres, dropped by `drop()`.
 */
export async function benchDatabase(
  backend: string,
): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  if (backend === "sqlite") return { databaseUrl: "", drop: async () => undefined };
  if (backend !== "postgres") throw new Error(`--backend must be sqlite or postgres, not ${backend}`);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    throw new Error('--backend postgres needs TEST_DATABASE_URL (eval "$(scripts/start-test-postgres.sh)")');
  }
  const name = `sfo_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
