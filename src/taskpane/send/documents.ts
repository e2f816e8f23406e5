/**
 * The documents of a package being prepared in the Send view: the message's attachments, each
 * sendable or not with the reason in words, and files the user adds from disk. Pure: no Office.js,
 * no DOM.
 */
import type { AttachmentInfo } from "../../outlook";
import {
  ACCEPTED_CONTENT_TYPES,
  MAX_DOCUMENT_BYTES,
  MAX_PACKAGE_BYTES,
  MAX_PACKAGE_DOCUMENTS,
} from "../../pdf/limits";

export type DocumentSource = "attachment" | "file";

export interface SendDocument {
  /** Unique within the draft: `a:<attachment id>` or `f:<n>:<file name>`. */
  key: string;
  source: DocumentSource;
  /** The attachment's id, for reading its bytes through the Outlook adapter. */
  attachmentId: string | null;
  name: string;
  size: number;
  /** The accepted type it will be sent as, or what the file said it was. */
  contentType: string;
  sendable: boolean;
  /** Why it cannot be sent, as a sentence the user can act on; null when it can. */
  reason: string | null;
  /** Chosen for the package (sendable documents only). */
  included: boolean;
}

const BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

/** The accepted content type of a file by its stated type, else its extension; null when neither is accepted. */
export function acceptedType(name: string, contentType: string): string | null {
  const stated = contentType.split(";")[0]!.trim().toLowerCase();
  if (ACCEPTED_CONTENT_TYPES.includes(stated)) return stated;
  const extension = /\.([a-z0-9]+)$/i.exec(name.trim())?.[1]?.toLowerCase();
  return (extension && BY_EXTENSION[extension]) || null;
}

/** "1.2 MB", "830 KB", "12 bytes": sizes as people read them. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? "" : "s"}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}

function reasonFor(name: string, size: number, type: string | null): string | null {
  if (type === null) {
    return `Only PDF, PNG and JPEG files can be sent for signature: save “${name}” as a PDF first.`;
  }
  if (size > MAX_DOCUMENT_BYTES) {
    return `“${name}” is ${formatSize(size)}; a document may be at most ${formatSize(MAX_DOCUMENT_BYTES)}.`;
  }
  return null;
}

/**
 * The message's attachments as documents, in the message's order. Inline images (logos, pictures in
 * the body) are not documents and are left out. Every sendable one starts chosen.
 */
export function documentsFromAttachments(attachments: readonly AttachmentInfo[]): SendDocument[] {
  return attachments
    .filter((a) => !a.isInline)
    .map((a) => {
      const type = acceptedType(a.name, a.contentType);
      const reason = !a.supported
        ? (a.unsupportedReason ?? `“${a.name}” cannot be read from the message.`)
        : reasonFor(a.name, a.size, type);
      return {
        key: `a:${a.id}`,
        source: "attachment" as const,
        attachmentId: a.id,
        name: a.name,
        size: a.size,
        contentType: type ?? a.contentType,
        sendable: reason === null,
        reason,
        included: reason === null,
      };
    });
}

/** A file the user picked or dropped, as a document (chosen when it can be sent). */
export function documentFromFile(
  file: { name: string; size: number; type: string },
  serial: number,
): SendDocument {
  const type = acceptedType(file.name, file.type);
  const reason = reasonFor(file.name, file.size, type);
  return {
    key: `f:${serial}:${file.name}`,
    source: "file",
    attachmentId: null,
    name: file.name,
    size: file.size,
    contentType: type ?? file.type,
    sendable: reason === null,
    reason,
    included: reason === null,
  };
}

/**
 * What keeps the chosen documents from making a package; null when they can. `kept` documents are
 * in the package already (a template's), so none need be chosen then.
 */
export function documentsProblem(documents: readonly SendDocument[], kept = 0): string | null {
  const chosen = documents.filter((d) => d.included && d.sendable);
  if (chosen.length + kept === 0) return "Choose at least one document to send.";
  if (chosen.length + kept > MAX_PACKAGE_DOCUMENTS) {
    return `A package holds at most ${MAX_PACKAGE_DOCUMENTS} documents; ${chosen.length + kept} are chosen${kept > 0 ? ` (${kept} from the template)` : ""}.`;
  }
  const total = chosen.reduce((sum, d) => sum + d.size, 0);
  if (total > MAX_PACKAGE_BYTES) {
    return `The chosen documents come to ${formatSize(total)}; a package may hold at most ${formatSize(MAX_PACKAGE_BYTES)}.`;
  }
  return null;
}
