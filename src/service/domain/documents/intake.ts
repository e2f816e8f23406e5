// A document's way in, for any owner: its bytes are spooled to a work file (hashed and counted as
// they pass), typed from their bytes, an image made into a PDF, the PDF read (pages, text tags), then
// moved into the blob store; the row follows in a transaction that checks the owner again. Bytes
// never sit whole in memory. Blobs are shared by hash, so each is queued as garbage before it is put:
// a row that never comes leaves only what the collector removes (maintenance.ts).
//
// prepareDocument then recordDocument, or storeDocument for both. The owner comes first; callers
// bind it once (documentsOf, documents-of.ts).
import { createHash, randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { DetectedTag } from "../../../pdf/find-tags";
import { imageFileToPdf } from "../../pdf/image-file-to-pdf";
import { DocumentLimitError, InvalidDocumentError, isTooManyPixels, sniffType } from "../../../pdf/inspect";
import { MAX_DOCUMENT_BYTES } from "../../../pdf/limits";
import { spoolToFile, type Spooled } from "../../blobs/spool";
import { readPieces } from "../../blobs/staging";
import type { BlobSource, PutOptions } from "../../blobs/types";
import { ApiError } from "../../errors";
import { collectYoungGarbage } from "../../memory";
import type { AuditContext } from "../audit";
import type { Stores } from "../package-rules";
import { newId } from "../tokens";
import { checkIncoming, checkLimits, documentError, type IncomingDocument } from "./checks";
import { documentApi, type DocumentContext, type FullDocument } from "./context";
import type { DocumentOwner, Owned } from "./owner";

export interface PdfReading {
  pageCount: number;
  pages: { width: number; height: number }[];
  tags: DetectedTag[];
}

/** Page sizes to 1/100 point, as readPdfFile gives them. */
function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The sha256 and length of a file, read a megabyte at a time. */
async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of readPieces(file)) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest("hex"), size };
}

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await fs.open(file, "r");
  try {
    const head = new Uint8Array(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A file already spooled (in the work directory, consumed by storeDocument) and its hash. */
export interface SpooledFile {
  file: string;
  spooled: Spooled;
  /**
   * The file's fsync when it is still under way (a chunked upload's commit): awaited before the
   * file goes into the blob store. Otherwise the file is fsynced already.
   */
  synced?: Promise<void>;
}

function isSpooledFile(source: BlobSource | SpooledFile): source is SpooledFile {
  return typeof (source as SpooledFile).file === "string" && !!(source as SpooledFile).spooled;
}

/** prepareDocument, then recordDocument in a transaction of its own (the owner locked). */
export async function storeDocument<O extends Owned>(
  owner: DocumentOwner<O>,
  ctx: DocumentContext,
  tenantId: string,
  ownerId: string,
  source: BlobSource | SpooledFile,
  incoming: IncomingDocument,
  context: AuditContext,
  now = () => new Date(),
  alsoWhenStored?: (s: Stores) => Promise<void>,
) {
  const checked = checkIncoming(incoming);
  // Refused early (before reading any bytes) when the owner cannot take a document at all.
  const early = await owner.find(ctx.storage, tenantId, ownerId, false);
  owner.writable(early, "add a document");
  await checkLimits(owner, ctx.storage, early, incoming.expectedSize ?? 0);
  const prepared = await prepareDocument(ctx, source, incoming, checked, now, {
    keepsUnreadableText: owner.keepsUnreadableText ?? false,
  });
  try {
    return await ctx.storage.transaction(async (s) => {
      const o = await owner.find(s, tenantId, ownerId, true);
      return recordDocument(owner, s, o, prepared, context, now(), alsoWhenStored);
    });
  } catch (error) {
    throw documentError(error);
  }
}

/** A document whose bytes are in the blob store (queued as garbage until a row refers to them). */
export interface PreparedDocument {
  name: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  pdfSha256: string;
  pdfSize: number;
  reading: PdfReading;
  /** When its blobs were queued as garbage (discardPrepared takes exactly that entry). */
  stagedOn: string;
  /** Why its text tags could not be read (keepsUnreadableText only), else absent. */
  tagError?: string;
}

/**
 * The bytes of a document on their way in: spooled to a work file (at most 50 MB, checked against
 * the announced size and hash), typed from its bytes, an image made into a PDF, the PDF read, and
 * put into the blob store. No row yet: recordDocument adds it, in the caller's transaction.
 */
export async function prepareDocument(
  ctx: DocumentContext,
  source: BlobSource | SpooledFile,
  incoming: IncomingDocument,
  checked: ReturnType<typeof checkIncoming>,
  now = () => new Date(),
  options: { keepsUnreadableText?: boolean } = {},
): Promise<PreparedDocument> {
  let tagError: string | undefined;
  const { fileName, name, contentType } = checked;
  await fs.mkdir(ctx.workDir, { recursive: true });
  const original = isSpooledFile(source) ? source.file : path.join(ctx.workDir, `${randomUUID()}.upload`);
  const converted = path.join(ctx.workDir, `${randomUUID()}.pdf`);
  try {
    let spooled: Spooled;
    if (isSpooledFile(source)) {
      spooled = source.spooled;
    } else {
      const options: PutOptions = { maxBytes: MAX_DOCUMENT_BYTES };
      if (incoming.expectedSize !== undefined) options.expectedSize = incoming.expectedSize;
      if (incoming.expectedSha256) options.expectedSha256 = incoming.expectedSha256;
      spooled = await spoolToFile(source, original, options);
    }
    if (spooled.size === 0) {
      throw new ApiError(400, "invalid_document", "The file is empty.", [
        { field: "file", message: "The file is empty." },
      ]);
    }
    const sniffed = sniffType(await readHead(original));
    const claimed = contentType === "application/pdf" ? "pdf" : contentType === "image/png" ? "png" : "jpeg";
    if (sniffed !== claimed) {
      throw new InvalidDocumentError(
        sniffed === "other" ? (claimed === "pdf" ? "not_pdf" : "broken_image") : "mislabeled",
        sniffed === "other"
          ? claimed === "pdf"
            ? "The file is not a PDF."
            : `The file is not a ${claimed.toUpperCase()} image.`
          : `The file is a ${sniffed.toUpperCase()}, not the ${contentType} it was sent as.`,
      );
    }
    let reading: PdfReading;
    let pdfSpooled = null;
    // The blobs' garbage entry: discardPrepared takes exactly this one (stagedOn below).
    const queuedOn = now().toISOString();
    if (sniffed === "pdf") {
      // Read in the reader's thread while this one queues the hash (a durable write: see below),
      // and while the file's fsync, if under way, goes on in the thread pool.
      const read = ctx.pdfReader.read(original);
      read.catch(() => undefined); // awaited below; a failed queueing must not leave it unhandled
      await ctx.storage.blobGarbage.queue([spooled.sha256], queuedOn);
      try {
        reading = await read;
      } catch (error) {
        if (!options.keepsUnreadableText || !textMayBeAtFault(error)) throw error;
        // The pages alone: if they read, the document is kept and its tags are retried later.
        reading = { ...(await ctx.pdfReader.read(original, { tags: false })), tags: [] };
        tagError = `Its text could not be read for tags: ${(error as Error).message}`;
      }
    } else {
      // An image becomes a PDF of one page that we write: its size is known and it has no text, so
      // it is not read again (a 50 MB photo would cost pdf.js its pixels).
      const page = await imageFileToPdf(original, converted, { collect: collectYoungGarbage });
      reading = {
        pageCount: 1,
        pages: [{ width: round2(page.width), height: round2(page.height) }],
        tags: [],
      };
      pdfSpooled = await hashFile(converted);
      await ctx.storage.blobGarbage.queue([spooled.sha256, pdfSpooled.sha256], queuedOn);
    }
    // Queued before putting (above): a crash between the put and the row leaves a blob the
    // collector removes. The file is durable before it is put.
    if (isSpooledFile(source) && source.synced) await source.synced;

    const pdfSha256 = pdfSpooled ? pdfSpooled.sha256 : spooled.sha256;
    // The spooled files move into the store (no second copy of the bytes).
    await ctx.blobs.putFile(original, spooled);
    if (pdfSpooled) await ctx.blobs.putFile(converted, pdfSpooled);
    return {
      name,
      fileName,
      contentType,
      size: spooled.size,
      sha256: spooled.sha256,
      pdfSha256,
      pdfSize: pdfSpooled ? pdfSpooled.size : spooled.size,
      reading,
      stagedOn: queuedOn,
      ...(tagError ? { tagError } : {}),
    };
  } catch (error) {
    throw documentError(error);
  } finally {
    await fs.rm(original, { force: true });
    await fs.rm(converted, { force: true });
  }
}

/**
 * A reading failure that reading the pages alone may avoid: a damaged content stream (pdf.js reads
 * page sizes without it), one too complex for the reader's memory, or the reader itself stopping.
 * Not a file that is no PDF, encrypted, or over a limit.
 */
function textMayBeAtFault(error: unknown): boolean {
  // An image past the pixel limit was found while reading the text; reading less would miss it.
  if (error instanceof DocumentLimitError || isTooManyPixels(error)) return false;
  if (error instanceof InvalidDocumentError)
    return error.reason === "broken" || error.reason === "too_complex";
  return error instanceof Error;
}

/**
 * Deletes the blobs of prepared documents that no row came to refer to (a request that failed after
 * staging them), at once instead of after the collector's grace period: a failed create-and-send
 * leaves nothing behind. A blob queued again meanwhile, or referred to by another document, stays.
 */
export async function discardPrepared(ctx: DocumentContext, prepared: readonly PreparedDocument[]) {
  for (const doc of prepared) {
    for (const sha256 of new Set([doc.sha256, doc.pdfSha256])) {
      const orphan = await ctx.storage.transaction(async (s) => {
        if (!(await s.blobGarbage.take(sha256, doc.stagedOn))) return false;
        return !(await s.blobGarbage.isReferenced(sha256));
      });
      if (orphan) await ctx.blobs.delete(sha256);
    }
  }
}

/**
 * The row of a prepared document on a locked owner (the caller holds the transaction): the state
 * and limits are checked again, the owner touched and the addition audited.
 */
export async function recordDocument<O extends Owned>(
  owner: DocumentOwner<O>,
  s: Stores,
  o: O,
  prepared: PreparedDocument,
  context: AuditContext,
  now = new Date(),
  alsoWhenStored?: (s: Stores) => Promise<void>,
) {
  owner.writable(o, "add a document");
  await checkLimits(owner, s, o, prepared.size);
  const totals = await owner.documents(s).totals(o.id);
  const at = now.toISOString();
  const { reading, stagedOn: _stagedOn, tagError: _tagError, ...file } = prepared;
  const doc: FullDocument = {
    id: newId(),
    packageId: o.id,
    ...file,
    pageCount: reading.pageCount,
    pages: reading.pages,
    order: totals.lastOrder + 1,
    createdOn: at,
    detectedTagCount: reading.tags.length,
    detectedTags: reading.tags,
  };
  await owner.documents(s).insert(doc);
  await owner.stored?.(s, o, doc, now, prepared.tagError ?? null);
  await alsoWhenStored?.(s);
  await owner.touch(s, o, now);
  await owner.audit(
    s,
    o,
    context,
    "DocumentAdded",
    { documentId: doc.id, name: doc.name, size: doc.size, sha256: doc.sha256, pageCount: doc.pageCount },
    at,
  );
  return documentApi(doc);
}
