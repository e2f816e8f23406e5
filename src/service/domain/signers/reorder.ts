// Setting the routing order of a Draft package's signers (contract §6.3): every item checked first,
// then all written in one transaction.
import type { FieldError } from "../../errors";
import type { SignerRecord, Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { PACKAGE_LIMITS, parseId, requirePackage, requireState, throwIfAny } from "../package-rules";
import { touchPackage } from "../packages/transition";
import { signerApi } from "./answer";

export async function reorderSigners(
  storage: Storage,
  tenantId: string,
  packageId: string,
  order: readonly { signerId: string; routingOrder: number }[],
  context: AuditContext,
  now = new Date(),
) {
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    requireState(pkg, ["Draft"], "reorder signers");
    const signers = new Map((await s.signers.list(pkg.id)).map((x) => [x.id, x]));
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    const changes: SignerRecord[] = [];
    for (const [i, item] of order.entries()) {
      const id = parseId(item.signerId);
      const signer = id ? signers.get(id) : undefined;
      if (!signer) {
        errors.push({
          field: `order[${i}].signerId`,
          message: `${item.signerId} is not a signer of this package.`,
        });
        continue;
      }
      if (seen.has(signer.id)) {
        errors.push({ field: `order[${i}].signerId`, message: `${item.signerId} is listed twice.` });
        continue;
      }
      seen.add(signer.id);
      if (
        !Number.isInteger(item.routingOrder) ||
        item.routingOrder < 1 ||
        item.routingOrder > PACKAGE_LIMITS.routingOrderMax
      ) {
        errors.push({
          field: `order[${i}].routingOrder`,
          message: `order[${i}].routingOrder must be a whole number from 1 to ${PACKAGE_LIMITS.routingOrderMax}.`,
        });
        continue;
      }
      changes.push({ ...signer, routingOrder: item.routingOrder });
    }
    throwIfAny(errors);
    for (const x of changes) await s.signers.update(x);
    await touchPackage(s, pkg, now);
    await appendAudit(
      s,
      pkg,
      context,
      "SignersReordered",
      { order: changes.map((x) => ({ signerId: x.id, routingOrder: x.routingOrder })) },
      now.toISOString(),
    );
    const members = await s.signers.members(pkg.id);
    return (await s.signers.list(pkg.id)).map((x) =>
      signerApi(x, x.signingGroupId === null ? null : (members.get(x.id) ?? [])),
    );
  });
}
