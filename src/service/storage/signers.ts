import type { SqlExecutor } from "./driver";

export type SignerType = "Signer" | "Approver" | "InPersonSigner" | "CarbonCopy";
export type SignerStatus = "Pending" | "Sent" | "Viewed" | "InProgress" | "Completed" | "Declined" | "Voided";
export type AuthMethod = "Email" | "AccessCode" | "Sms" | "Kba" | "IdVerification";

export interface SignerRecord {
  id: string;
  packageId: string;
  /** Creation order within the package: the tie-breaker of routing order. */
  seq: number;
  email: string | null;
  name: string;
  type: SignerType;
  routingOrder: number;
  status: SignerStatus;
  authMethod: AuthMethod;
  accessCodeHash: string | null;
  clientUserId: string | null;
  roleName: string | null;
  signingGroupId: string | null;
  viewedOn: string | null;
  completedOn: string | null;
  createdOn: string;
  declinedOn: string | null;
  declineReason: string | null;
  remindersSentCount: number;
  lastReminderSentOn: string | null;
  completedBy: string | null;
  /** When the signer was last invited (Invitation, Reassigned, resend): reminders count from it. */
  notifiedOn: string | null;
  /** When the scheduler reminds them next; null when no reminder is coming. */
  nextReminderOn: string | null;
}

export interface GroupMemberSnapshot {
  email: string;
  name: string | null;
}

interface SignerRow {
  id: string;
  package_id: string;
  seq: number;
  email: string | null;
  name: string;
  type: SignerType;
  routing_order: number;
  status: SignerStatus;
  auth_method: AuthMethod;
  access_code_hash: string | null;
  client_user_id: string | null;
  role_name: string | null;
  signing_group_id: string | null;
  viewed_on: string | null;
  completed_on: string | null;
  created_on: string;
  declined_on: string | null;
  decline_reason: string | null;
  reminders_sent_count: number;
  last_reminder_sent_on: string | null;
  completed_by: string | null;
  notified_on: string | null;
  next_reminder_on: string | null;
}

const COLUMNS = `id, package_id, seq, email, name, type, routing_order, status, auth_method,
  access_code_hash, client_user_id, role_name, signing_group_id, viewed_on, completed_on, created_on,
  declined_on, decline_reason, reminders_sent_count, last_reminder_sent_on, completed_by, notified_on,
  next_reminder_on`;

function toSigner(r: SignerRow): SignerRecord {
  return {
    id: r.id,
    packageId: r.package_id,
    seq: Number(r.seq),
    email: r.email,
    name: r.name,
    type: r.type,
    routingOrder: Number(r.routing_order),
    status: r.status,
    authMethod: r.auth_method,
    accessCodeHash: r.access_code_hash,
    clientUserId: r.client_user_id,
    roleName: r.role_name,
    signingGroupId: r.signing_group_id,
    viewedOn: r.viewed_on,
    completedOn: r.completed_on,
    createdOn: r.created_on,
    declinedOn: r.declined_on,
    declineReason: r.decline_reason,
    remindersSentCount: Number(r.reminders_sent_count),
    lastReminderSentOn: r.last_reminder_sent_on,
    completedBy: r.completed_by,
    notifiedOn: r.notified_on,
    nextReminderOn: r.next_reminder_on,
  };
}

function values(s: SignerRecord): unknown[] {
  return [
    s.id,
    s.packageId,
    s.seq,
    s.email,
    s.email?.toLowerCase() ?? null,
    s.name,
    s.type,
    s.routingOrder,
    s.status,
    s.authMethod,
    s.accessCodeHash,
    s.clientUserId,
    s.roleName,
    s.signingGroupId,
    s.viewedOn,
    s.completedOn,
    s.createdOn,
    s.declinedOn,
    s.declineReason,
    s.remindersSentCount,
    s.lastReminderSentOn,
    s.completedBy,
    s.notifiedOn ?? null,
    s.nextReminderOn ?? null,
  ];
}

const INSERT_COLUMNS = COLUMNS.replace("email,", "email, email_lower,");

/** Signers of packages, with the group-slot member snapshots taken at send. */
export class SignerStore {
  constructor(private readonly db: SqlExecutor) {}

  /** Signers of a package in routing order (ties by creation). */
  async list(packageId: string): Promise<SignerRecord[]> {
    const rows = await this.db.all<SignerRow>(
      `SELECT ${COLUMNS} FROM package_signers WHERE package_id = ? ORDER BY routing_order, seq`,
      [packageId],
    );
    return rows.map(toSigner);
  }

  /**
   * Signers of several packages (a page of a list), each package's in routing order (ties by
   * creation), in one query on the package_id index: a list that embeds its signers costs one round
   * trip, not one a package.
   */
  async listMany(packageIds: readonly string[]): Promise<Map<string, SignerRecord[]>> {
    const out = new Map<string, SignerRecord[]>(packageIds.map((id) => [id, []]));
    if (packageIds.length === 0) return out;
    const rows = await this.db.all<SignerRow>(
      `SELECT ${COLUMNS} FROM package_signers WHERE package_id IN (${packageIds.map(() => "?").join(", ")})
       ORDER BY package_id, routing_order, seq`,
      [...packageIds],
    );
    for (const row of rows) out.get(row.package_id)?.push(toSigner(row));
    return out;
  }

  async get(packageId: string, id: string): Promise<SignerRecord | null> {
    const row = await this.db.get<SignerRow>(
      `SELECT ${COLUMNS} FROM package_signers WHERE package_id = ? AND id = ?`,
      [packageId, id],
    );
    return row ? toSigner(row) : null;
  }

  async nextSeq(packageId: string): Promise<number> {
    const row = await this.db.get<{ n: number | string | null }>(
      `SELECT MAX(seq) AS n FROM package_signers WHERE package_id = ?`,
      [packageId],
    );
    return Number(row?.n ?? 0) + 1;
  }

  async insert(signer: SignerRecord): Promise<void> {
    const v = values(signer);
    await this.db.run(
      `INSERT INTO package_signers (${INSERT_COLUMNS}) VALUES (${v.map(() => "?").join(", ")})`,
      v,
    );
  }

  async update(signer: SignerRecord): Promise<void> {
    const [id, ...rest] = values(signer);
    const columns = INSERT_COLUMNS.split(",")
      .map((c) => c.trim())
      .slice(1)
      .map((c) => `${c} = ?`);
    await this.db.run(`UPDATE package_signers SET ${columns.join(", ")} WHERE id = ?`, [...rest, id]);
  }

  async delete(packageId: string, id: string): Promise<void> {
    await this.db.run(`DELETE FROM package_signers WHERE package_id = ? AND id = ?`, [packageId, id]);
  }

  /**
   * Copies the group's members as they are now into the slot, in one statement (a group of 1,000
   * members is one round trip). The group must belong to the tenant; answers how many were copied.
   */
  async snapshotGroup(signerId: string, groupId: string, tenantId: string): Promise<number> {
    return this.db.run(
      `INSERT INTO package_signer_members (signer_id, seq, email, email_lower, name)
       SELECT ?, m.seq, m.email, m.email_lower, m.name FROM signing_group_members m
       JOIN signing_groups g ON g.id = m.group_id
       WHERE m.group_id = ? AND g.tenant_id = ?`,
      [signerId, groupId, tenantId],
    );
  }

  /**
   * Signers whose reminder is due at `now`, on packages still waiting for them (across tenants), at
   * most `limit`; the package's tenant with each.
   */
  async dueReminders(
    now: string,
    limit: number,
  ): Promise<{ tenantId: string; packageId: string; signerId: string }[]> {
    const rows = await this.db.all<{ tenant_id: string; package_id: string; id: string }>(
      `SELECT p.tenant_id, s.package_id, s.id FROM package_signers s JOIN packages p ON p.id = s.package_id
       WHERE s.next_reminder_on IS NOT NULL AND s.next_reminder_on <= ?
       ORDER BY s.next_reminder_on LIMIT ?`,
      [now, limit],
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, packageId: r.package_id, signerId: r.id }));
  }

  /** Whether the person (compared by caseKey) is in the slot's snapshot, with their name. */
  async member(signerId: string, emailLower: string): Promise<GroupMemberSnapshot | null> {
    const row = await this.db.get<{ email: string; name: string | null }>(
      `SELECT email, name FROM package_signer_members WHERE signer_id = ? AND email_lower = ?`,
      [signerId, emailLower],
    );
    return row ? { email: row.email, name: row.name } : null;
  }

  /** The snapshot of each group slot of a package, oldest member first. */
  async members(packageId: string): Promise<Map<string, GroupMemberSnapshot[]>> {
    return this.membersOf([packageId]);
  }

  /** The snapshot of each group slot of these packages (by signer id), oldest member first. */
  async membersOf(packageIds: readonly string[]): Promise<Map<string, GroupMemberSnapshot[]>> {
    if (packageIds.length === 0) return new Map();
    const rows = await this.db.all<{ signer_id: string; email: string; name: string | null }>(
      `SELECT m.signer_id, m.email, m.name FROM package_signer_members m
       JOIN package_signers s ON s.id = m.signer_id
       WHERE s.package_id IN (${packageIds.map(() => "?").join(", ")}) ORDER BY m.signer_id, m.seq`,
      [...packageIds],
    );
    const out = new Map<string, GroupMemberSnapshot[]>();
    for (const r of rows) {
      let list = out.get(r.signer_id);
      if (!list) out.set(r.signer_id, (list = []));
      list.push({ email: r.email, name: r.name });
    }
    return out;
  }
}
