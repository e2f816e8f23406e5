/**
 * Headers the service puts on every mail of its outbox (src/service/mail), read by the task pane to
 * recognise one of our own invitations or notices in the mailbox and show its package (Status view).
 * Shared by both ends so that the names never drift apart. Header names are case-insensitive.
 */

/** The package the mail is about (a UUID). */
export const PACKAGE_ID_HEADER = "X-Sign-Package-Id";
/** Which notice it is: the outbox row's kind (Invitation, Reminder, Reassigned, Voided, ...). */
export const NOTIFICATION_KIND_HEADER = "X-Sign-Notification";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The package id of a mail from its raw internet headers (RFC 5322 text, as Outlook's
 * getAllInternetHeadersAsync gives them), or null when the mail is not one of ours. Folded lines are
 * unfolded; anything that is not a UUID is ignored (a header is easy to forge: the id only selects
 * what to show, the service still checks the user may see it).
 */
export function packageIdFromHeaders(headers: string): string | null {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  const name = PACKAGE_ID_HEADER.toLowerCase();
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0 || line.slice(0, colon).trim().toLowerCase() !== name) continue;
    const value = line.slice(colon + 1).trim();
    if (UUID.test(value)) return value.toLowerCase();
  }
  return null;
}
