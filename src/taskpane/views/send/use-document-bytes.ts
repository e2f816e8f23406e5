import { useRef } from "react";
import type { OutlookHost } from "../../../outlook";
import type { SendDocument } from "../../send/documents";
import { fileBytes, type DraftFileStore } from "../../send/draft-files";

// pdf-lib comes with the stamp, in a chunk of its own.
export const loadStamp = () => import(/* webpackChunkName: "send-stamp" */ "../../send/stamp");

interface Held {
  generation: number;
  /** Files added from the user's disk in this pane. */
  files: Map<string, File>;
  /** Each document's bytes as read (attachment, file or IndexedDB), read once. */
  originals: Map<string, Promise<Uint8Array>>;
  /** Each document as a PDF (an image made into one), made once. */
  pdfs: Map<string, Promise<Uint8Array>>;
}

const held = (generation: number): Held => ({
  generation,
  files: new Map(),
  originals: new Map(),
  pdfs: new Map(),
});

/**
 * The chosen documents' bytes, read once per form: from the message's attachments, the files the
 * user added, or (a pane reopened) the copies of those kept in IndexedDB.
 */
export function useDocumentBytes({
  key,
  host,
  fileStore,
  generation,
}: {
  key: string | null;
  host: OutlookHost | null;
  fileStore: DraftFileStore | null;
  generation: number;
}) {
  const ref = useRef(held(generation));
  if (ref.current.generation !== generation) ref.current = held(generation);
  const { files, originals, pdfs } = ref.current;

  const readBytes = (doc: SendDocument): Promise<Uint8Array> => {
    let bytes = originals.get(doc.key);
    if (!bytes) {
      const file = files.get(doc.key);
      const lost = () => Promise.reject(new Error(`“${doc.name}” is no longer available: add it again.`));
      bytes = file
        ? fileBytes(file)
        : doc.attachmentId && host
          ? host.attachmentContent(doc.attachmentId)
          : doc.source === "file" && fileStore && key !== null
            ? fileStore.get(key, doc.key).then((kept) => (kept ? kept.bytes : lost()))
            : lost();
      bytes.catch(() => originals.delete(doc.key)); // read again next time
      originals.set(doc.key, bytes);
    }
    return bytes;
  };

  const pdfBytes = (doc: SendDocument): Promise<Uint8Array> => {
    let pdf = pdfs.get(doc.key);
    if (!pdf) {
      pdf = Promise.all([readBytes(doc), loadStamp()]).then(([bytes, stamp]) =>
        stamp.asPdf(bytes, doc.contentType),
      );
      pdf.catch(() => pdfs.delete(doc.key));
      pdfs.set(doc.key, pdf);
    }
    return pdf;
  };

  /** Step 1 changed the documents: files added are kept, files taken out are forgotten. */
  const documentsChanged = (
    before: readonly SendDocument[],
    next: readonly SendDocument[],
    added?: ReadonlyMap<string, File>,
  ): void => {
    if (key === null) return;
    for (const [k, file] of added ?? []) {
      files.set(k, file);
      // Kept for a pane closed before sending; a file that cannot be kept is asked for again
      // then (as the restored draft says).
      void fileBytes(file)
        .then((bytes) => fileStore?.put(key, k, { name: file.name, type: file.type, bytes }))
        .catch(() => undefined);
    }
    const keys = new Set(next.map((d) => d.key));
    for (const d of before) {
      if (d.source === "file" && !keys.has(d.key)) {
        files.delete(d.key);
        originals.delete(d.key);
        pdfs.delete(d.key);
        void fileStore?.remove(key, d.key).catch(() => undefined);
      }
    }
  };

  return { readBytes, pdfBytes, documentsChanged };
}
