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
}

export const BRIDGE_KEY = "signWorkbench";
