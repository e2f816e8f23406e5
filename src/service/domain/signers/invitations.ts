// Whose turn it is to sign, and the invitations and reminders that ask them: the notifications (and
// the signing links they carry) written in the transaction of the change that causes them.
import { caseKey } from "../../../shared/signing-group-rules";
import type { PackageRecord, SignerRecord } from "../../storage";
import { FINISHED, type Stores } from "../package-rules";
import { newId } from "../tokens";

/**
 * Whose turn it is on a sent package: with enforceSigningOrder, the unfinished signers of the lowest
 * routing order that has any; without it, every unfinished signer.
 */
export function signersWhoseTurnItIs(pkg: PackageRecord, signers: readonly SignerRecord[]): SignerRecord[] {
  const open = signers.filter((x) => !FINISHED.has(x.status));
  if (!pkg.enforceSigningOrder || open.length === 0) return open;
  const first = Math.min(...open.map((x) => x.routingOrder));
  return open.filter((x) => x.routingOrder === first);
}

const DAY_MS = 86_400_000;

/** When the first reminder of a signer invited at `at` is due, by the package's settings; or null. */
export function firstReminderOn(pkg: PackageRecord, at: string): string | null {
  const days = pkg.reminders.firstAfterDays;
  if (!pkg.reminders.enabled || days === null) return null;
  return new Date(Date.parse(at) + days * DAY_MS).toISOString();
}

/** The reminder after one sent at `at`, or null when the package repeats none. */
export function nextReminderAfter(pkg: PackageRecord, at: string): string | null {
  const days = pkg.reminders.everyDays;
  if (!pkg.reminders.enabled || days === null) return null;
  return new Date(Date.parse(at) + days * DAY_MS).toISOString();
}

/** A signer just invited (Invitation, Reassigned, resend): reminders count from now. */
export function invited(pkg: PackageRecord, x: SignerRecord, at: string): SignerRecord {
  return {
    ...x,
    status: x.status === "Pending" ? "Sent" : x.status,
    notifiedOn: at,
    // An embedded signer is never mailed (notifySigner), so nothing would remind them either.
    nextReminderOn: x.clientUserId !== null ? null : firstReminderOn(pkg, at),
  };
}

/**
 * Invites every signer whose turn it is and who has not been invited yet (Pending → Sent). A carbon
 * copy has nothing to do: it is Completed once it has its copy, which may move the turn on to the next
 * routing order, so this repeats until nobody new is invited. Answers the notifications written.
 */
export async function inviteWhoseTurn(s: Stores, pkg: PackageRecord, at: string): Promise<number> {
  let notified = 0;
  for (;;) {
    const waiting = signersWhoseTurnItIs(pkg, await s.signers.list(pkg.id)).filter(
      (x) => x.status === "Pending",
    );
    if (waiting.length === 0) return notified;
    let movedOn = false;
    for (const x of waiting) {
      notified += await notifySigner(s, pkg, x, "Invitation", at);
      if (x.type === "CarbonCopy") {
        await s.signers.update({ ...x, status: "Completed", completedOn: at, notifiedOn: at });
        movedOn = true;
      } else await s.signers.update(invited(pkg, x, at));
    }
    if (movedOn) await s.packages.refreshCounts(pkg.id);
    if (!movedOn || !pkg.enforceSigningOrder) return notified;
  }
}

const LINKED: ReadonlySet<string> = new Set(["Invitation", "Reminder", "Reassigned"]);

/**
 * One notification per person: the signer, or each member of a group slot's snapshot. Those that
 * ask the person to sign come with a signing link of their own (signing_links, under the outbox
 * row's id: mail/signing-link.ts makes its URL when the mail is sent).
 */
export async function notifySigner(
  s: Stores,
  pkg: PackageRecord,
  x: SignerRecord,
  kind: "Invitation" | "Reminder" | "Reassigned" | "Voided",
  at: string,
): Promise<number> {
  if (x.signingGroupId !== null) {
    const prefix = newId();
    const link = { tenantId: pkg.tenantId, packageId: pkg.id, signerId: x.id, createdOn: at };
    if (LINKED.has(kind)) await s.signingLinks.insertForSnapshot(prefix, link);
    // The group's name: each member's mail says it asks them for the group (mail/messages.ts).
    return s.outbox.insertForSnapshot(prefix, { ...link, kind, details: { groupName: x.name } });
  }
  // An embedded signer (clientUserId) signs where the caller shows them the page, from a link made
  // by signing-url (create-and-send's signYourself makes one): as on the platform, no mail of ours.
  if (!x.email || x.clientUserId !== null) return 0;
  const id = newId();
  await s.outbox.insert({
    id,
    tenantId: pkg.tenantId,
    packageId: pkg.id,
    signerId: x.id,
    kind,
    email: x.email,
    name: x.name,
    createdOn: at,
  });
  if (LINKED.has(kind)) {
    await s.signingLinks.insert({
      id,
      tenantId: pkg.tenantId,
      packageId: pkg.id,
      signerId: x.id,
      email: x.email,
      emailLower: caseKey(x.email),
      name: x.name,
      createdOn: at,
      expiresOn: null,
      returnUrl: null,
      allowedOrigins: [],
    });
  }
  return 1;
}
