import type { Migration } from "./types";

// ---- Issue 19 (branch catalogue): share links, templates, bulk send. Versions 18 and up; 16 and 17
// were taken by branches written at the same time (migrate() applies by version, so gaps are fine).
export const migration: Migration = {
  version: 18,
  name: "share links",
  statements: [
    // Contract §7: a package's signed documents, evidence or certificate for whoever holds the link,
    // until it expires or is used up. Only the token's SHA-256 is kept.
    `CREATE TABLE share_links (
      id TEXT PRIMARY KEY,
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      package_id TEXT NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
      document_id TEXT REFERENCES package_documents(id) ON DELETE CASCADE,
      token_hash TEXT NOT NULL UNIQUE,
      scope TEXT NOT NULL,
      created_on TEXT NOT NULL,
      expires_on TEXT NOT NULL,
      max_uses INTEGER,
      use_count INTEGER NOT NULL,
      last_used_on TEXT,
      revoked_on TEXT
    )`,
    // The list, newest first, of a tenant or of one of its packages.
    `CREATE INDEX share_links_by_tenant ON share_links (tenant_id, created_on, id)`,
    `CREATE INDEX share_links_by_package ON share_links (package_id, created_on, id)`,
  ],
};
