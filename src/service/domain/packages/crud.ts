// Create, update, delete and clone: the operations on a package's own record while it is a Draft (and
// clone, which makes a new Draft of any package).
import type { PackageFields, PackageRecord, Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { PACKAGE_LIMITS, requirePackage, requireState, type Stores } from "../package-rules";
import { unstartedSigner } from "../signers";
import { newId } from "../tokens";
import { packageApi, type PackageApi } from "./api";
import { applyInput, newPackageFields, type CreatePackageInput, type UpdatePackageInput } from "./fields";
import { change } from "./locked";
import { transition } from "./transition";

export async function createPackage(
  storage: Storage,
  tenantId: string,
  input: CreatePackageInput,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  const fields = newPackageFields(input, now);
  return storage.transaction(async (s) =>
    packageApi(await createPackageLocked(s, tenantId, fields, context, now)),
  );
}

/** A new Draft of checked fields (newPackageFields), in the caller's transaction; answers its record. */
export async function createPackageLocked(
  s: Stores,
  tenantId: string,
  fields: PackageFields,
  context: AuditContext,
  now = new Date(),
): Promise<PackageRecord> {
  const at = now.toISOString();
  const id = newId();
  await s.packages.insert(id, tenantId, at, fields);
  await appendAudit(s, { id, tenantId }, context, "PackageCreated", { name: fields.name }, at);
  return (await s.packages.get(tenantId, id))!;
}

export async function updatePackage(
  storage: Storage,
  tenantId: string,
  id: string,
  input: UpdatePackageInput,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  return change(storage, tenantId, id, async (s, pkg) => {
    requireState(pkg, ["Draft"], "update the package");
    const changed = Object.keys(input).filter(
      (k) =>
        (input as Record<string, unknown>)[k] !== undefined && (input as Record<string, unknown>)[k] !== null,
    );
    await transition(
      s,
      pkg,
      applyInput(pkg, input, now),
      { context, action: "PackageUpdated", details: { fields: changed } },
      now,
    );
  });
}

export async function deletePackage(storage: Storage, tenantId: string, id: string): Promise<void> {
  await storage.transaction(async (s) =>
    deleteLocked(s, await requirePackage(s, tenantId, id, { lock: true })),
  );
}

/** Deletes a locked Draft: DELETE and bulk delete alike. */
export async function deleteLocked(s: Stores, pkg: PackageRecord): Promise<void> {
  requireState(pkg, ["Draft"], "delete the package");
  // Its documents' blobs and staged blocks may be nobody's any more: the collector decides.
  await s.blobGarbage.queue(
    [...(await s.documents.blobsOf(pkg.id)), ...(await s.uploads.blobsOfPackage(pkg.id))],
    new Date().toISOString(),
  );
  await s.packages.delete(pkg.id);
}

/** A new Draft with the package's settings, documents, signers and annotations (no group snapshot). */
export async function clonePackage(
  storage: Storage,
  tenantId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  const at = now.toISOString();
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, id);
    const copyId = newId();
    const name = `${pkg.name}`.slice(0, PACKAGE_LIMITS.nameLength);
    await s.packages.insert(copyId, tenantId, at, {
      ...pkg,
      name,
      status: "Draft",
      updatedOn: at,
      sentOn: null,
      completedOn: null,
      isArchived: false,
      voidedReason: null,
      // A schedule or an expiry in the past would make the copy unsendable: the sender sets new ones.
      scheduledSendOn: pkg.scheduledSendOn !== null && pkg.scheduledSendOn > at ? pkg.scheduledSendOn : null,
      expirationDate: pkg.expirationDate !== null && pkg.expirationDate > at ? pkg.expirationDate : null,
    });
    const documentIds = await s.documents.copyAll(pkg.id, copyId, () => newId());
    const signerIds = new Map<string, string>();
    for (const x of await s.signers.list(pkg.id)) {
      const sid = newId();
      signerIds.set(x.id, sid);
      await s.signers.insert({ ...x, id: sid, packageId: copyId, ...unstartedSigner(at) });
    }
    for (const a of await s.annotations.list(pkg.id)) {
      await s.annotations.insert({
        ...a,
        id: newId(),
        packageId: copyId,
        documentId: documentIds.get(a.documentId)!,
        signerId: signerIds.get(a.signerId)!,
        value: a.type === "Checkbox" || a.source === "Manual" ? a.value : null,
        isCompleted: false,
        completedOn: null,
        createdOn: at,
      });
    }
    await s.packages.refreshCounts(copyId);
    await appendAudit(
      s,
      { id: copyId, tenantId },
      context,
      "PackageCreated",
      { name, clonedFrom: pkg.id },
      at,
    );
    return packageApi((await s.packages.get(tenantId, copyId))!);
  });
}
