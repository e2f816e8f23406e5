/** Small phrases several pages share. */
import type { SigningSession } from "../types";

/** "Jane Roe (jane@example.com)", or whichever of the two is known, or "The sender". */
export function sender(session: SigningSession): string {
  const { senderName, senderEmail } = session.package;
  if (senderName && senderEmail) return `${senderName} (${senderEmail})`;
  return senderName || senderEmail || "The sender";
}

/** A date (or timestamp) as the signer's browser writes dates, e.g. "1 May 2026"; the input when unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00` : value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}
