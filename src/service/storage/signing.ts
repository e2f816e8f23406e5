import type { SqlExecutor } from "./driver";

/** Secrets the service makes for itself and shares between its instances through the database. */
export class ServiceKeyStore {
  constructor(private readonly db: SqlExecutor) {}

  /**
   * The secret of that name; `fresh` is stored first when there is none. Two instances starting at
   * once both insert; the first one's wins and both read it.
   */
  async getOrCreate(name: string, fresh: string, at: string): Promise<string> {
    await this.db.run(
      `INSERT INTO service_keys (name, secret, created_on) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING`,
      [name, fresh, at],
    );
    const row = await this.db.get<{ secret: string }>(`SELECT secret FROM service_keys WHERE name = ?`, [
      name,
    ]);
    return row!.secret;
  }
}

/** One person's link to one signer slot (a mail's link has its outbox row's id). */
export interface SigningLinkRecord {
  id: string;
  tenantId: string;
  packageId: string;
  signerId: string;
  email: string;
  /** caseKey(email): compared with the slot's person or its group members. */
  emailLower: string;
  name: string | null;
  createdOn: string;
  /** Links of the signing-url operation end; a mail's link lives as long as the slot is theirs. */
  expiresOn: string | null;
  returnUrl: string | null;
}

interface LinkRow {
  id: string;
  tenant_id: string;
  package_id: string;
  signer_id: string;
  email: string;
  email_lower: string;
  name: string | null;
  created_on: string;
  expires_on: string | null;
  return_url: string | null;
}

const LINK_COLUMNS = `id, tenant_id, package_id, signer_id, email, email_lower, name, created_on, expires_on, return_url`;

const toLink = (r: LinkRow): SigningLinkRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  packageId: r.package_id,
  signerId: r.signer_id,
  email: r.email,
  emailLower: r.email_lower,
  name: r.name,
  createdOn: r.created_on,
  expiresOn: r.expires_on,
  returnUrl: r.return_url,
});

export class SigningLinkStore {
  constructor(private readonly db: SqlExecutor) {}

  async insert(l: SigningLinkRecord): Promise<void> {
    await this.db.run(`INSERT INTO signing_links (${LINK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
      l.id,
      l.tenantId,
      l.packageId,
      l.signerId,
      l.email,
      l.emailLower,
      l.name,
      l.createdOn,
      l.expiresOn,
      l.returnUrl,
    ]);
  }

  /**
   * One link per member of a group slot's snapshot, with the ids OutboxStore.insertForSnapshot gives
   * the same members' mails (`idPrefix-<member seq>`): each mail's link is its own row's.
   */
  async insertForSnapshot(
    idPrefix: string,
    l: { tenantId: string; packageId: string; signerId: string; createdOn: string },
  ): Promise<number> {
    return this.db.run(
      `INSERT INTO signing_links (id, tenant_id, package_id, signer_id, email, email_lower, name, created_on)
       SELECT ? || '-' || CAST(seq AS TEXT), ?, ?, ?, email, email_lower, name, ?
       FROM package_signer_members WHERE signer_id = ?`,
      [idPrefix, l.tenantId, l.packageId, l.signerId, l.createdOn, l.signerId],
    );
  }

  async get(id: string): Promise<SigningLinkRecord | null> {
    const row = await this.db.get<LinkRow>(`SELECT ${LINK_COLUMNS} FROM signing_links WHERE id = ?`, [id]);
    return row ? toLink(row) : null;
  }

  /** The links of the outbox rows given (a mail's link has its row's id). */
  async many(ids: readonly string[]): Promise<Map<string, SigningLinkRecord>> {
    const out = new Map<string, SigningLinkRecord>();
    for (let i = 0; i < ids.length; i += 200) {
      const chunk = ids.slice(i, i + 200);
      if (chunk.length === 0) break;
      const rows = await this.db.all<LinkRow>(
        `SELECT ${LINK_COLUMNS} FROM signing_links WHERE id IN (${chunk.map(() => "?").join(", ")})`,
        chunk,
      );
      for (const r of rows) out.set(r.id, toLink(r));
    }
    return out;
  }

  /** Reassign: the slot has a new signer id; its links follow it (and then answer Reassigned). */
  async moveToSigner(from: string, to: string): Promise<void> {
    await this.db.run(`UPDATE signing_links SET signer_id = ? WHERE signer_id = ?`, [to, from]);
  }
}

export interface SigningAttachmentRecord {
  annotationId: string;
  emailLower: string;
  packageId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  createdOn: string;
}

/** What one person has filled in so far, per field; and the files they attached. */
export class SigningValueStore {
  constructor(private readonly db: SqlExecutor) {}

  /** The person's values for the package's fields, by annotation id. */
  async of(packageId: string, emailLower: string): Promise<Map<string, string>> {
    const rows = await this.db.all<{ annotation_id: string; value: string }>(
      `SELECT annotation_id, value FROM signing_values WHERE package_id = ? AND email_lower = ?`,
      [packageId, emailLower],
    );
    return new Map(rows.map((r) => [r.annotation_id, r.value]));
  }

  /** Sets (or with null clears) one value. */
  async set(
    packageId: string,
    annotationId: string,
    emailLower: string,
    value: string | null,
    at: string,
  ): Promise<void> {
    if (value === null) {
      await this.db.run(`DELETE FROM signing_values WHERE annotation_id = ? AND email_lower = ?`, [
        annotationId,
        emailLower,
      ]);
      return;
    }
    await this.db.run(
      `INSERT INTO signing_values (annotation_id, email_lower, package_id, value, updated_on) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (annotation_id, email_lower) DO UPDATE SET value = excluded.value, updated_on = excluded.updated_on`,
      [annotationId, emailLower, packageId, value, at],
    );
  }

  async setAttachment(a: SigningAttachmentRecord): Promise<string | null> {
    const previous = await this.db.get<{ sha256: string }>(
      `SELECT sha256 FROM signing_attachments WHERE annotation_id = ? AND email_lower = ?`,
      [a.annotationId, a.emailLower],
    );
    await this.db.run(
      `INSERT INTO signing_attachments (annotation_id, email_lower, package_id, file_name, content_type, size, sha256, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (annotation_id, email_lower) DO UPDATE SET file_name = excluded.file_name,
         content_type = excluded.content_type, size = excluded.size, sha256 = excluded.sha256,
         created_on = excluded.created_on`,
      [a.annotationId, a.emailLower, a.packageId, a.fileName, a.contentType, a.size, a.sha256, a.createdOn],
    );
    return previous?.sha256 ?? null;
  }

  /** Forgets the person's file of that field; answers its blob (to queue as garbage), if there was one. */
  async removeAttachment(annotationId: string, emailLower: string): Promise<string | null> {
    const row = await this.db.get<{ sha256: string }>(
      `SELECT sha256 FROM signing_attachments WHERE annotation_id = ? AND email_lower = ?`,
      [annotationId, emailLower],
    );
    if (!row) return null;
    await this.db.run(`DELETE FROM signing_attachments WHERE annotation_id = ? AND email_lower = ?`, [
      annotationId,
      emailLower,
    ]);
    return row.sha256;
  }

  async attachments(packageId: string): Promise<SigningAttachmentRecord[]> {
    const rows = await this.db.all<{
      annotation_id: string;
      email_lower: string;
      package_id: string;
      file_name: string;
      content_type: string;
      size: number | string;
      sha256: string;
      created_on: string;
    }>(
      `SELECT annotation_id, email_lower, package_id, file_name, content_type, size, sha256, created_on
       FROM signing_attachments WHERE package_id = ? ORDER BY created_on`,
      [packageId],
    );
    return rows.map((r) => ({
      annotationId: r.annotation_id,
      emailLower: r.email_lower,
      packageId: r.package_id,
      fileName: r.file_name,
      contentType: r.content_type,
      size: Number(r.size),
      sha256: r.sha256,
      createdOn: r.created_on,
    }));
  }

  /**
   * A slot is done: everyone's drafts of its fields go, but for `keepEmailLower` (the finisher's
   * attachments stay: they are part of the result). Answers the blobs of the attachments dropped.
   */
  async dropDrafts(annotationIds: readonly string[], keepEmailLower: string | null): Promise<string[]> {
    const dropped: string[] = [];
    for (let i = 0; i < annotationIds.length; i += 200) {
      const chunk = annotationIds.slice(i, i + 200);
      if (chunk.length === 0) break;
      const marks = chunk.map(() => "?").join(", ");
      await this.db.run(`DELETE FROM signing_values WHERE annotation_id IN (${marks})`, chunk);
      const keep = keepEmailLower ?? "";
      const rows = await this.db.all<{ sha256: string }>(
        `SELECT sha256 FROM signing_attachments WHERE annotation_id IN (${marks}) AND email_lower <> ?`,
        [...chunk, keep],
      );
      dropped.push(...rows.map((r) => r.sha256));
      await this.db.run(
        `DELETE FROM signing_attachments WHERE annotation_id IN (${marks}) AND email_lower <> ?`,
        [...chunk, keep],
      );
    }
    return dropped;
  }
}
