// Notifying again signers of a sent package whose turn it is (contract §6.3): one (errors thrown) or a
// bulk list (an answer per signer).
import { ApiError } from "../../errors";
import type { Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import {
  bulkResults,
  IN_FLIGHT_STATES,
  parseId,
  requirePackage,
  requireState,
  FINISHED,
} from "../package-rules";
import { notifySigner, invited, signersWhoseTurnItIs } from "./invitations";
import { requireSigner } from "./guards";

/** Re-notifies one signer whose turn it is and who has not finished. */
export async function resendToSigners(
  storage: Storage,
  tenantId: string,
  packageId: string,
  signerIds: readonly string[],
  context: AuditContext,
  options: { bulk: boolean },
  now = new Date(),
) {
  const at = now.toISOString();
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    if (!options.bulk) await requireSigner(s, pkg, signerIds[0]!);
    requireState(pkg, IN_FLIGHT_STATES, "resend to a signer");
    const signers = await s.signers.list(pkg.id);
    const turn = new Set(signersWhoseTurnItIs(pkg, signers).map((x) => x.id));
    const byId = new Map(signers.map((x) => [x.id, x]));
    const results = [];
    for (const text of signerIds) {
      const id = parseId(text);
      const x = id ? byId.get(id) : undefined;
      let error: { code: string; message: string } | null = null;
      if (!x) error = { code: "not_found", message: `Signer ${text} of package ${pkg.id} was not found.` };
      else if (FINISHED.has(x.status))
        error = { code: "invalid_state", message: `This signer is ${x.status}.` };
      else if (!turn.has(x.id))
        error = { code: "not_your_turn", message: "It is not this signer's turn yet." };
      if (error) {
        if (!options.bulk) throw new ApiError(400, error.code as "invalid_state", error.message);
        results.push({ id: text, success: false, error });
        continue;
      }
      const notified = await notifySigner(s, pkg, x!, "Invitation", at);
      await s.signers.update(invited(pkg, x!, at));
      await appendAudit(s, pkg, context, "SignerResent", { signerId: x!.id, notifications: notified }, at);
      results.push({ id: text, success: true, error: null });
    }
    return bulkResults(results);
  });
}
