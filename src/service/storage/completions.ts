import type { Dialect, SqlExecutor } from "./driver";

/**
 * Where a package's completion is (migration 17): Pending (to do, or being done under a lease),
 * Done (every file made, the sender's mail written), Failed (given up; last_error says why).
 */
export type CompletionStatus = "Pending" | "Done" | "Failed";

export interface CompletionRecord {
  packageId: string;
  tenantId: string;
  status: CompletionStatus;
  createdOn: string;
  attempts: number;
  /** The lease holder's token while a step works on it. */
  leaseToken: string | null;
  /** Pending: when it may be claimed (null: now); the lease's end while claimed, or the next retry. */
  dueOn: string | null;
  lastError: string | null;
  sealedBy: string | null;
  doneOn: string | null;
}

export type CompletionFileKind = "Document" | "Certificate" | "AuditTrail" | "Zip";

export interface CompletionFileRecord {
  packageId: string;
  kind: CompletionFileKind;
  /** The document's id for kind Document; "" for the others. */
  documentId: string;
  sha256: string;
  size: number;
  /** For a document: the PDF it was made from. */
  sourceSha256: string | null;
  createdOn: string;
}

interface CompletionRow {
  package_id: string;
  tenant_id: string;
  status: CompletionStatus;
  created_on: string;
  attempts: number | string;
  lease_token: string | null;
  due_on: string | null;
  last_error: string | null;
  sealed_by: string | null;
  done_on: string | null;
}

interface FileRow {
  package_id: string;
  kind: CompletionFileKind;
  document_id: string;
  sha256: string;
  size: number | string;
  source_sha256: string | null;
  created_on: string;
}

const COLUMNS = `package_id, tenant_id, status, created_on, attempts, lease_token, due_on, last_error,
  sealed_by, done_on`;
const FILE_COLUMNS = `package_id, kind, document_id, sha256, size, source_sha256, created_on`;

const toCompletion = (r: CompletionRow): CompletionRecord => ({
  packageId: r.package_id,
  tenantId: r.tenant_id,
  status: r.status,
  createdOn: r.created_on,
  attempts: Number(r.attempts),
  leaseToken: r.lease_token,
  dueOn: r.due_on,
  lastError: r.last_error,
  sealedBy: r.sealed_by,
  doneOn: r.done_on,
});

const toFile = (r: FileRow): CompletionFileRecord => ({
  packageId: r.package_id,
  kind: r.kind,
  documentId: r.document_id,
  sha256: r.sha256,
  size: Number(r.size),
  sourceSha256: r.source_sha256,
  createdOn: r.created_on,
});

/** package_completions and package_completion_files (migration 17; since 43 no trigger writes them). */
export class CompletionStore {
  constructor(
    private readonly db: SqlExecutor,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Queues a package's completion (Pending, due now), in the caller's transaction: the one that makes
   * the package Completed (domain/packages/transition.ts). A second call changes nothing.
   */
  async queue(packageId: string, tenantId: string, createdOn: string): Promise<void> {
    await this.db.run(
      `INSERT INTO package_completions (package_id, tenant_id, status, created_on, attempts)
       VALUES (?, ?, 'Pending', ?, 0)
       ON CONFLICT (package_id) DO NOTHING`,
      [packageId, tenantId, createdOn],
    );
  }

  async get(tenantId: string, packageId: string): Promise<CompletionRecord | null> {
    const row = await this.db.get<CompletionRow>(
      `SELECT ${COLUMNS} FROM package_completions WHERE package_id = ? AND tenant_id = ?`,
      [packageId, tenantId],
    );
    return row ? toCompletion(row) : null;
  }

  /** A read without a lock: does any completion wait? (Most ticks find none and take no write lock.) */
  async anyDue(now: string): Promise<boolean> {
    const row = await this.db.get<{ found: number }>(
      `SELECT 1 AS found FROM package_completions
       WHERE status = 'Pending' AND (due_on IS NULL OR due_on <= ?) LIMIT 1`,
      [now],
    );
    return row !== undefined && row !== null;
  }

  /**
   * Claims the oldest due completion for one worker, in the caller's transaction: a lease until
   * `leaseUntil` under `token`, the attempt counted. FOR UPDATE SKIP LOCKED on PostgreSQL; SQLite's
   * writer lock. A worker that died leaves its lease to run out; the row is then due again.
   */
  async claimDue(now: string, leaseUntil: string, token: string): Promise<CompletionRecord | null> {
    const row = await this.db.get<CompletionRow>(
      `SELECT ${COLUMNS} FROM package_completions
       WHERE status = 'Pending' AND (due_on IS NULL OR due_on <= ?)
       ORDER BY created_on, package_id LIMIT 1${this.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : ""}`,
      [now],
    );
    if (!row) return null;
    await this.db.run(
      `UPDATE package_completions SET lease_token = ?, due_on = ?, attempts = attempts + 1
       WHERE package_id = ?`,
      [token, leaseUntil, row.package_id],
    );
    return { ...toCompletion(row), leaseToken: token, dueOn: leaseUntil, attempts: Number(row.attempts) + 1 };
  }

  /**
   * Extends the lease of a worker that still holds it; false when it lost it (it ran out and another
   * worker took the row). Locks the row until the caller's transaction ends.
   */
  async renew(packageId: string, token: string, leaseUntil: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE package_completions SET due_on = ?
         WHERE package_id = ? AND status = 'Pending' AND lease_token = ?`,
        [leaseUntil, packageId, token],
      )) === 1
    );
  }

  /** Done, by the lease holder only; answers whether it still held the lease. */
  async markDone(packageId: string, token: string, at: string, sealedBy: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE package_completions SET status = 'Done', done_on = ?, sealed_by = ?, lease_token = NULL,
           due_on = NULL, last_error = NULL
         WHERE package_id = ? AND status = 'Pending' AND lease_token = ?`,
        [at, sealedBy, packageId, token],
      )) === 1
    );
  }

  /** A failed attempt: due again at `retryOn`, or Failed for good when `retryOn` is null. */
  async markFailure(
    packageId: string,
    token: string,
    error: string,
    retryOn: string | null,
  ): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE package_completions SET status = ?, due_on = ?, last_error = ?, lease_token = NULL
         WHERE package_id = ? AND status = 'Pending' AND lease_token = ?`,
        [retryOn ? "Pending" : "Failed", retryOn, error, packageId, token],
      )) === 1
    );
  }

  async files(packageId: string): Promise<CompletionFileRecord[]> {
    const rows = await this.db.all<FileRow>(
      `SELECT ${FILE_COLUMNS} FROM package_completion_files WHERE package_id = ? ORDER BY kind, document_id`,
      [packageId],
    );
    return rows.map(toFile);
  }

  async file(
    packageId: string,
    kind: CompletionFileKind,
    documentId = "",
  ): Promise<CompletionFileRecord | null> {
    const row = await this.db.get<FileRow>(
      `SELECT ${FILE_COLUMNS} FROM package_completion_files WHERE package_id = ? AND kind = ? AND document_id = ?`,
      [packageId, kind, documentId],
    );
    return row ? toFile(row) : null;
  }

  /** Records a file made; a second record of the same file (a worker that overran) changes nothing. */
  async addFile(f: CompletionFileRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO package_completion_files (${FILE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (package_id, kind, document_id) DO NOTHING`,
      [f.packageId, f.kind, f.documentId, f.sha256, f.size, f.sourceSha256, f.createdOn],
    );
  }

  /** The package's sender (migration 17's columns), to whom the "Completed" mail goes. */
  async sender(packageId: string): Promise<{ email: string | null; name: string | null }> {
    const row = await this.db.get<{ sender_email: string | null; sender_name: string | null }>(
      `SELECT sender_email, sender_name FROM packages WHERE id = ?`,
      [packageId],
    );
    return { email: row?.sender_email ?? null, name: row?.sender_name ?? null };
  }

  async setSender(packageId: string, email: string | null, name: string | null): Promise<void> {
    await this.db.run(`UPDATE packages SET sender_email = ?, sender_name = ? WHERE id = ?`, [
      email,
      name,
      packageId,
    ]);
  }
}
