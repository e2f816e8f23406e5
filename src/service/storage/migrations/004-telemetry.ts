import type { Migration } from "./types";

export const migration: Migration = {
  version: 4,
  name: "add-in telemetry",
  statements: [
    // Raw events, kept so that a question the daily aggregates cannot answer can still be asked.
    `CREATE TABLE telemetry_events (
      id TEXT PRIMARY KEY,
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      install_id TEXT NOT NULL,
      name TEXT NOT NULL,
      subject TEXT NOT NULL,
      error_code TEXT NOT NULL,
      duration_ms INTEGER,
      props TEXT NOT NULL,
      host TEXT NOT NULL,
      platform TEXT NOT NULL,
      host_version TEXT NOT NULL,
      addin_version TEXT NOT NULL,
      occurred_on TEXT NOT NULL,
      received_on TEXT NOT NULL,
      batch_index INTEGER NOT NULL
    )`,
    `CREATE INDEX telemetry_events_tenant ON telemetry_events (tenant_id, received_on)`,
    // Counted as batches arrive, so the admin report reads a few rows per day, not every event.
    `CREATE TABLE telemetry_daily (
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      day TEXT NOT NULL,
      name TEXT NOT NULL,
      subject TEXT NOT NULL,
      error_code TEXT NOT NULL,
      events BIGINT NOT NULL,
      duration_count BIGINT NOT NULL,
      duration_sum BIGINT NOT NULL,
      duration_max BIGINT NOT NULL,
      PRIMARY KEY (tenant_id, day, name, subject, error_code)
    )`,
    // No row: telemetry is on (the default of a new tenant).
    `CREATE TABLE telemetry_tenant_settings (
      tenant_id TEXT PRIMARY KEY REFERENCES tenants(id),
      enabled INTEGER NOT NULL,
      updated_on TEXT NOT NULL
    )`,
  ],
};
