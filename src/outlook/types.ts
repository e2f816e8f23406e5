/**
 * Public types of the Outlook adapter. Nothing here touches Office.js at run time.
 */

export type ItemMode = "read" | "compose";

export interface MailAddress {
  address: string;
  name: string;
  /** As Office gives it: "user", "distributionList", "externalUser", "other", ... (absent when Office gives none). */
  recipientType?: string;
}

export interface Recipients {
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
}

export type AttachmentKind = "file" | "item" | "cloud";

export interface AttachmentInfo {
  id: string;
  name: string;
  /** MIME type. Outlook gives none in compose mode: it is then guessed from the file name. */
  contentType: string;
  /** Bytes, as Outlook reports it. */
  size: number;
  isInline: boolean;
  kind: AttachmentKind;
  /** Whether `attachmentContent(id)` can return the file's bytes. */
  supported: boolean;
  /** When not supported: a sentence the user can act on. */
  unsupportedReason: string | null;
}

export interface OfficeThemeInfo {
  bodyBackgroundColor: string;
  bodyForegroundColor: string;
  controlBackgroundColor: string;
  controlForegroundColor: string;
  /** Only when Office gives it (Outlook documents it as unsupported, so usually absent). */
  isDarkTheme?: boolean;
}

export interface OutlookHost {
  /** Whether an item (message) is currently open or selected. False e.g. in a pinned pane with nothing selected. */
  hasItem(): boolean;
  /** From the current item. Throws an OutlookError (code NO_ITEM) when no item is open. */
  mode(): ItemMode;
  /** Read: item.from (or item.sender). Compose: from.getAsync where available, else null. */
  sender(): Promise<MailAddress | null>;
  /** Read: the item's properties (bcc is always empty). Compose: getAsync on to, cc and bcc. */
  recipients(): Promise<Recipients>;
  subject(): Promise<string>;
  /**
   * The item's body as plain text (body.getAsync with CoercionType.Text), in either mode. Rejects
   * with an OutlookError when Office cannot read it.
   */
  bodyText(): Promise<string>;
  conversationId(): string | null;
  /** Read mode only; null in compose. */
  internetMessageId(): string | null;
  /**
   * A custom property of the item (loadCustomPropertiesAsync, Mailbox 1.1): stored with the item, so
   * a pane closed and opened again on the same message (or draft being written) reads it back.
   * Null when the item has no such property. Rejects with an OutlookError when the host has no
   * custom properties or cannot load them.
   */
  itemProperty(name: string): Promise<string | null>;
  /** Sets the item's custom property and saves it (customProps.set, then saveAsync). Rejects with an OutlookError. */
  setItemProperty(name: string, value: string): Promise<void>;
  attachments(): Promise<AttachmentInfo[]>;
  /**
   * The attachment's bytes. Cloud attachments (Office format "url") and attached items
   * ("eml", "iCalendar") reject with an UnsupportedAttachmentError.
   */
  attachmentContent(id: string): Promise<Uint8Array>;
  /** Compose only: replaces the selection / inserts at the cursor. Rejects with an OutlookError in read mode. */
  insertText(text: string): Promise<void>;
  userAddress(): string;
  theme(): OfficeThemeInfo | null;
  /**
   * Subscribes to Office.EventType.ItemChanged (the user selected another item while the pane is pinned).
   * Resolves once Office has registered the handler, to a function that unsubscribes
   * (its promise settles when Office has removed the handler, if this was the last listener).
   */
  onItemChanged(listener: () => void): Promise<() => Promise<void>>;
  /**
   * Read mode: the message's internet headers as RFC 5322 text (getAllInternetHeadersAsync, Mailbox
   * 1.8). Null in compose mode and on hosts without the call.
   */
  internetHeaders(): Promise<string | null>;
  /**
   * Opens `url` (http or https) in the user's browser: Office's openBrowserWindow where the host has
   * it (desktop Outlook would otherwise open it inside the pane's webview), else a new window.
   * Throws an OutlookError when the URL is not http(s) or nothing could open it.
   */
  openBrowserWindow(url: string): void;
  /** Whether the pane is on screen now (the page is visible). */
  isVisible(): boolean;
  /**
   * Called with true when the pane comes back on screen and false when it is hidden (the page's
   * visibility, and Office's onVisibilityModeChanged where the host has it). Returns an unsubscribe.
   */
  onVisibilityChanged(listener: (visible: boolean) => void): () => void;
  /**
   * Whether the host brokers MSAL's nested app authentication (requirement set NestedAppAuth 1.1).
   * False when Office cannot say (old hosts throw or have no requirements object).
   */
  supportsNestedAppAuth(): boolean;
  /** Whether Office.context.ui.displayDialogAsync can be used (requirement set DialogApi 1.1). */
  supportsDialogs(): boolean;
  /**
   * Opens `url` (https, on the add-in's own origin) in an Office dialog. Resolves once the dialog is
   * open; messages and the dialog closing arrive at `onEvent`. Rejects with an OutlookError (codes
   * 12004, 12005, 12007, 12009, 12011...) when Office does not open it.
   */
  openDialog(
    url: string,
    options: DialogOptions,
    onEvent: (event: DialogEvent) => void,
  ): Promise<DialogHandle>;
  /**
   * Which of the writing calls below this host and the current item allow, each with a sentence for
   * the user where not (compose.ts: Mailbox requirement sets and read/compose mode). Cheap: call it
   * when rendering.
   */
  composeSupport(): ComposeSupport;
  /**
   * Read mode: opens Outlook's reply (`all: false`) or reply-all form in the thread with `html` as
   * its body and `files` attached. A file with `base64` is handed over directly where the host takes
   * Base64 files (Mailbox 1.15); otherwise Outlook downloads it from its `url`, which must be reachable
   * without sign-in. Resolves once Outlook has opened the form (on hosts older than Mailbox 1.9, once
   * asked: they do not report back). A download that fails shows in Outlook's form, not here. Rejects
   * with an OutlookError where the host has no reply form, in compose mode, or when a file has
   * neither a usable `base64` nor a `url`.
   */
  openReply(options: ReplyOptions): Promise<void>;
  /**
   * Compose mode: attaches a file to the message being written (addFileAttachmentFromBase64Async,
   * Mailbox 1.8). Resolves to the attachment's id (for `removeDraftAttachment`).
   */
  attachToDraft(file: DraftFile): Promise<string>;
  /** Compose mode: removes an attachment (by id from `attachToDraft` or `attachments()`) from the draft. */
  removeDraftAttachment(id: string): Promise<void>;
}

export interface ReplyFile {
  name: string;
  /** A link Outlook downloads the file from (no sign-in). */
  url?: string;
  /** The file's bytes as Base64 (no data: prefix); preferred where the host takes it. */
  base64?: string;
}

export interface ReplyOptions {
  /** Reply to all (sender and every recipient) rather than the sender only. */
  all: boolean;
  /** The reply's body (HTML, at most OUTLOOK_LIMITS.replyHtmlChars characters). */
  html: string;
  files: ReplyFile[];
}

export interface DraftFile {
  name: string;
  /** The file's bytes as Base64 (no data: prefix). */
  base64: string;
}

export interface ComposeCapability {
  supported: boolean;
  /** The requirement set it needs, e.g. "Mailbox 1.9" (for logs and support). */
  requirement: string;
  /** When not supported: a sentence for the user. */
  reason: string | null;
}

export interface ComposeSupport {
  /** openReply (either form) on the current item. */
  reply: ComposeCapability;
  /** openReply hands `base64` files over directly (else each file needs a `url`). */
  replyWithBase64: ComposeCapability;
  attachToDraft: ComposeCapability;
  removeDraftAttachment: ComposeCapability;
}

export interface DialogOptions {
  /** Percent of the screen. */
  height: number;
  width: number;
  /**
   * Office's own "allow this add-in to open a window?" prompt. True is Office's default; it is what
   * gets the window past a browser popup blocker when no click preceded the call.
   */
  promptBeforeOpen?: boolean;
}

export type DialogEvent =
  /** `origin`: the sender's origin when Office reports it (newer hosts), else null. */
  | { kind: "message"; message: string; origin: string | null }
  /** The dialog went away or failed: 12006 closed by the user, 12002 page not loaded, 12003 http. */
  | { kind: "closed"; code: number };

export interface DialogHandle {
  close(): void;
}
