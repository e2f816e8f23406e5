// A group's own row: create, read, lock, rename, delete, each with the group's search rows kept in
// step (search-rows.ts).
import type { Dialect, SqlExecutor } from "../driver";
import { insertMembers } from "./members";
import {
  columns,
  groupOf,
  type GroupRow,
  type NewSigningGroup,
  type NewSigningGroupMember,
  type SigningGroupRecord,
} from "./records";
import {
  derivedTexts,
  NO_DOMAINS,
  NONE,
  rewriteSearch,
  searchColumnsOf,
  searchState,
  writeDomainRows,
  writeEndings,
  writeShortSearchRows,
  writeSplitSearch,
} from "./search-rows";
import { domainsOf, MEMBER, partsOf, searchHead, shortSearchRows } from "./search-text";

/** Rows per multi-row INSERT: well under SQLite's limit of bound parameters. */
const INSERT_BATCH = 200;

/**
 * Inserts a group with its initial members (in the order the members list answers them) and their
 * count. A repeated emailKey throws UniqueViolationError: run it in a transaction so that nothing lands then.
 */
export async function insertGroup(
  db: SqlExecutor,
  dialect: Dialect,
  group: NewSigningGroup,
  members: readonly NewSigningGroupMember[],
): Promise<void> {
  const searchText =
    searchHead(group.nameKey, group.descriptionKey) +
    MEMBER +
    members.map((m) => m.emailKey + MEMBER).join("");
  const { split, endings } = await derivedTexts(db, group.tenantId, searchText);
  const searchColumns = searchColumnsOf(dialect, searchText, split);
  const inserted = await db.get<{ seq: number }>(
    `INSERT INTO signing_groups
      (id, tenant_id, name, name_lower, description, description_lower, ${searchColumns.names},
       member_count, created_on, updated_on)
     VALUES (?, ?, ?, ?, ?, ?, ${searchColumns.marks}, ?, ?, ?) RETURNING seq`,
    [
      group.id,
      group.tenantId,
      group.name,
      group.nameKey,
      group.description,
      group.descriptionKey,
      ...searchColumns.values,
      members.length,
      group.createdOn,
      group.createdOn,
    ],
  );
  for (let start = 0; start < members.length; start += INSERT_BATCH) {
    await insertMembers(db, group.id, members.slice(start, start + INSERT_BATCH));
  }
  await writeShortSearchRows(
    db,
    group.tenantId,
    Number(inserted!.seq),
    NONE,
    shortSearchRows([group.nameKey, group.descriptionKey, ...members.map((m) => m.emailKey)]),
  );
  await writeDomainRows(db, group.tenantId, Number(inserted!.seq), NO_DOMAINS, domainsOf(searchText));
  if (dialect === "sqlite") await writeSplitSearch(db, Number(inserted!.seq), split);
  else await writeEndings(db, group.tenantId, Number(inserted!.seq), endings);
}

export async function find(
  db: SqlExecutor,
  tenantId: string,
  id: string,
): Promise<SigningGroupRecord | undefined> {
  const row = await db.get<GroupRow>(
    `SELECT ${columns("g")} FROM signing_groups g WHERE g.id = ? AND g.tenant_id = ?`,
    [id, tenantId],
  );
  return row && groupOf(row);
}

/**
 * Answers the group and holds its row until the transaction ends, so that changes to one group
 * (member count, updatedOn) happen one after another. SQLite transactions already hold the write lock.
 */
export async function lock(
  db: SqlExecutor,
  dialect: Dialect,
  tenantId: string,
  id: string,
): Promise<SigningGroupRecord | undefined> {
  const row = await db.get<GroupRow>(
    `SELECT ${columns("g")} FROM signing_groups g WHERE g.id = ? AND g.tenant_id = ?${
      dialect === "postgres" ? " FOR UPDATE" : ""
    }`,
    [id, tenantId],
  );
  return row && groupOf(row);
}

export async function updateDetails(
  db: SqlExecutor,
  dialect: Dialect,
  id: string,
  details: {
    name: string;
    nameKey: string;
    description: string | null;
    descriptionKey: string;
    updatedOn: string;
  },
): Promise<void> {
  const state = await searchState(db, id);
  const searchText =
    searchHead(details.nameKey, details.descriptionKey) +
    state.searchText.slice(state.searchText.indexOf(MEMBER));
  const { split, endings } = await derivedTexts(db, state.tenantId, searchText);
  const searchColumns = searchColumnsOf(dialect, searchText, split);
  await db.run(
    `UPDATE signing_groups SET name = ?, name_lower = ?, description = ?, description_lower = ?, updated_on = ?,
       ${searchColumns.set}
     WHERE id = ?`,
    [
      details.name,
      details.nameKey,
      details.description,
      details.descriptionKey,
      details.updatedOn,
      ...searchColumns.values,
      id,
    ],
  );
  await rewriteSearch(db, dialect, state, searchText, split, endings);
}

/**
 * Deletes the group with its members and search rows; false when the tenant has no such group (any
 * more). Run it in a transaction, so that all of it goes at once.
 */
export async function deleteGroup(
  db: SqlExecutor,
  dialect: Dialect,
  tenantId: string,
  id: string,
): Promise<boolean> {
  // ON DELETE CASCADE takes the members. signing_group_chars has no foreign key (that would need
  // an index by group of its own, for deletes alone): its rows are found from the text.
  const row = await db.get<{ seq: number; search_text: string }>(
    "DELETE FROM signing_groups WHERE id = ? AND tenant_id = ? RETURNING seq, search_text",
    [id, tenantId],
  );
  if (!row) return false;
  await writeShortSearchRows(db, tenantId, Number(row.seq), shortSearchRows(partsOf(row.search_text)), NONE);
  await writeDomainRows(db, tenantId, Number(row.seq), domainsOf(row.search_text), NO_DOMAINS);
  if (dialect === "sqlite") await writeSplitSearch(db, Number(row.seq), null);
  else await writeEndings(db, tenantId, Number(row.seq), "");
  return true;
}
