import type { Migration } from "./types";

// ---- Issue 19 (branch bulk-send): bulk send jobs from a template.
export const migration: Migration = {
  version: 21,
  name: "bulk send jobs and their rows",
  statements: [
    // A job (contract §7): the template, the request's name, who asked (the audit actor of each
    // package it makes) and its state. Its counts are the rows' (bulk_send_rows), never stored twice.
    `CREATE TABLE bulk_send_jobs (
      id TEXT PRIMARY KEY,
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      template_id TEXT NOT NULL,
      name TEXT,
      status TEXT NOT NULL,
      actor TEXT NOT NULL,
      created_on TEXT NOT NULL,
      updated_on TEXT NOT NULL,
      completed_on TEXT
    )`,
    `CREATE INDEX bulk_send_jobs_by_tenant ON bulk_send_jobs (tenant_id, created_on, id)`,
    // The scheduler's question: which jobs have work (Queued or Running), least recently worked first.
    `CREATE INDEX bulk_send_jobs_open ON bulk_send_jobs (status, updated_on)`,
    // One row of the request. Pending becomes Sent (with its package, in the transaction that makes
    // the package: never twice) or Failed (with the error); retry-failed makes Failed Pending again.
    `CREATE TABLE bulk_send_rows (
      job_id TEXT NOT NULL REFERENCES bulk_send_jobs(id) ON DELETE CASCADE,
      row_number INTEGER NOT NULL,
      fill TEXT NOT NULL,
      status TEXT NOT NULL,
      package_id TEXT,
      error TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      updated_on TEXT NOT NULL,
      PRIMARY KEY (job_id, row_number)
    )`,
    `CREATE INDEX bulk_send_rows_by_status ON bulk_send_rows (job_id, status, row_number)`,
  ],
};
