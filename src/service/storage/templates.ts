import type { Dialect, SqlExecutor } from "./driver";

/** A template (contract §7): a package's shape without its people. */
export interface TemplateRecord {
  id: string;
  tenantId: string;
  name: string;
  description: string | null;
  createdOn: string;
  updatedOn: string;
  roleCount: number;
  documentCount: number;
}

/** A signer slot of a template, filled with a person or a signing group when the template is used. */
export interface TemplateRoleRecord {
  id: string;
  templateId: string;
  /** Order of addition: ties of routing order keep it (a tag's `signer N`). */
  seq: number;
  name: string;
  routingOrder: number;
  type: string;
  createdOn: string;
}

interface TemplateRow {
  id: string;
  tenant_id: string;
  name: string;
  description: string | null;
  created_on: string;
  updated_on: string;
  role_count: number | string;
  document_count: number | string;
}

interface RoleRow {
  id: string;
  template_id: string;
  seq: number | string;
  name: string;
  routing_order: number | string;
  type: string;
  created_on: string;
}

const TEMPLATE_SELECT = `SELECT t.id, t.tenant_id, t.name, t.description, t.created_on, t.updated_on,
  (SELECT COUNT(*) FROM template_roles r WHERE r.template_id = t.id) AS role_count,
  (SELECT COUNT(*) FROM template_documents d WHERE d.template_id = t.id) AS document_count
  FROM templates t`;
const ROLE_COLUMNS = `id, template_id, seq, name, routing_order, type, created_on`;

const toTemplate = (r: TemplateRow): TemplateRecord => ({
  id: r.id,
  tenantId: r.tenant_id,
  name: r.name,
  description: r.description,
  createdOn: r.created_on,
  updatedOn: r.updated_on,
  roleCount: Number(r.role_count),
  documentCount: Number(r.document_count),
});

const toRole = (r: RoleRow): TemplateRoleRecord => ({
  id: r.id,
  templateId: r.template_id,
  seq: Number(r.seq),
  name: r.name,
  routingOrder: Number(r.routing_order),
  type: r.type,
  createdOn: r.created_on,
});

/** templates and template_roles (migration 19). */
export class TemplateStore {
  constructor(
    private readonly db: SqlExecutor,
    private readonly dialect: Dialect,
  ) {}

  async insert(t: Omit<TemplateRecord, "roleCount" | "documentCount">): Promise<void> {
    await this.db.run(
      `INSERT INTO templates (id, tenant_id, name, description, created_on, updated_on) VALUES (?, ?, ?, ?, ?, ?)`,
      [t.id, t.tenantId, t.name, t.description, t.createdOn, t.updatedOn],
    );
  }

  async get(tenantId: string, id: string): Promise<TemplateRecord | null> {
    const row = await this.db.get<TemplateRow>(`${TEMPLATE_SELECT} WHERE t.tenant_id = ? AND t.id = ?`, [
      tenantId,
      id,
    ]);
    return row ? toTemplate(row) : null;
  }

  /**
   * The template, locked for the rest of the transaction on PostgreSQL (writers of one template take
   * turns); SQLite transactions already exclude each other.
   */
  async lock(tenantId: string, id: string): Promise<TemplateRecord | null> {
    if (this.dialect === "postgres") {
      const locked = await this.db.get<{ id: string }>(
        `SELECT id FROM templates WHERE tenant_id = ? AND id = ? FOR UPDATE`,
        [tenantId, id],
      );
      if (!locked) return null;
    }
    return this.get(tenantId, id);
  }

  /** The tenant's templates, newest first (name search when given), and their count. */
  async list(q: {
    tenantId: string;
    search: string | null;
    offset: number;
    limit: number;
  }): Promise<{ items: TemplateRecord[]; totalCount: number }> {
    const where = `t.tenant_id = ?${q.search ? " AND LOWER(t.name) LIKE ? ESCAPE '\\'" : ""}`;
    const params: unknown[] = [q.tenantId];
    if (q.search) params.push(`%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const rows = await this.db.all<TemplateRow>(
      `${TEMPLATE_SELECT} WHERE ${where} ORDER BY t.created_on DESC, t.id DESC LIMIT ? OFFSET ?`,
      [...params, q.limit, q.offset],
    );
    const count = await this.db.get<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM templates t WHERE ${where}`,
      params,
    );
    return { items: rows.map(toTemplate), totalCount: Number(count?.n ?? 0) };
  }

  async update(t: TemplateRecord): Promise<void> {
    await this.db.run(`UPDATE templates SET name = ?, description = ?, updated_on = ? WHERE id = ?`, [
      t.name,
      t.description,
      t.updatedOn,
      t.id,
    ]);
  }

  async touch(id: string, updatedOn: string): Promise<void> {
    await this.db.run(`UPDATE templates SET updated_on = ? WHERE id = ?`, [updatedOn, id]);
  }

  /** Deletes the tenant's template (its roles go with it); false when there is none. */
  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await this.db.run(`DELETE FROM templates WHERE tenant_id = ? AND id = ?`, [tenantId, id])) > 0;
  }

  // Roles

  async roles(templateId: string): Promise<TemplateRoleRecord[]> {
    const rows = await this.db.all<RoleRow>(
      `SELECT ${ROLE_COLUMNS} FROM template_roles WHERE template_id = ? ORDER BY routing_order, seq`,
      [templateId],
    );
    return rows.map(toRole);
  }

  async role(templateId: string, id: string): Promise<TemplateRoleRecord | null> {
    const row = await this.db.get<RoleRow>(
      `SELECT ${ROLE_COLUMNS} FROM template_roles WHERE template_id = ? AND id = ?`,
      [templateId, id],
    );
    return row ? toRole(row) : null;
  }

  async nextRoleSeq(templateId: string): Promise<number> {
    const row = await this.db.get<{ n: number | string | null }>(
      `SELECT MAX(seq) AS n FROM template_roles WHERE template_id = ?`,
      [templateId],
    );
    return Number(row?.n ?? 0) + 1;
  }

  async insertRole(r: TemplateRoleRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO template_roles (id, template_id, seq, name, name_lower, routing_order, type, created_on)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [r.id, r.templateId, r.seq, r.name, r.name.toLowerCase(), r.routingOrder, r.type, r.createdOn],
    );
  }

  async updateRole(r: TemplateRoleRecord): Promise<void> {
    await this.db.run(
      `UPDATE template_roles SET name = ?, name_lower = ?, routing_order = ?, type = ? WHERE id = ?`,
      [r.name, r.name.toLowerCase(), r.routingOrder, r.type, r.id],
    );
  }

  async deleteRole(templateId: string, id: string): Promise<boolean> {
    return (
      (await this.db.run(`DELETE FROM template_roles WHERE template_id = ? AND id = ?`, [templateId, id])) > 0
    );
  }

  // Documents whose tag detection failed (migration 20)

  /** Why each failed document of the template failed, by document id. */
  async failures(templateId: string): Promise<Map<string, string>> {
    const rows = await this.db.all<{ document_id: string; error: string }>(
      `SELECT f.document_id, f.error FROM template_document_failures f
       JOIN template_documents d ON d.id = f.document_id WHERE d.template_id = ?`,
      [templateId],
    );
    return new Map(rows.map((r) => [r.document_id, r.error]));
  }

  /** Records that the document's processing failed (error), or that it no longer has (null). */
  async setFailure(documentId: string, error: string | null, at: string): Promise<void> {
    await this.db.run(`DELETE FROM template_document_failures WHERE document_id = ?`, [documentId]);
    if (error !== null) {
      await this.db.run(
        `INSERT INTO template_document_failures (document_id, error, failed_on) VALUES (?, ?, ?)`,
        [documentId, error, at],
      );
    }
  }

  /** The blobs of the template's documents and staged blocks (queued as garbage when it goes). */
  async blobsOf(templateId: string): Promise<string[]> {
    const rows = await this.db.all<{ sha256: string; pdf_sha256: string | null }>(
      `SELECT sha256, pdf_sha256 FROM template_documents WHERE template_id = ?
       UNION ALL SELECT b.sha256, NULL FROM template_upload_blocks b
         JOIN template_upload_sessions s ON s.id = b.session_id WHERE s.template_id = ?`,
      [templateId, templateId],
    );
    return [...new Set(rows.flatMap((r) => (r.pdf_sha256 ? [r.sha256, r.pdf_sha256] : [r.sha256])))];
  }

  /** The ids of the template's upload sessions (their staged files go when it goes). */
  async uploadIds(templateId: string): Promise<string[]> {
    const rows = await this.db.all<{ id: string }>(
      `SELECT id FROM template_upload_sessions WHERE template_id = ?`,
      [templateId],
    );
    return rows.map((r) => r.id);
  }
}
