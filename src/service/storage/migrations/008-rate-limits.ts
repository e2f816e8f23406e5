import type { Migration } from "./types";

export const migration: Migration = {
  version: 8,
  name: "rate-limit counters shared by service instances",
  statements: [
    // One row per budget and fixed window: failed sign-ins per client id and per address, telemetry
    // batches per credential. In the database so that every instance counts against one budget.
    `CREATE TABLE rate_limit_windows (
      bucket TEXT NOT NULL,
      window_start TEXT NOT NULL,
      hits INTEGER NOT NULL,
      PRIMARY KEY (bucket, window_start)
    )`,
    `CREATE INDEX rate_limit_windows_start ON rate_limit_windows (window_start)`,
  ],
};
