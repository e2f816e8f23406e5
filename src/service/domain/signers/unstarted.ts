// A signer as it starts: the progress fields of one who has done nothing yet (new, or copied into a
// clone by packages/crud.ts) and the blank record a new signer is built on.
import type { SignerRecord } from "../../storage";
import { newId } from "../tokens";

/** Where a signer's progress starts: a new signer, or one copied into a clone, has done nothing yet. */
export function unstartedSigner(at: string) {
  return {
    status: "Pending",
    viewedOn: null,
    completedOn: null,
    createdOn: at,
    declinedOn: null,
    declineReason: null,
    remindersSentCount: 0,
    lastReminderSentOn: null,
    completedBy: null,
    notifiedOn: null,
    nextReminderOn: null,
  } satisfies Partial<SignerRecord>;
}

export function blankSigner(packageId: string, seq: number, at: string): SignerRecord {
  return {
    id: newId(),
    packageId,
    seq,
    email: null,
    name: "",
    type: "Signer",
    routingOrder: 1,
    authMethod: "Email",
    accessCodeHash: null,
    clientUserId: null,
    roleName: null,
    signingGroupId: null,
    ...unstartedSigner(at),
  };
}
