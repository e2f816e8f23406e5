// Signing groups and their members. Every read and change of a group is bounded by its tenant. One
// file per concern: the records (records), the texts a search looks in (search-text) and the rows that
// keep them (search-rows), a group's own row (crud), its members, the list with its search; this
// store is the door the rest of the service uses.
import type { Dialect, SqlExecutor } from "../driver";
import { deleteGroup, find, insertGroup, lock, updateDetails } from "./crud";
import { listGroups } from "./list";
import { addMember, groupsHolding, listMembers, removeMember } from "./members";
import type {
  NewSigningGroup,
  NewSigningGroupMember,
  SigningGroupMemberRecord,
  SigningGroupQuery,
  SigningGroupRecord,
} from "./records";

export type * from "./records";
export {
  domainCode,
  domainMatch,
  domainsOf,
  domainText,
  endingsText,
  likeContaining,
  shortSearchable,
  shortSearchRows,
  splitSearchText,
  TRIGRAM_LETTERS,
  TRIGRAM_PUNCTUATION,
  trigramSearchable,
  trigramWords,
  type ShortSearchRow,
} from "./search-text";

export class SigningGroupStore {
  constructor(
    private readonly db: SqlExecutor,
    private readonly dialect: Dialect,
  ) {}

  /** See crud.ts insertGroup: run it in a transaction. */
  insertGroup(group: NewSigningGroup, members: readonly NewSigningGroupMember[]): Promise<void> {
    return insertGroup(this.db, this.dialect, group, members);
  }

  find(tenantId: string, id: string): Promise<SigningGroupRecord | undefined> {
    return find(this.db, tenantId, id);
  }

  lock(tenantId: string, id: string): Promise<SigningGroupRecord | undefined> {
    return lock(this.db, this.dialect, tenantId, id);
  }

  updateDetails(id: string, details: Parameters<typeof updateDetails>[3]): Promise<void> {
    return updateDetails(this.db, this.dialect, id, details);
  }

  addMember(groupId: string, member: NewSigningGroupMember, updatedOn: string): Promise<void> {
    return addMember(this.db, this.dialect, groupId, member, updatedOn);
  }

  removeMember(groupId: string, emailKey: string, updatedOn: string): Promise<boolean> {
    return removeMember(this.db, this.dialect, groupId, emailKey, updatedOn);
  }

  /** See crud.ts deleteGroup: run it in a transaction. */
  delete(tenantId: string, id: string): Promise<boolean> {
    return deleteGroup(this.db, this.dialect, tenantId, id);
  }

  listMembers(groupId: string): Promise<SigningGroupMemberRecord[]> {
    return listMembers(this.db, groupId);
  }

  groupsHolding(
    tenantId: string,
    emailKeys: readonly string[],
  ): Promise<{ emailKey: string; id: string; name: string; memberCount: number }[]> {
    return groupsHolding(this.db, tenantId, emailKeys);
  }

  list(query: SigningGroupQuery): Promise<{ items: SigningGroupRecord[]; totalCount: number }> {
    return listGroups(this.db, this.dialect, query);
  }
}
