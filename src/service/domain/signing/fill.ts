// Filling in a field as the signer goes (PUT .../fields/{id}): kept as a draft of this person's until
// they finish; the first value moves the slot (and the package) to InProgress.
import { validationFailed } from "../../errors";
import { appendAudit } from "../audit";
import { transition } from "../packages/transition";
import type { Stores } from "../package-rules";
import { AUTO_TYPES, nameOfField, requireField, signingFieldApi, type SigningFieldApi } from "./fields";
import { checkFieldValue } from "./values";
import { auditContextOf, requireReady, type SigningContext, type Visit, visit } from "./visit";

/** The first value a slot gets moves it (and the package) to InProgress. */
export async function markInProgress(s: Stores, v: Visit, ip: string | null, now: Date): Promise<void> {
  const signer = v.signer!;
  if (signer.status === "InProgress") return;
  const at = now.toISOString();
  await s.signers.update({ ...signer, status: "InProgress", viewedOn: signer.viewedOn ?? at });
  const event = {
    context: auditContextOf(v, ip),
    action: "SigningStarted",
    details: { signerId: signer.id },
  };
  // The package moves only from Sent or Viewed; a later slot's start is its event alone.
  if (v.pkg.status === "Sent" || v.pkg.status === "Viewed") {
    await transition(s, v.pkg, { status: "InProgress" }, event, now);
  } else await appendAudit(s, v.pkg, event.context, event.action, event.details, at);
}

export async function saveFieldValue(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  fieldId: string,
  value: unknown,
  ip: string | null,
  now = new Date(),
): Promise<SigningFieldApi> {
  if (value !== null && typeof value !== "string") {
    throw validationFailed([{ field: "value", message: "value must be a string, or null to clear it." }]);
  }
  return ctx.storage.transaction(async (s) => {
    const v = await visit(s, ctx.links, token, grant, now, { lock: true });
    requireReady(v, "fill in a field");
    const a = await requireField(s, v, fieldId);
    let stored: string | null = null;
    if (value !== null) {
      const checked = checkFieldValue(a, value);
      if ("problem" in checked) {
        throw validationFailed(
          [{ field: a.id, message: `The ${nameOfField(a)} ${checked.problem}` }],
          `The ${nameOfField(a)} ${checked.problem}`,
        );
      }
      stored = checked.value;
    } else if (AUTO_TYPES.has(a.type)) {
      throw validationFailed([{ field: a.id, message: `The ${nameOfField(a)} is filled in automatically.` }]);
    }
    await s.signingValues.set(v.pkg.id, a.id, v.link.emailLower, stored, now.toISOString());
    if (stored === null && a.type === "Attachment") {
      // Clearing an attachment field lets its file go too.
      const dropped = await s.signingValues.removeAttachment(a.id, v.link.emailLower);
      if (dropped) await s.blobGarbage.queue([dropped], now.toISOString());
    }
    if (stored !== null) await markInProgress(s, v, ip, now);
    return signingFieldApi(a, stored ?? (a.type === "Attachment" ? null : a.value), false);
  });
}
