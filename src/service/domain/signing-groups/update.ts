// Changing a signing group's name or description (contract §4) on the locked group.
import { caseKey } from "../../../shared/signing-group-rules";
import type { SigningGroupRecord, Storage } from "../../storage";
import { groupNotFound, requireGroupId } from "./group-id";
import { checkUpdate, type UpdateInput } from "./input";
import { nextUpdatedOn } from "./updated-on";

/** Changes the fields given; updatedOn moves only when something actually changed. */
export async function updateSigningGroup(
  storage: Storage,
  tenantId: string,
  id: string,
  input: UpdateInput,
  now = new Date(),
): Promise<SigningGroupRecord> {
  const key = requireGroupId(id);
  const changes = checkUpdate(input);
  return storage.transaction(async (s) => {
    const group = await s.signingGroups.lock(tenantId, key);
    if (!group) throw groupNotFound();
    const name = changes.name ?? group.name;
    const description = changes.description === undefined ? group.description : changes.description;
    if (name === group.name && description === group.description) return group;
    const updatedOn = nextUpdatedOn(group.updatedOn, now);
    await s.signingGroups.updateDetails(key, {
      name,
      nameKey: caseKey(name),
      description,
      descriptionKey: caseKey(description ?? ""),
      updatedOn,
    });
    return { ...group, name, description, updatedOn };
  });
}
