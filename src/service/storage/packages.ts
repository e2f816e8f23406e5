import type { Dialect, SqlExecutor } from "./driver";
import type { CompletionStatus } from "./completions";

export type PackageStatus =
  | "Draft"
  | "Scheduled"
  | "Queued"
  | "Sent"
  | "Viewed"
  | "InProgress"
  | "Completed"
  | "Declined"
  | "Voided"
  | "Expired";

export interface PackageSource {
  kind: "outlook";
  conversationId: string | null;
  internetMessageId: string | null;
  subject: string | null;
}

export interface PackageRecord {
  id: string;
  tenantId: string;
  name: string;
  status: PackageStatus;
  createdOn: string;
  updatedOn: string;
  sentOn: string | null;
  completedOn: string | null;
  enforceSigningOrder: boolean;
  expirationDate: string | null;
  scheduledSendOn: string | null;
  emailSubject: string | null;
  emailMessage: string | null;
  isArchived: boolean;
  voidedReason: string | null;
  source: PackageSource | null;
  reminders: { enabled: boolean; firstAfterDays: number | null; everyDays: number | null };
  /** Who sent it (told when a signer declines); null when the sender did not say. */
  senderEmail: string | null;
  senderName: string | null;
  documentCount: number;
  signerCount: number;
  completedSignerCount: number;
  /**
   * Where the making of its signed documents is (package_completions, migration 17): null until the
   * package is Completed. Read with the package, never written through it.
   */
  completionStatus: CompletionStatus | null;
}

/** The columns a write may set (counters and ids are the store's business). */
export type PackageFields = Omit<
  PackageRecord,
  | "id"
  | "tenantId"
  | "createdOn"
  | "documentCount"
  | "signerCount"
  | "completedSignerCount"
  | "completionStatus"
>;

export type PackageSortField = "createdOn" | "updatedOn" | "sentOn" | "name";

export interface PackageQuery {
  tenantId: string;
  statuses: PackageStatus[];
  /** Lowercased; a substring of the name. */
  search: string | null;
  conversationId: string | null;
  internetMessageId: string | null;
  /** Lowercased: the packages whose senderEmail is this address (a user's own packages). */
  senderEmail: string | null;
  includeArchived: boolean;
  updatedSince: string | null;
  sortBy: PackageSortField;
  descending: boolean;
  offset: number;
  limit: number;
}

interface PackageRow {
  id: string;
  tenant_id: string;
  name: string;
  status: PackageStatus;
  created_on: string;
  updated_on: string;
  sent_on: string | null;
  completed_on: string | null;
  enforce_signing_order: number;
  expiration_date: string | null;
  scheduled_send_on: string | null;
  email_subject: string | null;
  email_message: string | null;
  is_archived: number;
  voided_reason: string | null;
  source_kind: string | null;
  source_conversation_id: string | null;
  source_internet_message_id: string | null;
  source_subject: string | null;
  reminders_enabled: number;
  reminder_first_after_days: number | null;
  reminder_every_days: number | null;
  sender_email: string | null;
  sender_name: string | null;
  document_count: number;
  signer_count: number;
  completed_signer_count: number;
  completion_status: CompletionStatus | null;
}

const PACKAGE_COLUMNS = `id, tenant_id, name, status, created_on, updated_on, sent_on, completed_on,
  enforce_signing_order, expiration_date, scheduled_send_on, email_subject, email_message, is_archived,
  voided_reason, source_kind, source_conversation_id, source_internet_message_id, source_subject,
  reminders_enabled, reminder_first_after_days, reminder_every_days, sender_email, sender_name,
  document_count, signer_count, completed_signer_count,
  (SELECT c.status FROM package_completions c WHERE c.package_id = packages.id) AS completion_status`;

const SORT_COLUMNS: Record<PackageSortField, string> = {
  createdOn: "created_on",
  updatedOn: "updated_on",
  sentOn: "sent_on",
  name: "name_lower",
};

const flag = (value: boolean) => (value ? 1 : 0);

function toPackage(row: PackageRow): PackageRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    status: row.status,
    createdOn: row.created_on,
    updatedOn: row.updated_on,
    sentOn: row.sent_on,
    completedOn: row.completed_on,
    enforceSigningOrder: Boolean(row.enforce_signing_order),
    expirationDate: row.expiration_date,
    scheduledSendOn: row.scheduled_send_on,
    emailSubject: row.email_subject,
    emailMessage: row.email_message,
    isArchived: Boolean(row.is_archived),
    voidedReason: row.voided_reason,
    source:
      row.source_kind === "outlook"
        ? {
            kind: "outlook",
            conversationId: row.source_conversation_id,
            internetMessageId: row.source_internet_message_id,
            subject: row.source_subject,
          }
        : null,
    reminders: {
      enabled: Boolean(row.reminders_enabled),
      firstAfterDays: row.reminder_first_after_days,
      everyDays: row.reminder_every_days,
    },
    senderEmail: row.sender_email,
    senderName: row.sender_name,
    documentCount: Number(row.document_count),
    signerCount: Number(row.signer_count),
    completedSignerCount: Number(row.completed_signer_count),
    completionStatus: row.completion_status ?? null,
  };
}

function fieldValues(p: PackageFields): unknown[] {
  return [
    p.name,
    p.name.toLowerCase(),
    p.status,
    p.updatedOn,
    p.sentOn,
    p.completedOn,
    flag(p.enforceSigningOrder),
    p.expirationDate,
    p.scheduledSendOn,
    p.emailSubject,
    p.emailMessage,
    flag(p.isArchived),
    p.voidedReason,
    p.source?.kind ?? null,
    p.source?.conversationId ?? null,
    p.source?.internetMessageId ?? null,
    p.source?.subject ?? null,
    flag(p.reminders.enabled),
    p.reminders.firstAfterDays,
    p.reminders.everyDays,
    p.senderEmail,
    p.senderName,
    p.senderEmail === null ? null : p.senderEmail.toLowerCase(),
  ];
}

const FIELD_COLUMNS = `name, name_lower, status, updated_on, sent_on, completed_on, enforce_signing_order,
  expiration_date, scheduled_send_on, email_subject, email_message, is_archived, voided_reason,
  source_kind, source_conversation_id, source_internet_message_id, source_subject, reminders_enabled,
  reminder_first_after_days, reminder_every_days, sender_email, sender_name, sender_email_lower`;

/** Packages: rows of `packages`, within a tenant. */
export class PackageStore {
  constructor(
    private readonly db: SqlExecutor,
    private readonly dialect: Dialect,
  ) {}

  async insert(id: string, tenantId: string, createdOn: string, fields: PackageFields): Promise<void> {
    const values = fieldValues(fields);
    await this.db.run(
      `INSERT INTO packages (id, tenant_id, created_on, ${FIELD_COLUMNS}, document_count, signer_count,
        completed_signer_count) VALUES (?, ?, ?, ${values.map(() => "?").join(", ")}, 0, 0, 0)`,
      [id, tenantId, createdOn, ...values],
    );
  }

  /** Writes every field of a package (the domain read it, changed it, and writes it back). */
  async update(id: string, fields: PackageFields): Promise<void> {
    const columns = FIELD_COLUMNS.split(",").map((c) => `${c.trim()} = ?`);
    await this.db.run(`UPDATE packages SET ${columns.join(", ")} WHERE id = ?`, [...fieldValues(fields), id]);
  }

  async get(tenantId: string, id: string): Promise<PackageRecord | null> {
    const row = await this.db.get<PackageRow>(
      `SELECT ${PACKAGE_COLUMNS} FROM packages WHERE id = ? AND tenant_id = ?`,
      [id, tenantId],
    );
    return row ? toPackage(row) : null;
  }

  /**
   * The package, locked for the rest of the transaction on PostgreSQL (a second writer waits, then
   * sees what the first wrote). SQLite transactions already exclude each other (BEGIN IMMEDIATE).
   */
  async lock(tenantId: string, id: string): Promise<PackageRecord | null> {
    const row = await this.db.get<PackageRow>(
      `SELECT ${PACKAGE_COLUMNS} FROM packages WHERE id = ? AND tenant_id = ?${
        this.dialect === "postgres" ? " FOR UPDATE" : ""
      }`,
      [id, tenantId],
    );
    return row ? toPackage(row) : null;
  }

  async delete(id: string): Promise<void> {
    await this.db.run(`DELETE FROM packages WHERE id = ?`, [id]);
  }

  /** Recounts the package's documents and signers (after adds and removes in the same transaction). */
  async refreshCounts(id: string): Promise<void> {
    await this.db.run(
      `UPDATE packages SET
        document_count = (SELECT COUNT(*) FROM package_documents WHERE package_id = ?),
        signer_count = (SELECT COUNT(*) FROM package_signers WHERE package_id = ?),
        completed_signer_count = (SELECT COUNT(*) FROM package_signers WHERE package_id = ? AND status = 'Completed')
      WHERE id = ?`,
      [id, id, id, id],
    );
  }

  async list(query: PackageQuery): Promise<{ items: PackageRecord[]; totalCount: number }> {
    const where = ["tenant_id = ?"];
    const params: unknown[] = [query.tenantId];
    if (query.statuses.length) {
      where.push(`status IN (${query.statuses.map(() => "?").join(", ")})`);
      params.push(...query.statuses);
    }
    if (!query.includeArchived) where.push("is_archived = 0");
    if (query.conversationId !== null) {
      where.push("source_conversation_id = ?");
      params.push(query.conversationId);
    }
    if (query.internetMessageId !== null) {
      where.push("source_internet_message_id = ?");
      params.push(query.internetMessageId);
    }
    if (query.senderEmail !== null) {
      where.push("sender_email_lower = ?");
      params.push(query.senderEmail);
    }
    if (query.updatedSince !== null) {
      where.push("updated_on >= ?");
      params.push(query.updatedSince);
    }
    if (query.search !== null) {
      where.push(this.dialect === "postgres" ? "strpos(name_lower, ?) > 0" : "instr(name_lower, ?) > 0");
      params.push(query.search);
    }
    const filter = where.join(" AND ");
    // Filtered by tenant, status and the archive flag only (the pane's and most integrators' list):
    // the kept counts answer totalCount; other filters are selective enough to count rows.
    const countable = where.every((w) => /^(tenant_id|status|is_archived) /.test(w));
    // SQLite without statistics would walk a sort-order index of the whole tenant rather than the few
    // rows of one thread or mail: name the index. (PostgreSQL's planner has statistics.)
    const from =
      this.dialect === "sqlite" && query.conversationId !== null
        ? "packages INDEXED BY packages_by_conversation"
        : this.dialect === "sqlite" && query.internetMessageId !== null
          ? "packages INDEXED BY packages_by_message"
          : this.dialect === "sqlite" && query.senderEmail !== null
            ? "packages INDEXED BY packages_by_sender"
            : "packages";
    const direction = query.descending ? "DESC" : "ASC";
    const column = SORT_COLUMNS[query.sortBy];
    // Packages never sent have no sentOn: they come last either way, as the platform lists them.
    const nulls = query.sortBy === "sentOn" ? `${column} IS NULL, ` : "";
    const rows = await this.db.all<PackageRow>(
      `SELECT ${PACKAGE_COLUMNS} FROM ${from} WHERE ${filter}
       ORDER BY ${nulls}${column} ${direction}, id ${direction} LIMIT ? OFFSET ?`,
      [...params, query.limit, query.offset],
    );
    const items = rows.map(toPackage);
    // A page that is not full is the last one: it tells the total by itself (a thread's few packages).
    if (rows.length < query.limit && (rows.length > 0 || query.offset === 0)) {
      return { items, totalCount: query.offset + rows.length };
    }
    const count = countable
      ? await this.db.get<{ n: number | string | null }>(
          `SELECT SUM(n) AS n FROM package_count_deltas WHERE ${filter}`,
          params,
        )
      : await this.db.get<{ n: number | string }>(
          `SELECT COUNT(*) AS n FROM ${from} WHERE ${filter}`,
          params,
        );
    return { items, totalCount: Number(count?.n ?? 0) };
  }

  /**
   * Folds the +1/-1 rows the triggers of migration 11 append into one row per tenant, status and
   * archive flag (the scheduler does it every tick). Safe with several service processes at once:
   * every row is folded by exactly one of them.
   */
  /** Whether any key has more than one row to fold (a read: most ticks find none). */
  async countsNeedFolding(): Promise<boolean> {
    const row = await this.db.get<{ found: number }>(
      `SELECT 1 AS found FROM package_count_deltas GROUP BY tenant_id, status, is_archived HAVING COUNT(*) > 1 LIMIT 1`,
    );
    return row !== undefined && row !== null;
  }

  async compactCounts(): Promise<void> {
    // Only keys with more than one row are rewritten: a quiet tenant's counts are left alone.
    if (this.dialect === "postgres") {
      await this.db.run(
        `WITH keys AS (
           SELECT tenant_id, status, is_archived FROM package_count_deltas
           GROUP BY tenant_id, status, is_archived HAVING COUNT(*) > 1
         ), folded AS (
           DELETE FROM package_count_deltas d USING keys k
           WHERE d.tenant_id = k.tenant_id AND d.status = k.status AND d.is_archived = k.is_archived
           RETURNING d.tenant_id, d.status, d.is_archived, d.n
         )
         INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
         SELECT tenant_id, status, is_archived, SUM(n) FROM folded GROUP BY tenant_id, status, is_archived
         HAVING SUM(n) <> 0`,
      );
      return;
    }
    // SQLite: one writer at a time, so the rows up to `last` cannot change under us.
    const last = await this.db.get<{ seq: number | null }>(
      `SELECT MAX(seq) AS seq FROM package_count_deltas`,
    );
    if (last?.seq === null || last?.seq === undefined) return;
    const keys = `SELECT tenant_id, status, is_archived FROM package_count_deltas WHERE seq <= ?
      GROUP BY tenant_id, status, is_archived HAVING COUNT(*) > 1`;
    await this.db.run(
      `INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
       SELECT tenant_id, status, is_archived, SUM(n) FROM package_count_deltas WHERE seq <= ?
       GROUP BY tenant_id, status, is_archived HAVING COUNT(*) > 1 AND SUM(n) <> 0`,
      [last.seq],
    );
    await this.db.run(
      `DELETE FROM package_count_deltas WHERE seq <= ? AND (tenant_id, status, is_archived) IN (${keys})`,
      [last.seq, last.seq],
    );
  }

  /** Ids of Scheduled packages due at `now`, claimed for this transaction (others skip them). */
  async claimDueScheduled(now: string, limit: number): Promise<{ id: string; tenantId: string }[]> {
    const rows = await this.db.all<{ id: string; tenant_id: string }>(
      `SELECT id, tenant_id FROM packages WHERE status = 'Scheduled' AND scheduled_send_on <= ?
       ORDER BY scheduled_send_on LIMIT ?${this.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : ""}`,
      [now, limit],
    );
    return rows.map((r) => ({ id: r.id, tenantId: r.tenant_id }));
  }

  /** Ids of sent packages past their expiration date, claimed for this transaction. */
  async claimExpired(now: string, limit: number): Promise<{ id: string; tenantId: string }[]> {
    const rows = await this.db.all<{ id: string; tenant_id: string }>(
      `SELECT id, tenant_id FROM packages WHERE expiration_date IS NOT NULL
         AND status IN ('Sent', 'Viewed', 'InProgress') AND expiration_date <= ?
       ORDER BY expiration_date LIMIT ?${this.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : ""}`,
      [now, limit],
    );
    return rows.map((r) => ({ id: r.id, tenantId: r.tenant_id }));
  }
}
