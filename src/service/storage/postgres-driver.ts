import pg from "pg";
import type { SqlDriver, SqlExecutor, TransactionOptions } from "./driver";
import { UniqueViolationError } from "./driver";

type Params = readonly unknown[];
type Queryable = pg.Pool | pg.PoolClient;

/** Storage SQL is written with `?` placeholders; PostgreSQL numbers them. */
function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function translateError(error: unknown): unknown {
  const e = error as { code?: string; constraint?: string };
  if (e.code === "23505") return new UniqueViolationError(e.constraint ?? null);
  return error;
}

class Executor implements SqlExecutor {
  constructor(private readonly target: Queryable) {}

  async all<T>(sql: string, params: Params = []): Promise<T[]> {
    try {
      const result = await this.target.query(numberPlaceholders(sql), params as unknown[]);
      return result.rows as T[];
    } catch (error) {
      throw translateError(error);
    }
  }

  async get<T>(sql: string, params: Params = []): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0];
  }

  async run(sql: string, params: Params = []): Promise<number> {
    try {
      const result = await this.target.query(numberPlaceholders(sql), params as unknown[]);
      return result.rowCount ?? 0;
    } catch (error) {
      throw translateError(error);
    }
  }
}

// Integers come back as numbers (counts are cast to integer in SQL); bigints are not used. Set when
// the first pool is made, so that pg loads only when PostgreSQL is used (scripts/build-service.ts).
let typesSet = false;
function setTypeParsers() {
  if (typesSet) return;
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  typesSet = true;
}

export class PostgresDriver extends Executor implements SqlDriver {
  readonly dialect = "postgres" as const;

  private constructor(private readonly pool: pg.Pool) {
    super(pool);
  }

  static async open(connectionString: string): Promise<PostgresDriver> {
    setTypeParsers();
    const pool = new pg.Pool({ connectionString, max: 10 });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on("error", () => undefined);
    const client = await pool.connect();
    client.release();
    return new PostgresDriver(pool);
  }

  async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      // For this transaction only: its commit does not wait for the WAL flush (the WAL writer
      // flushes it within a moment; a later synchronous commit flushes it with its own).
      if (options.durable === false) await client.query("SET LOCAL synchronous_commit = off");
      const result = await fn(new Executor(client));
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw translateError(error);
    } finally {
      client.release();
    }
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
