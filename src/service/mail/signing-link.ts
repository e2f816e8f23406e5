import type { OutboxRecord } from "../storage";

/**
 * THE SEAM for the signing page (issue 16, a later part): the signer's own link, put in every
 * Invitation, Reminder and Reassigned mail.
 *
 * There is no signing page yet, so there is no link: this answers null, and the mail then tells the
 * signer that their link follows in the next message (mail/messages.ts, `linkParagraph`). The part
 * that builds the signing page replaces the body of this function — and nothing else — with the
 * `/sign/...` address for this row: one person (`row.email`) of one signer slot (`row.signerId`;
 * for a group slot every member has a row of their own, contract §6.5) of `row.packageId`.
 * domain/outbox.ts calls it once per mail, just before sending, outside any transaction.
 */
export function signingLinkFor(row: OutboxRecord): string | null {
  void row;
  return null;
}
