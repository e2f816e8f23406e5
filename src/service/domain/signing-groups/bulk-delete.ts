// Deleting a list of signing groups (contract §4): each in a transaction of its own, each reported.
import { validationFailed } from "../../errors";
import type { Storage } from "../../storage";
import { parseGroupId } from "./group-id";

export interface BulkDeleteItem {
  id: string;
  success: boolean;
  error: { code: "not_found"; message: string } | null;
}

export interface BulkDeleteResult {
  results: BulkDeleteItem[];
  successCount: number;
  failureCount: number;
}

/**
 * Tries each deletion in request order and reports each truthfully: a group is reported deleted only
 * by the one delete that removed it, so a repeated id, or one another request deleted first, fails
 * as not_found. Each deletion is a transaction of its own (none spans them, so none waits on another).
 */
export async function bulkDeleteSigningGroups(
  storage: Storage,
  tenantId: string,
  ids: readonly string[],
): Promise<BulkDeleteResult> {
  // Contract §4: the request is `{ ids: uuid[] }`, so an id that is no UUID is a malformed request
  // (nothing deleted); a well-formed id that names no group is a per-item failure.
  const keys = ids.map(parseGroupId);
  const malformed = keys.flatMap((key, i) =>
    key === null
      ? [{ field: `ids[${i}]`, message: `${JSON.stringify(ids[i])} is not a signing group id (a UUID).` }]
      : [],
  );
  if (malformed.length > 0) throw validationFailed(malformed);
  const results: BulkDeleteItem[] = [];
  for (const [i, id] of ids.entries()) {
    const key = keys[i]!;
    const deleted = await storage.transaction((s) => s.signingGroups.delete(tenantId, key));
    results.push({
      id,
      success: deleted,
      error: deleted ? null : { code: "not_found", message: `Signing group ${id} was not found.` },
    });
  }
  const successCount = results.filter((r) => r.success).length;
  return { results, successCount, failureCount: results.length - successCount };
}
