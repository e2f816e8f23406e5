// Removing a member from a signing group by email, ignoring case (contract §4).
import { caseKey } from "../../../shared/signing-group-rules";
import { ApiError } from "../../errors";
import type { Storage } from "../../storage";
import { groupNotFound, requireGroupId } from "./group-id";
import { nextUpdatedOn } from "./updated-on";

/** Removes the member whose email matches, ignoring case; 404 member_not_found when there is none. */
export async function removeSigningGroupMember(
  storage: Storage,
  tenantId: string,
  id: string,
  email: string,
  now = new Date(),
): Promise<void> {
  const key = requireGroupId(id);
  const emailKey = caseKey(email.trim());
  await storage.transaction(async (s) => {
    const group = await s.signingGroups.lock(tenantId, key);
    if (!group) throw groupNotFound();
    if (!(await s.signingGroups.removeMember(key, emailKey, nextUpdatedOn(group.updatedOn, now)))) {
      throw new ApiError(404, "member_not_found", `${email} is not a member of this signing group.`);
    }
  });
}
