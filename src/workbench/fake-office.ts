/**
 * A simulated Outlook for the workbench: a fake `Office` global with just what the add-in's adapter
 * (src/outlook) uses, driven by the JSON fixture test/fixtures/message.json (served by the dev server
 * at /fixtures/). Installed in the task pane's page before it starts, when it is opened as
 * `taskpane.html?workbench=1[&mode=read|compose][&theme=light|dark]`.
 *
 * In the workbench page the pane is an iframe and the simulated compose body lives in the parent
 * page (WorkbenchBridge, same origin): "insert at cursor" lands there, visibly. Opened on its own, the
 * fake keeps the body in memory.
 *
 * Callbacks are asynchronous, as Office's are, and results are AsyncResult-shaped.
 */
import {
  BRIDGE_KEY,
  MAILBOX_VERSION_PARAM,
  fixtureRecipients,
  type MessageFixture,
  type ReplyDraft,
  type WorkbenchBridge,
  type WorkbenchMode,
  type WorkbenchTheme,
} from "./bridge";
import { bytesToBase64 } from "../outlook/content";
import { DIALOGS_PARAM, fakeDisplayDialogAsync } from "./fake-dialog";
import {
  FakeComposeError,
  WORKBENCH_MAILBOX_VERSION,
  emptyDraftAttachments,
  fakeDraftAttachments,
  fakeReplyForms,
  mailboxVersionAtLeast,
  type DraftAttachmentsState,
} from "./fake-compose";

type Status = "succeeded" | "failed";

interface AsyncResult<T> {
  status: Status;
  value: T;
  error?: { code: number; name: string; message: string };
  asyncContext?: unknown;
}

type Callback<T> = (result: AsyncResult<T>) => void;

export interface FakeOfficeOptions {
  fixture: MessageFixture;
  mode: WorkbenchMode;
  theme: WorkbenchTheme;
  /** Bytes of a fixture attachment (`file` of the fixture). */
  loadAttachment(file: string): Promise<Uint8Array>;
  /** Where compose-mode insertions go; default: a body kept in memory. */
  bridge?: WorkbenchBridge | null;
  /** Simulated latency of each async call, ms. Default 20. */
  latencyMs?: number;
  /**
   * What Outlook keeps with the item, outliving the pane: tests pass the same object to the Office
   * of a pane opened again on the item, and change `subject` as the user editing the draft would.
   */
  item?: FakeItemState;
  /**
   * The newest Mailbox requirement set the simulated Outlook has (default WORKBENCH_MAILBOX_VERSION):
   * lower it to see the pane on an older Outlook (calls of newer sets are then absent).
   */
  mailboxVersion?: string;
  /** The Dialog API (default true; `?dialogs=0`: a host where dialogs are blocked). */
  dialogs?: boolean;
  /** How Outlook's server downloads a reply's linked file (default: fetch; failures show in the draft). */
  downloadReplyFile?: (url: string) => Promise<Uint8Array>;
}

export interface FakeItemState {
  /** Compose: the subject as the user has edited it (default: the fixture's). */
  subject?: string;
  /** The item's custom properties, as last saved. */
  customProperties: Record<string, string>;
  /** Compose: the attachments the add-in removed from the draft and those it added. */
  draftAttachments?: DraftAttachmentsState;
}

export const OFFICE_THEMES: Readonly<Record<WorkbenchTheme, Office.OfficeTheme>> = {
  light: {
    bodyBackgroundColor: "#FFFFFF",
    bodyForegroundColor: "#242424",
    controlBackgroundColor: "#FFFFFF",
    controlForegroundColor: "#242424",
  } as Office.OfficeTheme,
  dark: {
    bodyBackgroundColor: "#292929",
    bodyForegroundColor: "#FFFFFF",
    controlBackgroundColor: "#1F1F1F",
    controlForegroundColor: "#FFFFFF",
  } as Office.OfficeTheme,
};

/** Office methods take `(…args, options?, callback?)`: the callback is the last function argument. */
function callbackOf<T>(args: unknown[]): Callback<T> | undefined {
  const last = args[args.length - 1];
  return typeof last === "function" ? (last as Callback<T>) : undefined;
}

function optionsOf(args: unknown[]): { asyncContext?: unknown } {
  const options = args.find((a) => typeof a === "object" && a !== null && !Array.isArray(a));
  return (options as { asyncContext?: unknown } | undefined) ?? {};
}

/** A memory body with a cursor, for a pane opened without the workbench page around it. */
function memoryBridge(initial: string): WorkbenchBridge {
  let body = initial;
  let cursor = initial.length;
  return {
    getBody: () => body,
    insertAtCursor(text) {
      body = body.slice(0, cursor) + text + body.slice(cursor);
      cursor += text.length;
    },
  };
}

export function createFakeOffice(options: FakeOfficeOptions): typeof Office {
  const { fixture, mode } = options;
  const latency = options.latencyMs ?? 20;
  const bridge = options.bridge ?? memoryBridge(fixture.composeBody);
  const handlers = new Map<string, (args?: unknown) => void>();

  const answer = <T>(args: unknown[], produce: () => Promise<T> | T): void => {
    const callback = callbackOf<T>(args);
    const { asyncContext } = optionsOf(args);
    setTimeout(() => {
      Promise.resolve()
        .then(produce)
        .then(
          (value) => callback?.({ status: "succeeded", value, asyncContext }),
          (error: unknown) =>
            callback?.({
              status: "failed",
              value: undefined as T,
              asyncContext,
              error:
                error instanceof FakeOfficeError || error instanceof FakeComposeError
                  ? { code: error.code, name: error.officeName, message: error.message }
                  : { code: 5001, name: "InternalError", message: String(error) },
            }),
        );
    }, latency);
  };

  const getter = <T>(value: () => T) => ({ getAsync: (...args: unknown[]) => answer(args, value) });
  let state: FakeItemState = options.item ?? { customProperties: {} };
  const mailboxVersion = options.mailboxVersion ?? WORKBENCH_MAILBOX_VERSION;
  // Reply forms opened, newest last, also kept here for a pane without the workbench page around it.
  const replyDrafts = new Map<number, ReplyDraft>();
  const composeBridge: WorkbenchBridge = {
    getBody: () => bridge.getBody(),
    insertAtCursor: (text) => bridge.insertAtCursor(text),
    showReply(draft) {
      replyDrafts.set(draft.id, draft);
      bridge.showReply?.(draft);
    },
    draftAttachmentsChanged: (list) => bridge.draftAttachmentsChanged?.(list),
  };

  // Custom properties as Outlook keeps them: a copy loaded, changed, and saved back to the item.
  const loadCustomPropertiesAsync = (...args: unknown[]): void =>
    answer(args, () => {
      const copy: Record<string, string> = { ...state.customProperties };
      return {
        get: (name: string) => copy[name],
        set: (name: string, value: unknown) => {
          copy[name] = String(value);
        },
        remove: (name: string) => {
          delete copy[name];
        },
        getAll: () => ({ ...copy }),
        saveAsync: (...saveArgs: unknown[]) =>
          answer(saveArgs, () => {
            state.customProperties = { ...copy };
          }),
      };
    });

  const makeItem = (fixture: MessageFixture) => {
    const attachmentDetails = fixture.attachments.map((a) => ({
      id: a.id,
      name: a.name,
      size: a.size,
      isInline: false,
      attachmentType: a.attachmentType ?? "file",
      ...(mode === "read" ? { contentType: a.contentType } : {}), // Outlook gives none in compose
    }));

    const composeOptions = {
      fixture: () => fixture,
      mailboxVersion,
      bridge: composeBridge,
      ...(options.downloadReplyFile ? { download: options.downloadReplyFile } : {}),
    };
    const draft = fakeDraftAttachments(
      { ...composeOptions, state: () => (state.draftAttachments ??= emptyDraftAttachments()) },
      answer,
    );

    const getAttachmentContentAsync = (id: string, ...args: unknown[]): void =>
      answer(args, async () => {
        const added = mode === "compose" ? draft.list().find((a) => a.id === id && a.base64) : undefined;
        if (added) return { format: "base64", content: added.base64 };
        const attachment = fixture.attachments.find((a) => a.id === id);
        if (!attachment)
          throw new FakeOfficeError(9003, "InvalidAttachmentId", "The attachment ID was invalid.");
        // As Outlook: a cloud attachment's content is its link, an attached mail's its MIME text.
        if (attachment.attachmentType === "cloud")
          return { format: "url", content: `https://contoso.sharepoint.com/${attachment.file}` };
        if (attachment.attachmentType === "item") return { format: "eml", content: "Subject: attached" };
        const bytes = await options.loadAttachment(attachment.file);
        return { format: "base64", content: bytesToBase64(bytes) };
      });

    const item =
      mode === "read"
        ? {
            itemType: "message",
            itemId: "AAMkAGWorkbenchReadItem=",
            subject: fixture.subject,
            from: fixture.from,
            sender: fixture.from,
            to: fixture.to,
            cc: fixture.cc,
            conversationId: fixture.conversationId,
            internetMessageId: fixture.internetMessageId,
            dateTimeCreated: new Date("2025-03-04T09:30:00Z"),
            attachments: attachmentDetails,
            body: { getAsync: (...args: unknown[]) => answer(args, () => fixture.body) },
            getAttachmentContentAsync,
            getAllInternetHeadersAsync: (...args: unknown[]) => answer(args, () => internetHeaders(fixture)),
            loadCustomPropertiesAsync,
            ...fakeReplyForms(composeOptions, answer),
          }
        : {
            itemType: "message",
            // The user's draft of the message to colleagues (the fixture's compose recipients).
            subject: getter(() => state.subject ?? fixture.subject),
            from: getter(() => ({ ...fixture.user, recipientType: "user" })),
            to: getter(() => fixtureRecipients(fixture, "compose").to),
            cc: getter(() => fixtureRecipients(fixture, "compose").cc),
            bcc: getter(() => []),
            conversationId: fixture.conversationId,
            body: {
              getAsync: (...args: unknown[]) => answer(args, () => bridge.getBody()),
              setSelectedDataAsync: (data: string, ...args: unknown[]) =>
                answer(args, () => {
                  if (typeof data !== "string")
                    throw new FakeOfficeError(1000, "InvalidArgument", "data must be text");
                  bridge.insertAtCursor(data);
                }),
            },
            getAttachmentsAsync: (...args: unknown[]) =>
              answer(args, () =>
                draft.list().map((a) => ({
                  id: a.id,
                  name: a.name,
                  size: a.size,
                  isInline: false,
                  attachmentType: fixture.attachments.find((f) => f.id === a.id)?.attachmentType ?? "file",
                })),
              ),
            getAttachmentContentAsync,
            loadCustomPropertiesAsync,
            ...draft.calls,
          };
    return item;
  };
  let item = makeItem(fixture);
  const user = { ...fixture.user, timeZone: "UTC", accountType: "enterprise" };

  const mailbox = {
    get item() {
      return item;
    },
    userProfile: user,
    diagnostics: { hostName: "OutlookWebApp", hostVersion: "workbench" },
    addHandlerAsync: (eventType: string, handler: (args?: unknown) => void, ...args: unknown[]) =>
      answer(args, () => {
        handlers.set(eventType, handler);
      }),
    removeHandlerAsync: (eventType: string, ...args: unknown[]) =>
      answer(args, () => {
        handlers.delete(eventType);
      }),
  };

  const office = {
    AsyncResultStatus: { Succeeded: "succeeded", Failed: "failed" },
    CoercionType: { Text: "text", Html: "html" },
    EventType: {
      ItemChanged: "olkItemSelectedChanged",
      OfficeThemeChanged: "officeThemeChanged",
      DialogMessageReceived: "dialogMessageReceived",
      DialogEventReceived: "dialogEventReceived",
    },
    HostType: { Outlook: "Outlook" },
    PlatformType: { OfficeOnline: "OfficeOnline" },
    MailboxEnums: {
      ItemType: { Message: "message" },
      AttachmentType: { File: "file", Item: "item", Cloud: "cloud" },
    },
    context: {
      mailbox,
      ui: {
        // The workbench is a browser already: a new tab is what Outlook's openBrowserWindow gives.
        openBrowserWindow: (url: string) => window.open(url, "_blank", "noopener"),
        // Sign-in's and the signing page's dialogs (fake-dialog.ts): browser windows, as in Outlook on
        // the web; none where the workbench plays a host without the Dialog API.
        ...(options.dialogs === false
          ? {}
          : { displayDialogAsync: fakeDisplayDialogAsync(() => window, latency) }),
      },
      officeTheme: OFFICE_THEMES[options.theme],
      displayLanguage: "en-US",
      host: "Outlook",
      platform: "OfficeOnline",
      diagnostics: { host: "Outlook", platform: "OfficeOnline", version: "workbench" },
      requirements: {
        isSetSupported: (name: string, version?: string) =>
          (name.toLowerCase() === "mailbox" && mailboxVersionAtLeast(mailboxVersion, version ?? "1.1")) ||
          (name === "OpenBrowserWindowApi" && Number(version ?? "1.1") <= 1.1) ||
          (name === "DialogApi" && options.dialogs !== false && Number(version ?? "1.1") <= 1.2),
      },
    },
    onReady(callback?: (info: { host: string; platform: string }) => void) {
      const info = { host: "Outlook", platform: "OfficeOnline" };
      callback?.(info);
      return Promise.resolve(info);
    },
    /** The workbench and its tests only: the reply forms opened so far (as last updated), oldest first. */
    __replyDrafts(): ReplyDraft[] {
      return [...replyDrafts.values()];
    },
    /** The workbench only: fires ItemChanged as Outlook does when a pinned pane's selection changes. */
    __fireItemChanged() {
      handlers.get("olkItemSelectedChanged")?.({ type: "olkItemSelectedChanged" });
    },
    /**
     * The workbench and its tests only: the user selects another message (the fixture with these
     * fields changed) while the pane is pinned; Outlook then fires ItemChanged.
     */
    __selectMessage(changes: Partial<MessageFixture>) {
      state = { customProperties: {} };
      item = makeItem({ ...fixture, ...changes });
      handlers.get("olkItemSelectedChanged")?.({ type: "olkItemSelectedChanged" });
    },
  };
  return office as unknown as typeof Office;
}

/** The fixture's headers, or ones made of its fields (a received message's usual few). */
function internetHeaders(fixture: MessageFixture): string {
  if (fixture.internetHeaders !== undefined) return fixture.internetHeaders;
  const address = (a: { displayName: string; emailAddress: string }) =>
    `${a.displayName} <${a.emailAddress}>`;
  return [
    `From: ${address(fixture.from)}`,
    `To: ${fixture.to.map(address).join(", ")}`,
    `Subject: ${fixture.subject}`,
    `Message-ID: ${fixture.internetMessageId}`,
    "",
  ].join("\r\n");
}

export class FakeOfficeError extends Error {
  constructor(
    readonly code: number,
    readonly officeName: string,
    message: string,
  ) {
    super(message);
  }
}

function parentBridge(win: Window): WorkbenchBridge | null {
  try {
    if (win.parent === win) return null;
    const bridge = (win.parent as unknown as Record<string, unknown>)[BRIDGE_KEY];
    return (bridge as WorkbenchBridge | undefined) ?? null;
  } catch {
    return null; // another origin
  }
}

/** Reads the query, loads the fixture, and puts the fake in place of `window.Office`. */
export async function installFakeOffice(win: Window): Promise<void> {
  const params = new URLSearchParams(win.location.search);
  const mode: WorkbenchMode = params.get("mode") === "compose" ? "compose" : "read";
  const theme: WorkbenchTheme = params.get("theme") === "dark" ? "dark" : "light";
  const mailboxVersion = /^1\.\d{1,2}$/.test(params.get(MAILBOX_VERSION_PARAM) ?? "")
    ? params.get(MAILBOX_VERSION_PARAM)!
    : undefined;
  const fixturesBase = new URL("fixtures/", win.location.href);
  const response = await fetch(new URL("message.json", fixturesBase));
  if (!response.ok) throw new Error(`The workbench fixture could not be loaded (HTTP ${response.status}).`);
  const fixture = (await response.json()) as MessageFixture;
  const office = createFakeOffice({
    fixture,
    mode,
    theme,
    bridge: parentBridge(win),
    mailboxVersion,
    dialogs: params.get(DIALOGS_PARAM) !== "0",
    loadAttachment: async (file) => {
      const r = await fetch(new URL(encodeURIComponent(file), fixturesBase));
      if (!r.ok) throw new FakeOfficeError(9054, "AttachmentDownloadFailed", `HTTP ${r.status} for ${file}`);
      return new Uint8Array(await r.arrayBuffer());
    },
  });
  (win as unknown as { Office: typeof Office }).Office = office;
}
