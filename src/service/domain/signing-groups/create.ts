// Creating a signing group with its initial members (contract §4), all or nothing.
import { caseKey } from "../../../shared/signing-group-rules";
import type { NewSigningGroupMember, SigningGroupRecord, Storage } from "../../storage";
import { newId } from "../tokens";
import { checkCreate, type CreateInput } from "./input";

/** Creates the group with its initial members, all or nothing. */
export async function createSigningGroup(
  storage: Storage,
  tenantId: string,
  input: CreateInput,
  now = new Date(),
): Promise<SigningGroupRecord> {
  const checked = checkCreate(input);
  const id = newId();
  const createdOn = now.toISOString();
  const members: NewSigningGroupMember[] = checked.members.map((m) => ({ ...m, addedOn: createdOn }));
  return storage.transaction(async (s) => {
    await s.signingGroups.insertGroup(
      {
        id,
        tenantId,
        name: checked.name,
        nameKey: caseKey(checked.name),
        description: checked.description,
        descriptionKey: caseKey(checked.description ?? ""),
        createdOn,
      },
      members,
    );
    const group = await s.signingGroups.find(tenantId, id);
    if (!group) throw new Error(`signing group ${id} vanished while being created`);
    return group;
  });
}
