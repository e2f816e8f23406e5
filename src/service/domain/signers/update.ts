// Changing a signer of a Draft package (contract §6.3): the same checks as adding one, on the locked
// package.
import type { FieldError } from "../../errors";
import type { Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { requirePackage, requireState, throwIfAny } from "../package-rules";
import { touchPackage } from "../packages/transition";
import { signerApi } from "./answer";
import { checkDuplicates, requireSigner, withDuplicateGuard } from "./guards";
import { applySigner, type UpdateSignerInput } from "./input";

export async function updateSigner(
  storage: Storage,
  tenantId: string,
  packageId: string,
  signerId: string,
  input: UpdateSignerInput,
  context: AuditContext,
  now = new Date(),
) {
  return withDuplicateGuard(() =>
    storage.transaction(async (s) => {
      const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
      const signer = await requireSigner(s, pkg, signerId);
      requireState(pkg, ["Draft"], "change a signer");
      const errors: FieldError[] = [];
      const updated = await applySigner(s, tenantId, signer, input, errors, "", false);
      throwIfAny(errors);
      const others = (await s.signers.list(pkg.id)).filter((x) => x.id !== signer.id);
      checkDuplicates([...others, updated], () => "email");
      await s.signers.update(updated);
      await touchPackage(s, pkg, now);
      await appendAudit(
        s,
        pkg,
        context,
        "SignerUpdated",
        { signerId: signer.id, email: updated.email, name: updated.name },
        now.toISOString(),
      );
      return signerApi(updated, updated.signingGroupId === null ? null : []);
    }),
  );
}
