/**
 * The sealed PDFs back into the conversation: reading, a reply to the sender opens with
 * them attached; writing, they are attached to the draft, beside or in place of the originals. And
 * which of these the host can do (requirement sets), in words where it cannot.
 */
import type { ComposeSupport, OutlookHost } from "../../outlook";
import type { SendDocument } from "../send/documents";
import type { SealedFile } from "./flow";

/** What Sign it yourself needs of the Outlook adapter beyond reading the message. */
export type DraftOutlook = Pick<OutlookHost, "openReply" | "attachToDraft" | "removeDraftAttachment">;

/**
 * Why Sign it yourself cannot finish in this mode on this host (requirement sets: the adapter's
 * composeSupport), or null when it can. Replacing the original needs one more call: `canReplace`.
 */
export function unsupportedReason(mode: "read" | "compose", support: ComposeSupport): string | null {
  const needed = mode === "read" ? support.reply : support.attachToDraft;
  if (needed.supported) return null;
  return `Sign it yourself isn't available here. ${needed.reason ?? "This Outlook can't hand the signed document back to you."}`;
}

/** Writing: whether the original can be taken off the draft (else the signed copy goes beside it). */
export const canReplace = (support: ComposeSupport) => support.removeDraftAttachment.supported;

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
