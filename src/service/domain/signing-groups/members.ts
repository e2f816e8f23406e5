// Listing a signing group's members (contract §4).
import type { SigningGroupMemberRecord, Storage } from "../../storage";
import { groupNotFound, requireGroupId } from "./group-id";

export async function listSigningGroupMembers(
  storage: Storage,
  tenantId: string,
  id: string,
): Promise<SigningGroupMemberRecord[]> {
  const key = requireGroupId(id);
  const group = await storage.signingGroups.find(tenantId, key);
  if (!group) throw groupNotFound();
  return storage.signingGroups.listMembers(key);
}
