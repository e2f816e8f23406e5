// What the signing-group store answers and takes, and how its rows become records.

export interface SigningGroupRecord {
  id: string;
  tenantId: string;
  name: string;
  description: string | null;
  memberCount: number;
  createdOn: string;
  updatedOn: string;
}

export interface SigningGroupMemberRecord {
  email: string;
  name: string | null;
  addedOn: string;
}

/** A member as stored: `emailKey` is the case-folded address the unique index compares. */
export interface NewSigningGroupMember extends SigningGroupMemberRecord {
  emailKey: string;
}

/** A group as stored: the `...Key` fields are case-folded copies (computed in JS) that search and sorting use. */
export interface NewSigningGroup {
  id: string;
  tenantId: string;
  name: string;
  nameKey: string;
  description: string | null;
  descriptionKey: string;
  createdOn: string;
}

export type SigningGroupSortField = "name" | "createdOn" | "updatedOn" | "memberCount";

export interface SigningGroupQuery {
  tenantId: string;
  /** Case-folded the way the `...Key` columns are; null = no search. */
  search: string | null;
  sortBy: SigningGroupSortField;
  descending: boolean;
  /** ISO 8601 UTC; groups with updatedOn at or after it. */
  updatedSince: string | null;
  offset: number;
  limit: number;
}

export interface GroupRow {
  id: string;
  tenant_id: string;
  name: string;
  description: string | null;
  member_count: number;
  created_on: string;
  updated_on: string;
}

export interface MemberRow {
  email: string;
  name: string | null;
  added_on: string;
}

export const columns = (g: string) =>
  `${g}.id, ${g}.tenant_id, ${g}.name, ${g}.description, ${g}.member_count, ${g}.created_on, ${g}.updated_on`;

export const groupOf = (row: GroupRow): SigningGroupRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  description: row.description,
  memberCount: Number(row.member_count),
  createdOn: row.created_on,
  updatedOn: row.updated_on,
});

export const memberOf = (row: MemberRow): SigningGroupMemberRecord => ({
  email: row.email,
  name: row.name,
  addedOn: row.added_on,
});
