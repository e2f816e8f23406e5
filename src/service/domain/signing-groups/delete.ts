// Deleting one signing group (contract §4); its members go with it.
import type { Storage } from "../../storage";
import { groupNotFound, requireGroupId } from "./group-id";

export async function deleteSigningGroup(storage: Storage, tenantId: string, id: string): Promise<void> {
  const key = requireGroupId(id);
  if (!(await storage.transaction((s) => s.signingGroups.delete(tenantId, key)))) throw groupNotFound();
}
