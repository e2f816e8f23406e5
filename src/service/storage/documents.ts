import type { SqlExecutor } from "./driver";

/** A stored document's row (contract §6.2 DocumentApiResponse); its bytes are in the blob store by sha256. */
export interface DocumentRecord {
  id: string;
  packageId: string;
  name: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  pageCount: number;
  pages: { width: number; height: number }[];
  order: number;
  createdOn: string;
  detectedTagCount: number;
}

const COLUMNS = `id, package_id, name, file_name, content_type, size, sha256, page_count, pages, order_index,
  created_on, detected_tag_count`;

/** Documents of packages. Uploads and tag detection (contract §6.2) build on these rows. */
export class DocumentStore {
  constructor(private readonly db: SqlExecutor) {}

  async insert(d: DocumentRecord): Promise<void> {
    await this.db.run(
      `INSERT INTO package_documents (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        d.id,
        d.packageId,
        d.name,
        d.fileName,
        d.contentType,
        d.size,
        d.sha256,
        d.pageCount,
        JSON.stringify(d.pages),
        d.order,
        d.createdOn,
        d.detectedTagCount,
      ],
    );
  }

  /** Copies every document row of one package to another (the bytes are shared by hash); old id → new id. */
  async copyAll(from: string, to: string, newId: () => string): Promise<Map<string, string>> {
    const rows = await this.db.all<{ id: string }>(`SELECT id FROM package_documents WHERE package_id = ?`, [
      from,
    ]);
    const ids = new Map<string, string>();
    for (const { id } of rows) {
      const copy = newId();
      ids.set(id, copy);
      await this.db.run(
        `INSERT INTO package_documents (${COLUMNS})
         SELECT ?, ?, name, file_name, content_type, size, sha256, page_count, pages, order_index, created_on,
           detected_tag_count FROM package_documents WHERE id = ?`,
        [copy, to, id],
      );
    }
    return ids;
  }
}
