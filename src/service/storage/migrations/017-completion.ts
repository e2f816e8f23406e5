import type { Migration } from "./types";

/**
 * The completion of a package (domain/completion.ts). A trigger writes the
 * package_completions row in the very transaction that makes a package Completed, whichever code
 * does it, so no completion is ever forgotten; the scheduler's completion step then works it off
 * under a lease. package_completion_files records each blob it made (sealed documents, certificate,
 * audit trail, zip) as it goes, so a step cut off by a crash resumes where it stopped.
 */
const COMPLETION_TABLES = [
  `CREATE TABLE package_completions (
    package_id TEXT PRIMARY KEY REFERENCES packages(id) ON DELETE CASCADE,
    tenant_id TEXT NOT NULL,
    status TEXT NOT NULL,
    created_on TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    lease_token TEXT,
    due_on TEXT,
    last_error TEXT,
    sealed_by TEXT,
    done_on TEXT
  )`,
  // The step's question: which Pending completions are due (never tried, lease run out, retry time).
  `CREATE INDEX package_completions_due ON package_completions (due_on) WHERE status = 'Pending'`,
  // kind: Document (document_id set), Certificate, AuditTrail, Zip (document_id '').
  `CREATE TABLE package_completion_files (
    package_id TEXT NOT NULL REFERENCES package_completions(package_id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    document_id TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size BIGINT NOT NULL,
    source_sha256 TEXT,
    created_on TEXT NOT NULL,
    PRIMARY KEY (package_id, kind, document_id)
  )`,
  // The blob collector asks whether anything still refers to a blob.
  `CREATE INDEX package_completion_files_by_sha256 ON package_completion_files (sha256)`,
  // The package's sender (sender_email, sender_name: the "Completed" mail goes there) came with 16.
];

const COMPLETION_ROW = `(package_id, tenant_id, status, created_on, attempts)
  VALUES (NEW.id, NEW.tenant_id, 'Pending', COALESCE(NEW.completed_on, NEW.updated_on), 0)`;

const COMPLETION_TRIGGERS_SQLITE = [
  `CREATE TRIGGER packages_completed_update AFTER UPDATE OF status ON packages
    WHEN NEW.status = 'Completed' AND OLD.status IS NOT 'Completed' BEGIN
    INSERT OR IGNORE INTO package_completions ${COMPLETION_ROW};
  END`,
  `CREATE TRIGGER packages_completed_insert AFTER INSERT ON packages
    WHEN NEW.status = 'Completed' BEGIN
    INSERT OR IGNORE INTO package_completions ${COMPLETION_ROW};
  END`,
];

const COMPLETION_TRIGGERS_POSTGRES = [
  `CREATE FUNCTION packages_completed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO package_completions ${COMPLETION_ROW}
      ON CONFLICT (package_id) DO NOTHING;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER packages_completed_update AFTER UPDATE OF status ON packages
    FOR EACH ROW WHEN (NEW.status = 'Completed' AND OLD.status IS DISTINCT FROM 'Completed')
    EXECUTE FUNCTION packages_completed()`,
  `CREATE TRIGGER packages_completed_insert AFTER INSERT ON packages
    FOR EACH ROW WHEN (NEW.status = 'Completed') EXECUTE FUNCTION packages_completed()`,
];

/** Packages that were Completed before this migration are completed now. */
const COMPLETION_BACKFILL = [
  `INSERT INTO package_completions (package_id, tenant_id, status, created_on, attempts)
    SELECT id, tenant_id, 'Pending', COALESCE(completed_on, updated_on), 0 FROM packages WHERE status = 'Completed'`,
];

export const migration: Migration = {
  version: 17,
  name: "completion: a row per Completed package, its sealed files",
  statements: {
    sqlite: [...COMPLETION_TABLES, ...COMPLETION_TRIGGERS_SQLITE, ...COMPLETION_BACKFILL],
    postgres: [...COMPLETION_TABLES, ...COMPLETION_TRIGGERS_POSTGRES, ...COMPLETION_BACKFILL],
  },
};
