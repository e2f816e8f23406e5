import type { TagType } from "../../tags/types";
import type { SqlExecutor } from "./driver";
import { PACKAGE_TABLES, type OwnedTables } from "./owned-tables";

/**
 * A field placed on a document for a package's signer; in template_annotations, for a template's
 * role (then packageId is the template's id and signerId the role's).
 */
export interface AnnotationRecord {
  id: string;
  packageId: string;
  seq: number;
  documentId: string;
  signerId: string;
  type: TagType;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: boolean;
  label: string | null;
  group: string | null;
  options: string[] | null;
  value: string | null;
  source: "Manual" | "TextTag";
  isCompleted: boolean;
  completedOn: string | null;
  createdOn: string;
}

/** A document as annotations and validation need it: its pages' sizes in points. */
export interface DocumentPages {
  id: string;
  name: string;
  pages: { width: number; height: number }[];
}

interface AnnotationRow {
  id: string;
  package_id?: string;
  template_id?: string;
  seq: number;
  document_id: string;
  signer_id?: string;
  role_id?: string;
  type: TagType;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  required: number;
  label: string | null;
  group_name: string | null;
  options: string | null;
  value: string | null;
  source: "Manual" | "TextTag";
  is_completed: number;
  completed_on: string | null;
  created_on: string;
}

const columns = (
  t: OwnedTables,
) => `id, ${t.ownerColumn}, seq, document_id, ${t.slotColumn}, type, page, x, y, width, height, required,
  label, group_name, options, value, source, is_completed, completed_on, created_on`;

function toAnnotation(r: AnnotationRow): AnnotationRecord {
  return {
    id: r.id,
    packageId: (r.package_id ?? r.template_id)!,
    seq: Number(r.seq),
    documentId: r.document_id,
    signerId: (r.signer_id ?? r.role_id)!,
    type: r.type,
    page: Number(r.page),
    x: Number(r.x),
    y: Number(r.y),
    width: Number(r.width),
    height: Number(r.height),
    required: Boolean(r.required),
    label: r.label,
    group: r.group_name,
    options: r.options === null ? null : (JSON.parse(r.options) as string[]),
    value: r.value,
    source: r.source,
    isCompleted: Boolean(r.is_completed),
    completedOn: r.completed_on,
    createdOn: r.created_on,
  };
}

function values(a: AnnotationRecord): unknown[] {
  return [
    a.id,
    a.packageId,
    a.seq,
    a.documentId,
    a.signerId,
    a.type,
    a.page,
    a.x,
    a.y,
    a.width,
    a.height,
    a.required ? 1 : 0,
    a.label,
    a.group,
    a.options === null ? null : JSON.stringify(a.options),
    a.value,
    a.source,
    a.isCompleted ? 1 : 0,
    a.completedOn,
    a.createdOn,
  ];
}

/**
 * Annotations (fields placed on documents for signers) and the documents' page sizes they lie on;
 * a template's (tied to roles) with TEMPLATE_TABLES.
 */
export class AnnotationStore {
  private readonly t: OwnedTables;
  private readonly COLUMNS: string;

  constructor(
    private readonly db: SqlExecutor,
    tables: OwnedTables = PACKAGE_TABLES,
  ) {
    this.t = tables;
    this.COLUMNS = columns(tables);
  }

  async list(packageId: string): Promise<AnnotationRecord[]> {
    const rows = await this.db.all<AnnotationRow>(
      `SELECT ${this.COLUMNS} FROM ${this.t.annotations} WHERE ${this.t.ownerColumn} = ? ORDER BY seq`,
      [packageId],
    );
    return rows.map(toAnnotation);
  }

  async get(packageId: string, id: string): Promise<AnnotationRecord | null> {
    const row = await this.db.get<AnnotationRow>(
      `SELECT ${this.COLUMNS} FROM ${this.t.annotations} WHERE ${this.t.ownerColumn} = ? AND id = ?`,
      [packageId, id],
    );
    return row ? toAnnotation(row) : null;
  }

  async nextSeq(packageId: string): Promise<number> {
    const row = await this.db.get<{ n: number | string | null }>(
      `SELECT MAX(seq) AS n FROM ${this.t.annotations} WHERE ${this.t.ownerColumn} = ?`,
      [packageId],
    );
    return Number(row?.n ?? 0) + 1;
  }

  async insert(a: AnnotationRecord): Promise<void> {
    const v = values(a);
    await this.db.run(
      `INSERT INTO ${this.t.annotations} (${this.COLUMNS}) VALUES (${v.map(() => "?").join(", ")})`,
      v,
    );
  }

  async update(a: AnnotationRecord): Promise<void> {
    const [id, ...rest] = values(a);
    const columns = this.COLUMNS.split(",")
      .map((c) => c.trim())
      .slice(1)
      .map((c) => `${c} = ?`);
    await this.db.run(`UPDATE ${this.t.annotations} SET ${columns.join(", ")} WHERE id = ?`, [...rest, id]);
  }

  async delete(packageId: string, id: string): Promise<void> {
    await this.db.run(`DELETE FROM ${this.t.annotations} WHERE ${this.t.ownerColumn} = ? AND id = ?`, [
      packageId,
      id,
    ]);
  }

  /** Moves a signer's annotations to another signer of the package (reassign). */
  async reassign(packageId: string, from: string, to: string): Promise<void> {
    await this.db.run(
      `UPDATE ${this.t.annotations} SET ${this.t.slotColumn} = ? WHERE ${this.t.ownerColumn} = ? AND ${this.t.slotColumn} = ?`,
      [to, packageId, from],
    );
  }

  async count(packageId: string): Promise<number> {
    const row = await this.db.get<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM ${this.t.annotations} WHERE ${this.t.ownerColumn} = ?`,
      [packageId],
    );
    return Number(row?.n ?? 0);
  }

  /**
   * The package a document or signer of this tenant belongs to, or null: lets a refusal say "of
   * another package" rather than "no such", without telling anything about other tenants.
   */
  async ownerOf(tenantId: string, kind: "document" | "signer", id: string): Promise<string | null> {
    const table = kind === "document" ? this.t.documents : this.t.slots;
    const row = await this.db.get<{ owner_id: string }>(
      `SELECT t.${this.t.ownerColumn} AS owner_id FROM ${table} t JOIN ${this.t.owners} p ON p.id = t.${this.t.ownerColumn}
       WHERE t.id = ? AND p.tenant_id = ?`,
      [id, tenantId],
    );
    return row?.owner_id ?? null;
  }

  /** Deletes every annotation of the owner (a template's reset); answers how many. */
  async deleteAll(ownerId: string): Promise<number> {
    return this.db.run(`DELETE FROM ${this.t.annotations} WHERE ${this.t.ownerColumn} = ?`, [ownerId]);
  }

  /** The package's documents with their page sizes, in order. */
  async documents(packageId: string): Promise<DocumentPages[]> {
    const rows = await this.db.all<{ id: string; name: string; pages: string }>(
      `SELECT id, name, pages FROM ${this.t.documents} WHERE ${this.t.ownerColumn} = ? ORDER BY order_index, created_on`,
      [packageId],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      pages: JSON.parse(r.pages) as { width: number; height: number }[],
    }));
  }
}
