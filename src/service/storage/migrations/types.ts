// The one module a migration file may import: what a migration is and what it runs on. Types only, so
// a migration's behaviour depends on nothing that changes after it shipped.
import type { Dialect, SqlExecutor } from "../driver";

export type { Dialect, SqlExecutor };

export interface Migration {
  version: number;
  name: string;
  /**
   * Statements in the SQL both databases understand; times are ISO 8601 UTC text, which sorts.
   * Where the two must differ (full-text indexes), one list per dialect.
   */
  statements: string[] | Record<Dialect, string[]>;
  /** Runs after the statements, in their transaction: for data that SQL cannot derive well. */
  backfill?: (tx: SqlExecutor, dialect: Dialect) => Promise<void>;
}
