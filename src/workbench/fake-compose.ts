/**
 * The workbench's simulated Outlook, writing side: reply and reply-all forms opened with files
 * (displayReply[All]Form[Async]), and files added to / removed from the message being written
 * (addFileAttachmentFromBase64Async, removeAttachmentAsync). Kept apart from fake-office.ts, which
 * installs these on its item.
 *
 * As the real Outlook: a reply form opens at once and then fetches each file given by URL; a file that
 * cannot be fetched shows as failed in the form (the add-in's callback has already succeeded). A
 * Base64 file in a reply form needs Mailbox 1.15. What is opened is handed to the bridge
 * (`showReply`), so the workbench page shows the reply draft; without the page, drafts are kept in
 * memory (`replies()`).
 */
import type {
  FixtureAddress,
  MessageFixture,
  ReplyDraft,
  ReplyDraftAttachment,
  WorkbenchBridge,
} from "./bridge";

/** Newest Mailbox requirement set the workbench simulates by default. */
export const WORKBENCH_MAILBOX_VERSION = "1.15";

/** Whether Mailbox `version` is within `supported` ("1.9" ≤ "1.13": minor versions compare as numbers). */
export function mailboxVersionAtLeast(supported: string, version: string): boolean {
  const parse = (v: string): [number, number] => {
    const [major, minor] = v.split(".");
    return [Number(major ?? NaN), Number(minor ?? 0)];
  };
  const [sMajor, sMinor] = parse(supported);
  const [vMajor, vMinor] = parse(version);
  if (![sMajor, sMinor, vMajor, vMinor].every(Number.isFinite)) return false;
  return vMajor < sMajor || (vMajor === sMajor && vMinor <= sMinor);
}

/** An attachment of the draft being written, as getAttachmentsAsync reports it. */
export interface DraftAttachmentState {
  id: string;
  name: string;
  size: number;
  /** Added by the add-in: its bytes (fixture attachments are read from their file). */
  base64?: string;
}

/** What the fake keeps of the draft being written: ids the add-in removed and files it added. */
export interface DraftAttachmentsState {
  removed: string[];
  added: DraftAttachmentState[];
  nextId: number;
}

export function emptyDraftAttachments(): DraftAttachmentsState {
  return { removed: [], added: [], nextId: 1 };
}

export class FakeComposeError extends Error {
  constructor(
    readonly code: number,
    readonly officeName: string,
    message: string,
  ) {
    super(message);
  }
}

/** Bytes of a Base64 string without decoding it. */
export function base64Size(base64: string): number {
  const clean = base64.replace(/\s+/g, "");
  const padding = clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** addFileAttachmentFromBase64Async's documented cap on the encoded string. */
const MAX_BASE64_CHARS = 34_865_152;

function sameAddress(a: FixtureAddress, b: FixtureAddress): boolean {
  return a.emailAddress.toLowerCase() === b.emailAddress.toLowerCase();
}

/** Reply-all's recipients as Outlook computes them: sender and To on To, Cc on Cc, without the user or duplicates. */
export function replyRecipients(
  fixture: MessageFixture,
  all: boolean,
): { to: FixtureAddress[]; cc: FixtureAddress[] } {
  if (!all) return { to: [fixture.from], cc: [] };
  const seen: FixtureAddress[] = [fixture.user];
  const keep = (list: FixtureAddress[]) =>
    list.filter((a) => {
      if (seen.some((s) => sameAddress(s, a))) return false;
      seen.push(a);
      return true;
    });
  const to = keep([fixture.from, ...fixture.to]);
  const cc = keep(fixture.cc);
  return { to, cc };
}

export interface FakeComposeOptions {
  fixture: () => MessageFixture;
  mailboxVersion: string;
  bridge: WorkbenchBridge;
  /** Downloads a reply's file as Outlook's server would (default: fetch). */
  download?: (url: string) => Promise<Uint8Array>;
}

type ReplyFormInput = string | Office.ReplyFormData | undefined;

async function defaultDownload(url: string): Promise<Uint8Array> {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * The reply forms of a read item. `answer` is fake-office's asynchronous AsyncResult callback;
 * the returned functions go on the item (only those the simulated Mailbox version has).
 */
export function fakeReplyForms(
  options: FakeComposeOptions,
  answer: <T>(args: unknown[], produce: () => Promise<T> | T) => void,
): Record<string, unknown> {
  let nextDraft = 1;
  const supports = (v: string) => mailboxVersionAtLeast(options.mailboxVersion, v);
  const download = options.download ?? defaultDownload;

  const open = (all: boolean, input: ReplyFormInput): ReplyDraft => {
    const form: Office.ReplyFormData = typeof input === "string" ? { htmlBody: input } : (input ?? {});
    const html = form.htmlBody ?? "";
    if (html.length > 32 * 1024) {
      // Outlook throws for a body over its limit.
      throw new FakeComposeError(1000, "InvalidArgument", "htmlBody is longer than 32 KB.");
    }
    const fixture = options.fixture();
    const { to, cc } = replyRecipients(fixture, all);
    const files = form.attachments ?? [];
    const draft: ReplyDraft = {
      id: nextDraft++,
      kind: all ? "replyAll" : "reply",
      to,
      cc,
      subject: /^re:/i.test(fixture.subject) ? fixture.subject : `RE: ${fixture.subject}`,
      html,
      attachments: files.map((file): ReplyDraftAttachment => {
        const type = String(file.type);
        if (type === "base64") {
          if (!supports("1.15")) {
            return {
              name: file.name,
              size: null,
              source: "base64",
              status: "failed",
              error: "Base64 files need Mailbox 1.15",
            };
          }
          const data = file.base64file ?? "";
          if (!BASE64.test(data.replace(/\s+/g, ""))) {
            return { name: file.name, size: null, source: "base64", status: "failed", error: "Not Base64" };
          }
          return { name: file.name, size: base64Size(data), source: "base64", status: "attached" };
        }
        if (type === "file" && file.url) {
          return { name: file.name, size: null, source: "url", url: file.url, status: "attaching" };
        }
        return {
          name: file.name,
          size: null,
          source: "url",
          status: "failed",
          error: `Attachment type ${type} not supported`,
        };
      }),
    };
    const publish = () =>
      options.bridge.showReply?.({ ...draft, attachments: draft.attachments.map((a) => ({ ...a })) });
    publish();
    // Outlook's server downloads each linked file after the form opened; failures show in the form.
    draft.attachments.forEach((attachment, index) => {
      if (attachment.status !== "attaching" || !attachment.url) return;
      void download(attachment.url).then(
        (bytes) => {
          draft.attachments[index] = { ...attachment, status: "attached", size: bytes.length };
          publish();
        },
        (error: unknown) => {
          draft.attachments[index] = {
            ...attachment,
            status: "failed",
            error: error instanceof Error ? error.message : String(error),
          };
          publish();
        },
      );
    });
    return draft;
  };

  const forms: Record<string, unknown> = {};
  if (supports("1.9")) {
    forms.displayReplyFormAsync = (formData: ReplyFormInput, ...args: unknown[]) =>
      answer(args, () => {
        open(false, formData);
      });
    forms.displayReplyAllFormAsync = (formData: ReplyFormInput, ...args: unknown[]) =>
      answer(args, () => {
        open(true, formData);
      });
  }
  // The Mailbox 1.1 forms: synchronous; ReplyFormData.callback is their only report.
  const sync = (all: boolean) => (formData: ReplyFormInput) => {
    open(all, formData);
    const callback = typeof formData === "object" ? formData?.callback : undefined;
    if (callback) answer([callback], () => undefined);
  };
  forms.displayReplyForm = sync(false);
  forms.displayReplyAllForm = sync(true);
  return forms;
}

/**
 * The draft's attachments, as the add-in changes them: `list()` is what getAttachmentsAsync reports
 * (the fixture's files, less those removed, and those added), and the item's calls are returned.
 */
export function fakeDraftAttachments(
  options: FakeComposeOptions & { state: () => DraftAttachmentsState },
  answer: <T>(args: unknown[], produce: () => Promise<T> | T) => void,
): {
  list(): DraftAttachmentState[];
  calls: Record<string, unknown>;
} {
  const supports = (v: string) => mailboxVersionAtLeast(options.mailboxVersion, v);
  const list = (): DraftAttachmentState[] => {
    const state = options.state();
    return [
      ...options
        .fixture()
        .attachments.filter((a) => !state.removed.includes(a.id))
        .map((a) => ({ id: a.id, name: a.name, size: a.size })),
      ...state.added,
    ];
  };
  const publish = () =>
    options.bridge.draftAttachmentsChanged?.(list().map(({ id, name, size }) => ({ id, name, size })));

  const calls: Record<string, unknown> = {};
  if (supports("1.8")) {
    calls.addFileAttachmentFromBase64Async = (base64: unknown, name: unknown, ...args: unknown[]) =>
      answer(args, () => {
        if (typeof base64 !== "string" || !BASE64.test(base64.replace(/\s+/g, ""))) {
          throw new FakeComposeError(1000, "InvalidArgument", "base64File must be Base64 text.");
        }
        if (typeof name !== "string" || name.length === 0 || name.length > 255) {
          throw new FakeComposeError(
            1000,
            "InvalidArgument",
            "attachmentName must have 1 to 255 characters.",
          );
        }
        if (base64.length > MAX_BASE64_CHARS) {
          throw new FakeComposeError(
            9000,
            "AttachmentSizeExceeded",
            "The attachment is larger than allowed.",
          );
        }
        const state = options.state();
        const id = `AAMkWorkbenchAdded${state.nextId++}=`;
        state.added.push({ id, name, size: base64Size(base64), base64 });
        publish();
        return id;
      });
  }
  calls.removeAttachmentAsync = (id: unknown, ...args: unknown[]) =>
    answer(args, () => {
      const state = options.state();
      const added = state.added.findIndex((a) => a.id === id);
      if (added >= 0) state.added.splice(added, 1);
      else if (typeof id === "string" && list().some((a) => a.id === id)) state.removed.push(id);
      else throw new FakeComposeError(9003, "InvalidAttachmentId", "The attachment ID was invalid.");
      publish();
    });
  return { list, calls };
}
