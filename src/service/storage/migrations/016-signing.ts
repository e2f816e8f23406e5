import type { Migration } from "./types";

/**
 * The case-folded address signing_links.email_lower holds, as the signing-group rules (now
 * src/shared/signing-group-rules.ts) folded it when this shipped: copied, so that this backfill stays
 * what it was whatever that code becomes.
 */
const caseKey = (text: string): string => text.normalize("NFC").toLowerCase();

export const migration: Migration = {
  version: 16,
  name: "signing: sender, signing links, per-person values and attachments, reminders, service keys",
  statements: [
    // Who sent the package: the decline notice (and later the completion mail) goes there.
    `ALTER TABLE packages ADD COLUMN sender_email TEXT`,
    `ALTER TABLE packages ADD COLUMN sender_name TEXT`,
    // When the signer was last invited (Invitation, Reassigned, resend) and when the scheduler
    // reminds them next; the partial index holds only signers who have a reminder coming.
    `ALTER TABLE package_signers ADD COLUMN notified_on TEXT`,
    `ALTER TABLE package_signers ADD COLUMN next_reminder_on TEXT`,
    `CREATE INDEX package_signers_reminders_due ON package_signers (next_reminder_on)
      WHERE next_reminder_on IS NOT NULL`,
    // What a notification says beyond its kind (who declined and why, who completed a slot): JSON.
    `ALTER TABLE outbox ADD COLUMN details TEXT`,
    // Secrets the service makes for itself on first start and shares between its instances through
    // the database (the HMAC key of signing links and access-code grants).
    `CREATE TABLE service_keys (
      name TEXT PRIMARY KEY,
      secret TEXT NOT NULL,
      created_on TEXT NOT NULL
    )`,
    // One row per link of one person to one signer slot. A mail's link has the id of its outbox
    // row; the token is that id with an HMAC (domain/signing-links.ts), so no token is stored.
    // signer_id has no foreign key: reassign gives the slot a new signer id and moves the links.
    `CREATE TABLE signing_links (
      id TEXT PRIMARY KEY,
      tenant_id TEXT NOT NULL REFERENCES tenants(id),
      package_id TEXT NOT NULL REFERENCES packages(id) ON DELETE CASCADE,
      signer_id TEXT NOT NULL,
      email TEXT NOT NULL,
      email_lower TEXT NOT NULL,
      name TEXT,
      created_on TEXT NOT NULL,
      expires_on TEXT,
      return_url TEXT
    )`,
    `CREATE INDEX signing_links_by_signer ON signing_links (signer_id)`,
    // Values a person types as they go, kept per person (each member of a group slot has their
    // own) until they finish: then the finisher's are written to package_annotations.
    `CREATE TABLE signing_values (
      annotation_id TEXT NOT NULL REFERENCES package_annotations(id) ON DELETE CASCADE,
      email_lower TEXT NOT NULL,
      package_id TEXT NOT NULL,
      value TEXT NOT NULL,
      updated_on TEXT NOT NULL,
      PRIMARY KEY (annotation_id, email_lower)
    )`,
    `CREATE INDEX signing_values_by_package ON signing_values (package_id)`,
    // Files attached to Attachment fields; the bytes are blobs (kept while a row refers to them).
    `CREATE TABLE signing_attachments (
      annotation_id TEXT NOT NULL REFERENCES package_annotations(id) ON DELETE CASCADE,
      email_lower TEXT NOT NULL,
      package_id TEXT NOT NULL,
      file_name TEXT NOT NULL,
      content_type TEXT NOT NULL,
      size BIGINT NOT NULL,
      sha256 TEXT NOT NULL,
      created_on TEXT NOT NULL,
      PRIMARY KEY (annotation_id, email_lower)
    )`,
    `CREATE INDEX signing_attachments_by_sha256 ON signing_attachments (sha256)`,
    `CREATE INDEX signing_attachments_by_package ON signing_attachments (package_id)`,
  ],
  // Invitations queued before this migration get their links too.
  backfill: async (tx) => {
    const rows = await tx.all<{
      id: string;
      tenant_id: string;
      package_id: string;
      signer_id: string;
      email: string;
      name: string | null;
      created_on: string;
    }>(
      `SELECT o.id, o.tenant_id, o.package_id, o.signer_id, o.email, o.name, o.created_on FROM outbox o
       JOIN packages p ON p.id = o.package_id
       WHERE o.signer_id IS NOT NULL AND o.kind IN ('Invitation', 'Reminder', 'Reassigned')`,
    );
    for (const r of rows) {
      await tx.run(
        `INSERT INTO signing_links (id, tenant_id, package_id, signer_id, email, email_lower, name, created_on)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [r.id, r.tenant_id, r.package_id, r.signer_id, r.email, caseKey(r.email), r.name, r.created_on],
      );
    }
  },
};
