import type { Migration } from "./types";

// ---- Issue 18 (branch status18): the Status view's "All packages" lists the user's own packages.
// Version 31 (30 went to the signing links' origins; 19 and up to the catalogue branch).
export const migration: Migration = {
  version: 31,
  name: "packages by sender",
  statements: [
    // A copy lowercased in JS (as name_lower), so the filter is an equality on both databases.
    `ALTER TABLE packages ADD COLUMN sender_email_lower TEXT`,
    // The sender's packages in the list's default order straight from the index (as a thread's).
    `CREATE INDEX packages_by_sender ON packages (tenant_id, sender_email_lower, created_on, id)`,
  ],
  backfill: async (tx) => {
    const rows = await tx.all<{ id: string; sender_email: string }>(
      `SELECT id, sender_email FROM packages WHERE sender_email IS NOT NULL`,
    );
    for (const row of rows) {
      await tx.run(`UPDATE packages SET sender_email_lower = ? WHERE id = ?`, [
        row.sender_email.toLowerCase(),
        row.id,
      ]);
    }
  },
};
