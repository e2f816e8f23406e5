import type { Dialect, SqlExecutor } from "./driver";

/**
 * Invitation, Reminder and Reassigned carry the person's signing link; Voided tells those already
 * asked; SlotCompleted tells the other members of a group slot that someone finished it; Declined
 * tells the sender; Completed gives the sender a link to the package zip (domain/completion/).
 */
export type OutboxKind =
  "Invitation" | "Reminder" | "Voided" | "Reassigned" | "SlotCompleted" | "Declined" | "Completed";

/** What a notification says beyond its kind and package (who declined and why, who completed a slot). */
export interface OutboxDetails {
  byName?: string | null;
  byEmail?: string | null;
  reason?: string | null;
  groupName?: string | null;
}

export interface OutboxRecord {
  id: string;
  tenantId: string;
  packageId: string;
  signerId: string | null;
  kind: OutboxKind;
  email: string;
  name: string | null;
  createdOn: string;
  details?: OutboxDetails | null;
}

/**
 * Where a notification is: Pending (due when next_attempt_on is null or past), Sending (claimed by a
 * sender until next_attempt_on, its lease), Delivered, or Failed (given up).
 */
export type OutboxStatus = "Pending" | "Sending" | "Delivered" | "Failed";

/** A row with its delivery state, as `admin outbox` and the tests read it. */
export interface OutboxEntry extends OutboxRecord {
  status: OutboxStatus;
  attempts: number;
  nextAttemptOn: string | null;
  deliveredOn: string | null;
  lastError: string | null;
}

/** A row claimed for sending: `lease` is its next_attempt_on, which every later write checks. */
export interface ClaimedOutboxRecord extends OutboxRecord {
  /** Attempts so far, this one included. */
  attempts: number;
  lease: string;
}

interface OutboxRow {
  id: string;
  tenant_id: string;
  package_id: string;
  signer_id: string | null;
  kind: OutboxKind;
  email: string;
  name: string | null;
  created_on: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_on: string | null;
  delivered_on: string | null;
  last_error: string | null;
  details: string | null;
}

const OUTBOX_COLUMNS = `id, tenant_id, package_id, signer_id, kind, email, name, created_on, status, attempts,
  next_attempt_on, delivered_on, last_error, details`;

type RecordRow = Pick<
  OutboxRow,
  "id" | "tenant_id" | "package_id" | "signer_id" | "kind" | "email" | "name" | "created_on"
>;

function toRecord(r: RecordRow): OutboxRecord {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    packageId: r.package_id,
    signerId: r.signer_id,
    kind: r.kind,
    email: r.email,
    name: r.name,
    createdOn: r.created_on,
  };
}

function toEntry(r: OutboxRow): OutboxEntry {
  return {
    ...toRecord(r),
    status: r.status,
    attempts: Number(r.attempts),
    nextAttemptOn: r.next_attempt_on,
    deliveredOn: r.delivered_on,
    lastError: r.last_error,
    details: r.details === null ? null : (JSON.parse(r.details) as OutboxDetails),
  };
}

/** Notifications waiting to be delivered, written in the transaction of the change that causes them. */
export class OutboxStore {
  constructor(
    private readonly db: SqlExecutor,
    private readonly dialect: Dialect,
  ) {}

  async insert(m: OutboxRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO outbox (id, tenant_id, package_id, signer_id, kind, email, name, created_on, status, attempts, details)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'Pending', 0, ?)`,
      [
        m.id,
        m.tenantId,
        m.packageId,
        m.signerId,
        m.kind,
        m.email,
        m.name,
        m.createdOn,
        m.details ? JSON.stringify(m.details) : null,
      ],
    );
  }

  /**
   * One notification per member of a group slot's snapshot, in one statement (a group of 1,000 is
   * one round trip); ids are `idPrefix-<member seq>`.
   */
  async insertForSnapshot(
    idPrefix: string,
    m: Omit<OutboxRecord, "id" | "email" | "name" | "signerId"> & { signerId: string },
    options: { exceptEmailLower?: string } = {},
  ): Promise<number> {
    return this.db.run(
      `INSERT INTO outbox (id, tenant_id, package_id, signer_id, kind, email, name, created_on, status, attempts, details)
       SELECT ? || '-' || CAST(seq AS TEXT), ?, ?, ?, ?, email, name, ?, 'Pending', 0, ?
       FROM package_signer_members WHERE signer_id = ? AND email_lower <> ?`,
      [
        idPrefix,
        m.tenantId,
        m.packageId,
        m.signerId,
        m.kind,
        m.createdOn,
        m.details ? JSON.stringify(m.details) : null,
        m.signerId,
        options.exceptEmailLower ?? "",
      ],
    );
  }

  async listForPackage(packageId: string): Promise<OutboxRecord[]> {
    const rows = await this.db.all<RecordRow>(
      `SELECT id, tenant_id, package_id, signer_id, kind, email, name, created_on FROM outbox
       WHERE package_id = ? ORDER BY created_on, id`,
      [packageId],
    );
    return rows.map(toRecord);
  }

  /**
   * Claims up to `limit` rows due at `now` for one sender, in the caller's transaction: Pending rows
   * whose time has come, and Sending rows whose lease ran out (their sender died mid-send). Each
   * becomes Sending with next_attempt_on = `lease` and one more attempt. On PostgreSQL FOR UPDATE
   * SKIP LOCKED lets concurrent claimers take disjoint rows; SQLite has one writer at a time (the
   * transaction is BEGIN IMMEDIATE). Oldest first.
   */
  async claimDue(now: string, lease: string, limit: number): Promise<ClaimedOutboxRecord[]> {
    // Sending rows always have a lease, so one condition serves both (and migration 14's index).
    const rows = await this.db.all<OutboxRow>(
      `SELECT ${OUTBOX_COLUMNS} FROM outbox
       WHERE status IN ('Pending', 'Sending') AND (next_attempt_on IS NULL OR next_attempt_on <= ?)
       ORDER BY created_on, id LIMIT ?${this.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : ""}`,
      [now, limit],
    );
    if (rows.length === 0) return [];
    await this.db.run(
      `UPDATE outbox SET status = 'Sending', attempts = attempts + 1, next_attempt_on = ?
       WHERE id IN (${rows.map(() => "?").join(", ")})`,
      [lease, ...rows.map((r) => r.id)],
    );
    return rows.map((r) => ({ ...toEntry(r), attempts: Number(r.attempts) + 1, lease }));
  }

  // The writes after a send change the row only while it is still under this sender's lease: a
  // sender that overran it (its row was claimed again by another) must not undo the other's result.

  /** The server accepted it (last_error stays: how earlier attempts went). Answers whether the row was still ours. */
  async markDelivered(id: string, lease: string, at: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE outbox SET status = 'Delivered', delivered_on = ?, next_attempt_on = NULL
         WHERE id = ? AND status = 'Sending' AND next_attempt_on = ?`,
        [at, id, lease],
      )) === 1
    );
  }

  /** Back to Pending, due again at `nextAttemptOn` (null: at once), with the reason it failed. */
  async markRetry(id: string, lease: string, nextAttemptOn: string | null, error: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE outbox SET status = 'Pending', next_attempt_on = ?, last_error = ?
         WHERE id = ? AND status = 'Sending' AND next_attempt_on = ?`,
        [nextAttemptOn, error, id, lease],
      )) === 1
    );
  }

  /** Given up: refused for good, or out of attempts. */
  async markFailed(id: string, lease: string, error: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE outbox SET status = 'Failed', next_attempt_on = NULL, last_error = ?
         WHERE id = ? AND status = 'Sending' AND next_attempt_on = ?`,
        [error, id, lease],
      )) === 1
    );
  }

  /** Claimed but not tried (the batch stopped first): Pending and due again, the attempt not counted. */
  async release(id: string, lease: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE outbox SET status = 'Pending', next_attempt_on = NULL, attempts = attempts - 1
         WHERE id = ? AND status = 'Sending' AND next_attempt_on = ?`,
        [id, lease],
      )) === 1
    );
  }

  /** Newest first, of one tenant or all, of one status or all. */
  async list(filter: {
    tenantId: string | null;
    status: OutboxStatus | null;
    limit: number;
  }): Promise<OutboxEntry[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.tenantId !== null) {
      where.push("tenant_id = ?");
      params.push(filter.tenantId);
    }
    if (filter.status !== null) {
      where.push("status = ?");
      params.push(filter.status);
    }
    const rows = await this.db.all<OutboxRow>(
      `SELECT ${OUTBOX_COLUMNS} FROM outbox ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY created_on DESC, id DESC LIMIT ?`,
      [...params, filter.limit],
    );
    return rows.map(toEntry);
  }

  async get(id: string): Promise<OutboxEntry | null> {
    const row = await this.db.get<OutboxRow>(`SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE id = ?`, [id]);
    return row ? toEntry(row) : null;
  }
}
