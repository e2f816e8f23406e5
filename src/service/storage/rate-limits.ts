import type { SqlExecutor } from "./driver";

/** Counters of fixed time windows, one row per budget ("bucket") and window. */
export class RateLimitStore {
  constructor(private readonly db: SqlExecutor) {}

  /** Counts one hit in the bucket's window and answers the window's count, this hit included. */
  async hit(bucket: string, windowStart: string): Promise<number> {
    const row = await this.db.get<{ hits: number | string }>(
      `INSERT INTO rate_limit_windows (bucket, window_start, hits) VALUES (?, ?, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_windows.hits + 1
       RETURNING hits`,
      [bucket, windowStart],
    );
    return Number(row?.hits ?? 1);
  }

  /** The window's count so far (0 when nothing was counted). */
  async count(bucket: string, windowStart: string): Promise<number> {
    const row = await this.db.get<{ hits: number | string }>(
      "SELECT hits FROM rate_limit_windows WHERE bucket = ? AND window_start = ?",
      [bucket, windowStart],
    );
    return Number(row?.hits ?? 0);
  }

  /** Hits of the bucket in windows that started at or after `since`, and the oldest such window. */
  async sumSince(bucket: string, since: string): Promise<{ count: number; oldest: string | null }> {
    const row = await this.db.get<{ hits: number | string | null; oldest: string | null }>(
      "SELECT SUM(hits) AS hits, MIN(window_start) AS oldest FROM rate_limit_windows WHERE bucket = ? AND window_start >= ?",
      [bucket, since],
    );
    return { count: Number(row?.hits ?? 0), oldest: row?.oldest ?? null };
  }

  /** Forgets windows that started before `before`; answers how many rows went. */
  prune(before: string): Promise<number> {
    return this.db.run("DELETE FROM rate_limit_windows WHERE window_start < ?", [before]);
  }
}
