// Signing groups as schema version 2 stored them, for tests that upgrade an old database with data in
// it (storage.test, migrations-frozen.test): its search_text is `name RS description RS US email US ...`,
// case-folded, and later migrations backfill their search tables from it.
import type { SqlDriver } from "../../src/service/storage/driver";

export type Version2Group = readonly [name: string, description: string, emails: readonly string[]];

/** Inserts `groups` of `tenantId`, ids `<idPrefix><index>` (a UUID short of its last digit). */
export async function insertVersion2Groups(
  driver: SqlDriver,
  tenantId: string,
  idPrefix: string,
  groups: readonly Version2Group[],
  on: string,
): Promise<void> {
  for (const [i, [name, description, emails]] of groups.entries()) {
    await driver.run(
      `INSERT INTO signing_groups (id, tenant_id, name, name_lower, description, description_lower, search_text,
         member_count, created_on, updated_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        `${idPrefix}${i}`,
        tenantId,
        name,
        name.toLowerCase(),
        description || null,
        description,
        `${name.toLowerCase()}\u001e${description}\u001e\u001f${emails.map((e) => `${e}\u001f`).join("")}`,
        emails.length,
        on,
        on,
      ],
    );
  }
}
