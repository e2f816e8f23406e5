/** The few operations the storage module needs from a SQL database, the same for SQLite and PostgreSQL. */
export interface SqlExecutor {
  all<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  get<T>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Runs a statement and answers the number of rows it changed. */
  run(sql: string, params?: readonly unknown[]): Promise<number>;
}

export type Dialect = "sqlite" | "postgres";

export interface TransactionOptions {
  /**
   * Whether the commit waits until the database has it on disk (default true). false: the commit is
   * acknowledged once the database holds it in memory, and reaches the disk with the next durable
   * commit or within a moment (SQLite in WAL mode with synchronous=NORMAL, PostgreSQL's
   * synchronous_commit=off). A crash of this process loses nothing; a crash of the machine (or the
   * database server) may lose the last such commits, never half of one, never a durable commit made
   * after them. Only for writes whose loss is noticed and repaired anyway (an upload's block rows:
   * its bytes are no more durable until the commit, which is durable).
   */
  durable?: boolean;
}

export interface SqlDriver extends SqlExecutor {
  readonly dialect: Dialect;
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it rejects. */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions): Promise<T>;
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
