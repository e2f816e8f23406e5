/**
 * How the Status view says a package's and a signer's state: words first, with a badge colour and an
 * icon that repeat them (colour is never the only cue: contract §6.1 and §6.3 statuses).
 */
import type { Package, PackageStatus, Signer } from "../../api/packages";

export type BadgeColor =
  "brand" | "danger" | "important" | "informative" | "severe" | "subtle" | "success" | "warning";
export type StatusIcon =
  "draft" | "clock" | "send" | "eye" | "pen" | "done" | "declined" | "void" | "expired";

export interface StatusLook {
  words: string;
  color: BadgeColor;
  icon: StatusIcon;
}

const PACKAGE_LOOKS: Readonly<Record<PackageStatus, StatusLook>> = {
  Draft: { words: "Draft", color: "subtle", icon: "draft" },
  Scheduled: { words: "Scheduled", color: "informative", icon: "clock" },
  Queued: { words: "Being sent", color: "informative", icon: "clock" },
  Sent: { words: "Sent", color: "brand", icon: "send" },
  Viewed: { words: "Viewed", color: "brand", icon: "eye" },
  InProgress: { words: "In progress", color: "warning", icon: "pen" },
  Completed: { words: "Completed", color: "success", icon: "done" },
  Declined: { words: "Declined", color: "danger", icon: "declined" },
  Voided: { words: "Voided", color: "severe", icon: "void" },
  Expired: { words: "Expired", color: "subtle", icon: "expired" },
};

export function packageLook(status: string): StatusLook {
  return PACKAGE_LOOKS[status as PackageStatus] ?? { words: status, color: "informative", icon: "clock" };
}

const SIGNER_LOOKS: Readonly<Record<string, StatusLook>> = {
  Pending: { words: "Waiting for their turn", color: "subtle", icon: "clock" },
  Sent: { words: "Invited", color: "brand", icon: "send" },
  Viewed: { words: "Viewed", color: "brand", icon: "eye" },
  InProgress: { words: "Signing", color: "warning", icon: "pen" },
  Completed: { words: "Completed", color: "success", icon: "done" },
  Declined: { words: "Declined", color: "danger", icon: "declined" },
  Voided: { words: "Voided", color: "severe", icon: "void" },
};

export function signerLook(
  signer: Pick<Signer, "status" | "type"> & Partial<Pick<Signer, "clientUserId">>,
): StatusLook {
  const look = SIGNER_LOOKS[signer.status] ?? { words: signer.status, color: "informative", icon: "clock" };
  // An embedded signer was sent nothing: "Invited" would claim a mail.
  if (signer.status === "Sent" && isEmbedded(signer))
    return { ...look, words: "Not signed yet", icon: "clock" };
  if (signer.status === "Completed") {
    if (signer.type === "Approver") return { ...look, words: "Approved" };
    if (signer.type === "CarbonCopy") return { ...look, words: "Received a copy" };
  }
  return look;
}

/** Statuses a user can filter the list of all packages by, in words. */
export const STATUS_FILTERS: readonly { value: string; label: string; statuses: PackageStatus[] }[] = [
  { value: "all", label: "All statuses", statuses: [] },
  { value: "waiting", label: "Waiting for others", statuses: ["Sent", "Viewed", "InProgress"] },
  { value: "Completed", label: "Completed", statuses: ["Completed"] },
  { value: "Declined", label: "Declined", statuses: ["Declined"] },
  { value: "Voided", label: "Voided", statuses: ["Voided"] },
  { value: "Expired", label: "Expired", statuses: ["Expired"] },
  { value: "draft", label: "Drafts and scheduled", statuses: ["Draft", "Scheduled", "Queued"] },
];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : "";
}

export function formatDateTime(iso: string | null): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : "";
}

/** "just now", "2 minutes ago", "3 hours ago": the age of what is shown. */
export function age(since: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - since) / 1000));
  if (seconds < 45) return "just now";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? "a minute ago" : `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? "an hour ago" : `${hours} hours ago`;
  const days = Math.round(hours / 24);
  return days === 1 ? "a day ago" : `${days} days ago`;
}

/**
 * A signer who signs on a page the sender opens for them (clientUserId set: Sign it yourself, or an
 * embedded signer): the service mails them nothing, so there is nobody to remind.
 */
export function isEmbedded(signer: Partial<Pick<Signer, "clientUserId">>): boolean {
  return signer.clientUserId !== null && signer.clientUserId !== undefined;
}

/** The people whose turn it is: signers who have not finished (a reminder mails those not embedded). */
export function whoseTurn(pkg: Pick<Package, "enforceSigningOrder">, signers: readonly Signer[]): Signer[] {
  const open = signers.filter(
    (s) => s.type !== "CarbonCopy" && !["Completed", "Declined", "Voided"].includes(s.status),
  );
  if (!pkg.enforceSigningOrder || open.length === 0) return open;
  const first = Math.min(...open.map((s) => s.routingOrder));
  return open.filter((s) => s.routingOrder === first);
}

/** "Ada", "Ada and Bob", "Ada, Bob and Carol". */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A group slot's finishing member, by name where the snapshot has it. */
export function completedByName(signer: Signer): string | null {
  if (!signer.completedBy) return null;
  const member = signer.groupMembers?.find(
    (m) => m.email.toLowerCase() === signer.completedBy!.toLowerCase(),
  );
  return member?.name ? `${member.name} (${member.email})` : signer.completedBy;
}
