/**
 * Plain-object fakes of the parts of Office.js the adapter uses.
 * Callbacks are called asynchronously, as Office does.
 */

export interface FakeAsyncResult<T> {
  status: "succeeded" | "failed";
  value: T;
  error?: { code: number; name: string; message: string };
  asyncContext?: unknown;
}

export function ok<T>(value: T): FakeAsyncResult<T> {
  return { status: "succeeded", value };
}

export function failed(code: number, name: string, message: string): FakeAsyncResult<never> {
  return { status: "failed", value: undefined as never, error: { code, name, message } };
}

type Callback<T> = (result: FakeAsyncResult<T>) => void;

/** Answers a callback on a later tick, as Office does. */
export function later<T>(callback: Callback<T>, result: FakeAsyncResult<T>): void {
  setTimeout(() => callback(result), 0);
}

/** A compose-mode field (subject, to, from...): `getAsync(callback)`. */
export function getter<T>(value: T | (() => FakeAsyncResult<T>)) {
  return {
    getAsync: jest.fn((...args: unknown[]) => {
      const callback = args[args.length - 1] as Callback<T>;
      later(callback, typeof value === "function" ? (value as () => FakeAsyncResult<T>)() : ok(value));
    }),
  };
}

export const ALICE = { emailAddress: "alice@contoso.com", displayName: "Alice Adams", recipientType: "user" };
export const BOB = {
  emailAddress: "bob@fabrikam.com",
  displayName: "Bob Brown",
  recipientType: "externalUser",
};
export const CAROL = { emailAddress: "carol@contoso.com", displayName: "Carol Chen", recipientType: "user" };
export const TEAM = {
  emailAddress: "team@contoso.com",
  displayName: "Team",
  recipientType: "distributionList",
};
export const ME = { emailAddress: "me@contoso.com", displayName: "Me Myself" };

/** "%PDF-1.7\n" followed by bytes that exercise the whole 0-255 range. */
export const PDF_BYTES = new Uint8Array([
  0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0x7f, 0x80, 0xff, 0xfe, 0x01, 0xc3, 0xa9,
]);
export const PDF_BASE64 = Buffer.from(PDF_BYTES).toString("base64");

export const READ_ATTACHMENTS = [
  {
    id: "att-file",
    name: "Contract.pdf",
    contentType: "application/pdf",
    size: 48213,
    isInline: false,
    attachmentType: "file",
    contentId: "",
  },
  {
    id: "att-item",
    name: "Fwd: Offer",
    contentType: "message/rfc822",
    size: 9100,
    isInline: false,
    attachmentType: "item",
    contentId: "",
  },
  {
    id: "att-cloud",
    name: "Budget.xlsx",
    contentType: "",
    size: 0,
    isInline: false,
    attachmentType: "cloud",
    contentId: "",
  },
  {
    id: "att-logo",
    name: "logo.png",
    contentType: "image/png",
    size: 812,
    isInline: true,
    attachmentType: "file",
    contentId: "logo@01",
  },
];

export const COMPOSE_ATTACHMENTS = [
  {
    id: "c-file",
    name: "NDA.docx",
    size: 20001,
    isInline: false,
    attachmentType: "file",
    isServiceAccessible: true,
    contentId: "",
  },
  {
    id: "c-item",
    name: "Meeting",
    size: 3000,
    isInline: false,
    attachmentType: "item",
    isServiceAccessible: true,
    contentId: "",
  },
  {
    id: "c-cloud",
    name: "Plan.pdf",
    size: 0,
    isInline: false,
    attachmentType: "cloud",
    isServiceAccessible: true,
    contentId: "",
    url: "https://contoso.sharepoint.com/Plan.pdf",
  },
  {
    id: "c-blob",
    name: "data",
    size: 10,
    isInline: false,
    attachmentType: "file",
    isServiceAccessible: true,
    contentId: "",
  },
];

/** Content Office returns for each attachment id (both modes). */
export const CONTENTS: Record<string, FakeAsyncResult<{ format: string; content: string }>> = {
  "att-file": ok({ format: "base64", content: PDF_BASE64 }),
  "c-file": ok({ format: "base64", content: PDF_BASE64.replace(/(.{8})/g, "$1\r\n") }),
  "att-item": ok({ format: "eml", content: "From: x@y\r\n\r\nhello" }),
  "c-item": ok({ format: "iCalendar", content: "BEGIN:VCALENDAR" }),
  "att-cloud": ok({ format: "url", content: "https://contoso.sharepoint.com/Budget.xlsx" }),
  "c-cloud": ok({ format: "url", content: "https://contoso.sharepoint.com/Plan.pdf" }),
  "att-broken": ok({ format: "base64", content: "not*base64!" }),
  "att-weird": ok({ format: "mystery", content: "" }),
  "att-gone": failed(9052, "AttachmentResourceNotFound", "The attachment was not found."),
  "att-huge": failed(9000, "AttachmentSizeExceeded", "The attachment cannot be added because it is too big."),
};

export function contentLookup() {
  return jest.fn((...args: unknown[]) => {
    const id = args[0] as string;
    const callback = args[args.length - 1] as Callback<unknown>;
    later(callback, CONTENTS[id] ?? failed(9003, "InvalidAttachmentId", "The attachment ID was invalid."));
  });
}

export function readItem(overrides: Record<string, unknown> = {}) {
  return {
    itemType: "message",
    subject: "Please sign: Contract",
    from: BOB,
    sender: BOB,
    to: [ALICE, TEAM],
    cc: [CAROL],
    conversationId: "conv-123",
    internetMessageId: "<msg-1@fabrikam.com>",
    attachments: READ_ATTACHMENTS,
    body: { getAsync: jest.fn() },
    getAttachmentContentAsync: contentLookup(),
    getAllInternetHeadersAsync: jest.fn((...args: unknown[]) => {
      later(args[args.length - 1] as Callback<string>, ok(READ_HEADERS));
    }),
    ...overrides,
  };
}

/** The read item's internet headers (RFC 5322 text, as getAllInternetHeadersAsync gives them). */
export const READ_HEADERS =
  "Received: from mail.fabrikam.com\r\n\tby mx.contoso.com; Tue, 4 Mar 2025 09:30:00 +0000\r\n" +
  "From: Bob Brown <bob@fabrikam.com>\r\nSubject: Please sign: Contract\r\n" +
  "Message-ID: <msg-1@fabrikam.com>\r\n";

export function composeItem(overrides: Record<string, unknown> = {}) {
  return {
    itemType: "message",
    subject: getter("Draft: NDA"),
    from: getter(ME),
    to: getter([ALICE]),
    cc: getter([]),
    bcc: getter([CAROL]),
    conversationId: "",
    body: {
      getAsync: jest.fn(),
      setSelectedDataAsync: jest.fn((...args: unknown[]) => {
        later(args[args.length - 1] as Callback<void>, ok(undefined));
      }),
    },
    getAttachmentsAsync: jest.fn((...args: unknown[]) => {
      later(args[args.length - 1] as Callback<unknown>, ok(COMPOSE_ATTACHMENTS));
    }),
    getAttachmentContentAsync: contentLookup(),
    ...overrides,
  };
}

export interface FakeMailbox {
  item: unknown;
  userProfile: { emailAddress: string; displayName: string };
  addHandlerAsync: jest.Mock;
  removeHandlerAsync: jest.Mock;
  /** Handlers Office currently holds, by event type. */
  handlers: Map<string, Array<(args?: unknown) => void>>;
  /** Fires an event the way Office would. */
  fire(eventType: string): void;
}

export function fakeMailbox(item: unknown): FakeMailbox {
  const handlers = new Map<string, Array<(args?: unknown) => void>>();
  const mailbox: FakeMailbox = {
    item,
    userProfile: { emailAddress: "me@contoso.com", displayName: "Me Myself" },
    handlers,
    addHandlerAsync: jest.fn(
      (eventType: string, handler: (args?: unknown) => void, callback: Callback<void>) => {
        handlers.set(eventType, [...(handlers.get(eventType) ?? []), handler]);
        later(callback, ok(undefined));
      },
    ),
    // Like Outlook's: removes every handler of the event type.
    removeHandlerAsync: jest.fn((eventType: string, callback: Callback<void>) => {
      handlers.delete(eventType);
      later(callback, ok(undefined));
    }),
    fire(eventType: string) {
      for (const handler of handlers.get(eventType) ?? []) handler({ type: eventType });
    },
  };
  return mailbox;
}

export const ITEM_CHANGED = "olkItemSelectedChanged";

export const DIALOG_MESSAGE = "dialogMessageReceived";
export const DIALOG_EVENT = "dialogEventReceived";

/** A dialog Office opened: the page's messages and Office's events can be fired at the pane. */
export interface FakeDialog {
  url: string;
  options: unknown;
  close: jest.Mock;
  /** As messageParent from the dialog page would (origin: what newer hosts report). */
  send(message: string, origin?: string): void;
  /** A DialogEventReceived, e.g. 12006 when the user closes the window. */
  event(code: number): void;
}

/** Office.context.ui: `opened` lists the dialogs; `refuse` makes the next displayDialogAsync fail. */
export interface FakeUi {
  displayDialogAsync: jest.Mock;
  /** Office.context.ui.openBrowserWindow (OpenBrowserWindowApi 1.1): records the URLs. */
  openBrowserWindow: jest.Mock;
  opened: FakeDialog[];
  refuse: FakeAsyncResult<never> | null;
}

export function fakeUi(): FakeUi {
  const ui: FakeUi = {
    opened: [],
    refuse: null,
    openBrowserWindow: jest.fn(),
    displayDialogAsync: jest.fn((url: string, options: unknown, callback: Callback<unknown>) => {
      if (ui.refuse) return later(callback, ui.refuse);
      const handlers = new Map<string, (args: unknown) => void>();
      const dialog: FakeDialog = {
        url,
        options,
        close: jest.fn(),
        send: (message, origin) => handlers.get(DIALOG_MESSAGE)?.(origin ? { message, origin } : { message }),
        event: (code) => handlers.get(DIALOG_EVENT)?.({ error: code }),
      };
      ui.opened.push(dialog);
      later(
        callback,
        ok({
          addEventHandler: (type: string, handler: (args: unknown) => void) => handlers.set(type, handler),
          close: dialog.close,
        }),
      );
    }),
  };
  return ui;
}

export interface FakeOfficeExtra {
  officeTheme?: unknown;
  /** Requirement sets the host claims, as "Name 1.1" (default: none). */
  sets?: string[];
  ui?: FakeUi;
}

export function fakeOffice(mailbox: FakeMailbox, extra: FakeOfficeExtra = {}): typeof Office {
  const sets = extra.sets ?? [];
  const office = {
    context: {
      mailbox,
      officeTheme: extra.officeTheme,
      ui: extra.ui,
      requirements: {
        isSetSupported: (name: string, version?: string) => sets.includes(`${name} ${version ?? "1.1"}`),
      },
    },
    AsyncResultStatus: { Succeeded: "succeeded", Failed: "failed" },
    CoercionType: { Text: "text", Html: "html" },
    EventType: {
      ItemChanged: ITEM_CHANGED,
      DialogMessageReceived: DIALOG_MESSAGE,
      DialogEventReceived: DIALOG_EVENT,
    },
    MailboxEnums: {
      AttachmentContentFormat: { Base64: "base64", Url: "url", Eml: "eml", ICalendar: "iCalendar" },
      AttachmentType: { File: "file", Item: "item", Cloud: "cloud" },
    },
  };
  return office as unknown as typeof Office;
}
