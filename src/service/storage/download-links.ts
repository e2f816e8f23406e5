import type { SqlExecutor } from "./driver";

/**
 * A short-lived download link (contract §6.2): what it serves and until when. The token itself is
 * never stored, only its SHA-256, so that a copy of the database opens no download.
 */
export interface DownloadLinkRecord {
  tokenHash: string;
  tenantId: string;
  blobSha256: string;
  fileName: string;
  contentType: string;
  /** The blob's length in bytes: Content-Length without asking the blob store. */
  size: number;
  createdOn: string;
  expiresOn: string;
}

const COLUMNS = `token_hash, tenant_id, blob_sha256, file_name, content_type, size, created_on, expires_on`;

interface LinkRow {
  token_hash: string;
  tenant_id: string;
  blob_sha256: string;
  file_name: string;
  content_type: string;
  size: number | string;
  created_on: string;
  expires_on: string;
}

const toLink = (r: LinkRow): DownloadLinkRecord => ({
  tokenHash: r.token_hash,
  tenantId: r.tenant_id,
  blobSha256: r.blob_sha256,
  fileName: r.file_name,
  contentType: r.content_type,
  // PostgreSQL answers BIGINT as text.
  size: Number(r.size),
  createdOn: r.created_on,
  expiresOn: r.expires_on,
});

/** The download_links table (migration 13). */
export class DownloadLinkStore {
  constructor(private readonly db: SqlExecutor) {}

  async insert(link: DownloadLinkRecord): Promise<void> {
    await this.db.run(`INSERT INTO download_links (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, [
      link.tokenHash,
      link.tenantId,
      link.blobSha256,
      link.fileName,
      link.contentType,
      link.size,
      link.createdOn,
      link.expiresOn,
    ]);
  }

  /**
   * The link whose token hashes to `tokenHash`, while it has not expired at `now`; null otherwise.
   * Not deleted on use: a link may be opened several times until it expires (a browser retries).
   */
  async findActive(tokenHash: string, now: string): Promise<DownloadLinkRecord | null> {
    const row = await this.db.get<LinkRow>(
      `SELECT ${COLUMNS} FROM download_links WHERE token_hash = ? AND expires_on > ?`,
      [tokenHash, now],
    );
    return row ? toLink(row) : null;
  }

  /** Removes links expired at `now` (by the expires_on index); answers how many. */
  async anyExpired(now: string): Promise<boolean> {
    const row = await this.db.get<{ found: number }>(
      `SELECT 1 AS found FROM download_links WHERE expires_on <= ? LIMIT 1`,
      [now],
    );
    return row !== undefined && row !== null;
  }

  async deleteExpired(now: string): Promise<number> {
    return this.db.run(`DELETE FROM download_links WHERE expires_on <= ?`, [now]);
  }
}
