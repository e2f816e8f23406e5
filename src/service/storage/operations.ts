import type { SqlExecutor } from "./driver";

/** Counts across every tenant for GET /metrics: how much work waits, never whose. */
export interface OperationsSnapshot {
  /** Outbox rows waiting to be sent (Pending) and being sent (Sending, under a lease). */
  outboxPending: number;
  outboxSending: number;
  /** created_on of the oldest Pending or Sending outbox row; null when none waits. */
  oldestWaitingMailCreatedOn: string | null;
  /** Completed packages whose documents are still to be sealed (package_completions Pending). */
  completionsWaiting: number;
  /** Chunked upload sessions (packages' and templates') open and not yet expired at `now`. */
  uploadSessionsOpen: number;
}

export class OperationsStore {
  constructor(private readonly db: SqlExecutor) {}

  /** Each count uses an index the scheduler's own queries have (outbox_due, package_completions_due, *_expiring). */
  async snapshot(now: string): Promise<OperationsSnapshot> {
    const outbox = await this.db.all<{ status: string; n: number | string; oldest: string | null }>(
      `SELECT status, COUNT(*) AS n, MIN(created_on) AS oldest FROM outbox
       WHERE status IN ('Pending', 'Sending') GROUP BY status`,
    );
    const completions = await this.db.get<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM package_completions WHERE status = 'Pending'`,
    );
    const uploads = await this.db.get<{ n: number | string }>(
      `SELECT (SELECT COUNT(*) FROM upload_sessions WHERE expires_on > ?)
            + (SELECT COUNT(*) FROM template_upload_sessions WHERE expires_on > ?) AS n`,
      [now, now],
    );
    const of = (status: string) => outbox.find((r) => r.status === status);
    const oldest = outbox
      .map((r) => r.oldest)
      .filter((d): d is string => d !== null)
      .sort()[0];
    return {
      outboxPending: Number(of("Pending")?.n ?? 0),
      outboxSending: Number(of("Sending")?.n ?? 0),
      oldestWaitingMailCreatedOn: oldest ?? null,
      completionsWaiting: Number(completions?.n ?? 0),
      uploadSessionsOpen: Number(uploads?.n ?? 0),
    };
  }
}
