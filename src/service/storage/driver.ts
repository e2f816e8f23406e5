/** The few operations the storage module needs from a SQL database, the same for SQLite and PostgreSQL. */
export interface SqlExecutor {
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  get<T>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a statement and answers the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
}

export type Dialect = "sqlite" | "postgres";

export interface SqlDriver extends SqlExecutor {
  readonly dialect: Dialect;
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it rejects. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** A unique index refused a write: callers turn it into a domain answer (duplicate, conflict). */
export class UniqueViolationError extends Error {
  constructor(readonly constraint: string | null) {
    super(`unique constraint violated${constraint ? `: ${constraint}` : ""}`);
  }
}
