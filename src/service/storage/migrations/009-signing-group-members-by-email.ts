import type { Migration } from "./types";

export const migration: Migration = {
  version: 9,
  name: "signing-group members by address",
  // resolveSigningGroups looks addresses up across groups; the unique index of migration 2 leads with
  // group_id and serves only lookups within one group. Members carry no tenant: the lookup joins each
  // membership to its group (by its unique id) and keeps the tenant's, so group_id sits in the index
  // too and the join reads no member row.
  statements: [
    `CREATE INDEX signing_group_members_by_email ON signing_group_members (email_lower, group_id)`,
  ],
};
