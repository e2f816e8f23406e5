import type { Migration } from "./types";

export const migration: Migration = {
  version: 14,
  name: "outbox delivery: due rows with expired leases, listing newest first",
  statements: [
    // The claim takes Pending rows that are due and Sending rows whose lease ran out (a sender died
    // mid-send): one partial index over both, small because delivered rows leave it.
    `DROP INDEX outbox_pending`,
    `CREATE INDEX outbox_due ON outbox (next_attempt_on) WHERE status IN ('Pending', 'Sending')`,
    // `admin outbox`, newest first, of all tenants or of one, without sorting the whole table.
    `CREATE INDEX outbox_by_created ON outbox (created_on, id)`,
    `CREATE INDEX outbox_by_tenant ON outbox (tenant_id, created_on, id)`,
  ],
};
