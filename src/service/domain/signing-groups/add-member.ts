// Adding a member to a signing group (contract §4): no address twice, at most 1,000 members, both exact
// under concurrent adds.
import { ApiError } from "../../errors";
import {
  UniqueViolationError,
  type NewSigningGroupMember,
  type SigningGroupMemberRecord,
  type Storage,
} from "../../storage";
import { groupNotFound, requireGroupId } from "./group-id";
import { checkMember, type MemberInput } from "./input";
import { LIMITS } from "./limits";
import { nextUpdatedOn } from "./updated-on";

const duplicateMember = (email: string) =>
  new ApiError(
    400,
    "duplicate_member",
    `${email} is already a member of this signing group (emails are compared ignoring case).`,
  );

const memberLimitReached = () =>
  new ApiError(
    400,
    "member_limit_reached",
    `This signing group already has ${LIMITS.membersPerGroup} members, the most a group can have.`,
  );

/**
 * Adds a member. The unique index on (group, case-folded email) decides between concurrent adds of
 * one address: exactly one lands, the others answer duplicate_member. The group's row is held for
 * the transaction, so the member count and the limit of 1,000 are exact under concurrency.
 */
export async function addSigningGroupMember(
  storage: Storage,
  tenantId: string,
  id: string,
  input: MemberInput,
  now = new Date(),
): Promise<SigningGroupMemberRecord> {
  const key = requireGroupId(id);
  const member = checkMember(input);
  return storage.transaction(async (s) => {
    const group = await s.signingGroups.lock(tenantId, key);
    if (!group) throw groupNotFound();
    const added: NewSigningGroupMember = { ...member, addedOn: now.toISOString() };
    try {
      await s.signingGroups.addMember(key, added, nextUpdatedOn(group.updatedOn, now));
    } catch (error) {
      if (error instanceof UniqueViolationError) throw duplicateMember(member.email);
      throw error;
    }
    // Checked after the insert so that adding an existing member of a full group says duplicate_member;
    // throwing here rolls the insert back.
    if (group.memberCount + 1 > LIMITS.membersPerGroup) throw memberLimitReached();
    return { email: added.email, name: added.name, addedOn: added.addedOn };
  });
}
