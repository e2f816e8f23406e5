import type { Migration } from "./types";

// ---- Issue 19 (branch template-docs): a template's documents, uploads and annotations.
export const migration: Migration = {
  version: 20,
  name: "template documents, uploads and annotations",
  statements: [
    // The columns of package_documents (the same store reads both); the bytes are blobs shared by
    // hash with packages' documents, so the blob collector counts these too (isReferenced).
    `CREATE TABLE template_documents (
      id TEXT PRIMARY KEY,
      template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      file_name TEXT NOT NULL,
      content_type TEXT NOT NULL,
      size BIGINT NOT NULL,
      sha256 TEXT NOT NULL,
      pdf_sha256 TEXT,
      pdf_size BIGINT,
      page_count INTEGER NOT NULL,
      pages TEXT NOT NULL,
      order_index INTEGER NOT NULL,
      created_on TEXT NOT NULL,
      detected_tag_count INTEGER NOT NULL,
      detected_tags TEXT
    )`,
    `CREATE INDEX template_documents_by_template ON template_documents (template_id, order_index)`,
    `CREATE INDEX template_documents_by_sha256 ON template_documents (sha256)`,
    `CREATE INDEX template_documents_by_pdf_sha256 ON template_documents (pdf_sha256)`,
    // A document whose tag detection failed (the reader stopped, or ran out of its memory) is
    // kept with its pages; this row says why until a retry succeeds.
    `CREATE TABLE template_document_failures (
      document_id TEXT PRIMARY KEY REFERENCES template_documents(id) ON DELETE CASCADE,
      error TEXT NOT NULL,
      failed_on TEXT NOT NULL
    )`,
    `CREATE TABLE template_upload_sessions (
      id TEXT PRIMARY KEY,
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
      file_name TEXT NOT NULL,
      name TEXT,
      content_type TEXT NOT NULL,
      size BIGINT NOT NULL,
      sha256 TEXT,
      block_size INTEGER NOT NULL,
      block_count INTEGER NOT NULL,
      created_on TEXT NOT NULL,
      expires_on TEXT NOT NULL
    )`,
    `CREATE INDEX template_upload_sessions_by_template ON template_upload_sessions (template_id)`,
    `CREATE INDEX template_upload_sessions_expiring ON template_upload_sessions (expires_on)`,
    `CREATE TABLE template_upload_blocks (
      session_id TEXT NOT NULL REFERENCES template_upload_sessions(id) ON DELETE CASCADE,
      n INTEGER NOT NULL,
      sha256 TEXT NOT NULL,
      size INTEGER NOT NULL,
      PRIMARY KEY (session_id, n)
    )`,
    `CREATE INDEX template_upload_blocks_by_sha256 ON template_upload_blocks (sha256)`,
    // As package_annotations, tied to a role; removing the role or the document removes them.
    `CREATE TABLE template_annotations (
      id TEXT PRIMARY KEY,
      template_id TEXT NOT NULL REFERENCES templates(id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      document_id TEXT NOT NULL REFERENCES template_documents(id) ON DELETE CASCADE,
      role_id TEXT NOT NULL REFERENCES template_roles(id) ON DELETE CASCADE,
      type TEXT NOT NULL,
      page INTEGER NOT NULL,
      x DOUBLE PRECISION NOT NULL,
      y DOUBLE PRECISION NOT NULL,
      width DOUBLE PRECISION NOT NULL,
      height DOUBLE PRECISION NOT NULL,
      required INTEGER NOT NULL,
      label TEXT,
      group_name TEXT,
      options TEXT,
      value TEXT,
      source TEXT NOT NULL,
      is_completed INTEGER NOT NULL,
      completed_on TEXT,
      created_on TEXT NOT NULL
    )`,
    `CREATE INDEX template_annotations_by_template ON template_annotations (template_id, seq)`,
    `CREATE INDEX template_annotations_by_role ON template_annotations (role_id)`,
    `CREATE INDEX template_annotations_by_document ON template_annotations (document_id)`,
  ],
};
