// Validating a package's annotations only (contract §6.4): the package validation (packages/validate.ts)
// narrowed to them, so the two answer alike.
import type { Storage } from "../../storage";
import { checkPackage } from "../packages";
import { requirePackage } from "../package-rules";

/** Validate for annotations only (contract §6.4): the same checks and answer as package validate. */
export async function validateAnnotations(storage: Storage, tenantId: string, packageId: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  return checkPackage(storage, pkg, "annotations");
}
