import type { Migration } from "./types";

// ---- Issue 15 follow-up: on S3, a restarted service removes at once the orphans of its own crash.
export const migration: Migration = {
  version: 23,
  name: "blob garbage: which service instances queued each blob",
  statements: [
    // A blob queued for collection names the instance (its data directory's id) that queued it,
    // once each. A service starting again collects at once the unreferenced blobs that only it
    // had queued: none of its own uploads is under way then, and one queued by another instance as
    // well (an upload of the same bytes elsewhere) keeps its grace period. queued_on is when this
    // instance last queued it: if the entry's own is later, something queued it since (a version
    // without this table, during an upgrade), and it keeps its grace period too. Rows go with
    // their blob_garbage entry.
    `CREATE TABLE blob_garbage_queuers (
      sha256 TEXT NOT NULL,
      instance TEXT NOT NULL,
      queued_on TEXT NOT NULL,
      PRIMARY KEY (sha256, instance)
    )`,
  ],
};
