import type { OutboxDetails, OutboxKind } from "../storage";
import { escapeHtml } from "../../shared/html";

/** What a notification says: from the outbox row and its package, as they are when it is sent. */
export interface NotificationContent {
  kind: OutboxKind;
  recipientName: string | null;
  packageName: string;
  emailSubject: string | null;
  emailMessage: string | null;
  voidedReason: string | null;
  /** Who declined and why (Declined), who completed a group slot (SlotCompleted). */
  details?: OutboxDetails | null;
  /**
   * The signer's link to the signing page (mail/signing-link.ts); for Completed the sender's link to
   * the package zip, or a signer's lasting link to it when the documents are too large to attach.
   */
  link: string | null;
  /** Who sent the package (PackageRecord.senderName/senderEmail): an invitation says who asks. */
  sender?: { name: string | null; email: string | null } | null;
  /** Completed only: whom it is for, and how the signed documents come with it. */
  completed?: CompletedMailParts | null;
}

export interface CompletedMailParts {
  /** The package's sender (their link is to the zip, for a day) or one who signed. */
  forSender: boolean;
  /** The names of the signed PDFs attached to the mail; empty when they are not attached. */
  attached: string[];
  /** Until when the link works (a signer's lasting link), when there is one. */
  linkExpiresOn: string | null;
}

export interface ComposedMessage {
  subject: string;
  text: string;
  html: string;
}

/**
 * One line of header text: line breaks and other control characters become spaces. A name or a
 * subject holding "\r\nBcc: someone" must never become a header of its own (header injection).
 */
export function headerText(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters (C0, DEL, C1) are what this removes.
  const singleLine = value.replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ");
  return singleLine.replace(/\s+/g, " ").trim();
}

/** Stands where the link will be while mail/signing-link.ts answers null. */
export const LINK_FOLLOWS = "Your personal link to the documents follows in the next message.";

function subjectOf(c: NotificationContent): string {
  const asked = c.emailSubject ?? `Please sign: ${c.packageName}`;
  switch (c.kind) {
    case "Invitation":
    case "Reassigned":
      return asked;
    case "Reminder":
      return `Reminder: ${asked}`;
    case "Voided":
      return `Voided: ${c.emailSubject ?? c.packageName}`;
    case "Completed":
      return `Completed: ${c.packageName}`;
    case "SlotCompleted":
      return `Signed by another member: ${c.emailSubject ?? c.packageName}`;
    case "Declined":
      return `Declined: ${c.packageName}`;
  }
}

/** "Name <email>", or whichever of the two is known. */
function person(name: string | null | undefined, email: string | null | undefined): string {
  const n = name ? headerText(name) : "";
  const e = email ? headerText(email) : "";
  if (n && e && n.toLowerCase() !== e.toLowerCase()) return `${n} <${e}>`;
  return n || e || "someone";
}

/** The body's paragraphs, as plain text; the HTML is made of the same paragraphs. */
interface Body {
  opening: string;
  /** The sender's own words (emailMessage, or the reason of a void); may span lines. */
  quoted: string | null;
  link: { url: string; label?: string } | { follows: string } | null;
}

/** The sender as "Name <address>", when the package says who sent it. */
function asker(c: NotificationContent): string | null {
  return c.sender && (c.sender.name || c.sender.email) ? person(c.sender.name, c.sender.email) : null;
}

/** What a group member is told: the invitation is for the group, and one signature completes it. */
function groupNote(c: NotificationContent): string {
  if (!c.details?.groupName) return "";
  return ` You are asked as a member of the signing group "${headerText(c.details.groupName)}": whichever member signs first signs for the whole group, and the others are then told that nothing more is needed.`;
}

/** "24 November 2026" (UTC: the mail does not know the reader's time zone). */
function day(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

function completedBody(c: NotificationContent, name: string): Body {
  const parts = c.completed ?? { forSender: true, attached: [], linkExpiresOn: null };
  const attached =
    parts.attached.length === 0
      ? null
      : parts.attached.length === 1
        ? "The signed document, sealed, is attached to this mail."
        : `The ${parts.attached.length} signed documents, sealed, are attached to this mail.`;
  if (parts.forSender) {
    return {
      opening: [
        `Everyone has signed ${name}.`,
        attached,
        `The signed documents, sealed, with the certificate of completion and the audit trail are in one zip file; the link works for 24 hours, and the documents stay available from the package.`,
      ]
        .filter(Boolean)
        .join(" "),
      quoted: null,
      link: c.link ? { url: c.link, label: "Download the signed documents" } : null,
    };
  }
  const until = parts.linkExpiresOn ? ` until ${day(parts.linkExpiresOn)}` : "";
  return {
    opening: [
      `Everyone has signed ${name}: it is complete.`,
      attached ??
        (c.link
          ? `The signed documents are too large to attach: download them, sealed, with the certificate of completion and the audit trail in one zip file, with the link below. It works${until}; keep a copy.`
          : "A link to the signed documents is added when this mail is sent."),
    ].join(" "),
    quoted: null,
    link: !attached && c.link ? { url: c.link, label: "Download the signed documents" } : null,
  };
}

function bodyOf(c: NotificationContent): Body {
  const name = `"${headerText(c.packageName)}"`;
  const link = c.link ? { url: c.link } : { follows: LINK_FOLLOWS };
  const by = asker(c);
  switch (c.kind) {
    case "Invitation":
      return {
        opening: `${by ? `${by} asks you to sign ${name}.` : `You are asked to sign ${name}.`}${groupNote(c)}`,
        quoted: c.emailMessage,
        link,
      };
    case "Reminder":
      return {
        opening: `A reminder: ${name} is still waiting for you${by ? ` (sent by ${by})` : ""}.${groupNote(c)}`,
        quoted: c.emailMessage,
        link,
      };
    case "Reassigned":
      return {
        opening: `${name} has been passed on to you to sign${by ? ` (sent by ${by})` : ""}.${groupNote(c)}`,
        quoted: c.emailMessage,
        link,
      };
    case "Voided":
      return {
        opening: `${name} has been voided by its sender: nothing more is needed from you.`,
        quoted: c.voidedReason ? `Reason: ${c.voidedReason}` : null,
        link: null,
      };
    case "Completed":
      return completedBody(c, name);
    case "SlotCompleted": {
      const by = person(c.details?.byName, c.details?.byEmail);
      const group = c.details?.groupName ? ` for ${headerText(c.details.groupName)}` : "";
      return {
        opening: `${by} has signed ${name}${group}: nothing more is needed from you.`,
        quoted: null,
        link: null,
      };
    }
    case "Declined":
      return {
        opening: `${person(c.details?.byName, c.details?.byEmail)} declined to sign ${name}; the package is now Declined.`,
        quoted: c.details?.reason ? `Reason: ${c.details.reason}` : null,
        link: null,
      };
  }
}

const FOOTER = "This is an automatic message from Sign for Outlook; replies are not read.";

export function composeNotification(c: NotificationContent): ComposedMessage {
  const name = c.recipientName ? headerText(c.recipientName) : "";
  const greeting = name ? `Hello ${name},` : "Hello,";
  const body = bodyOf(c);
  const quoted = body.quoted?.trim() || null;
  const text = [
    greeting,
    body.opening,
    quoted,
    body.link &&
      ("url" in body.link
        ? `${body.link.label ?? "Open the documents"}: ${body.link.url}`
        : body.link.follows),
    FOOTER,
  ]
    .filter((p): p is string => Boolean(p))
    .join("\n\n");
  const paragraph = (inner: string, style = "") => `<p${style ? ` style="${style}"` : ""}>${inner}</p>`;
  const html = [
    `<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family: sans-serif">`,
    paragraph(escapeHtml(greeting)),
    paragraph(escapeHtml(body.opening)),
    quoted && paragraph(escapeHtml(quoted).replace(/\r\n?|\n/g, "<br>")),
    body.link &&
      paragraph(
        "url" in body.link
          ? `<a href="${escapeHtml(body.link.url)}">${escapeHtml(body.link.label ?? "Open the documents")}</a>`
          : escapeHtml(body.link.follows),
      ),
    paragraph(escapeHtml(FOOTER), "color: #666666; font-size: smaller"),
    `</body></html>`,
  ]
    .filter(Boolean)
    .join("\n");
  return { subject: headerText(subjectOf(c)), text, html };
}
