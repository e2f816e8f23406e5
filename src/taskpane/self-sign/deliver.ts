/**
 * The sealed PDFs back into the conversation (issue 33): reading, a reply to the sender opens with
 * them attached; writing, they are attached to the draft, beside or in place of the originals. And
 * which of these the host can do (requirement sets), in words where it cannot.
 */
import type { SendDocument } from "../send/documents";
import type { SealedFile } from "./flow";

/** What Sign it yourself needs of the Outlook adapter beyond reading the message. */
export interface DraftOutlook {
  /** Opens a reply (to the sender; all: to everyone) with the files attached. */
  openReply(options: {
    all: boolean;
    html: string;
    files: { name: string; url?: string; base64?: string }[];
  }): Promise<void>;
  /** Compose: attaches the file to the draft being written; answers the attachment's id. */
  attachToDraft(file: { name: string; base64: string }): Promise<string>;
  /** Compose: removes an attachment of the draft. */
  removeDraftAttachment(id: string): Promise<void>;
}

/** What the host supports of the calls Sign it yourself makes. */
export interface SelfSignCapabilities {
  /** Reading: a reply form that takes file attachments. */
  replyWithAttachments: boolean;
  /** Writing: adding a file to the draft from its bytes. */
  attachToDraft: boolean;
  /** Writing: removing an attachment from the draft (to replace the original). */
  removeFromDraft: boolean;
}

/** Why Sign it yourself cannot finish in this mode on this host, or null when it can. */
export function unsupportedReason(mode: "read" | "compose", can: SelfSignCapabilities): string | null {
  if (mode === "read" && !can.replyWithAttachments) {
    return "This version of Outlook can't open a reply with attachments from an add-in, so Sign it yourself isn't offered here. Use Outlook on the web or a current Outlook for Windows or Mac.";
  }
  if (mode === "compose" && !can.attachToDraft) {
    return "This version of Outlook can't let an add-in attach files to the message you're writing, so Sign it yourself isn't offered here. Use Outlook on the web or a current Outlook for Windows or Mac.";
  }
  return null;
}

export type Placement = "replace" | "beside";

export interface Delivered {
  mode: "read" | "compose";
  files: string[];
  /** Compose: originals taken off the draft (replace). */
  replaced: string[];
}

/**
 * Hands the sealed files to Outlook. `documents` are the signed originals in the package's order
 * (the sealed files come back in that order).
 */
export async function deliver(
  outlook: DraftOutlook,
  mode: "read" | "compose",
  sealed: readonly SealedFile[],
  documents: readonly SendDocument[],
  placement: Placement,
): Promise<Delivered> {
  const files = sealed.map((f) => f.name);
  if (mode === "read") {
    await outlook.openReply({
      all: false,
      html: `<p>Please find the signed ${sealed.length === 1 ? "document" : "documents"} attached.</p>`,
      files: sealed.map((f) => ({ name: f.name, base64: f.base64, url: f.url })),
    });
    return { mode, files, replaced: [] };
  }
  for (const f of sealed) await outlook.attachToDraft({ name: f.name, base64: f.base64 });
  const replaced: string[] = [];
  if (placement === "replace") {
    // Only after every signed file is on the draft: a failure never leaves the draft with neither.
    for (const doc of documents) {
      if (!doc.attachmentId) continue;
      await outlook.removeDraftAttachment(doc.attachmentId);
      replaced.push(doc.name);
    }
  }
  return { mode, files, replaced };
}
