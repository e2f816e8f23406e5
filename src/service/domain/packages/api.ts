// A package as the API answers it (PackageResponse, contract §6.1), its ETag, and the names of its
// statuses and sort fields that the schemas and the list query share.
import { createHash } from "node:crypto";
import type { PackageRecord, PackageSortField, PackageStatus } from "../../storage";

export const PACKAGE_STATUSES: readonly PackageStatus[] = [
  "Draft",
  "Scheduled",
  "Queued",
  "Sent",
  "Viewed",
  "InProgress",
  "Completed",
  "Declined",
  "Voided",
  "Expired",
];

export const PACKAGE_SORT_FIELDS: readonly PackageSortField[] = ["createdOn", "updatedOn", "sentOn", "name"];

/** PackageResponse of contract §6.1 (plus the reminder settings). */
export function packageApi(p: PackageRecord) {
  return {
    id: p.id,
    name: p.name,
    status: p.status,
    createdOn: p.createdOn,
    updatedOn: p.updatedOn,
    sentOn: p.sentOn,
    completedOn: p.completedOn,
    enforceSigningOrder: p.enforceSigningOrder,
    expirationDate: p.expirationDate,
    scheduledSendOn: p.scheduledSendOn,
    emailSubject: p.emailSubject,
    emailMessage: p.emailMessage,
    documentCount: p.documentCount,
    signerCount: p.signerCount,
    completedSignerCount: p.completedSignerCount,
    isArchived: p.isArchived,
    voidedReason: p.voidedReason,
    source: p.source,
    reminders: p.reminders,
    senderEmail: p.senderEmail,
    senderName: p.senderName,
    sealing: sealingOf(p),
  };
}

/** PackageResponse.sealing: the completion's state in the words of the API (null before Completed). */
function sealingOf(p: PackageRecord): "InProgress" | "Done" | "Failed" | null {
  if (p.status !== "Completed" || p.completionStatus === null) return null;
  return p.completionStatus === "Pending" ? "InProgress" : p.completionStatus;
}

export type PackageApi = ReturnType<typeof packageApi>;

/** A strong ETag of the answer itself: any change to what the client would see changes it. */
export function packageETag(p: PackageApi): string {
  return `"${createHash("sha256").update(JSON.stringify(p)).digest("base64url").slice(0, 27)}"`;
}
