import type { DetectedTag } from "../../../pdf/find-tags";
import { withPlacement, type TagPlacement } from "../../../pdf/tag-field-box";
import type { SqlExecutor } from "../driver";
import { PACKAGE_TABLES, type OwnedTables } from "../owned-tables";

/** A stored document's row (contract §6.2 DocumentApiResponse); its bytes are in the blob store by sha256. */
export interface DocumentRecord {
  id: string;
  /** Its owner: the package (or, in template_documents, the template) it belongs to. */
  packageId: string;
  name: string;
  fileName: string;
  /** What was uploaded: its type, size and hash (the `download` blob). */
  contentType: string;
  size: number;
  sha256: string;
  /** The PDF the signers see (`download-pdf`): the same blob for a PDF, the converted one for an image. */
  pdfSha256?: string;
  /** The size of that PDF (null for an image document stored before it was recorded). */
  pdfSize?: number | null;
  pageCount: number;
  pages: { width: number; height: number }[];
  order: number;
  createdOn: string;
  detectedTagCount: number;
  /** The tags found when it was stored; null when it was never scanned. */
  detectedTags?: DetectedTag[] | null;
}

const columns = (
  t: OwnedTables,
) => `id, ${t.ownerColumn}, name, file_name, content_type, size, sha256, pdf_sha256, pdf_size, page_count,
  pages, order_index, created_on, detected_tag_count, detected_tags`;

interface DocumentRow {
  id: string;
  package_id?: string;
  template_id?: string;
  name: string;
  file_name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  pdf_sha256: string | null;
  pdf_size: number | string | null;
  page_count: number | string;
  pages: string;
  order_index: number | string;
  created_on: string;
  detected_tag_count: number | string;
  detected_tags: string | null;
}

/** A stored tag read before DetectedTag had its field, text size and baseline. */
type StoredTag = Omit<DetectedTag, keyof TagPlacement> & Partial<TagPlacement>;

function toDocument(r: DocumentRow): Required<DocumentRecord> {
  const pages = JSON.parse(r.pages) as { width: number; height: number }[];
  return {
    id: r.id,
    packageId: (r.package_id ?? r.template_id)!,
    name: r.name,
    fileName: r.file_name,
    contentType: r.content_type,
    size: Number(r.size),
    sha256: r.sha256,
    pdfSha256: r.pdf_sha256 ?? r.sha256,
    pdfSize: r.pdf_size === null ? null : Number(r.pdf_size),
    pageCount: Number(r.page_count),
    pages,
    order: Number(r.order_index),
    createdOn: r.created_on,
    detectedTagCount: Number(r.detected_tag_count),
    // Tags stored before fields were computed get an estimate from their own box (withPlacement).
    detectedTags:
      r.detected_tags === null
        ? null
        : (JSON.parse(r.detected_tags) as StoredTag[]).map((t) => withPlacement(t, pages)),
  };
}

/** Documents of packages (contract §6.2), or of templates (§7) with TEMPLATE_TABLES. */
export class DocumentStore {
  readonly table: string;
  private readonly owner: string;
  private readonly COLUMNS: string;

  constructor(
    private readonly db: SqlExecutor,
    tables: OwnedTables = PACKAGE_TABLES,
  ) {
    this.table = tables.documents;
    this.owner = tables.ownerColumn;
    this.COLUMNS = columns(tables);
  }

  async insert(d: DocumentRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO ${this.table} (${this.COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        d.id,
        d.packageId,
        d.name,
        d.fileName,
        d.contentType,
        d.size,
        d.sha256,
        d.pdfSha256 ?? d.sha256,
        d.pdfSize ?? (d.pdfSha256 === undefined || d.pdfSha256 === d.sha256 ? d.size : null),
        d.pageCount,
        JSON.stringify(d.pages),
        d.order,
        d.createdOn,
        d.detectedTagCount,
        d.detectedTags === undefined || d.detectedTags === null ? null : JSON.stringify(d.detectedTags),
      ],
    );
  }

  async get(packageId: string, id: string): Promise<Required<DocumentRecord> | null> {
    const row = await this.db.get<DocumentRow>(
      `SELECT ${this.COLUMNS} FROM ${this.table} WHERE ${this.owner} = ? AND id = ?`,
      [packageId, id],
    );
    return row ? toDocument(row) : null;
  }

  /** The package's documents in their order (ties by when they were added). */
  async list(packageId: string): Promise<Required<DocumentRecord>[]> {
    const rows = await this.db.all<DocumentRow>(
      `SELECT ${this.COLUMNS} FROM ${this.table} WHERE ${this.owner} = ? ORDER BY order_index, created_on, id`,
      [packageId],
    );
    return rows.map(toDocument);
  }

  /** How many documents and bytes the package holds (the §6.2 package limits). */
  async totals(packageId: string): Promise<{ count: number; bytes: number; lastOrder: number }> {
    const row = await this.db.get<{ n: number | string; bytes: number | string | null; last: number | null }>(
      `SELECT COUNT(*) AS n, SUM(size) AS bytes, MAX(order_index) AS last FROM ${this.table} WHERE ${this.owner} = ?`,
      [packageId],
    );
    return { count: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0), lastOrder: Number(row?.last ?? 0) };
  }

  async setDetectedTags(id: string, tags: DetectedTag[]): Promise<void> {
    await this.db.run(`UPDATE ${this.table} SET detected_tags = ?, detected_tag_count = ? WHERE id = ?`, [
      JSON.stringify(tags),
      tags.length,
      id,
    ]);
  }

  async delete(packageId: string, id: string): Promise<void> {
    await this.db.run(`DELETE FROM ${this.table} WHERE ${this.owner} = ? AND id = ?`, [packageId, id]);
  }

  /** The blobs of a package's documents (both kinds), to queue as garbage when the package goes. */
  async blobsOf(packageId: string): Promise<string[]> {
    const rows = await this.db.all<{ sha256: string; pdf_sha256: string | null }>(
      `SELECT sha256, pdf_sha256 FROM ${this.table} WHERE ${this.owner} = ?`,
      [packageId],
    );
    return [...new Set(rows.flatMap((r) => [r.sha256, r.pdf_sha256 ?? r.sha256]))];
  }

  /**
   * Copies every document row of one owner to another (the bytes are shared by hash), into this
   * store's table or `into`'s (a template's documents into a package); old id → new id.
   */
  async copyAll(
    from: string,
    to: string,
    newId: () => string,
    into: DocumentStore = this,
  ): Promise<Map<string, string>> {
    const rows = await this.db.all<{ id: string }>(
      `SELECT id FROM ${this.table} WHERE ${this.owner} = ? ORDER BY order_index, created_on, id`,
      [from],
    );
    const ids = new Map<string, string>();
    for (const { id } of rows) {
      const copy = newId();
      ids.set(id, copy);
      await this.db.run(
        `INSERT INTO ${into.table} (${into.COLUMNS})
         SELECT ?, ?, name, file_name, content_type, size, sha256, pdf_sha256, pdf_size, page_count, pages,
           order_index, created_on, detected_tag_count, detected_tags FROM ${this.table} WHERE id = ?`,
        [copy, to, id],
      );
    }
    return ids;
  }
}

export interface UploadSessionRecord {
  id: string;
  tenantId: string;
  /** Its owner: the package (or, in template_upload_sessions, the template) the document is for. */
  packageId: string;
  fileName: string;
  name: string | null;
  contentType: string;
  size: number;
  sha256: string | null;
  blockSize: number;
  blockCount: number;
  createdOn: string;
  expiresOn: string;
  /**
   * When a commit claimed the session (it is being committed), or null. A claim made before
   * `staleBefore` in the methods below counts as none: its process died mid-commit.
   */
  claimedOn?: string | null;
}

export interface UploadBlockRecord {
  n: number;
  sha256: string;
  size: number;
}

const sessionColumns = (
  t: OwnedTables,
) => `id, tenant_id, ${t.ownerColumn}, file_name, name, content_type, size, sha256, block_size,
  block_count, created_on, expires_on`;

interface SessionRow {
  id: string;
  tenant_id: string;
  package_id?: string;
  template_id?: string;
  file_name: string;
  name: string | null;
  content_type: string;
  size: number | string;
  sha256: string | null;
  block_size: number | string;
  block_count: number | string;
  created_on: string;
  expires_on: string;
  commit_claimed_on?: string | null;
}

function toSession(r: SessionRow): UploadSessionRecord {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    packageId: (r.package_id ?? r.template_id)!,
    fileName: r.file_name,
    name: r.name,
    contentType: r.content_type,
    size: Number(r.size),
    sha256: r.sha256,
    blockSize: Number(r.block_size),
    blockCount: Number(r.block_count),
    createdOn: r.created_on,
    expiresOn: r.expires_on,
    claimedOn: r.commit_claimed_on ?? null,
  };
}

/** No claim, or one made before the bound (`?`): the session is open. */
const UNCLAIMED = `(commit_claim IS NULL OR commit_claimed_on <= ?)`;

/** Chunked upload sessions and their staged blocks (of packages, or of templates with TEMPLATE_TABLES). */
export class UploadStore {
  private readonly sessions: string;
  private readonly blocksTable: string;
  private readonly owner: string;
  private readonly SESSION_COLUMNS: string;

  constructor(
    private readonly db: SqlExecutor,
    tables: OwnedTables = PACKAGE_TABLES,
  ) {
    this.sessions = tables.sessions;
    this.blocksTable = tables.blocks;
    this.owner = tables.ownerColumn;
    this.SESSION_COLUMNS = sessionColumns(tables);
  }

  async insert(u: UploadSessionRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO ${this.sessions} (${this.SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        u.id,
        u.tenantId,
        u.packageId,
        u.fileName,
        u.name,
        u.contentType,
        u.size,
        u.sha256,
        u.blockSize,
        u.blockCount,
        u.createdOn,
        u.expiresOn,
      ],
    );
  }

  /**
   * A session of the package (open or claimed: see claimedOn), or null (never another tenant's: the
   * package is checked first).
   */
  async get(packageId: string, id: string): Promise<UploadSessionRecord | null> {
    const row = await this.db.get<SessionRow>(
      `SELECT ${this.SESSION_COLUMNS}, commit_claimed_on FROM ${this.sessions} WHERE ${this.owner} = ? AND id = ?`,
      [packageId, id],
    );
    return row ? toSession(row) : null;
  }

  async blocks(sessionId: string): Promise<UploadBlockRecord[]> {
    const rows = await this.db.all<{ n: number | string; sha256: string; size: number | string }>(
      `SELECT n, sha256, size FROM ${this.blocksTable} WHERE session_id = ? ORDER BY n`,
      [sessionId],
    );
    return rows.map((r) => ({ n: Number(r.n), sha256: r.sha256, size: Number(r.size) }));
  }

  /**
   * Records a staged block; staging the same block again replaces it (idempotent retries); answers
   * the blob it replaced, if another. One statement whatever ran meanwhile: two requests staging
   * the same block at once both succeed (a SELECT then INSERT let the second fail on the key). The
   * caller holds the session's row (holdOpen), so what was read before is what was replaced.
   */
  async putBlock(sessionId: string, block: UploadBlockRecord): Promise<string | null> {
    const old = await this.db.get<{ sha256: string }>(
      `SELECT sha256 FROM ${this.blocksTable} WHERE session_id = ? AND n = ?`,
      [sessionId, block.n],
    );
    await this.db.run(
      `INSERT INTO ${this.blocksTable} (session_id, n, sha256, size) VALUES (?, ?, ?, ?)
       ON CONFLICT (session_id, n) DO UPDATE SET sha256 = excluded.sha256, size = excluded.size`,
      [sessionId, block.n, block.sha256, block.size],
    );
    return old && old.sha256 !== block.sha256 ? old.sha256 : null;
  }

  /**
   * In a transaction: whether the session is there and open (not claimed by a live commit); it is
   * then held (its row locked on PostgreSQL; SQLite's writer is one) until the transaction ends,
   * so a commit cannot claim it in between and miss the block this transaction records.
   */
  async holdOpen(sessionId: string, staleBefore: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE ${this.sessions} SET commit_claim = NULL, commit_claimed_on = NULL WHERE id = ? AND ${UNCLAIMED}`,
        [sessionId, staleBefore],
      )) === 1
    );
  }

  /**
   * A commit claims the session (open, unexpired at `now`) with its own token: true for exactly one
   * of commits, aborts and blocks that race.
   */
  async claim(sessionId: string, token: string, now: string, staleBefore: string): Promise<boolean> {
    return (
      (await this.db.run(
        `UPDATE ${this.sessions} SET commit_claim = ?, commit_claimed_on = ?
         WHERE id = ? AND expires_on > ? AND ${UNCLAIMED}`,
        [token, now, sessionId, now, staleBefore],
      )) === 1
    );
  }

  /** A commit that failed gives its claim back (not another's, if its own went stale and was taken). */
  async release(sessionId: string, token: string): Promise<void> {
    await this.db.run(
      `UPDATE ${this.sessions} SET commit_claim = NULL, commit_claimed_on = NULL WHERE id = ? AND commit_claim = ?`,
      [sessionId, token],
    );
  }

  /**
   * At start: the claims that `instance` made (their tokens begin `<instance>:`), or every claim
   * (null): none of its commits is at work. Answers how many.
   */
  async releaseClaims(instance: string | null): Promise<number> {
    return instance === null
      ? this.db.run(
          `UPDATE ${this.sessions} SET commit_claim = NULL, commit_claimed_on = NULL WHERE commit_claim IS NOT NULL`,
        )
      : this.db.run(
          `UPDATE ${this.sessions} SET commit_claim = NULL, commit_claimed_on = NULL WHERE commit_claim LIKE ?`,
          [`${instance}:%`],
        );
  }

  /** Whether the session exists (whatever its package): the start-up sweep of staged files asks. */
  async exists(sessionId: string): Promise<boolean> {
    return !!(await this.db.get(`SELECT 1 AS found FROM ${this.sessions} WHERE id = ?`, [sessionId]));
  }

  /** Forgets staged blocks (their bytes were lost): they must be sent again. */
  async dropBlocks(sessionId: string, ns: readonly number[]): Promise<void> {
    for (const n of ns) {
      await this.db.run(`DELETE FROM ${this.blocksTable} WHERE session_id = ? AND n = ?`, [sessionId, n]);
    }
  }

  /**
   * Deletes a session (its blocks go with it); answers the blocks' blobs, to queue as garbage, or
   * null when no row was deleted: the session was gone, or `only` says it must be open (an abort:
   * `{ staleBefore }`) or claimed by this token (the commit that records its document).
   */
  async delete(
    sessionId: string,
    only?: { staleBefore: string } | { claim: string },
  ): Promise<string[] | null> {
    const blocks = await this.blocks(sessionId);
    const [condition, params] =
      only === undefined
        ? ["", []]
        : "claim" in only
          ? [" AND commit_claim = ?", [only.claim]]
          : [` AND ${UNCLAIMED}`, [only.staleBefore]];
    const deleted = await this.db.run(`DELETE FROM ${this.sessions} WHERE id = ?${condition}`, [
      sessionId,
      ...params,
    ]);
    if (deleted !== 1) return null;
    return [...new Set(blocks.map((b) => b.sha256))];
  }

  /** Sessions past their expiry, oldest first. */
  async expired(now: string, limit: number): Promise<UploadSessionRecord[]> {
    const rows = await this.db.all<SessionRow>(
      `SELECT ${this.SESSION_COLUMNS}, commit_claimed_on FROM ${this.sessions} WHERE expires_on <= ? ORDER BY expires_on LIMIT ?`,
      [now, limit],
    );
    return rows.map(toSession);
  }

  /** The blobs of every staged block of the package's sessions (queued as garbage when the package goes). */
  async blobsOfPackage(packageId: string): Promise<string[]> {
    const rows = await this.db.all<{ sha256: string }>(
      `SELECT DISTINCT b.sha256 FROM ${this.blocksTable} b JOIN ${this.sessions} s ON s.id = b.session_id
       WHERE s.${this.owner} = ?`,
      [packageId],
    );
    return rows.map((r) => r.sha256);
  }
}

/** Blobs that may have lost their last reference, and the check whether anything still refers to one. */
export class BlobGarbageStore {
  /**
   * `instance` names the service instance that queues (see migration 23), or null when none is set
   * (local files, where a start collects everything; the admin tool).
   */
  constructor(
    private readonly db: SqlExecutor,
    private readonly instance: () => string | null = () => null,
  ) {}

  /** Queues blobs (again): the grace period starts now. */
  async queue(sha256s: readonly string[], now: string): Promise<void> {
    const instance = this.instance();
    // In one order whatever the caller's: two transactions queuing the same pair (a block replaced
    // by another's) lock the rows alike instead of deadlocking on PostgreSQL.
    for (const sha256 of [...new Set(sha256s)].sort()) {
      // Blocks staged in a session file (local files) record a checksum there, not a blob's key.
      if (!/^[0-9a-f]{64}$/.test(sha256)) continue;
      await this.db.run(
        `INSERT INTO blob_garbage (sha256, queued_on) VALUES (?, ?)
         ON CONFLICT (sha256) DO UPDATE SET queued_on = excluded.queued_on`,
        [sha256, now],
      );
      if (instance !== null) {
        await this.db.run(
          `INSERT INTO blob_garbage_queuers (sha256, instance, queued_on) VALUES (?, ?, ?)
           ON CONFLICT (sha256, instance) DO UPDATE SET queued_on = excluded.queued_on`,
          [sha256, instance, now],
        );
      }
    }
  }

  /**
   * Queued blobs that `instance` queued last (nothing queued them since) and no other instance
   * queued, oldest first.
   */
  async queuedOnlyBy(instance: string, limit: number): Promise<{ sha256: string; queuedOn: string }[]> {
    const rows = await this.db.all<{ sha256: string; queued_on: string }>(
      `SELECT g.sha256, g.queued_on FROM blob_garbage g
       JOIN blob_garbage_queuers q ON q.sha256 = g.sha256 AND q.instance = ? AND q.queued_on = g.queued_on
       WHERE NOT EXISTS (
         SELECT 1 FROM blob_garbage_queuers o WHERE o.sha256 = g.sha256 AND o.instance <> ?
       )
       ORDER BY g.queued_on, g.sha256 LIMIT ?`,
      [instance, instance, limit],
    );
    return rows.map((r) => ({ sha256: r.sha256, queuedOn: r.queued_on }));
  }

  /** Queued blobs whose grace period ended before `before`. */
  async due(before: string, limit: number): Promise<{ sha256: string; queuedOn: string }[]> {
    const rows = await this.db.all<{ sha256: string; queued_on: string }>(
      `SELECT sha256, queued_on FROM blob_garbage WHERE queued_on <= ? ORDER BY queued_on LIMIT ?`,
      [before, limit],
    );
    return rows.map((r) => ({ sha256: r.sha256, queuedOn: r.queued_on }));
  }

  async isReferenced(sha256: string): Promise<boolean> {
    const row = await this.db.get<{ found: number }>(
      `SELECT 1 AS found WHERE EXISTS (SELECT 1 FROM package_documents WHERE sha256 = ?)
         OR EXISTS (SELECT 1 FROM package_documents WHERE pdf_sha256 = ?)
         OR EXISTS (SELECT 1 FROM upload_blocks WHERE sha256 = ?)
         OR EXISTS (SELECT 1 FROM template_documents WHERE sha256 = ?)
         OR EXISTS (SELECT 1 FROM template_documents WHERE pdf_sha256 = ?)
         OR EXISTS (SELECT 1 FROM template_upload_blocks WHERE sha256 = ?)
         OR EXISTS (SELECT 1 FROM package_completion_files WHERE sha256 = ?)
         OR EXISTS (SELECT 1 FROM signing_attachments WHERE sha256 = ?)`,
      [sha256, sha256, sha256, sha256, sha256, sha256, sha256, sha256],
    );
    return row !== undefined && row !== null;
  }

  /** Takes the entry off the queue if it was not queued again since `queuedOn`; true when it was taken. */
  async take(sha256: string, queuedOn: string): Promise<boolean> {
    const taken =
      (await this.db.run(`DELETE FROM blob_garbage WHERE sha256 = ? AND queued_on = ?`, [sha256, queuedOn])) >
      0;
    if (taken) await this.db.run(`DELETE FROM blob_garbage_queuers WHERE sha256 = ?`, [sha256]);
    return taken;
  }
}
