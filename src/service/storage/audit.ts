import type { SqlExecutor } from "./driver";

export interface AuditActor {
  type: "User" | "Signer" | "System";
  email: string | null;
  name: string | null;
}

export interface AuditEventRecord {
  id: string;
  packageId: string;
  tenantId: string;
  seq: number;
  at: string;
  action: string;
  actor: AuditActor;
  ip: string | null;
  /** Stored as the exact JSON text that was hashed. */
  details: string;
  hash: string;
  previousHash: string | null;
}

interface AuditRow {
  id: string;
  package_id: string;
  tenant_id: string;
  seq: number;
  at: string;
  action: string;
  actor_type: AuditActor["type"];
  actor_email: string | null;
  actor_name: string | null;
  ip: string | null;
  details: string;
  hash: string;
  previous_hash: string | null;
}

const COLUMNS = `id, package_id, tenant_id, seq, at, action, actor_type, actor_email, actor_name, ip,
  details, hash, previous_hash`;

function toEvent(r: AuditRow): AuditEventRecord {
  return {
    id: r.id,
    packageId: r.package_id,
    tenantId: r.tenant_id,
    seq: Number(r.seq),
    at: r.at,
    action: r.action,
    actor: { type: r.actor_type, email: r.actor_email, name: r.actor_name },
    ip: r.ip,
    details: r.details,
    hash: r.hash,
    previousHash: r.previous_hash,
  };
}

/** The packages' hash-chained audit events (append only). */
export class AuditStore {
  constructor(private readonly db: SqlExecutor) {}

  async last(packageId: string): Promise<{ seq: number; hash: string } | null> {
    const row = await this.db.get<{ seq: number; hash: string }>(
      `SELECT seq, hash FROM package_audit_events WHERE package_id = ? ORDER BY seq DESC LIMIT 1`,
      [packageId],
    );
    return row ? { seq: Number(row.seq), hash: row.hash } : null;
  }

  async insert(e: AuditEventRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO package_audit_events (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        e.id,
        e.packageId,
        e.tenantId,
        e.seq,
        e.at,
        e.action,
        e.actor.type,
        e.actor.email,
        e.actor.name,
        e.ip,
        e.details,
        e.hash,
        e.previousHash,
      ],
    );
  }

  async list(tenantId: string, packageId: string): Promise<AuditEventRecord[]> {
    const rows = await this.db.all<AuditRow>(
      `SELECT ${COLUMNS} FROM package_audit_events WHERE package_id = ? AND tenant_id = ? ORDER BY seq`,
      [packageId, tenantId],
    );
    return rows.map(toEvent);
  }
}

export type OutboxKind = "Invitation" | "Reminder" | "Voided" | "Reassigned";

export interface OutboxRecord {
  id: string;
  tenantId: string;
  packageId: string;
  signerId: string | null;
  kind: OutboxKind;
  email: string;
  name: string | null;
  createdOn: string;
}

/** Notifications waiting to be delivered, written in the transaction of the change that causes them. */
export class OutboxStore {
  constructor(private readonly db: SqlExecutor) {}

  async insert(m: OutboxRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO outbox (id, tenant_id, package_id, signer_id, kind, email, name, created_on, status, attempts)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'Pending', 0)`,
      [m.id, m.tenantId, m.packageId, m.signerId, m.kind, m.email, m.name, m.createdOn],
    );
  }

  /**
   * One notification per member of a group slot's snapshot, in one statement (a group of 1,000 is
   * one round trip); ids are `idPrefix-<member seq>`.
   */
  async insertForSnapshot(
    idPrefix: string,
    m: Omit<OutboxRecord, "id" | "email" | "name" | "signerId"> & { signerId: string },
  ): Promise<number> {
    return this.db.run(
      `INSERT INTO outbox (id, tenant_id, package_id, signer_id, kind, email, name, created_on, status, attempts)
       SELECT ? || '-' || CAST(seq AS TEXT), ?, ?, ?, ?, email, name, ?, 'Pending', 0
       FROM package_signer_members WHERE signer_id = ?`,
      [idPrefix, m.tenantId, m.packageId, m.signerId, m.kind, m.createdOn, m.signerId],
    );
  }

  async listForPackage(packageId: string): Promise<OutboxRecord[]> {
    const rows = await this.db.all<{
      id: string;
      tenant_id: string;
      package_id: string;
      signer_id: string | null;
      kind: OutboxKind;
      email: string;
      name: string | null;
      created_on: string;
    }>(
      `SELECT id, tenant_id, package_id, signer_id, kind, email, name, created_on FROM outbox
       WHERE package_id = ? ORDER BY created_on, id`,
      [packageId],
    );
    return rows.map((r) => ({
      id: r.id,
      tenantId: r.tenant_id,
      packageId: r.package_id,
      signerId: r.signer_id,
      kind: r.kind,
      email: r.email,
      name: r.name,
      createdOn: r.created_on,
    }));
  }
}
