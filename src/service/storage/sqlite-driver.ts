import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { SqlDriver, SqlExecutor, TransactionOptions } from "./driver";
import { UniqueViolationError } from "./driver";

type Params = readonly unknown[];

function normalise(params: Params): unknown[] {
  // better-sqlite3 binds booleans only as integers.
  return params.map((p) => (typeof p === "boolean" ? (p ? 1 : 0) : p));
}

function translateError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") {
    const match = /UNIQUE constraint failed: (.*)$/.exec((error as Error).message);
    return new UniqueViolationError(match?.[1] ?? null);
  }
  return error;
}

/**
 * better-sqlite3 is synchronous and has one connection, but the storage interface is asynchronous.
 * Between two awaits of one transaction another request could run a statement on the same
 * connection and land inside that transaction, so every use of the connection waits its turn.
 */
class Turn {
  private tail: Promise<void> = Promise.resolve();
  /** Uses queued or under way. */
  private pending = 0;
  private readonly settled = () => {
    this.pending--;
  };
  run<T>(fn: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(fn);
    this.tail = result.then(this.settled, this.settled);
    return result;
  }
  /**
   * `fn` (one statement, run to its end before it returns) at once when nothing holds or waits for
   * the connection, else in its turn: most reads of a busy service find it free, and skip the
   * promises and the wait of a turn (issue 31).
   */
  now<T>(fn: () => Promise<T>): Promise<T> {
    return this.pending === 0 ? fn() : this.run(fn);
  }
}

class Executor implements SqlExecutor {
  constructor(protected readonly db: Database.Database) {}
  private statements = new Map<string, Database.Statement>();

  protected prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  async all<T>(sql: string, params: Params = []): Promise<T[]> {
    try {
      return this.prepare(sql).all(...normalise(params)) as T[];
    } catch (error) {
      throw translateError(error);
    }
  }

  async get<T>(sql: string, params: Params = []): Promise<T | undefined> {
    try {
      return this.prepare(sql).get(...normalise(params)) as T | undefined;
    } catch (error) {
      throw translateError(error);
    }
  }

  async run(sql: string, params: Params = []): Promise<number> {
    try {
      return this.prepare(sql).run(...normalise(params)).changes;
    } catch (error) {
      throw translateError(error);
    }
  }
}

export class SqliteDriver implements SqlDriver {
  readonly dialect = "sqlite" as const;
  private readonly turn = new Turn();
  private readonly executor: Executor;

  private constructor(private readonly db: Database.Database) {
    this.executor = new Executor(db);
  }

  static open(dataDir: string): SqliteDriver {
    fs.mkdirSync(dataDir, { recursive: true });
    const db = new Database(path.join(dataDir, "sign.db"));
    // WAL with synchronous=FULL: a commit is on disk before it is acknowledged.
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.pragma("foreign_keys = ON");
    // The admin command may write while the service runs.
    db.pragma("busy_timeout = 5000");
    return new SqliteDriver(db);
  }

  // One statement each, which the executor runs to its end before it returns.
  all<T>(sql: string, params?: Params): Promise<T[]> {
    return this.turn.now(() => this.executor.all<T>(sql, params));
  }

  get<T>(sql: string, params?: Params): Promise<T | undefined> {
    return this.turn.now(() => this.executor.get<T>(sql, params));
  }

  run(sql: string, params?: Params): Promise<number> {
    return this.turn.now(() => this.executor.run(sql, params));
  }

  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const durable = options.durable ?? true;
    return this.turn.run(async () => {
      // The connection is this transaction's alone (the turn): synchronous may change around it. In
      // WAL mode NORMAL commits without syncing the log; the next FULL commit syncs it, and the
      // commits before it with it (the log is written in order).
      if (!durable) this.db.pragma("synchronous = NORMAL");
      try {
        this.db.exec("BEGIN IMMEDIATE");
        try {
          const result = await fn(this.executor);
          this.db.exec("COMMIT");
          return result;
        } catch (error) {
          if (this.db.inTransaction) this.db.exec("ROLLBACK");
          throw error;
        }
      } finally {
        if (!durable) this.db.pragma("synchronous = FULL");
      }
    });
  }

  exec(sql: string): Promise<void> {
    return this.turn.run(async () => {
      this.db.exec(sql);
    });
  }

  close(): Promise<void> {
    return this.turn.run(async () => {
      this.db.close();
    });
  }
}
