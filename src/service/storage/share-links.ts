import type { SqlExecutor } from "./driver";

export type ShareScope = "SignedDocument" | "AllSignedDocuments" | "EvidencePack" | "CertificateOfCompletion";

/**
 * A share link (contract §7): what a package's holder may fetch without a credential, until when and
 * how often. Only the token's SHA-256 is stored: a copy of the database opens nothing.
 */
export interface ShareLinkRecord {
  id: string;
  tenantId: string;
  packageId: string;
  documentId: string | null;
  tokenHash: string;
  scope: ShareScope;
  createdOn: string;
  expiresOn: string;
  /** null: as often as wanted until it expires. */
  maxUses: number | null;
  useCount: number;
  lastUsedOn: string | null;
  revokedOn: string | null;
}

const COLUMNS = `id, tenant_id, package_id, document_id, token_hash, scope, created_on, expires_on, max_uses,
  use_count, last_used_on, revoked_on`;

interface Row {
  id: string;
  tenant_id: string;
  package_id: string;
  document_id: string | null;
  token_hash: string;
  scope: ShareScope;
  created_on: string;
  expires_on: string;
  max_uses: number | string | null;
  use_count: number | string;
  last_used_on: string | null;
  revoked_on: string | null;
}

const toLink = (r: Row): ShareLinkRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  packageId: r.package_id,
  documentId: r.document_id,
  tokenHash: r.token_hash,
  scope: r.scope,
  createdOn: r.created_on,
  expiresOn: r.expires_on,
  maxUses: r.max_uses === null ? null : Number(r.max_uses),
  useCount: Number(r.use_count),
  lastUsedOn: r.last_used_on,
  revokedOn: r.revoked_on,
});

export interface ShareLinkQuery {
  tenantId: string;
  packageId: string | null;
  offset: number;
  limit: number;
}

/** The share_links table (migration 18). Revoked links stay as rows (the audit trail names them) but are never listed or opened. */
export class ShareLinkStore {
  constructor(private readonly db: SqlExecutor) {}

  async insert(link: ShareLinkRecord): Promise<void> {
    await this.db.run(`INSERT INTO share_links (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      link.id,
      link.tenantId,
      link.packageId,
      link.documentId,
      link.tokenHash,
      link.scope,
      link.createdOn,
      link.expiresOn,
      link.maxUses,
      link.useCount,
      link.lastUsedOn,
      link.revokedOn,
    ]);
  }

  /** The tenant's link that is not revoked, or null. */
  async get(tenantId: string, id: string): Promise<ShareLinkRecord | null> {
    const row = await this.db.get<Row>(
      `SELECT ${COLUMNS} FROM share_links WHERE tenant_id = ? AND id = ? AND revoked_on IS NULL`,
      [tenantId, id],
    );
    return row ? toLink(row) : null;
  }

  async byToken(tokenHash: string): Promise<ShareLinkRecord | null> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS} FROM share_links WHERE token_hash = ?`, [
      tokenHash,
    ]);
    return row ? toLink(row) : null;
  }

  /** The tenant's links that are not revoked (of one package, when given), newest first, and their count. */
  async list(q: ShareLinkQuery): Promise<{ items: ShareLinkRecord[]; totalCount: number }> {
    const where = `tenant_id = ? AND revoked_on IS NULL${q.packageId ? " AND package_id = ?" : ""}`;
    const params = q.packageId ? [q.tenantId, q.packageId] : [q.tenantId];
    const rows = await this.db.all<Row>(
      `SELECT ${COLUMNS} FROM share_links WHERE ${where} ORDER BY created_on DESC, id DESC LIMIT ? OFFSET ?`,
      [...params, q.limit, q.offset],
    );
    const count = await this.db.get<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM share_links WHERE ${where}`,
      params,
    );
    return { items: rows.map(toLink), totalCount: Number(count?.n ?? 0) };
  }

  /** Revokes the tenant's link at `now`; false when there is none (unknown, another tenant's, revoked). */
  async revoke(tenantId: string, id: string, now: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE share_links SET revoked_on = ? WHERE tenant_id = ? AND id = ? AND revoked_on IS NULL`,
        [now, tenantId, id],
      )) > 0
    );
  }

  /**
   * Counts one use of the link if it may still be used at `now` (not revoked, not expired, uses left):
   * one statement, so that two holders racing for the last use cannot both have it.
   */
  async use(id: string, now: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE share_links SET use_count = use_count + 1, last_used_on = ?
         WHERE id = ? AND revoked_on IS NULL AND expires_on > ? AND (max_uses IS NULL OR use_count < max_uses)`,
        [now, id, now],
      )) > 0
    );
  }
}
