import type { AuditActor } from "./audit";
import type { Dialect, SqlExecutor } from "./driver";

export type BulkSendJobStatus = "Queued" | "Running" | "Completed" | "CompletedWithErrors";
export type BulkSendRowStatus = "Pending" | "Sent" | "Failed";

/** A bulk send job (migration 21); its counts are its rows'. */
export interface BulkSendJobRecord {
  id: string;
  tenantId: string;
  templateId: string;
  name: string | null;
  status: BulkSendJobStatus;
  /** Who asked and from where: the audit actor of every package the job makes. */
  actor: { actor: AuditActor; ip: string | null };
  createdOn: string;
  updatedOn: string;
  completedOn: string | null;
  total: number;
  pending: number;
  succeeded: number;
  failed: number;
}

/** A row's error as the job answers it. */
export interface BulkSendRowError {
  code: string;
  message: string;
  errors?: { field: string; message: string }[];
}

export interface BulkSendRowRecord {
  jobId: string;
  /** The row's place in the request, from 1. */
  row: number;
  /** roleId -> { email, name } as the request gave it. */
  fill: Record<string, { email: string; name?: string | null }>;
  status: BulkSendRowStatus;
  packageId: string | null;
  error: BulkSendRowError | null;
  attempts: number;
}

interface JobRow {
  id: string;
  tenant_id: string;
  template_id: string;
  name: string | null;
  status: BulkSendJobStatus;
  actor: string;
  created_on: string;
  updated_on: string;
  completed_on: string | null;
  total: number | string | null;
  pending: number | string | null;
  succeeded: number | string | null;
  failed: number | string | null;
}

interface RowRow {
  job_id: string;
  row_number: number | string;
  fill: string;
  status: BulkSendRowStatus;
  package_id: string | null;
  error: string | null;
  attempts: number | string;
}

// The counts are the rows' at the moment of reading; a job has at most 1,000 rows and an index by
// (job_id, status), so they are cheap and never disagree with the rows.
const JOB_SELECT = `SELECT j.id, j.tenant_id, j.template_id, j.name, j.status, j.actor, j.created_on,
  j.updated_on, j.completed_on,
  (SELECT COUNT(*) FROM bulk_send_rows r WHERE r.job_id = j.id) AS total,
  (SELECT COUNT(*) FROM bulk_send_rows r WHERE r.job_id = j.id AND r.status = 'Pending') AS pending,
  (SELECT COUNT(*) FROM bulk_send_rows r WHERE r.job_id = j.id AND r.status = 'Sent') AS succeeded,
  (SELECT COUNT(*) FROM bulk_send_rows r WHERE r.job_id = j.id AND r.status = 'Failed') AS failed
  FROM bulk_send_jobs j`;

const ROW_COLUMNS = `job_id, row_number, fill, status, package_id, error, attempts`;

const toJob = (r: JobRow): BulkSendJobRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  templateId: r.template_id,
  name: r.name,
  status: r.status,
  actor: JSON.parse(r.actor) as BulkSendJobRecord["actor"],
  createdOn: r.created_on,
  updatedOn: r.updated_on,
  completedOn: r.completed_on,
  total: Number(r.total ?? 0),
  pending: Number(r.pending ?? 0),
  succeeded: Number(r.succeeded ?? 0),
  failed: Number(r.failed ?? 0),
});

const toRow = (r: RowRow): BulkSendRowRecord => ({
  jobId: r.job_id,
  row: Number(r.row_number),
  fill: JSON.parse(r.fill) as BulkSendRowRecord["fill"],
  status: r.status,
  packageId: r.package_id,
  error: r.error ? (JSON.parse(r.error) as BulkSendRowError) : null,
  attempts: Number(r.attempts),
});

/** Rows a statement inserts at once: well under SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 200;

/** bulk_send_jobs and bulk_send_rows (migration 21). */
export class BulkSendStore {
  constructor(
    private readonly db: SqlExecutor,
    private readonly dialect: Dialect,
  ) {}

  /** A new job with its rows, all Pending; call inside a transaction (all rows or none). */
  async insert(
    job: Pick<BulkSendJobRecord, "id" | "tenantId" | "templateId" | "name" | "actor" | "createdOn">,
    fills: readonly BulkSendRowRecord["fill"][],
  ): Promise<void> {
    await this.db.run(
      `INSERT INTO bulk_send_jobs (id, tenant_id, template_id, name, status, actor, created_on, updated_on)
       VALUES (?, ?, ?, ?, 'Queued', ?, ?, ?)`,
      [
        job.id,
        job.tenantId,
        job.templateId,
        job.name,
        JSON.stringify(job.actor),
        job.createdOn,
        job.createdOn,
      ],
    );
    for (let start = 0; start < fills.length; start += INSERT_CHUNK) {
      const chunk = fills.slice(start, start + INSERT_CHUNK);
      const params: unknown[] = [];
      chunk.forEach((fill, i) => params.push(job.id, start + i + 1, JSON.stringify(fill), job.createdOn));
      await this.db.run(
        `INSERT INTO bulk_send_rows (job_id, row_number, fill, status, updated_on)
         VALUES ${chunk.map(() => "(?, ?, ?, 'Pending', ?)").join(", ")}`,
        params,
      );
    }
  }

  async get(tenantId: string, id: string): Promise<BulkSendJobRecord | null> {
    const row = await this.db.get<JobRow>(`${JOB_SELECT} WHERE j.tenant_id = ? AND j.id = ?`, [tenantId, id]);
    return row ? toJob(row) : null;
  }

  /**
   * The job, locked for the rest of the transaction on PostgreSQL (retry-failed and the scheduler's
   * finishing step take turns on it); SQLite transactions already exclude each other.
   */
  async lock(tenantId: string, id: string): Promise<BulkSendJobRecord | null> {
    if (this.dialect === "postgres") {
      const locked = await this.db.get<{ id: string }>(
        `SELECT id FROM bulk_send_jobs WHERE tenant_id = ? AND id = ? FOR UPDATE`,
        [tenantId, id],
      );
      if (!locked) return null;
    }
    return this.get(tenantId, id);
  }

  /** The tenant's jobs, newest first (of one template when given), and their count. */
  async list(q: {
    tenantId: string;
    templateId: string | null;
    offset: number;
    limit: number;
  }): Promise<{ items: BulkSendJobRecord[]; totalCount: number }> {
    const where = `j.tenant_id = ?${q.templateId ? " AND j.template_id = ?" : ""}`;
    const params: unknown[] = [q.tenantId];
    if (q.templateId) params.push(q.templateId);
    const rows = await this.db.all<JobRow>(
      `${JOB_SELECT} WHERE ${where} ORDER BY j.created_on DESC, j.id DESC LIMIT ? OFFSET ?`,
      [...params, q.limit, q.offset],
    );
    const count = await this.db.get<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM bulk_send_jobs j WHERE ${where}`,
      params,
    );
    return { items: rows.map(toJob), totalCount: Number(count?.n ?? 0) };
  }

  /** Jobs with rows to work (Queued or Running), least recently worked first, across tenants. */
  async open(limit: number): Promise<BulkSendJobRecord[]> {
    const rows = await this.db.all<JobRow>(
      `${JOB_SELECT} WHERE j.status IN ('Queued', 'Running') ORDER BY j.updated_on, j.id LIMIT ?`,
      [limit],
    );
    return rows.map(toJob);
  }

  async setStatus(id: string, status: BulkSendJobStatus, updatedOn: string, completedOn: string | null) {
    await this.db.run(`UPDATE bulk_send_jobs SET status = ?, updated_on = ?, completed_on = ? WHERE id = ?`, [
      status,
      updatedOn,
      completedOn,
      id,
    ]);
  }

  /** The job was worked at `updatedOn` (its rows moved). */
  async touch(id: string, updatedOn: string): Promise<void> {
    await this.db.run(`UPDATE bulk_send_jobs SET updated_on = ? WHERE id = ?`, [updatedOn, id]);
  }

  /** Queued -> Running; false when the job was not Queued. */
  async start(id: string, updatedOn: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE bulk_send_jobs SET status = 'Running', updated_on = ? WHERE id = ? AND status = 'Queued'`,
        [updatedOn, id],
      )) > 0
    );
  }

  /** The job's rows in request order (all of them: a job has at most 1,000). */
  async rows(jobId: string): Promise<BulkSendRowRecord[]> {
    const rows = await this.db.all<RowRow>(
      `SELECT ${ROW_COLUMNS} FROM bulk_send_rows WHERE job_id = ? ORDER BY row_number`,
      [jobId],
    );
    return rows.map(toRow);
  }

  /** Up to `limit` Pending rows of the job in request order, after row `after`. */
  async pending(jobId: string, after: number, limit: number): Promise<BulkSendRowRecord[]> {
    const rows = await this.db.all<RowRow>(
      `SELECT ${ROW_COLUMNS} FROM bulk_send_rows WHERE job_id = ? AND status = 'Pending' AND row_number > ?
       ORDER BY row_number LIMIT ?`,
      [jobId, after, limit],
    );
    return rows.map(toRow);
  }

  /**
   * Claims the row for the caller's transaction if it is still Pending: on PostgreSQL it is locked
   * (FOR UPDATE SKIP LOCKED: a row another worker holds answers false at once); SQLite's writer lock
   * already keeps everyone else out. false: someone else has it, or it is no longer Pending.
   */
  async claim(jobId: string, row: number): Promise<boolean> {
    const found = await this.db.get<{ n: number }>(
      `SELECT row_number AS n FROM bulk_send_rows WHERE job_id = ? AND row_number = ? AND status = 'Pending'${
        this.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : ""
      }`,
      [jobId, row],
    );
    return found !== undefined;
  }

  /** A Pending row becomes Sent with its package; false when it was not Pending. */
  async markSent(jobId: string, row: number, packageId: string, at: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE bulk_send_rows SET status = 'Sent', package_id = ?, error = NULL, updated_on = ?,
           attempts = attempts + 1
         WHERE job_id = ? AND row_number = ? AND status = 'Pending'`,
        [packageId, at, jobId, row],
      )) > 0
    );
  }

  /** A Pending row becomes Failed with its error; false when it was not Pending. */
  async markFailed(jobId: string, row: number, error: BulkSendRowError, at: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE bulk_send_rows SET status = 'Failed', error = ?, updated_on = ?, attempts = attempts + 1
         WHERE job_id = ? AND row_number = ? AND status = 'Pending'`,
        [JSON.stringify(error), at, jobId, row],
      )) > 0
    );
  }

  /** A Pending row's attempt that failed for a reason of ours (the database): counted, left Pending. */
  async countAttempt(jobId: string, row: number, at: string): Promise<number> {
    await this.db.run(
      `UPDATE bulk_send_rows SET attempts = attempts + 1, updated_on = ?
       WHERE job_id = ? AND row_number = ? AND status = 'Pending'`,
      [at, jobId, row],
    );
    const found = await this.db.get<{ attempts: number | string }>(
      `SELECT attempts FROM bulk_send_rows WHERE job_id = ? AND row_number = ?`,
      [jobId, row],
    );
    return Number(found?.attempts ?? 0);
  }

  /** Every Failed row of the job becomes Pending again (its error cleared); answers how many. */
  async requeueFailed(jobId: string, at: string): Promise<number> {
    return this.db.run(
      `UPDATE bulk_send_rows SET status = 'Pending', error = NULL, attempts = 0, updated_on = ?
       WHERE job_id = ? AND status = 'Failed'`,
      [at, jobId],
    );
  }
}
