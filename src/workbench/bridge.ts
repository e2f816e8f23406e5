/**
 * What the workbench page and the simulated Office in its task pane iframe share (same origin).
 */

export type WorkbenchMode = "read" | "compose";
export type WorkbenchTheme = "light" | "dark";

/** test/fixtures/message.json */
export interface FixtureAddress {
  emailAddress: string;
  displayName: string;
  recipientType?: string;
}

export interface FixtureAttachment {
  id: string;
  name: string;
  /** File name in test/fixtures/ (served at /fixtures/). */
  file: string;
  contentType: string;
  size: number;
  /**
   * Office's attachmentType: "file" (the default), "cloud" (a link to OneDrive or SharePoint) or "item"
   * (an attached mail or meeting), so a fixture can show the attachments that cannot be sent.
   */
  attachmentType?: "file" | "cloud" | "item";
}

export interface MessageFixture {
  user: FixtureAddress;
  from: FixtureAddress;
  to: FixtureAddress[];
  cc: FixtureAddress[];
  /** The draft's To and Cc (compose mode): the user writing to colleagues; To and Cc above when absent. */
  composeTo?: FixtureAddress[];
  composeCc?: FixtureAddress[];
  subject: string;
  conversationId: string;
  internetMessageId: string;
  /** The received message's body (read mode). */
  body: string;
  /** The draft's body (compose mode), where "insert at cursor" lands. */
  composeBody: string;
  attachments: FixtureAttachment[];
  /** Read mode's internet headers as RFC 5322 text; made of the fields above when absent. */
  internetHeaders?: string;
}

/** The To and Cc lines of the message in a mode: the received mail's, or the user's draft's. */
export function fixtureRecipients(
  fixture: MessageFixture,
  mode: "read" | "compose",
): { to: FixtureAddress[]; cc: FixtureAddress[] } {
  return mode === "read"
    ? { to: fixture.to, cc: fixture.cc }
    : { to: fixture.composeTo ?? fixture.to, cc: fixture.composeCc ?? fixture.cc };
}

/** Set on the workbench page's window under BRIDGE_KEY. */
export interface WorkbenchBridge {
  getBody(): string;
  /** Replaces the selection of the simulated compose body with `text`, as setSelectedDataAsync does. */
  insertAtCursor(text: string): void;
  /**
   * A reply form Outlook opened (displayReply[All]Form[Async]), called again with the same `id` as its
   * linked files finish downloading (fake-compose.ts).
   */
  showReply?(draft: ReplyDraft): void;
  /** The attachments of the message being written, after the add-in added or removed one. */
  draftAttachmentsChanged?(attachments: { id: string; name: string; size: number }[]): void;
}

export interface ReplyDraftAttachment {
  name: string;
  /** Bytes once attached; null while downloading or when it failed. */
  size: number | null;
  /** Handed over as Base64, or downloaded by Outlook from `url`. */
  source: "base64" | "url";
  url?: string;
  status: "attaching" | "attached" | "failed";
  /** Why it failed (e.g. "HTTP 404"), as Outlook's form would show it. */
  error?: string;
}

/** A reply form the simulated Outlook opened, as the workbench shows it. */
export interface ReplyDraft {
  id: number;
  kind: "reply" | "replyAll";
  to: FixtureAddress[];
  cc: FixtureAddress[];
  subject: string;
  html: string;
  attachments: ReplyDraftAttachment[];
}

/** Query parameter of the workbench and its pane: the newest Mailbox requirement set to pretend (e.g. 1.8). */
export const MAILBOX_VERSION_PARAM = "mailbox";

export const BRIDGE_KEY = "signWorkbench";
