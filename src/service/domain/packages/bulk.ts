// Bulk archive and delete: each id in its own transaction, each answered in request order.
import { ApiError, validationFailed } from "../../errors";
import type { PackageRecord, Storage } from "../../storage";
import type { AuditContext } from "../audit";
import { bulkResults, parseId, requirePackage, type Stores } from "../package-rules";
import { deleteLocked } from "./crud";
import { setArchived } from "./lifecycle";

export interface BulkItem {
  id: string;
  success: boolean;
  error: { code: string; message: string } | null;
}

function checkBulkIds(ids: readonly string[]): string[] {
  const keys = ids.map(parseId);
  const malformed = keys.flatMap((key, i) =>
    key === null
      ? [{ field: `ids[${i}]`, message: `${JSON.stringify(ids[i])} is not a package id (a UUID).` }]
      : [],
  );
  if (malformed.length > 0) throw validationFailed(malformed);
  return keys as string[];
}

/** Each id in its own transaction: one failure never undoes another's success. */
async function bulk(
  storage: Storage,
  tenantId: string,
  ids: readonly string[],
  fn: (s: Stores, pkg: PackageRecord) => Promise<void>,
) {
  const keys = checkBulkIds(ids);
  const results: BulkItem[] = [];
  for (const [i, key] of keys.entries()) {
    try {
      await storage.transaction(async (s) => fn(s, await requirePackage(s, tenantId, key, { lock: true })));
      results.push({ id: ids[i]!, success: true, error: null });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      results.push({ id: ids[i]!, success: false, error: { code: error.code, message: error.detail } });
    }
  }
  return bulkResults(results);
}

export function bulkArchivePackages(
  storage: Storage,
  tenantId: string,
  ids: readonly string[],
  context: AuditContext,
  now = new Date(),
) {
  return bulk(storage, tenantId, ids, (s, pkg) => setArchived(s, pkg, true, context, now));
}

export function bulkDeletePackages(storage: Storage, tenantId: string, ids: readonly string[]) {
  return bulk(storage, tenantId, ids, deleteLocked);
}
