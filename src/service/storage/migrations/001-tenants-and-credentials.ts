import type { Migration } from "./types";

export const migration: Migration = {
  version: 1,
  name: "tenants and credentials",
  statements: [
    `CREATE TABLE tenants (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      created_on TEXT NOT NULL
    )`,
    `CREATE TABLE personal_access_tokens (
      id TEXT PRIMARY KEY,
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      label TEXT NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      token_prefix TEXT NOT NULL,
      scopes TEXT NOT NULL,
      created_on TEXT NOT NULL,
      revoked_on TEXT
    )`,
    `CREATE INDEX personal_access_tokens_tenant ON personal_access_tokens (tenant_id, created_on)`,
    `CREATE TABLE oauth_clients (
      id TEXT PRIMARY KEY,
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      label TEXT NOT NULL,
      secret_hash TEXT NOT NULL,
      scopes TEXT NOT NULL,
      created_on TEXT NOT NULL,
      revoked_on TEXT
    )`,
    `CREATE TABLE access_tokens (
      token_hash TEXT PRIMARY KEY,
      client_id TEXT NOT NULL REFERENCES oauth_clients(id),
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      scopes TEXT NOT NULL,
      created_on TEXT NOT NULL,
      expires_on TEXT NOT NULL
    )`,
    `CREATE INDEX access_tokens_expiry ON access_tokens (expires_on)`,
  ],
};
