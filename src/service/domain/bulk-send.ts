// Bulk send (contract §7): one package a row from a template, sent, by a job the scheduler works in
// the background. A row's package is made by the templates' `use` (domain/templates/use.ts) in one
// transaction with the row's claim and its record (hooks `first` and `last`): a row is Sent with its
// package, or nothing of it happened. A crash between rows loses nothing and repeats nothing: the
// job's state is only in the database, and the next tick, in this process or another, goes on with
// the rows still Pending.
// node:timers, not the global: under a browser-like global (jsdom tests) there is no setImmediate.
import { setImmediate } from "node:timers";
import { ApiError, notFound, validationFailed, type FieldError } from "../errors";
import type { BulkSendJobRecord, BulkSendRowError, BulkSendRowRecord, Storage } from "../storage";
import type { AuditContext } from "./audit";
import { checkText, parseId, throwIfAny } from "./package-rules";
import { useTemplate } from "./templates";
import { newId } from "./tokens";

export const BULK_SEND_LIMITS = {
  rowsMax: 1_000,
  /** A row fills each role of the template once; a template has at most 100 roles. */
  rolesPerRow: 100,
  nameLength: 200,
  emailLength: 254,
  personNameLength: 200,
  pageSizeDefault: 25,
  pageSizeMax: 100,
  /** A 1,000-row request of a few roles a row is well under it. */
  bodyBytes: 8 * 1024 * 1024,
} as const;

/** A row's attempts that failed for a reason of ours (the database) before it is given up as Failed. */
export const ROW_ATTEMPTS = 3;

export type BulkSendFill = BulkSendRowRecord["fill"];

export interface BulkSendInput {
  rows: readonly BulkSendFill[];
  name?: string | null;
}

/** A job without its rows, as the list answers it. */
export function bulkSendJobSummary(job: BulkSendJobRecord) {
  return {
    id: job.id,
    templateId: job.templateId,
    name: job.name,
    status: job.status,
    total: job.total,
    pending: job.pending,
    succeeded: job.succeeded,
    failed: job.failed,
    createdOn: job.createdOn,
    updatedOn: job.updatedOn,
    completedOn: job.completedOn,
  };
}

/** A job with every row's result (contract §7's BulkSendJob). */
export function bulkSendJobApi(job: BulkSendJobRecord, rows: readonly BulkSendRowRecord[]) {
  return {
    ...bulkSendJobSummary(job),
    items: rows.map((r) => ({ row: r.row, status: r.status, packageId: r.packageId, error: r.error })),
  };
}

/**
 * What a request can be refused for as a whole (400): no rows or over 1,000, a row that fills no
 * role or more than a template can have, a name too long. Everything a row's people can be wrong
 * about (an unknown or missing role, an address that is not one, a package that cannot be sent) is
 * that row's failure, found when the job makes it: the other rows go.
 */
function checkInput(input: BulkSendInput): { name: string | null } {
  const errors: FieldError[] = [];
  const rows = input.rows;
  if (!Array.isArray(rows) || rows.length < 1 || rows.length > BULK_SEND_LIMITS.rowsMax) {
    errors.push({ field: "rows", message: `rows must have 1 to ${BULK_SEND_LIMITS.rowsMax} rows.` });
  } else {
    for (const [i, row] of rows.entries()) {
      const count = row && typeof row === "object" ? Object.keys(row).length : 0;
      if (count < 1 || count > BULK_SEND_LIMITS.rolesPerRow) {
        errors.push({
          field: `rows[${i}]`,
          message: `A row fills 1 to ${BULK_SEND_LIMITS.rolesPerRow} roles (role id -> { email, name }).`,
        });
      }
      if (errors.length >= 20) break;
    }
  }
  let name: string | null = null;
  if (typeof input.name === "string") {
    name = checkText(input.name, "name", errors, { max: BULK_SEND_LIMITS.nameLength });
  }
  throwIfAny(errors);
  return { name };
}

async function requireJob(storage: Pick<Storage, "bulkSend">, tenantId: string, idText: string) {
  const id = parseId(idText);
  const job = id ? await storage.bulkSend.get(tenantId, id) : null;
  if (!job) throw notFound(`Bulk send job ${idText.slice(0, 50)}`);
  return job;
}

/** bulk-send: the job and its rows, all Pending, in one transaction; the scheduler does the rest. */
export async function createBulkSendJob(
  storage: Storage,
  tenantId: string,
  templateIdText: string,
  input: BulkSendInput,
  context: AuditContext,
  now = new Date(),
) {
  const templateId = parseId(templateIdText);
  const template = templateId ? await storage.templates.get(tenantId, templateId) : null;
  if (!template) throw notFound(`Template ${templateIdText.slice(0, 50)}`);
  const { name } = checkInput(input);
  const id = newId();
  await storage.transaction((s) =>
    s.bulkSend.insert(
      { id, tenantId, templateId: template.id, name, actor: context, createdOn: now.toISOString() },
      input.rows,
    ),
  );
  return getBulkSendJob(storage, tenantId, id);
}

export async function getBulkSendJob(storage: Storage, tenantId: string, id: string) {
  const job = await requireJob(storage, tenantId, id);
  return bulkSendJobApi(job, await storage.bulkSend.rows(job.id));
}

/** The tenant's jobs, newest first, without their rows (getBulkSendJob has them). */
export async function listBulkSendJobs(
  storage: Storage,
  tenantId: string,
  query: { page?: number; pageSize?: number; templateId?: string },
) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? BULK_SEND_LIMITS.pageSizeDefault;
  let templateId: string | null = null;
  if (query.templateId !== undefined && query.templateId !== "") {
    templateId = parseId(query.templateId);
    if (!templateId) {
      throw validationFailed([
        { field: "templateId", message: "templateId must be a template's id (a UUID)." },
      ]);
    }
  }
  const { items, totalCount } = await storage.bulkSend.list({
    tenantId,
    templateId,
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return {
    items: items.map(bulkSendJobSummary),
    page,
    pageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / pageSize),
  };
}

/**
 * retry-failed: the job's Failed rows are Pending again and the job Queued; Sent rows are never
 * touched, so none is sent twice. A job without failed rows is answered as it is.
 */
export async function retryFailedRows(storage: Storage, tenantId: string, id: string, now = new Date()) {
  const parsed = parseId(id);
  const at = now.toISOString();
  const found = await storage.transaction(async (s) => {
    // Locked: the scheduler's finishing step must not mark the job Completed over rows made Pending here.
    const job = parsed ? await s.bulkSend.lock(tenantId, parsed) : null;
    if (!job) return null;
    if ((await s.bulkSend.requeueFailed(job.id, at)) > 0)
      await s.bulkSend.setStatus(job.id, "Queued", at, null);
    return job;
  });
  if (!found) throw notFound(`Bulk send job ${id.slice(0, 50)}`);
  return getBulkSendJob(storage, tenantId, found.id);
}

// ---------------------------------------------------------------------------------------------
// The scheduler's step

/** Thrown inside use's transaction when the row is not ours to make: the transaction leaves nothing. */
class RowTaken extends Error {}

/** A use error (`roles[2].email`) named after the row's role (`<roleId>.email`). */
function rowError(error: ApiError, roleIds: readonly string[]): BulkSendRowError {
  const out: BulkSendRowError = { code: error.code, message: error.detail };
  if (error.errors && error.errors.length > 0) {
    out.errors = error.errors.map((e) => ({
      field: e.field
        .replace(/^roles\[(\d+)\]\.roleId$/, (_m, i: string) => roleIds[Number(i)] ?? "row")
        .replace(/^roles\[(\d+)\]/, (_m, i: string) => roleIds[Number(i)] ?? "row")
        .replace(/^roles$/, "row"),
      message: e.message,
    }));
  }
  return out;
}

type RowOutcome = "sent" | "failed" | "taken" | "error";

/** One row: its package made and sent through use, or its failure recorded. */
async function runRow(
  storage: Storage,
  job: BulkSendJobRecord,
  row: BulkSendRowRecord,
  log: (error: unknown, job: BulkSendJobRecord, row: number) => void,
): Promise<RowOutcome> {
  const roleIds = Object.keys(row.fill);
  const roles = roleIds.map((roleId) => ({
    roleId,
    email: row.fill[roleId]!.email,
    name: row.fill[roleId]!.name ?? null,
  }));
  const now = new Date();
  const at = now.toISOString();
  try {
    await useTemplate(
      storage,
      job.tenantId,
      job.templateId,
      { name: job.name, roles, send: true },
      job.actor,
      now,
      {
        first: async (s) => {
          if (!(await s.bulkSend.claim(job.id, row.row))) throw new RowTaken();
        },
        last: async (s, packageId) => {
          if (!(await s.bulkSend.markSent(job.id, row.row, packageId, at))) throw new RowTaken();
        },
      },
    );
    return "sent";
  } catch (error) {
    if (error instanceof RowTaken) return "taken";
    if (error instanceof ApiError && error.status < 500) {
      await storage.bulkSend.markFailed(job.id, row.row, rowError(error, roleIds), at);
      return "failed";
    }
    // Ours (the database went away, a bug): the row stays Pending for the next tick, a few times.
    log(error, job, row.row);
    try {
      if ((await storage.bulkSend.countAttempt(job.id, row.row, at)) >= ROW_ATTEMPTS) {
        await storage.bulkSend.markFailed(
          job.id,
          row.row,
          { code: "internal_error", message: "The package could not be made; retry-failed tries again." },
          at,
        );
      }
    } catch {
      // The database is still away: the row stays Pending.
    }
    return "error";
  }
}

/** A Running job without Pending rows becomes Completed (or CompletedWithErrors). */
async function finishIfDone(storage: Storage, job: BulkSendJobRecord, now: Date): Promise<boolean> {
  return storage.transaction(async (s) => {
    const current = await s.bulkSend.lock(job.tenantId, job.id);
    if (!current || current.status !== "Running" || current.pending > 0) return false;
    const at = now.toISOString();
    await s.bulkSend.setStatus(job.id, current.failed > 0 ? "CompletedWithErrors" : "Completed", at, at);
    return true;
  });
}

export interface BulkSendReport {
  sent: number;
  failed: number;
  finished: number;
  /** Work is left that this call's time did not cover: call again soon. */
  more: boolean;
}

/** Jobs looked at in one call, oldest first. */
const JOBS_A_CALL = 5;
/** Pending rows read at once. */
const ROWS_A_READ = 50;
/** Rows made at once on PostgreSQL (its pool has 10 connections; requests keep the rest). */
const POSTGRES_LANES = 4;

/**
 * Works open jobs' Pending rows, oldest job first, for about `budgetMs` (a slice: the scheduler's
 * other steps, mail among them, run between slices). Several processes may run it on one database:
 * each row is claimed in its package's transaction, so they share rows and never make one twice.
 */
export async function runBulkSendJobs(
  storage: Storage,
  options: {
    budgetMs: number;
    stopped?: () => boolean;
    log?: (error: unknown, job: BulkSendJobRecord, row: number) => void;
  },
): Promise<BulkSendReport> {
  const deadline = Date.now() + options.budgetMs;
  const stopped = options.stopped ?? (() => false);
  const log = options.log ?? (() => undefined);
  const report: BulkSendReport = { sent: 0, failed: 0, finished: 0, more: false };
  // Least recently worked first, a batch each: a tenant's 1,000-row job does not hold up another's.
  const jobs = await storage.bulkSend.open(JOBS_A_CALL);
  // PostgreSQL makes several rows at once on connections of the pool (a row's time is mostly round
  // trips and the commit's flush); SQLite has one connection, so one row at a time.
  const lanes = storage.dialect === "postgres" ? POSTGRES_LANES : 1;
  let progressed = false;
  let left = jobs.length === JOBS_A_CALL;
  for (const job of jobs) {
    if (stopped() || Date.now() > deadline) return { ...report, more: !stopped() };
    if (job.status === "Queued") await storage.bulkSend.start(job.id, new Date().toISOString());
    const rows = await storage.bulkSend.pending(job.id, 0, ROWS_A_READ);
    let next = 0;
    let troubled = false;
    const lane = async () => {
      while (next < rows.length && !troubled && !stopped() && Date.now() <= deadline) {
        const row = rows[next++]!;
        const outcome = await runRow(storage, job, row, log);
        if (outcome === "sent") report.sent++;
        else if (outcome === "failed") report.failed++;
        // Something of ours is wrong: the next tick tries again, rather than this one spinning.
        else if (outcome === "error") troubled = true;
        if (outcome !== "taken") progressed = true;
        // SQLite answers without ever leaving the event loop's current turn: without this, a job
        // would hold off every request (and the scheduler's stop) until its slice ended.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    if (troubled) return { ...report, more: false };
    await storage.bulkSend.touch(job.id, new Date().toISOString());
    if (next < rows.length || rows.length === ROWS_A_READ) left = true;
    else if (await finishIfDone(storage, job, new Date())) report.finished++;
  }
  // Again at once while rows are left, unless none moved (all held by another process: its turn).
  report.more = left && progressed && !stopped();
  return report;
}
