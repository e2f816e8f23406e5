// Reading a package's signers (contract §6.3): one, or all of them as one page, each with its
// signing group's members when it is a group slot.
import type { SignerRecord, Storage } from "../../storage";
import { onePage, requirePackage, type Stores } from "../package-rules";
import { signerApi } from "./answer";
import { requireSigner } from "./guards";

async function signerAnswer(s: Stores, x: SignerRecord) {
  const members =
    x.signingGroupId === null ? null : ((await s.signers.members(x.packageId)).get(x.id) ?? null);
  return signerApi(x, members);
}

export async function getSigner(storage: Storage, tenantId: string, packageId: string, signerId: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  return signerAnswer(storage, await requireSigner(storage, pkg, signerId));
}

export async function listSigners(storage: Storage, tenantId: string, packageId: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const [signers, members] = await Promise.all([
    storage.signers.list(pkg.id),
    storage.signers.members(pkg.id),
  ]);
  const items = signers.map((x) =>
    signerApi(x, x.signingGroupId === null ? null : (members.get(x.id) ?? [])),
  );
  return onePage(items);
}
