/**
 * The Outlook adapter: a promise-based view of Office.context.mailbox.
 * The only module of the add-in that touches Office.js; Office is injected so tests can pass fakes.
 */
import { base64ToBytes, guessContentType } from "./content";
import {
  AdapterErrorCode,
  OfficeErrorCode,
  OutlookError,
  UnsupportedAttachmentError,
  fromOfficeError,
  toOutlookError,
  unsupportedAttachmentMessage,
  type OfficeErrorLike,
} from "./errors";
import { createAsyncLimiter, type AsyncLimiter } from "./limiter";
import type {
  AttachmentInfo,
  AttachmentKind,
  DialogEvent,
  DialogHandle,
  DialogOptions,
  ItemMode,
  MailAddress,
  OfficeThemeInfo,
  OutlookHost,
  Recipients,
} from "./types";

/** Outlook on the web allows at most 3 async Office.js calls in flight. */
export const MAX_CONCURRENT_OFFICE_CALLS = 3;

/** Shared by every host by default: the limit is Outlook's, not one host's. */
const sharedLimiter = createAsyncLimiter(MAX_CONCURRENT_OFFICE_CALLS);

export interface OutlookHostOptions {
  /** Queue for every `*Async` call (default: one shared queue with 3 slots). */
  limiter?: AsyncLimiter;
  /**
   * Milliseconds after which an Office call that never called back is rejected (OutlookError 5011)
   * and its queue slot released. 0 disables. Default 120000.
   */
  callTimeoutMs?: number;
  /**
   * Called when an onItemChanged listener throws (the other listeners still run).
   * Default: rethrown on a later tick, so it reaches the global error handler.
   */
  onListenerError?: (error: unknown) => void;
}

function rethrowLater(error: unknown): void {
  setTimeout(() => {
    throw error;
  }, 0);
}

// --- Structural views of the Office objects the adapter reads --------------------------------------

interface AsyncResultLike<T> {
  status: string;
  value: T;
  error?: OfficeErrorLike | null;
}
type Callback<T> = (result: AsyncResultLike<T>) => void;

interface EmailAddressLike {
  emailAddress?: string | null;
  displayName?: string | null;
  recipientType?: string | null;
}

interface AttachmentDetailsLike {
  id: string;
  name?: string | null;
  contentType?: string | null;
  size?: number | null;
  isInline?: boolean | null;
  attachmentType?: string | null;
}

interface AttachmentContentLike {
  format: string;
  content: string;
}

/** Fields of a mail item, in either mode: read-mode values or compose-mode accessors. */
interface ItemLike {
  subject?: unknown;
  from?: unknown;
  sender?: unknown;
  to?: unknown;
  cc?: unknown;
  bcc?: unknown;
  body?: unknown;
  conversationId?: unknown;
  internetMessageId?: unknown;
  attachments?: unknown;
  getAttachmentsAsync?: (callback: Callback<AttachmentDetailsLike[]>) => void;
  getAttachmentContentAsync?: (id: string, callback: Callback<AttachmentContentLike>) => void;
  getAllInternetHeadersAsync?: (callback: Callback<string>) => void;
  loadCustomPropertiesAsync?: (callback: Callback<CustomPropertiesLike>) => void;
}

interface CustomPropertiesLike {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  saveAsync(callback: Callback<void>): void;
}

interface Getter<T> {
  getAsync(callback: Callback<T>): void;
}

interface BodyReader {
  getAsync(coercionType: unknown, callback: Callback<string>): void;
}

interface ComposeBody {
  setSelectedDataAsync(data: string, options: { coercionType: unknown }, callback: Callback<void>): void;
}

interface MailboxLike {
  item?: unknown;
  userProfile?: { emailAddress?: string };
  addHandlerAsync(eventType: unknown, handler: (args?: unknown) => void, callback: Callback<void>): void;
  removeHandlerAsync(eventType: unknown, callback: Callback<void>): void;
}

interface DialogLike {
  addEventHandler(eventType: unknown, handler: (args: unknown) => void): void;
  close(): void;
}

interface UiLike {
  displayDialogAsync?: (url: string, options: DialogOptions, callback: Callback<DialogLike>) => void;
  openBrowserWindow?: (url: string) => void;
}

interface AddinLike {
  onVisibilityModeChanged?: (
    handler: (args: { visibilityMode?: unknown }) => void,
  ) => Promise<(() => Promise<void>) | undefined>;
}

interface RequirementsLike {
  isSetSupported?: (name: string, version?: string) => boolean;
}

function isGetter<T>(value: unknown): value is Getter<T> {
  return typeof value === "object" && value !== null && typeof (value as Getter<T>).getAsync === "function";
}

function hasSetSelectedData(value: unknown): value is ComposeBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ComposeBody).setSelectedDataAsync === "function"
  );
}

function toMailAddress(details: EmailAddressLike | null | undefined): MailAddress | null {
  if (!details) return null;
  const address: MailAddress = {
    address: details.emailAddress ?? "",
    name: details.displayName ?? "",
  };
  if (details.recipientType) address.recipientType = details.recipientType;
  return address;
}

function toMailAddresses(list: unknown): MailAddress[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((entry) => toMailAddress(entry as EmailAddressLike))
    .filter((entry): entry is MailAddress => entry !== null);
}

function attachmentKind(attachmentType: string | null | undefined): AttachmentKind {
  const type = (attachmentType ?? "").toLowerCase();
  if (type === "item") return "item";
  if (type === "cloud") return "cloud";
  return "file";
}

function toAttachmentInfo(details: AttachmentDetailsLike): AttachmentInfo {
  const kind = attachmentKind(details.attachmentType);
  const name = details.name ?? "";
  const supported = kind === "file";
  return {
    id: details.id,
    name,
    contentType: details.contentType || guessContentType(name),
    size: typeof details.size === "number" ? details.size : 0,
    isInline: details.isInline === true,
    kind,
    supported,
    unsupportedReason: supported ? null : unsupportedAttachmentMessage(kind),
  };
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

// --- ItemChanged: Office's removeHandlerAsync removes every handler of the event type, -------------
// --- so one Office handler per mailbox fans out to all listeners. --------------------------------

interface ItemChangedHub {
  listeners: Set<() => void>;
  registered: boolean;
  chain: Promise<unknown>;
}

const hubs = new WeakMap<object, ItemChangedHub>();

function hubFor(mailbox: object): ItemChangedHub {
  let hub = hubs.get(mailbox);
  if (!hub) {
    hub = { listeners: new Set(), registered: false, chain: Promise.resolve() };
    hubs.set(mailbox, hub);
  }
  return hub;
}

/** Runs `step` after the hub's previous step settled, so add/remove calls to Office never interleave. */
function serially<T>(hub: ItemChangedHub, step: () => Promise<T>): Promise<T> {
  const next = hub.chain.then(step, step);
  hub.chain = next.catch(() => undefined);
  return next;
}

/** Calls every listener; each subscription catches its own listener's errors, so none is skipped. */
function dispatch(hub: ItemChangedHub): void {
  for (const listener of [...hub.listeners]) listener();
}

// --- The host ---------------------------------------------------------------------------------------

export function createOutlookHost(office: typeof Office, options: OutlookHostOptions = {}): OutlookHost {
  const limiter = options.limiter ?? sharedLimiter;
  const callTimeoutMs = options.callTimeoutMs ?? 120_000;
  const onListenerError = options.onListenerError ?? rethrowLater;
  const succeeded: string = String(office.AsyncResultStatus?.Succeeded ?? "succeeded");

  const mailbox = (): MailboxLike => office.context.mailbox as unknown as MailboxLike;
  const currentItem = (): ItemLike | null => (mailbox().item as ItemLike | null | undefined) ?? null;

  const requireItem = (): ItemLike => {
    const item = currentItem();
    if (!item) {
      throw new OutlookError(
        AdapterErrorCode.NoItem,
        "No message is selected. Select a message and try again.",
      );
    }
    return item;
  };

  const modeOf = (item: ItemLike): ItemMode =>
    isGetter(item.subject) || hasSetSelectedData(item.body) ? "compose" : "read";

  /** One Office `*Async` call, queued, with its AsyncResult turned into a value or an OutlookError. */
  const call = <T>(operation: string, invoke: (callback: Callback<T>) => void): Promise<T> =>
    limiter.run(
      () =>
        new Promise<T>((resolve, reject) => {
          let settled = false;
          let timer: ReturnType<typeof setTimeout> | undefined;
          const settle = (fn: () => void): void => {
            if (settled) return;
            settled = true;
            if (timer !== undefined) clearTimeout(timer);
            fn();
          };
          if (callTimeoutMs > 0) {
            timer = setTimeout(
              () =>
                settle(() =>
                  reject(
                    fromOfficeError(
                      {
                        code: OfficeErrorCode.RequestTimeout,
                        name: "RequestTimeout",
                        message: `No answer from Outlook after ${callTimeoutMs} ms`,
                      },
                      operation,
                    ),
                  ),
                ),
              callTimeoutMs,
            );
          }
          try {
            invoke((result) =>
              settle(() => {
                if (result && result.status === succeeded) resolve(result.value);
                else reject(fromOfficeError(result?.error, operation));
              }),
            );
          } catch (error) {
            settle(() => reject(toOutlookError(error, operation)));
          }
        }),
    );

  const notSupported = (operation: string, what: string): OutlookError =>
    new OutlookError(
      OfficeErrorCode.ApiCallNotSupportedByExtensionPoint,
      `This version of Outlook can't ${what}. Update Outlook, or use Outlook on the web, and try again.`,
      { operation },
    );

  const requirementSet = (name: string, version: string): boolean => {
    try {
      const requirements = office.context?.requirements as RequirementsLike | undefined;
      return requirements?.isSetSupported?.(name, version) === true;
    } catch {
      return false; // hosts older than the requirements API
    }
  };

  const ui = (): UiLike | undefined => {
    try {
      return office.context?.ui as unknown as UiLike | undefined;
    } catch {
      return undefined;
    }
  };

  const getValue = <T>(getter: Getter<T>, operation: string): Promise<T> =>
    call<T>(operation, (callback) => getter.getAsync(callback));

  const loadCustomProperties = async (): Promise<CustomPropertiesLike> => {
    const item = requireItem();
    const load = item.loadCustomPropertiesAsync;
    if (typeof load !== "function") {
      throw notSupported("loadCustomPropertiesAsync", "keep add-in data with a message");
    }
    const properties = await call<CustomPropertiesLike>("loadCustomPropertiesAsync", (callback) =>
      load.call(item, callback),
    );
    if (!properties || typeof properties.get !== "function") {
      throw notSupported("loadCustomPropertiesAsync", "keep add-in data with a message");
    }
    return properties;
  };

  const host: OutlookHost = {
    hasItem: () => currentItem() !== null,

    mode: () => modeOf(requireItem()),

    async sender() {
      const item = requireItem();
      if (modeOf(item) === "read") {
        return toMailAddress((item.from ?? item.sender) as EmailAddressLike | null | undefined);
      }
      if (!isGetter<EmailAddressLike>(item.from)) return null;
      return toMailAddress(await getValue(item.from, "from.getAsync"));
    },

    async recipients(): Promise<Recipients> {
      const item = requireItem();
      if (modeOf(item) === "read") {
        return { to: toMailAddresses(item.to), cc: toMailAddresses(item.cc), bcc: [] };
      }
      const field = (value: unknown, name: string): Promise<MailAddress[]> =>
        isGetter<EmailAddressLike[]>(value)
          ? getValue(value, `${name}.getAsync`).then(toMailAddresses)
          : Promise.resolve([]);
      const [to, cc, bcc] = await Promise.all([
        field(item.to, "to"),
        field(item.cc, "cc"),
        field(item.bcc, "bcc"),
      ]);
      return { to, cc, bcc };
    },

    async subject() {
      const item = requireItem();
      if (isGetter<string>(item.subject)) {
        return (await getValue(item.subject, "subject.getAsync")) ?? "";
      }
      return typeof item.subject === "string" ? item.subject : "";
    },

    async bodyText() {
      const body = requireItem().body as BodyReader | undefined;
      if (!body || typeof body.getAsync !== "function") {
        throw notSupported("body.getAsync", "read the message's text");
      }
      const coercionType: unknown = office.CoercionType?.Text ?? "text";
      const text = await call<string>("body.getAsync", (callback) =>
        body.getAsync.call(body, coercionType, callback),
      );
      return typeof text === "string" ? text : "";
    },

    conversationId: () => nonEmptyString(currentItem()?.conversationId),

    internetMessageId() {
      const item = currentItem();
      if (!item || modeOf(item) !== "read") return null;
      return nonEmptyString(item.internetMessageId);
    },

    async itemProperty(name: string) {
      const properties = await loadCustomProperties();
      const value = properties.get(name);
      return typeof value === "string" && value !== "" ? value : null;
    },

    async setItemProperty(name: string, value: string) {
      const properties = await loadCustomProperties();
      properties.set(name, value);
      await call<void>("customProperties.saveAsync", (callback) => properties.saveAsync(callback));
    },

    async attachments() {
      const item = requireItem();
      if (modeOf(item) === "read") {
        const list = Array.isArray(item.attachments) ? (item.attachments as AttachmentDetailsLike[]) : [];
        return list.map(toAttachmentInfo);
      }
      const getAttachments = item.getAttachmentsAsync;
      if (typeof getAttachments !== "function") {
        throw notSupported("getAttachmentsAsync", "list the attachments of a message being written");
      }
      const list = await call<AttachmentDetailsLike[]>("getAttachmentsAsync", (callback) =>
        getAttachments.call(item, callback),
      );
      return (list ?? []).map(toAttachmentInfo);
    },

    async attachmentContent(id: string) {
      const item = requireItem();
      const getContent = item.getAttachmentContentAsync;
      if (typeof getContent !== "function") {
        throw notSupported("getAttachmentContentAsync", "read attachment content");
      }
      const operation = "getAttachmentContentAsync";
      const content = await call<AttachmentContentLike>(operation, (callback) =>
        getContent.call(item, id, callback),
      );
      const format = String(content?.format ?? "");
      switch (format.toLowerCase()) {
        case "base64":
          try {
            return base64ToBytes(content.content ?? "");
          } catch (error) {
            throw new OutlookError(
              AdapterErrorCode.InvalidContent,
              "Outlook returned this attachment in a form that can't be read. Try again, or save the file and attach it again.",
              { operation, cause: error },
            );
          }
        case "url":
          throw new UnsupportedAttachmentError("cloud", format, { operation });
        case "eml":
        case "icalendar":
          throw new UnsupportedAttachmentError("item", format, { operation });
        default:
          throw new UnsupportedAttachmentError("unknown", format || null, { operation });
      }
    },

    async insertText(text: string) {
      const item = requireItem();
      const body = item.body;
      if (modeOf(item) !== "compose" || !hasSetSelectedData(body)) {
        throw new OutlookError(
          AdapterErrorCode.ComposeOnly,
          "Text can only be inserted into a message you are writing. Reply, forward or start a new message, then try again.",
          { operation: "body.setSelectedDataAsync" },
        );
      }
      const coercionType: unknown = office.CoercionType?.Text ?? "text";
      await call<void>("body.setSelectedDataAsync", (callback) =>
        body.setSelectedDataAsync(text, { coercionType }, callback),
      );
    },

    userAddress: () => mailbox().userProfile?.emailAddress ?? "",

    theme(): OfficeThemeInfo | null {
      let theme: Partial<Office.OfficeTheme> | undefined;
      try {
        theme = office.context.officeTheme as Partial<Office.OfficeTheme> | undefined;
      } catch {
        return null; // some hosts throw instead of returning undefined
      }
      if (!theme) return null;
      const info: OfficeThemeInfo = {
        bodyBackgroundColor: theme.bodyBackgroundColor ?? "",
        bodyForegroundColor: theme.bodyForegroundColor ?? "",
        controlBackgroundColor: theme.controlBackgroundColor ?? "",
        controlForegroundColor: theme.controlForegroundColor ?? "",
      };
      if (typeof theme.isDarkTheme === "boolean") info.isDarkTheme = theme.isDarkTheme;
      return info;
    },

    supportsNestedAppAuth: () => requirementSet("NestedAppAuth", "1.1"),

    supportsDialogs: () =>
      typeof ui()?.displayDialogAsync === "function" && requirementSet("DialogApi", "1.1"),

    async openDialog(url: string, options: DialogOptions, onEvent: (event: DialogEvent) => void) {
      const display = ui()?.displayDialogAsync;
      if (typeof display !== "function") throw notSupported("displayDialogAsync", "open a window");
      const dialog = await call<DialogLike>("displayDialogAsync", (callback) =>
        display.call(ui(), url, options, callback),
      );
      let open = true;
      const messageType: unknown = office.EventType?.DialogMessageReceived ?? "dialogMessageReceived";
      const eventType: unknown = office.EventType?.DialogEventReceived ?? "dialogEventReceived";
      dialog.addEventHandler(messageType, (args) => {
        const { message, origin } = (args ?? {}) as { message?: unknown; origin?: unknown };
        if (!open) return;
        onEvent({
          kind: "message",
          message: typeof message === "string" ? message : "",
          origin: typeof origin === "string" ? origin : null,
        });
      });
      dialog.addEventHandler(eventType, (args) => {
        const code = Number((args as { error?: unknown } | undefined)?.error);
        if (!open) return;
        open = false;
        onEvent({ kind: "closed", code: Number.isFinite(code) ? code : OfficeErrorCode.DialogClosedByUser });
      });
      const handle: DialogHandle = {
        close() {
          if (!open) return;
          open = false;
          try {
            dialog.close();
          } catch {
            // Already gone (the user closed it at the same moment): nothing left to close.
          }
        },
      };
      return handle;
    },

    async internetHeaders() {
      const item = requireItem();
      const getHeaders = item.getAllInternetHeadersAsync;
      if (modeOf(item) !== "read" || typeof getHeaders !== "function") return null;
      const headers = await call<string>("getAllInternetHeadersAsync", (callback) =>
        getHeaders.call(item, callback),
      );
      return typeof headers === "string" ? headers : null;
    },

    openBrowserWindow(url: string) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch (error) {
        throw new OutlookError(AdapterErrorCode.InvalidContent, "This link can't be opened.", {
          operation: "openBrowserWindow",
          cause: error,
        });
      }
      if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
        throw new OutlookError(AdapterErrorCode.InvalidContent, "Only web links can be opened.", {
          operation: "openBrowserWindow",
        });
      }
      const open = ui()?.openBrowserWindow;
      if (typeof open === "function" && requirementSet("OpenBrowserWindowApi", "1.1")) {
        try {
          open.call(ui(), parsed.href);
          return;
        } catch {
          // Some hosts expose the call but throw: a plain window still gets the user there.
        }
      }
      if (typeof window === "undefined" || typeof window.open !== "function") {
        throw notSupported("openBrowserWindow", "open a link in your browser");
      }
      // With "noopener" browsers answer null even when the window opened: nothing to check there.
      window.open(parsed.href, "_blank", "noopener");
    },

    isVisible: () => typeof document === "undefined" || document.visibilityState !== "hidden",

    onVisibilityChanged(listener: (visible: boolean) => void) {
      let active = true;
      let last: boolean | null = null;
      const tell = (visible: boolean): void => {
        if (!active || visible === last) return;
        last = visible;
        try {
          listener(visible);
        } catch (error) {
          onListenerError(error);
        }
      };
      const onPage = (): void => tell(document.visibilityState !== "hidden");
      if (typeof document !== "undefined") document.addEventListener("visibilitychange", onPage);
      // Office's own signal (SharedRuntime 1.1 hosts): a pane hidden by the host without the page
      // being told, e.g. when the user collapses it.
      let removeOffice: (() => Promise<void>) | undefined;
      try {
        const addin = (office as unknown as { addin?: AddinLike }).addin;
        addin
          ?.onVisibilityModeChanged?.((args) =>
            tell(String(args?.visibilityMode ?? "").toLowerCase() !== "hidden"),
          )
          .then(
            (remove) => {
              if (active) removeOffice = remove;
              else void remove?.();
            },
            () => undefined,
          );
      } catch {
        // Not in this host: the page's visibility is enough.
      }
      return () => {
        active = false;
        if (typeof document !== "undefined") document.removeEventListener("visibilitychange", onPage);
        void removeOffice?.().catch(() => undefined);
      };
    },

    async onItemChanged(listener: () => void) {
      const box = mailbox();
      const hub = hubFor(box);
      const eventType: unknown = office.EventType?.ItemChanged ?? "olkItemSelectedChanged";
      const subscription = (): void => {
        try {
          listener();
        } catch (error) {
          onListenerError(error);
        }
      };
      await serially(hub, async () => {
        if (!hub.registered) {
          await call<void>("addHandlerAsync", (callback) =>
            box.addHandlerAsync(eventType, () => dispatch(hub), callback),
          );
          hub.registered = true;
        }
        hub.listeners.add(subscription);
      });
      let unsubscribed: Promise<void> | null = null;
      return () => {
        unsubscribed ??= serially(hub, async () => {
          hub.listeners.delete(subscription);
          if (hub.listeners.size === 0 && hub.registered) {
            await call<void>("removeHandlerAsync", (callback) => box.removeHandlerAsync(eventType, callback));
            hub.registered = false;
          }
        });
        return unsubscribed;
      };
    },
  };
  return host;
}

/** Which Office client runs the add-in, as Office.js reports it (telemetry's host/platform/version). */
export interface OfficeClientInfo {
  /** Office.context.diagnostics.host, e.g. "Outlook", "OutlookWebApp". */
  host: string;
  /** Office.context.platform (or diagnostics.platform), e.g. "PC", "OfficeOnline", "Mac". */
  platform: string;
  /** Office.context.diagnostics.version, e.g. "16.0.17531.20000". */
  version: string;
}

export function officeClientInfo(office: typeof Office): OfficeClientInfo {
  try {
    const context = office.context as unknown as {
      platform?: unknown;
      diagnostics?: { host?: unknown; platform?: unknown; version?: unknown; hostName?: unknown };
    };
    const d = context.diagnostics ?? {};
    const text = (v: unknown): string => (typeof v === "string" ? v : "");
    return {
      host: text(d.host) || text(d.hostName),
      platform: text(context.platform) || text(d.platform),
      version: text(d.version),
    };
  } catch {
    return { host: "", platform: "", version: "" };
  }
}
