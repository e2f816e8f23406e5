/** The message's attachments: the list (either mode) and a file attachment's bytes. */
import { base64ToBytes, guessContentType } from "./content";
import {
  AdapterErrorCode,
  OutlookError,
  UnsupportedAttachmentError,
  unsupportedAttachmentMessage,
} from "./errors";
import type { OfficeContext } from "./office-context";
import type { AttachmentInfo, AttachmentKind, OutlookHost } from "./types";

/** What both modes' attachment details have; only read mode gives contentType. */
type AttachmentDetailsEither = Pick<
  Office.AttachmentDetails,
  "id" | "name" | "size" | "isInline" | "attachmentType"
> & {
  contentType?: string;
};

function attachmentKind(attachmentType: string | null | undefined): AttachmentKind {
  const type = (attachmentType ?? "").toLowerCase();
  if (type === "item") return "item";
  if (type === "cloud") return "cloud";
  return "file";
}

function toAttachmentInfo(details: AttachmentDetailsEither): AttachmentInfo {
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

export function attachmentsOf(
  context: OfficeContext,
): Pick<OutlookHost, "attachments" | "attachmentContent"> {
  const { call, requireItem, isCompose, notSupported } = context;
  return {
    async attachments() {
      const item = requireItem();
      if (!isCompose(item)) {
        const list: AttachmentDetailsEither[] = Array.isArray(item.attachments) ? item.attachments : [];
        return list.map(toAttachmentInfo);
      }
      const getAttachments: Office.MessageCompose["getAttachmentsAsync"] | undefined =
        item.getAttachmentsAsync;
      if (typeof getAttachments !== "function") {
        throw notSupported("getAttachmentsAsync", "list the attachments of a message being written");
      }
      const list = await call<Office.AttachmentDetailsCompose[]>("getAttachmentsAsync", (callback) =>
        getAttachments.call(item, callback),
      );
      return (list ?? []).map(toAttachmentInfo);
    },

    async attachmentContent(id: string) {
      const item = requireItem();
      const getContent: MailItemContentGetter | undefined = item.getAttachmentContentAsync;
      if (typeof getContent !== "function") {
        throw notSupported("getAttachmentContentAsync", "read attachment content");
      }
      const operation = "getAttachmentContentAsync";
      const content = await call<Office.AttachmentContent>(operation, (callback) =>
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
  };
}

/** getAttachmentContentAsync(id, callback), the same in both modes. */
type MailItemContentGetter = (
  attachmentId: string,
  callback?: (asyncResult: Office.AsyncResult<Office.AttachmentContent>) => void,
) => void;
