// A package's (or template's) document rows: what was uploaded and the PDF the signers see.
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
