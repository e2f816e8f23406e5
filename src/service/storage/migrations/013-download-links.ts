import type { Migration } from "./types";

export const migration: Migration = {
  version: 13,
  name: "download links",
  statements: [
    // Links of contract §6.2 (`{ url, expiresOn }`, 5 minutes, no credential). Keyed by the token's
    // SHA-256: the token is 256 random bits, so one hash suffices, and the table holds no usable token.
    // size is the blob's length, so that an answer carries Content-Length without asking the blob store.
    `CREATE TABLE download_links (
      token_hash TEXT PRIMARY KEY,
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      blob_sha256 TEXT NOT NULL,
      file_name TEXT NOT NULL,
      content_type TEXT NOT NULL,
      size BIGINT NOT NULL,
      created_on TEXT NOT NULL,
      expires_on TEXT NOT NULL
    )`,
    // The scheduler deletes expired links by this index.
    `CREATE INDEX download_links_expiring ON download_links (expires_on)`,
  ],
};
