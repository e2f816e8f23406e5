/**
 * Writing mail from the pane: a reply (or reply-all) form opened with files attached, and files added
 * to / removed from the message being written. Each call is offered only where the host has it
 * (`composeSupport`), because Outlook builds differ: reply forms with a callback came with Mailbox
 * 1.9, files handed over as Base64 in a reply form with 1.15, Base64 files added to a draft with 1.8.
 */
import { AdapterErrorCode, OfficeErrorCode, OutlookError } from "./errors";
import { officeEnum, type OfficeContext } from "./office-context";
import type {
  ComposeCapability,
  ComposeSupport,
  DraftFile,
  OutlookHost,
  ReplyFile,
  ReplyOptions,
} from "./types";

/**
 * Outlook's documented limits for what the pane hands it (Office.js reference, @types/office-js
 * 1.0.612, and "Limits for activation and JavaScript API for Outlook add-ins"):
 * - a reply form's HTML body: 32 KB of characters (longer, displayReply*Form throws);
 * - a file added from Base64: 25 MB before encoding (34,865,152 characters encoded), the same cap
 *   for a reply form's Base64 file;
 * - an attachment's name: 255 characters.
 * Exchange Online's default message size (35 MB with MIME encoding, about 25 MB of files) caps the
 * whole reply too, so `attachmentBytes` is also what all files of one message may add up to.
 */
export const OUTLOOK_LIMITS = {
  replyHtmlChars: 32 * 1024,
  attachmentBytes: 25 * 1024 * 1024,
  base64Chars: 34_865_152,
  attachmentNameChars: 255,
} as const;

/** The Mailbox requirement set each call needs. */
export const COMPOSE_REQUIREMENTS = {
  /** displayReplyFormAsync / displayReplyAllFormAsync. */
  replyFormAsync: "1.9",
  /** displayReplyForm / displayReplyAllForm with attachments (no completion report). */
  replyFormWithAttachments: "1.2",
  /** ReplyFormAttachment of type "base64". */
  replyBase64: "1.15",
  /** addFileAttachmentFromBase64Async. */
  attachFromBase64: "1.8",
  /** removeAttachmentAsync. */
  removeAttachment: "1.1",
} as const;

const UPDATE = "Update Outlook, or use Outlook on the web or the new Outlook for Windows.";

function yes(requirement: string): ComposeCapability {
  return { supported: true, requirement: `Mailbox ${requirement}`, reason: null };
}

function no(requirement: string, reason: string): ComposeCapability {
  return { supported: false, requirement: `Mailbox ${requirement}`, reason };
}

type ReplyCall = (
  formData: Office.ReplyFormData,
  callback: (result: Office.AsyncResult<void>) => void,
) => void;
type ReplySync = (formData: Office.ReplyFormData) => void;

export function composeOf(
  context: OfficeContext,
): Pick<OutlookHost, "composeSupport" | "openReply" | "attachToDraft" | "removeDraftAttachment"> {
  const { office, call, currentItem, requireItem, isCompose, requirementSet } = context;
  const mailbox = (version: string) => requirementSet("Mailbox", version);

  /** The reply call this host has for the current item: async (1.9), sync (1.2), or none. */
  function replyMethod(
    all: boolean,
  ): { kind: "async"; fn: ReplyCall } | { kind: "sync"; fn: ReplySync } | null {
    const item = currentItem();
    if (!item || isCompose(item)) return null;
    const read = item as Partial<Office.MessageRead>;
    const asyncFn = all ? read.displayReplyAllFormAsync : read.displayReplyFormAsync;
    if (typeof asyncFn === "function" && mailbox(COMPOSE_REQUIREMENTS.replyFormAsync)) {
      return { kind: "async", fn: asyncFn.bind(item) as ReplyCall };
    }
    const syncFn = all ? read.displayReplyAllForm : read.displayReplyForm;
    if (typeof syncFn === "function" && mailbox(COMPOSE_REQUIREMENTS.replyFormWithAttachments)) {
      return { kind: "sync", fn: syncFn.bind(item) as ReplySync };
    }
    return null;
  }

  function replySupport(): ComposeCapability {
    const item = currentItem();
    if (!item) return no(COMPOSE_REQUIREMENTS.replyFormAsync, "Select a message to reply to.");
    if (isCompose(item)) {
      return no(
        COMPOSE_REQUIREMENTS.replyFormAsync,
        "A reply can be opened from a message you are reading, not from one you are writing.",
      );
    }
    if (replyMethod(true) === null) {
      return no(
        COMPOSE_REQUIREMENTS.replyFormAsync,
        `This version of Outlook can't open a reply with files attached. ${UPDATE}`,
      );
    }
    return yes(
      mailbox(COMPOSE_REQUIREMENTS.replyFormAsync)
        ? COMPOSE_REQUIREMENTS.replyFormAsync
        : COMPOSE_REQUIREMENTS.replyFormWithAttachments,
    );
  }

  function base64ReplySupport(): ComposeCapability {
    const reply = replySupport();
    if (!reply.supported) return { ...reply, requirement: `Mailbox ${COMPOSE_REQUIREMENTS.replyBase64}` };
    return mailbox(COMPOSE_REQUIREMENTS.replyBase64)
      ? yes(COMPOSE_REQUIREMENTS.replyBase64)
      : no(
          COMPOSE_REQUIREMENTS.replyBase64,
          "This version of Outlook fetches a reply's files from a link instead of taking them from Sign for Outlook.",
        );
  }

  function draftSupport(requirement: string, what: string, fn: "add" | "remove"): ComposeCapability {
    const item = currentItem();
    if (!item) return no(requirement, "Open a message you are writing first.");
    if (!isCompose(item)) {
      return no(
        requirement,
        `Files can be ${what} only a message you are writing (a new message or a reply).`,
      );
    }
    const compose = item as Partial<Office.MessageCompose>;
    const method = fn === "add" ? compose.addFileAttachmentFromBase64Async : compose.removeAttachmentAsync;
    if (typeof method !== "function" || !mailbox(requirement)) {
      return no(
        requirement,
        `This version of Outlook can't ${fn === "add" ? "add files to" : "remove files from"} a message being written. ${UPDATE}`,
      );
    }
    return yes(requirement);
  }

  const unsupported = (operation: string, capability: ComposeCapability): OutlookError =>
    new OutlookError(
      capability.reason?.startsWith("This version")
        ? OfficeErrorCode.ApiCallNotSupportedByExtensionPoint
        : AdapterErrorCode.ComposeOnly,
      capability.reason ?? "Outlook can't do this here.",
      { operation },
    );

  function checkName(name: string, operation: string): void {
    if (!name || name.length > OUTLOOK_LIMITS.attachmentNameChars) {
      throw new OutlookError(
        AdapterErrorCode.InvalidContent,
        `A file name must have 1 to ${OUTLOOK_LIMITS.attachmentNameChars} characters.`,
        { operation },
      );
    }
  }

  function replyAttachment(
    file: ReplyFile,
    base64Ok: boolean,
    operation: string,
  ): Office.ReplyFormAttachment {
    checkName(file.name, operation);
    const base64Type = officeEnum(office.MailboxEnums?.AttachmentType?.Base64, "base64");
    const fileType = officeEnum(office.MailboxEnums?.AttachmentType?.File, "file");
    if (file.base64 !== undefined && base64Ok) {
      if (file.base64.length > OUTLOOK_LIMITS.base64Chars) throw tooLarge(file.name, operation);
      return { type: base64Type, name: file.name, base64file: file.base64 };
    }
    if (file.url !== undefined) {
      let url: URL;
      try {
        url = new URL(file.url);
      } catch (cause) {
        throw new OutlookError(AdapterErrorCode.InvalidContent, `The link for ${file.name} is not valid.`, {
          operation,
          cause,
        });
      }
      if (url.protocol !== "https:" && url.protocol !== "http:") {
        throw new OutlookError(
          AdapterErrorCode.InvalidContent,
          `The link for ${file.name} is not a web link.`,
          {
            operation,
          },
        );
      }
      return { type: fileType, name: file.name, url: url.href };
    }
    throw new OutlookError(
      OfficeErrorCode.ApiCallNotSupportedByExtensionPoint,
      file.base64 !== undefined
        ? `This version of Outlook can't attach ${file.name} from Sign for Outlook directly, and no link was given for it. ${UPDATE}`
        : `Nothing to attach for ${file.name}: give its bytes or a link.`,
      { operation },
    );
  }

  return {
    composeSupport(): ComposeSupport {
      return {
        reply: replySupport(),
        replyWithBase64: base64ReplySupport(),
        attachToDraft: draftSupport(COMPOSE_REQUIREMENTS.attachFromBase64, "added to", "add"),
        removeDraftAttachment: draftSupport(COMPOSE_REQUIREMENTS.removeAttachment, "removed from", "remove"),
      };
    },

    async openReply(options: ReplyOptions) {
      const operation = options.all ? "displayReplyAllFormAsync" : "displayReplyFormAsync";
      requireItem();
      const capability = replySupport();
      const method = replyMethod(options.all);
      if (!capability.supported || method === null) throw unsupported(operation, capability);
      if (options.html.length > OUTLOOK_LIMITS.replyHtmlChars) {
        throw new OutlookError(
          AdapterErrorCode.InvalidContent,
          "The reply's text is longer than Outlook accepts for a reply it opens. Shorten it and try again.",
          { operation },
        );
      }
      const base64Ok = base64ReplySupport().supported;
      const attachments = options.files.map((f) => replyAttachment(f, base64Ok, operation));
      const formData: Office.ReplyFormData = { htmlBody: options.html };
      if (attachments.length > 0) formData.attachments = attachments;
      if (method.kind === "async") {
        await call<void>(operation, (callback) => method.fn(formData, callback));
        return;
      }
      // Older hosts: the form opens (or Outlook shows its own error) without reporting back.
      try {
        method.fn(formData);
      } catch (cause) {
        throw new OutlookError(AdapterErrorCode.Unknown, "Outlook couldn't open the reply. Try again.", {
          operation: options.all ? "displayReplyAllForm" : "displayReplyForm",
          cause,
        });
      }
    },

    async attachToDraft(file: DraftFile) {
      const operation = "addFileAttachmentFromBase64Async";
      const item = requireItem();
      const capability = draftSupport(COMPOSE_REQUIREMENTS.attachFromBase64, "added to", "add");
      if (!capability.supported || !isCompose(item)) throw unsupported(operation, capability);
      checkName(file.name, operation);
      if (file.base64.length > OUTLOOK_LIMITS.base64Chars) throw tooLarge(file.name, operation);
      return call<string>(operation, (callback) =>
        item.addFileAttachmentFromBase64Async(file.base64, file.name, { isInline: false }, callback),
      );
    },

    async removeDraftAttachment(id: string) {
      const operation = "removeAttachmentAsync";
      const item = requireItem();
      const capability = draftSupport(COMPOSE_REQUIREMENTS.removeAttachment, "removed from", "remove");
      if (!capability.supported || !isCompose(item)) throw unsupported(operation, capability);
      await call<void>(operation, (callback) => item.removeAttachmentAsync(id, callback));
    },
  };
}

function tooLarge(name: string, operation: string): OutlookError {
  return new OutlookError(
    OfficeErrorCode.AttachmentSizeExceeded,
    `${name} is larger than the ${OUTLOOK_LIMITS.attachmentBytes / (1024 * 1024)} MB Outlook accepts for an attached file.`,
    { operation },
  );
}
