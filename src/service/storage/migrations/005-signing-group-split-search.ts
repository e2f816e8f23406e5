import type { Migration } from "./types";

/** Lowercased copies of text (computed in JS, which lowercases all of Unicode) sort and compare byte-wise. */
const PG_BYTEWISE = `COLLATE "C"`;

/** The sort orders' indexes of migration 2, by name. */
const SORT_INDEXES = [
  ["signing_groups_by_name", "tenant_id, name_lower, id"],
  ["signing_groups_by_created", "tenant_id, created_on, id"],
  ["signing_groups_by_updated", "tenant_id, updated_on, id"],
  ["signing_groups_by_member_count", "tenant_id, member_count, id"],
] as const;

export const migration: Migration = {
  version: 5,
  name: "signing-group search with each domain once",
  // A search without '@' lies within one part of an email (local part or domain), so it matches the
  // same groups in a text that holds each distinct domain once (see splitSearchText in
  // storage/signing-groups.ts). A common domain, which nearly every group holds many times, then
  // costs one trigram position per group, not one per member: FTS5's phrase match reads all of them.
  // Contentless, written by the storage module (the text is derived in JS), deleted by rowid.
  statements: {
    sqlite: [
      `CREATE VIRTUAL TABLE signing_groups_search_split USING fts5(
        search_text, content='', contentless_delete=1, tokenize='trigram case_sensitive 1'
      )`,
    ],
    // A column beside search_text, with its own trigram index: the recheck of a common domain's
    // matches reads shorter text, which holds the domains first.
    postgres: [
      `ALTER TABLE signing_groups ADD COLUMN search_split TEXT ${PG_BYTEWISE}`,
      `CREATE INDEX signing_groups_search_split ON signing_groups USING gin (search_split gin_trgm_ops)`,
      // The sort orders' indexes also hold seq, which a short search tests each group's row by (see
      // SigningGroupStore.list): a deep page then walks the index alone. (SQLite's hold the rowid, seq.)
      ...SORT_INDEXES.flatMap(([name, columns]) => [
        `DROP INDEX ${name}`,
        `CREATE INDEX ${name} ON signing_groups (${columns}) INCLUDE (seq)`,
      ]),
    ],
  },
  // No backfill: the split text needs the domains' numbers of migration 6, whose backfill (in the same
  // start) writes it for the groups there are. (Before 6 existed, this backfill wrote the text with
  // each domain once; 6 rewrites every group's text either way.)
};
