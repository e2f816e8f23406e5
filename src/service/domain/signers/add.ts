// Adding signers to a Draft package (contract §6.3): one or a bulk list, all or none. The locked form
// is for callers that already hold the package's transaction (create-and-send, templates).
import { validationFailed, type FieldError } from "../../errors";
import type { PackageRecord, SignerRecord, Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { PACKAGE_LIMITS, requirePackage, requireState, throwIfAny, type Stores } from "../package-rules";
import { touchPackage } from "../packages/transition";
import { signerApi } from "./answer";
import { checkDuplicates, withDuplicateGuard } from "./guards";
import { applySigner, type CreateSignerInput } from "./input";
import { blankSigner } from "./unstarted";

export async function addSigners(
  storage: Storage,
  tenantId: string,
  packageId: string,
  inputs: readonly CreateSignerInput[],
  context: AuditContext,
  options: { bulk: boolean },
  now = new Date(),
) {
  return withDuplicateGuard(() =>
    storage.transaction(async (s) => {
      const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
      return addSignersLocked(s, pkg, inputs, context, options, now);
    }),
  );
}

/**
 * Adds signers to a locked package (the caller holds the transaction): all or none. With `bulk`,
 * errors name `signers[i].field`.
 */
export async function addSignersLocked(
  s: Stores,
  pkg: PackageRecord,
  inputs: readonly CreateSignerInput[],
  context: AuditContext,
  options: { bulk: boolean },
  now = new Date(),
) {
  const tenantId = pkg.tenantId;
  const at = now.toISOString();
  requireState(pkg, ["Draft"], "add signers");
  const existing = await s.signers.list(pkg.id);
  if (existing.length + inputs.length > PACKAGE_LIMITS.signersPerPackage) {
    throw validationFailed([
      {
        field: options.bulk ? "signers" : "package",
        message: `A package has at most ${PACKAGE_LIMITS.signersPerPackage} signers (it has ${existing.length}).`,
      },
    ]);
  }
  const errors: FieldError[] = [];
  let seq = await s.signers.nextSeq(pkg.id);
  const added: SignerRecord[] = [];
  for (const [i, input] of inputs.entries()) {
    const prefix = options.bulk ? `signers[${i}].` : "";
    added.push(await applySigner(s, tenantId, blankSigner(pkg.id, seq++, at), input, errors, prefix, true));
  }
  throwIfAny(errors);
  const position = new Map(added.map((x, i) => [x.id, i]));
  checkDuplicates([...existing, ...added], (x) =>
    options.bulk ? `signers[${position.get(x.id) ?? 0}].email` : "email",
  );
  for (const x of added) await s.signers.insert(x);
  await touchPackage(s, pkg, now);
  for (const x of added) {
    await appendAudit(
      s,
      pkg,
      context,
      "SignerAdded",
      {
        signerId: x.id,
        email: x.email,
        name: x.name,
        signingGroupId: x.signingGroupId,
        routingOrder: x.routingOrder,
      },
      at,
    );
  }
  return added.map((x) => signerApi(x, x.signingGroupId === null ? null : []));
}
