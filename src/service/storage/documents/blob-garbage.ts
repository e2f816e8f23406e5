// The queue of blobs that may have lost their last reference (collected after a grace period).
import type { SqlExecutor } from "../driver";

/** Blobs that may have lost their last reference, and the check whether anything still refers to one. */
export class BlobGarbageStore {
  /**
   * `instance` names the service instance that queues (see migration 23), or null when none is set
   * (local files, where a start collects everything; the admin tool).
   */
  constructor(
    private readonly db: SqlExecutor,
    private readonly instance: () => string | null = () => null,
  ) {}

  /** Queues blobs (again): the grace period starts now. */
  async queue(sha256s: readonly string[], now: string): Promise<void> {
    const instance = this.instance();
    // In one order whatever the caller's: two transactions queuing the same pair (a block replaced
    // by another's) lock the rows alike instead of deadlocking on PostgreSQL.
    for (const sha256 of [...new Set(sha256s)].sort()) {
      // Blocks staged in a session file (local files) record a checksum there, not a blob's key.
      if (!/^[0-9a-f]{64}$/.test(sha256)) continue;
      await this.db.run(
        `INSERT INTO blob_garbage (sha256, queued_on) VALUES (?, ?)
         ON CONFLICT (sha256) DO UPDATE SET queued_on = excluded.queued_on`,
        [sha256, now],
      );
      if (instance !== null) {
        await this.db.run(
          `INSERT INTO blob_garbage_queuers (sha256, instance, queued_on) VALUES (?, ?, ?)
           ON CONFLICT (sha256, instance) DO UPDATE SET queued_on = excluded.queued_on`,
          [sha256, instance, now],
        );
      }
    }
  }

  /**
   * Queued blobs that `instance` queued last (nothing queued them since) and no other instance
   * queued, oldest first.
   */
  async queuedOnlyBy(instance: string, limit: number): Promise<{ sha256: string; queuedOn: string }[]> {
    const rows = await this.db.all<{ sha256: string; queued_on: string }>(
      `SELECT g.sha256, g.queued_on FROM blob_garbage g
       JOIN blob_garbage_queuers q ON q.sha256 = g.sha256 AND q.instance = ? AND q.queued_on = g.queued_on
       WHERE NOT EXISTS (
         SELECT 1 FROM blob_garbage_queuers o WHERE o.sha256 = g.sha256 AND o.instance <> ?
       )
       ORDER BY g.queued_on, g.sha256 LIMIT ?`,
      [instance, instance, limit],
    );
    return rows.map((r) => ({ sha256: r.sha256, queuedOn: r.queued_on }));
  }

  /** Queued blobs whose grace period ended before `before`. */
  async due(before: string, limit: number): Promise<{ sha256: string; queuedOn: string }[]> {
    const rows = await this.db.all<{ sha256: string; queued_on: string }>(
      `SELECT sha256, queued_on FROM blob_garbage WHERE queued_on <= ? ORDER BY queued_on LIMIT ?`,
      [before, limit],
    );
    return rows.map((r) => ({ sha256: r.sha256, queuedOn: r.queued_on }));
  }

  async isReferenced(sha256: string): Promise<boolean> {
    const row = await this.db.get<{ found: number }>(
      `SELECT 1 AS found WHERE EXISTS (SELECT 1 FROM package_documents WHERE sha256 = ?)
         OR EXISTS (SELECT 1 FROM package_documents WHERE pdf_sha256 = ?)
         OR EXISTS (SELECT 1 FROM upload_blocks WHERE sha256 = ?)
         OR EXISTS (SELECT 1 FROM template_documents WHERE sha256 = ?)
         OR EXISTS (SELECT 1 FROM template_documents WHERE pdf_sha256 = ?)
         OR EXISTS (SELECT 1 FROM template_upload_blocks WHERE sha256 = ?)
         OR EXISTS (SELECT 1 FROM package_completion_files WHERE sha256 = ?)
         OR EXISTS (SELECT 1 FROM signing_attachments WHERE sha256 = ?)`,
      [sha256, sha256, sha256, sha256, sha256, sha256, sha256, sha256],
    );
    return row !== undefined && row !== null;
  }

  /** Takes the entry off the queue if it was not queued again since `queuedOn`; true when it was taken. */
  async take(sha256: string, queuedOn: string): Promise<boolean> {
    const taken =
      (await this.db.run(`DELETE FROM blob_garbage WHERE sha256 = ? AND queued_on = ?`, [sha256, queuedOn])) >
      0;
    if (taken) await this.db.run(`DELETE FROM blob_garbage_queuers WHERE sha256 = ?`, [sha256]);
    return taken;
  }
}
