// The frame of most operations on one package: the package locked, one transaction, the answer after.
import type { PackageRecord, Storage } from "../../storage";
import { requirePackage, type Stores } from "../package-rules";
import { packageApi, type PackageApi } from "./api";

/** Runs a change on the locked package in one transaction, then answers the package as it is. */
export async function change(
  storage: Storage,
  tenantId: string,
  id: string,
  fn: (s: Stores, pkg: PackageRecord) => Promise<void>,
): Promise<PackageApi> {
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, id, { lock: true });
    await fn(s, pkg);
    return packageApi((await s.packages.get(tenantId, pkg.id))!);
  });
}
