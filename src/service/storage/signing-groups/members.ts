// A group's members: added, removed, listed, and looked up by address across the tenant's groups. Each
// change keeps the group's member_count, updated_on and search rows in step.
import type { Dialect, SqlExecutor } from "../driver";
import {
  memberOf,
  type MemberRow,
  type NewSigningGroupMember,
  type SigningGroupMemberRecord,
} from "./records";
import { derivedTexts, rewriteSearch, searchColumnsOf, searchState } from "./search-rows";
import { MEMBER } from "./search-text";

export async function insertMembers(
  db: SqlExecutor,
  groupId: string,
  members: readonly NewSigningGroupMember[],
): Promise<void> {
  const params: unknown[] = [];
  for (const m of members) params.push(groupId, m.email, m.emailKey, m.name, m.addedOn);
  await db.run(
    `INSERT INTO signing_group_members (group_id, email, email_lower, name, added_on)
     VALUES ${members.map(() => "(?, ?, ?, ?, ?)").join(", ")}`,
    params,
  );
}

/**
 * Adds a member, counts it and moves updatedOn. A member with the same emailKey already in the
 * group throws UniqueViolationError (the unique index decides, also between concurrent adds).
 */
export async function addMember(
  db: SqlExecutor,
  dialect: Dialect,
  groupId: string,
  member: NewSigningGroupMember,
  updatedOn: string,
): Promise<void> {
  await insertMembers(db, groupId, [member]);
  const state = await searchState(db, groupId);
  const searchText = state.searchText + member.emailKey + MEMBER;
  const { split, endings } = await derivedTexts(db, state.tenantId, searchText);
  const searchColumns = searchColumnsOf(dialect, searchText, split);
  await db.run(
    `UPDATE signing_groups SET member_count = member_count + 1, ${searchColumns.set},
       updated_on = ?
     WHERE id = ?`,
    [...searchColumns.values, updatedOn, groupId],
  );
  await rewriteSearch(db, dialect, state, searchText, split, endings);
}

/** Removes the member whose case-folded email is emailKey, uncounts it and moves updatedOn; false when there is none. */
export async function removeMember(
  db: SqlExecutor,
  dialect: Dialect,
  groupId: string,
  emailKey: string,
  updatedOn: string,
): Promise<boolean> {
  const removed = await db.run("DELETE FROM signing_group_members WHERE group_id = ? AND email_lower = ?", [
    groupId,
    emailKey,
  ]);
  if (removed === 0) return false;
  const state = await searchState(db, groupId);
  const searchText = state.searchText.split(MEMBER + emailKey + MEMBER).join(MEMBER);
  const { split, endings } = await derivedTexts(db, state.tenantId, searchText);
  const searchColumns = searchColumnsOf(dialect, searchText, split);
  await db.run(
    `UPDATE signing_groups SET member_count = member_count - ?, ${searchColumns.set},
       updated_on = ?
     WHERE id = ?`,
    [removed, ...searchColumns.values, updatedOn, groupId],
  );
  await rewriteSearch(db, dialect, state, searchText, split, endings);
  return true;
}

export async function listMembers(db: SqlExecutor, groupId: string): Promise<SigningGroupMemberRecord[]> {
  const rows = await db.all<MemberRow>(
    "SELECT email, name, added_on FROM signing_group_members WHERE group_id = ? ORDER BY seq",
    [groupId],
  );
  return rows.map(memberOf);
}

/**
 * The tenant's groups that hold each of the case-folded addresses, in one query: the index on
 * (email_lower, group_id) of migration 9 finds an address's memberships in every tenant, and each is
 * joined to its group by id and kept when the group is the tenant's. Ordered by address, then by
 * group name (case-folded) and id, the order a list by name answers.
 */
export async function groupsHolding(
  db: SqlExecutor,
  tenantId: string,
  emailKeys: readonly string[],
): Promise<{ emailKey: string; id: string; name: string; memberCount: number }[]> {
  if (emailKeys.length === 0) return [];
  const rows = await db.all<{ email_lower: string; id: string; name: string; member_count: number }>(
    `SELECT m.email_lower, g.id, g.name, g.member_count
     FROM signing_group_members m JOIN signing_groups g ON g.id = m.group_id
     WHERE m.email_lower IN (${emailKeys.map(() => "?").join(", ")}) AND g.tenant_id = ?
     ORDER BY m.email_lower, g.name_lower, g.id`,
    [...emailKeys, tenantId],
  );
  return rows.map((row) => ({
    emailKey: row.email_lower,
    id: row.id,
    name: row.name,
    memberCount: Number(row.member_count),
  }));
}
