import type { Migration } from "./types";

export const migration: Migration = {
  version: 12,
  name: "documents: converted PDF, detected tags, upload sessions, blob garbage",
  statements: [
    // PNG and JPEG are kept as sent (download) and as the one-page PDF made of them (download-pdf);
    // for a PDF both are the same blob.
    `ALTER TABLE package_documents ADD COLUMN pdf_sha256 TEXT`,
    `UPDATE package_documents SET pdf_sha256 = sha256`,
    // The tags found at upload (JSON), answered by detected-tags without reading the PDF again.
    `ALTER TABLE package_documents ADD COLUMN detected_tags TEXT`,
    `CREATE INDEX package_documents_by_sha256 ON package_documents (sha256)`,
    `CREATE INDEX package_documents_by_pdf_sha256 ON package_documents (pdf_sha256)`,
    `CREATE TABLE upload_sessions (
      id TEXT PRIMARY KEY,
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      package_id TEXT NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
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
    `CREATE INDEX upload_sessions_by_package ON upload_sessions (package_id)`,
    `CREATE INDEX upload_sessions_expiring ON upload_sessions (expires_on)`,
    // Each staged block is a blob of its own (so that any service instance can take the next block
    // or the commit, whatever the blob store); the row says which block it is.
    `CREATE TABLE upload_blocks (
      session_id TEXT NOT NULL REFERENCES upload_sessions(id) ON DELETE CASCADE,
      n INTEGER NOT NULL,
      sha256 TEXT NOT NULL,
      size INTEGER NOT NULL,
      PRIMARY KEY (session_id, n)
    )`,
    `CREATE INDEX upload_blocks_by_sha256 ON upload_blocks (sha256)`,
    // Blobs that may have lost their last reference (a deleted document, a finished upload, a write
    // that crashed before its row). Blobs are shared by hash, so the collector deletes one only
    // when nothing refers to it any more, and only after a grace period (an upload of the same
    // bytes may be on its way to referring to it).
    `CREATE TABLE blob_garbage (
      sha256 TEXT PRIMARY KEY,
      queued_on TEXT NOT NULL
    )`,
  ],
};
