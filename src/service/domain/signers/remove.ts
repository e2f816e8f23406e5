// Removing a signer from a Draft package (contract §6.3); the database removes their annotations with
// them.
import type { Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { requirePackage, requireState } from "../package-rules";
import { touchPackage } from "../packages/transition";
import { requireSigner } from "./guards";

export async function removeSigner(
  storage: Storage,
  tenantId: string,
  packageId: string,
  signerId: string,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  await storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    const signer = await requireSigner(s, pkg, signerId);
    requireState(pkg, ["Draft"], "remove a signer");
    // Their annotations go with them (ON DELETE CASCADE).
    await s.signers.delete(pkg.id, signer.id);
    await touchPackage(s, pkg, now);
    await appendAudit(
      s,
      pkg,
      context,
      "SignerRemoved",
      { signerId: signer.id, email: signer.email, name: signer.name },
      now.toISOString(),
    );
  });
}
