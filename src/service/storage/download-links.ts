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
  /** What the link serves; it serves nothing once that is gone (null: a link from before migration 41). */
  source: DownloadSource | null;
}

/**
 * The row a link's file belongs to. Document: a document as uploaded or as its PDF (the link's blob
 * must still be one of the two); SignedDocument: a document's sealed PDF; Attachment: a signer's file
 * on an Attachment field (that very file); Package: a completed package's certificate or zip.
 */
export type DownloadSource =
  | { kind: "Document" | "SignedDocument" | "Attachment"; packageId: string; id: string }
  | { kind: "Package"; packageId: string };

const COLUMNS = `token_hash, tenant_id, blob_sha256, file_name, content_type, size, created_on, expires_on,
  package_id, source, source_id`;

/**
 * A link serves only what still exists: its package, and the document or attached file it was made
 * for. (`l.` columns; the names are constants of ours.)
 */
const SOURCE_EXISTS = `(l.package_id IS NULL OR (
  EXISTS (SELECT 1 FROM packages p WHERE p.id = l.package_id)
  AND (
    l.source = 'Package'
    OR (l.source = 'Document' AND EXISTS (SELECT 1 FROM package_documents d
      WHERE d.id = l.source_id AND d.package_id = l.package_id
        AND (d.sha256 = l.blob_sha256 OR d.pdf_sha256 = l.blob_sha256)))
    OR (l.source = 'SignedDocument' AND EXISTS (SELECT 1 FROM package_documents d
      WHERE d.id = l.source_id AND d.package_id = l.package_id))
    OR (l.source = 'Attachment' AND EXISTS (SELECT 1 FROM signing_attachments a
      WHERE a.annotation_id = l.source_id AND a.package_id = l.package_id AND a.sha256 = l.blob_sha256))
  )))`;

interface LinkRow {
  token_hash: string;
  tenant_id: string;
  blob_sha256: string;
  file_name: string;
  content_type: string;
  size: number | string;
  created_on: string;
  expires_on: string;
  package_id: string | null;
  source: DownloadSource["kind"] | null;
  source_id: string | null;
}

function sourceOf(r: LinkRow): DownloadSource | null {
  if (r.package_id === null || r.source === null) return null;
  if (r.source === "Package") return { kind: "Package", packageId: r.package_id };
  return { kind: r.source, packageId: r.package_id, id: r.source_id ?? "" };
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
  source: sourceOf(r),
});

/** The download_links table (migration 13). */
export class DownloadLinkStore {
  constructor(private readonly db: SqlExecutor) {}

  async insert(link: DownloadLinkRecord): Promise<void> {
    await this.db.run(`INSERT INTO download_links (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      link.tokenHash,
      link.tenantId,
      link.blobSha256,
      link.fileName,
      link.contentType,
      link.size,
      link.createdOn,
      link.expiresOn,
      link.source?.packageId ?? null,
      link.source?.kind ?? null,
      link.source && link.source.kind !== "Package" ? link.source.id : null,
    ]);
  }

  /**
   * The link whose token hashes to `tokenHash`, while it has not expired at `now` and what it serves
   * still exists (a deleted document or package: none); null otherwise. Not deleted on use: a link
   * may be opened several times until it expires (a browser retries).
   */
  async findActive(tokenHash: string, now: string): Promise<DownloadLinkRecord | null> {
    const row = await this.db.get<LinkRow>(
      `SELECT ${COLUMNS} FROM download_links l WHERE token_hash = ? AND expires_on > ? AND ${SOURCE_EXISTS}`,
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
