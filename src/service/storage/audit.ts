import type { SqlExecutor } from "./driver";

export interface AuditActor {
  type: "User" | "Signer" | "System" | "ShareLink";
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

/** The last event of a package's trail as it was appended (package_audit_heads). */
export interface AuditHead {
  seq: number;
  hash: string;
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
    // In the same transaction: the trail's head moves with every event (migration 40).
    await this.db.run(
      `INSERT INTO package_audit_heads (package_id, seq, hash) VALUES (?, ?, ?)
       ON CONFLICT (package_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash`,
      [e.packageId, e.seq, e.hash],
    );
  }

  /** The seq and hash of the package's last event as appended: where a cut-off tail shows. */
  async head(packageId: string): Promise<AuditHead | null> {
    const row = await this.db.get<{ seq: number; hash: string }>(
      `SELECT seq, hash FROM package_audit_heads WHERE package_id = ?`,
      [packageId],
    );
    return row ? { seq: Number(row.seq), hash: row.hash } : null;
  }

  async list(tenantId: string, packageId: string): Promise<AuditEventRecord[]> {
    const rows = await this.db.all<AuditRow>(
      `SELECT ${COLUMNS} FROM package_audit_events WHERE package_id = ? AND tenant_id = ? ORDER BY seq`,
      [packageId, tenantId],
    );
    return rows.map(toEvent);
  }
}
