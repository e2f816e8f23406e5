// Declining (POST /sign/{token}/decline): the slot and the package Declined, the sender told why.
import { type FieldError } from "../../errors";
import type { SignerRecord } from "../../storage";
import { transition } from "../packages/transition";
import { checkText, throwIfAny } from "../package-rules";
import { newId } from "../tokens";
import { SIGNING_LIMITS } from "./limits";
import { sessionOf, type SigningSessionApi } from "./session";
import { auditContextOf, requireReady, type SigningContext, visit } from "./visit";

export async function declineSigning(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  reasonInput: unknown,
  ip: string | null,
  now = new Date(),
): Promise<SigningSessionApi> {
  const errors: FieldError[] = [];
  const reason =
    typeof reasonInput === "string"
      ? checkText(reasonInput, "reason", errors, {
          max: SIGNING_LIMITS.declineReasonLength,
          required: true,
          lines: true,
        })
      : (errors.push({ field: "reason", message: "reason is required." }), null);
  throwIfAny(errors);
  return ctx.storage.transaction(async (s) => {
    const v = await visit(s, ctx.links, token, grant, now, { lock: true });
    requireReady(v, "decline");
    const at = now.toISOString();
    const signer: SignerRecord = {
      ...v.signer!,
      status: "Declined",
      declinedOn: at,
      declineReason: reason,
      nextReminderOn: null,
    };
    await s.signers.update(signer);
    const pkg = await transition(
      s,
      v.pkg,
      { status: "Declined" },
      {
        context: auditContextOf(v, ip),
        action: "SignerDeclined",
        details: {
          signerId: signer.id,
          reason,
          ...(signer.signingGroupId !== null ? { groupMember: v.person.email } : {}),
        },
      },
      now,
    );
    if (pkg.senderEmail) {
      await s.outbox.insert({
        id: newId(),
        tenantId: pkg.tenantId,
        packageId: pkg.id,
        signerId: signer.id,
        kind: "Declined",
        email: pkg.senderEmail,
        name: pkg.senderName,
        createdOn: at,
        details: { byName: v.person.name, byEmail: v.person.email, reason },
      });
    }
    return sessionOf(s, { ...v, pkg, signer, state: "Declined" }, now);
  });
}
