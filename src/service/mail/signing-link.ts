import type { SigningLinks } from "../domain/signing-links";
import type { OutboxRecord } from "../storage";

/** The kinds of notification that carry the person's link to the signing page. */
export const LINKED_KINDS: ReadonlySet<OutboxRecord["kind"]> = new Set([
  "Invitation",
  "Reminder",
  "Reassigned",
]);

/**
 * The signer's own link, put in every Invitation, Reminder and Reassigned mail: one person
 * (`row.email`) of one signer slot (`row.signerId`; for a group slot every member has a row of their
 * own, contract §6.5) of `row.packageId`. The link row was written with the outbox row, under the same
 * id (package-rules.ts, notifySigner), so the link is that id sealed (domain/signing-links.ts).
 * Null for other kinds, or when the caller has no link maker (the mail then says the link follows).
 */
export function signingLinkFor(row: OutboxRecord, links: SigningLinks | null = null): string | null {
  if (!links || row.signerId === null || !LINKED_KINDS.has(row.kind)) return null;
  return links.urlFor(row.id);
}
