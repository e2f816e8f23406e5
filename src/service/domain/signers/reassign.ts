// Reassigning an unfinished slot of a sent package to another person (contract §6.3): a new signer
// record, so the old links stop working, notified at once when it is their turn.
import { emailProblem } from "../../../shared/signing-group-rules";
import { ApiError, type FieldError } from "../../errors";
import type { SignerRecord, Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import {
  IN_FLIGHT_STATES,
  PACKAGE_LIMITS,
  checkText,
  FINISHED,
  requirePackage,
  requireState,
  throwIfAny,
} from "../package-rules";
import { notifySigner, invited, signersWhoseTurnItIs } from "./invitations";
import { touchPackage } from "../packages/transition";
import { newId } from "../tokens";
import { signerApi } from "./answer";
import { checkDuplicates, requireSigner, withDuplicateGuard } from "./guards";

export interface ReassignInput {
  email: string;
  name?: string | null;
  reason?: string | null;
}

/**
 * Gives an unfinished slot of a sent package to someone else: a person now (a group slot becomes a
 * person), notified at once when it is their turn; the old links stop working (their signer record
 * changed).
 */
export async function reassignSigner(
  storage: Storage,
  tenantId: string,
  packageId: string,
  signerId: string,
  input: ReassignInput,
  context: AuditContext,
  now = new Date(),
) {
  const errors: FieldError[] = [];
  const email = input.email.trim();
  const problem = emailProblem(email);
  if (problem) errors.push({ field: "email", message: `email ${problem}` });
  const name =
    input.name === undefined || input.name === null
      ? null
      : checkText(input.name, "name", errors, { max: 200 });
  const reason =
    input.reason === undefined || input.reason === null
      ? null
      : checkText(input.reason, "reason", errors, { max: PACKAGE_LIMITS.voidReasonLength, lines: true });
  throwIfAny(errors);
  return withDuplicateGuard(() =>
    storage.transaction(async (s) => {
      const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
      const signer = await requireSigner(s, pkg, signerId);
      requireState(pkg, IN_FLIGHT_STATES, "reassign a signer");
      if (FINISHED.has(signer.status)) {
        throw new ApiError(400, "invalid_state", `Cannot reassign: this signer is ${signer.status}.`);
      }
      const others = (await s.signers.list(pkg.id)).filter((x) => x.id !== signer.id);
      const at = now.toISOString();
      // A new id: links made for the old signer name the old id and stop working.
      const reassigned: SignerRecord = {
        ...signer,
        id: newId(),
        email,
        name: name ?? email,
        signingGroupId: null,
        status: "Pending",
        viewedOn: null,
        createdOn: signer.createdOn,
      };
      checkDuplicates([...others, reassigned], () => "email");
      // Annotations follow the slot: move them before the old record goes.
      reassigned.notifiedOn = null;
      reassigned.nextReminderOn = null;
      reassigned.remindersSentCount = 0;
      reassigned.lastReminderSentOn = null;
      await s.signers.insert({ ...reassigned, email: null });
      await s.annotations.reassign(pkg.id, signer.id, reassigned.id);
      // The old person's links follow the slot, and then answer Reassigned (their address is not the slot's).
      await s.signingLinks.moveToSigner(signer.id, reassigned.id);
      await s.signers.delete(pkg.id, signer.id);
      await s.signers.update(reassigned);
      let notified = 0;
      if (signersWhoseTurnItIs(pkg, [...others, reassigned]).some((x) => x.id === reassigned.id)) {
        notified = await notifySigner(s, pkg, reassigned, "Reassigned", at);
        Object.assign(reassigned, invited(pkg, reassigned, at));
        await s.signers.update(reassigned);
      }
      await touchPackage(s, pkg, now);
      await appendAudit(
        s,
        pkg,
        context,
        "SignerReassigned",
        {
          fromSignerId: signer.id,
          toSignerId: reassigned.id,
          from: signer.email ?? signer.name,
          to: email,
          reason,
          notifications: notified,
        },
        at,
      );
      return signerApi(reassigned, null);
    }),
  );
}
