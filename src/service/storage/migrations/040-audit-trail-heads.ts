import type { Migration } from "./types";

// ---- Issue 27 (branch probe-a): version 40, clear of the versions other branches take.
export const migration: Migration = {
  version: 40,
  name: "audit trail heads: a cut-off tail shows",
  statements: [
    // The seq and hash of each package's last audit event, written in the transaction that appends
    // it (AuditStore.insert). The hash chain shows a changed or removed event in the middle; only
    // this shows events removed from the end. Rows stay with the events (a deleted package's too).
    `CREATE TABLE package_audit_heads (
      package_id TEXT PRIMARY KEY,
      seq INTEGER NOT NULL,
      hash TEXT NOT NULL
    )`,
    // Existing trails are anchored at the event they end with now.
    `INSERT INTO package_audit_heads (package_id, seq, hash)
     SELECT e.package_id, e.seq, e.hash FROM package_audit_events e
     WHERE e.seq = (SELECT MAX(m.seq) FROM package_audit_events m WHERE m.package_id = e.package_id)`,
  ],
};
