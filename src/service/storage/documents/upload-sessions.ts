// Chunked upload sessions, their staged blocks and the claim a commit takes on a session.
import type { SqlExecutor } from "../driver";
import { PACKAGE_TABLES, type OwnedTables } from "../owned-tables";

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
