import type { Migration } from "./types";

/**
 * A thread's or a mail's packages in the list's default order straight from the index (ending in id,
 * the tie-breaker), so that no sort is needed.
 */
const THREAD_INDEXES = [
  `DROP INDEX packages_by_conversation`,
  `CREATE INDEX packages_by_conversation ON packages (tenant_id, source_conversation_id, created_on, id)`,
  `DROP INDEX packages_by_message`,
  `CREATE INDEX packages_by_message ON packages (tenant_id, source_internet_message_id, created_on, id)`,
];

export const migration: Migration = {
  version: 11,
  name: "package counts by tenant, status and archive flag",
  // Every list page answers totalCount. Counting 100,000 rows on each page is too slow, and one
  // counter row per tenant would make every package write of a tenant queue (and deadlock) behind
  // the others. So triggers append +1/-1 rows, which never conflict, and the scheduler folds them
  // into one row per key every tick (PackageStore.compactCounts): a count sums a handful of rows.
  statements: {
    sqlite: [
      ...THREAD_INDEXES,
      `CREATE TABLE package_count_deltas (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        tenant_id TEXT NOT NULL,
        status TEXT NOT NULL,
        is_archived INTEGER NOT NULL,
        n INTEGER NOT NULL
      )`,
      `CREATE INDEX package_count_deltas_by_key ON package_count_deltas (tenant_id, is_archived, status, n)`,
      `INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
        SELECT tenant_id, status, is_archived, COUNT(*) FROM packages GROUP BY tenant_id, status, is_archived`,
      `CREATE TRIGGER packages_counted_insert AFTER INSERT ON packages BEGIN
        INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
          VALUES (NEW.tenant_id, NEW.status, NEW.is_archived, 1);
      END`,
      `CREATE TRIGGER packages_counted_delete AFTER DELETE ON packages BEGIN
        INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
          VALUES (OLD.tenant_id, OLD.status, OLD.is_archived, -1);
      END`,
      `CREATE TRIGGER packages_counted_update AFTER UPDATE OF status, is_archived ON packages
        WHEN OLD.status IS NOT NEW.status OR OLD.is_archived IS NOT NEW.is_archived BEGIN
        INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
          VALUES (OLD.tenant_id, OLD.status, OLD.is_archived, -1), (NEW.tenant_id, NEW.status, NEW.is_archived, 1);
      END`,
    ],
    postgres: [
      ...THREAD_INDEXES,
      `CREATE TABLE package_count_deltas (
        seq BIGSERIAL PRIMARY KEY,
        tenant_id TEXT NOT NULL,
        status TEXT NOT NULL,
        is_archived INTEGER NOT NULL,
        n BIGINT NOT NULL
      )`,
      `CREATE INDEX package_count_deltas_by_key ON package_count_deltas (tenant_id, is_archived, status, n)`,
      `INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
        SELECT tenant_id, status, is_archived, COUNT(*) FROM packages GROUP BY tenant_id, status, is_archived`,
      `CREATE FUNCTION packages_counted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
            VALUES (OLD.tenant_id, OLD.status, OLD.is_archived, -1);
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO package_count_deltas (tenant_id, status, is_archived, n)
            VALUES (NEW.tenant_id, NEW.status, NEW.is_archived, 1);
        END IF;
        RETURN NULL;
      END
      $$`,
      `CREATE TRIGGER packages_counted AFTER INSERT OR DELETE ON packages
        FOR EACH ROW EXECUTE FUNCTION packages_counted()`,
      `CREATE TRIGGER packages_counted_update AFTER UPDATE OF status, is_archived ON packages
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.is_archived IS DISTINCT FROM NEW.is_archived)
        EXECUTE FUNCTION packages_counted()`,
    ],
  },
};
