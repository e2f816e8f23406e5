// Documents of a package (contract §6.2): direct and chunked uploads, reading the PDF (pages, text
// tags), PNG/JPEG made into PDFs, delete and its impact, detected tags and applying them (§6.4).
//
// Bytes never sit whole in memory on their way in: they are spooled to a work file (hashed and
// counted as they pass), read from there, then put into the blob store. Blobs are shared by hash,
// so a blob that may have lost its last reference is queued as garbage and collected later, only if
// nothing refers to it any more.
import { createHash, randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { DetectedTag } from "../../pdf/find-tags";
import { imageFileToPdf } from "../pdf/image-file-to-pdf";
import { DocumentLimitError, InvalidDocumentError, isTooManyPixels, sniffType } from "../../pdf/inspect";
import {
  ACCEPTED_CONTENT_TYPES,
  MAX_DOCUMENT_BYTES,
  MAX_PACKAGE_BYTES,
  MAX_PACKAGE_DOCUMENTS,
} from "../../pdf/limits";
import { spoolToFile, type Spooled } from "../blobs/spool";
import {
  BlockLengthError,
  FreezeTimeoutError,
  readPieces,
  SessionFrozenError,
  type UploadStaging,
} from "../blobs/staging";
import {
  BlobIntegrityError,
  BlobTooLargeError,
  type BlobSource,
  type BlobStore,
  type PutOptions,
} from "../blobs/types";
import { ApiError, notFound, validationFailed, type FieldError } from "../errors";
import { SafeFetchError, safeFetch, type SafeFetchOptions } from "../net/safe-fetch";
import { importFetchSeams } from "../net/test-hooks";
import { collectYoungGarbage } from "../memory";
import type {
  AnnotationRecord,
  DocumentRecord,
  PackageRecord,
  Storage,
  UploadSessionRecord,
} from "../storage";
import type { DocumentStore, UploadStore } from "../storage/documents";
import { annotationApi, applyAnnotation, blankAnnotation, partsOf, type Parts } from "./annotations";
import { appendAudit, type AuditContext } from "./audit";
import {
  checkText,
  onePage,
  parseId,
  requirePackage,
  requireState,
  throwIfAny,
  touchPackage,
  type Stores,
} from "./package-rules";
import { issueDownloadLink } from "./download-links";
import { newId } from "./tokens";
import { afterCommitClaim, blockIdleMs, commitWaitMs } from "./upload-bounds";
import type { PdfReader } from "../pdf-reader";

/** Staged blocks are this size, all but the last (contract §6.2). */
export const UPLOAD_BLOCK_SIZE = 4 * 1024 * 1024;
/** An upload session lives this long (contract §6.2). */
export const UPLOAD_TTL_MS = 24 * 3600 * 1000;
/**
 * A commit's claim on its upload session counts this long (a commit takes seconds; one of a 50 MB
 * document under load, a minute or two). A claim older than that was left by a process that died
 * mid-commit (with several instances on one database; a single machine's start clears its own).
 */
export const COMMIT_CLAIM_MS = 10 * 60 * 1000;
/** A blob queued as garbage is deleted no sooner than this (an upload of the same bytes may be under way). */
export const BLOB_GRACE_MS = 3600 * 1000;
const FILE_NAME_LENGTH = 255;

/** What document operations need besides the database. */
export interface DocumentContext {
  storage: Storage;
  blobs: BlobStore;
  /** Work files of uploads in flight; emptied when the service starts. */
  workDir: string;
  /** Reads PDFs in a thread of its own, with a capped heap. */
  pdfReader: PdfReader;
  /**
   * On local files, chunked uploads write their blocks into one file a session (see staging.ts);
   * null with S3, where each block is a blob of its own.
   */
  staging: UploadStaging | null;
}

export type FullDocument = Required<DocumentRecord>;

/** Whatever holds documents: a package (Draft only, audited) or a template (contract §7). */
export interface Owned {
  id: string;
  tenantId: string;
}

/**
 * How documents and uploads reach their owner's tables and rules: the upload, reading and storing
 * code is written once for packages and templates.
 */
export interface DocumentOwner<O extends Owned> {
  noun: "package" | "template";
  documents(s: Stores): DocumentStore;
  uploads(s: Stores): UploadStore;
  /** The tenant's owner by its id text (locked for the transaction when asked), or 404. */
  find(s: Stores, tenantId: string, id: string, lock: boolean): Promise<O>;
  /** Throws when the owner may not gain or lose documents now (a package past Draft). */
  writable(o: O, doing: string): void;
  /** Its updatedOn moves (and, for a package, its counts). */
  touch(s: Stores, o: O, now: Date): Promise<void>;
  /** An event of its audit trail, if it has one. */
  audit(
    s: Stores,
    o: O,
    context: AuditContext,
    action: string,
    details: Record<string, unknown>,
    at: string,
  ): Promise<void>;
  /** After a document's row is added, in its transaction (a template maps its tags to roles). */
  stored?(s: Stores, o: O, doc: FullDocument, now: Date, tagError: string | null): Promise<void>;
  /**
   * Whether a PDF whose pages can be read but whose text cannot is kept, without tags and marked
   * as failed (a template's document, retried later), rather than refused.
   */
  keepsUnreadableText?: boolean;
}

/** A package's documents: package_documents, Draft only, every change in its audit trail. */
export const PACKAGE_OWNER: DocumentOwner<PackageRecord> = {
  noun: "package",
  documents: (s) => s.documents,
  uploads: (s) => s.uploads,
  find: (s, tenantId, id, lock) => requirePackage(s, tenantId, id, { lock }),
  writable: (pkg, doing) => requireState(pkg, ["Draft"], doing),
  touch: touchPackage,
  audit: appendAudit,
};

/** DocumentApiResponse of contract §6.2. */
export function documentApi(d: FullDocument) {
  return {
    id: d.id,
    name: d.name,
    fileName: d.fileName,
    contentType: d.contentType,
    size: d.size,
    sha256: d.sha256,
    pageCount: d.pageCount,
    pages: d.pages,
    order: d.order,
    createdOn: d.createdOn,
    detectedTagCount: d.detectedTagCount,
  };
}

export function uploadApi(u: UploadSessionRecord, received: number[]) {
  return {
    id: u.id,
    fileName: u.fileName,
    contentType: u.contentType,
    size: u.size,
    blockSize: u.blockSize,
    blockCount: u.blockCount,
    receivedBlocks: received,
    status: "Open" as const,
    createdOn: u.createdOn,
    expiresOn: u.expiresOn,
  };
}

// ---------------------------------------------------------------------------------------------
// Checks

const ACCEPTED = ACCEPTED_CONTENT_TYPES.join(", ");

/** The content type without parameters, lowercased; by the file's extension when it says nothing. */
export function effectiveContentType(contentType: string | null | undefined, fileName: string): string {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type && type !== "application/octet-stream" && type !== "binary/octet-stream") {
    return type === "image/jpg" || type === "image/pjpeg" ? "image/jpeg" : type;
  }
  const ext = path.extname(fileName).toLowerCase();
  return ext === ".pdf"
    ? "application/pdf"
    : ext === ".png"
      ? "image/png"
      : ext === ".jpg" || ext === ".jpeg"
        ? "image/jpeg"
        : type || "application/octet-stream";
}

export function requireAcceptedType(contentType: string): void {
  if (!ACCEPTED_CONTENT_TYPES.includes(contentType)) {
    throw new ApiError(
      415,
      "unsupported_media_type",
      `Documents of type ${contentType.slice(0, 100)} are not accepted; send ${ACCEPTED}.`,
    );
  }
}

function tooLarge(detail: string): ApiError {
  return new ApiError(413, "payload_too_large", detail);
}

/** Our refusals from the PDF and blob layers, as the contract's errors. */
export function documentError(error: unknown): unknown {
  if (error instanceof InvalidDocumentError) {
    return new ApiError(400, "invalid_document", error.message, [{ field: "file", message: error.message }]);
  }
  if (error instanceof DocumentLimitError) return tooLarge(error.message);
  if (error instanceof BlobTooLargeError) {
    return tooLarge(
      `The document is larger than ${MAX_DOCUMENT_BYTES} bytes (50 MB), the most a document may be.`,
    );
  }
  if (error instanceof BlobIntegrityError) {
    const field = error.field;
    const message =
      field === "sha256"
        ? `The bytes received have sha256 ${error.actual}, not the ${error.expected} announced.`
        : `${error.actual} bytes were received, not the ${error.expected} announced.`;
    return validationFailed([{ field, message }], message);
  }
  return error;
}

function fileNameOf(text: string, field: string, errors: FieldError[]): string {
  const name = checkText(text, field, errors, { max: FILE_NAME_LENGTH, required: true }) ?? "";
  // A file name is shown and offered back in downloads: no path, whatever the client sent.
  return name.split(/[\\/]/).pop() || name;
}

/** The owner's document totals allow one more of `size` bytes (contract §6.2 limits; a template's alike). */
async function checkLimits<O extends Owned>(
  owner: DocumentOwner<O>,
  s: Stores,
  o: O,
  size: number,
): Promise<void> {
  const totals = await owner.documents(s).totals(o.id);
  const A = owner.noun === "package" ? "A package" : "A template";
  if (totals.count >= MAX_PACKAGE_DOCUMENTS) {
    throw tooLarge(`${A} holds at most ${MAX_PACKAGE_DOCUMENTS} documents; this one has ${totals.count}.`);
  }
  if (totals.bytes + size > MAX_PACKAGE_BYTES) {
    throw tooLarge(
      `${A} holds at most ${MAX_PACKAGE_BYTES} bytes (200 MB) of documents; it has ${totals.bytes} and this one is ${size}.`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a PDF

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

// ---------------------------------------------------------------------------------------------
// Storing a document

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

export interface IncomingDocument {
  fileName: string;
  /** Shown name; the file name when omitted. */
  name?: string | null;
  contentType: string;
  expectedSize?: number;
  expectedSha256?: string | null;
}

/**
 * Stores a document from a stream: spooled to a work file (at most 50 MB, checked against the
 * announced size and hash), its type checked from its bytes, an image made into a PDF, the PDF read
 * (pages, tags), the bytes put into the blob store, and the row added in one transaction that checks
 * the package's state and limits again.
 */
export async function storeDocument(
  ctx: DocumentContext,
  tenantId: string,
  packageId: string,
  source: BlobSource | SpooledFile,
  incoming: IncomingDocument,
  context: AuditContext,
  now = () => new Date(),
  alsoWhenStored?: (s: Stores) => Promise<void>,
) {
  return storeOwnedDocument(
    PACKAGE_OWNER,
    ctx,
    tenantId,
    packageId,
    source,
    incoming,
    context,
    now,
    alsoWhenStored,
  );
}

/** storeDocument for any owner (a package's or a template's documents). */
export async function storeOwnedDocument<O extends Owned>(
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
      return recordOwnedDocument(owner, s, o, prepared, context, now(), alsoWhenStored);
    });
  } catch (error) {
    throw documentError(error);
  }
}

/** A document's name, file name and type as sent, checked (400 or 415 naming what is wrong). */
export function checkIncoming(incoming: IncomingDocument, prefix = "") {
  const errors: FieldError[] = [];
  const fileName = fileNameOf(incoming.fileName, `${prefix}fileName`, errors);
  const name =
    incoming.name === undefined || incoming.name === null || incoming.name.trim() === ""
      ? fileName
      : (checkText(incoming.name, `${prefix}name`, errors, { max: FILE_NAME_LENGTH }) ?? fileName);
  throwIfAny(errors);
  const contentType = effectiveContentType(incoming.contentType, fileName);
  requireAcceptedType(contentType);
  return { fileName, name, contentType };
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
 * The row of a prepared document on a locked package (the caller holds the transaction): the state
 * and limits are checked again, the package touched and the addition audited.
 */
export async function recordDocument(
  s: Stores,
  pkg: PackageRecord,
  prepared: PreparedDocument,
  context: AuditContext,
  now = new Date(),
  alsoWhenStored?: (s: Stores) => Promise<void>,
) {
  return recordOwnedDocument(PACKAGE_OWNER, s, pkg, prepared, context, now, alsoWhenStored);
}

/** recordDocument for any owner. */
export async function recordOwnedDocument<O extends Owned>(
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

// ---------------------------------------------------------------------------------------------
// Chunked uploads

export interface InitiateUploadInput {
  fileName: string;
  name?: string | null;
  contentType: string;
  size: number;
  sha256?: string | null;
}

export async function initiateUpload(
  storage: Storage,
  tenantId: string,
  packageId: string,
  input: InitiateUploadInput,
  now = new Date(),
) {
  return initiateOwnedUpload(PACKAGE_OWNER, storage, tenantId, packageId, input, now);
}

export async function initiateOwnedUpload<O extends Owned>(
  owner: DocumentOwner<O>,
  storage: Storage,
  tenantId: string,
  ownerId: string,
  input: InitiateUploadInput,
  now = new Date(),
) {
  const errors: FieldError[] = [];
  const fileName = fileNameOf(input.fileName, "fileName", errors);
  const name =
    input.name === undefined || input.name === null
      ? null
      : checkText(input.name, "name", errors, { max: FILE_NAME_LENGTH });
  if (!Number.isSafeInteger(input.size) || input.size < 1) {
    errors.push({ field: "size", message: "size must be the file's length in bytes, at least 1." });
  }
  let sha256: string | null = null;
  if (input.sha256 !== undefined && input.sha256 !== null && input.sha256.trim() !== "") {
    sha256 = input.sha256.trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(sha256)) {
      errors.push({ field: "sha256", message: "sha256 must be 64 hexadecimal digits." });
    }
  }
  throwIfAny(errors);
  const contentType = effectiveContentType(input.contentType, fileName);
  requireAcceptedType(contentType);
  if (input.size > MAX_DOCUMENT_BYTES) {
    throw tooLarge(`The document is ${input.size} bytes; the most is ${MAX_DOCUMENT_BYTES} bytes (50 MB).`);
  }
  return storage.transaction(async (s) => {
    const o = await owner.find(s, tenantId, ownerId, true);
    owner.writable(o, "upload a document");
    await checkLimits(owner, s, o, input.size);
    const session: UploadSessionRecord = {
      id: newId(),
      tenantId,
      packageId: o.id,
      fileName,
      name,
      contentType,
      size: input.size,
      sha256,
      blockSize: UPLOAD_BLOCK_SIZE,
      blockCount: Math.ceil(input.size / UPLOAD_BLOCK_SIZE),
      createdOn: now.toISOString(),
      expiresOn: new Date(now.getTime() + UPLOAD_TTL_MS).toISOString(),
    };
    await owner.uploads(s).insert(session);
    return uploadApi(session, []);
  });
}

async function requireUpload<O extends Owned>(
  owner: DocumentOwner<O>,
  s: Stores,
  o: O,
  idText: string,
  now: Date,
): Promise<UploadSessionRecord> {
  const id = parseId(idText);
  const session = id ? await owner.uploads(s).get(o.id, id) : null;
  // An expired session is gone, whether or not the scheduler has swept it yet.
  if (!session || session.expiresOn <= now.toISOString())
    throw notFound(`Upload ${idText} of ${owner.noun} ${o.id}`);
  if (session.claimedOn && session.claimedOn > claimsStaleBefore()) throw beingCommitted(owner, o, idText);
  return session;
}

/** Claims made before this are stale (their commit's process died): see COMMIT_CLAIM_MS. */
function claimsStaleBefore(): string {
  return new Date(Date.now() - COMMIT_CLAIM_MS).toISOString();
}

/**
 * A session a commit is at work on answers as a finished one does (contract §6.2: 404 after commit
 * or abort), saying so: if the commit fails, the session is open again.
 */
function beingCommitted<O extends Owned>(owner: DocumentOwner<O>, o: O, idText: string): ApiError {
  return new ApiError(
    404,
    "not_found",
    `Upload ${idText} of ${owner.noun} ${o.id} is being committed (or was committed or aborted); if that commit fails, the upload is open again.`,
  );
}

/**
 * A commit gave up waiting for a block request of its upload (a client that stalled mid-body): the
 * upload stays open, without that block. 400 invalid_state, as the contract answers a state that
 * refuses the request (§3), with Retry-After
 * the bound after which the stalled request is cut off (BLOCK_IDLE_MS).
 */
function blockStillArriving<O extends Owned>(
  owner: DocumentOwner<O>,
  o: O,
  idText: string,
  waitedMs: number,
): ApiError {
  return new ApiError(
    400,
    "invalid_state",
    `Upload ${idText} of ${owner.noun} ${o.id} cannot be committed now: a request sending one of its blocks did not end within ${Math.ceil(waitedMs / 1000)} s. The upload is still open and that block is not part of it: commit again later, sending again any block its status does not list.`,
    undefined,
    { "Retry-After": String(Math.ceil(blockIdleMs() / 1000)) },
  );
}

function isMissingFile(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
}

export async function getUpload(
  storage: Storage,
  tenantId: string,
  packageId: string,
  id: string,
  now = new Date(),
) {
  return getOwnedUpload(PACKAGE_OWNER, storage, tenantId, packageId, id, now);
}

export async function getOwnedUpload<O extends Owned>(
  owner: DocumentOwner<O>,
  storage: Storage,
  tenantId: string,
  ownerId: string,
  id: string,
  now = new Date(),
) {
  const o = await owner.find(storage, tenantId, ownerId, false);
  const session = await requireUpload(owner, storage, o, id, now);
  return uploadApi(
    session,
    (await owner.uploads(storage).blocks(session.id)).map((b) => b.n),
  );
}

/** The length block n of a session must have: blockSize, except the last. */
export function blockLength(
  session: Pick<UploadSessionRecord, "size" | "blockSize" | "blockCount">,
  n: number,
) {
  return n === session.blockCount - 1
    ? session.size - session.blockSize * (session.blockCount - 1)
    : session.blockSize;
}

export async function stageBlock(
  ctx: DocumentContext,
  tenantId: string,
  packageId: string,
  id: string,
  blockText: string,
  body: BlobSource,
  now = new Date(),
) {
  return stageOwnedBlock(PACKAGE_OWNER, ctx, tenantId, packageId, id, blockText, body, now);
}

export async function stageOwnedBlock<O extends Owned>(
  owner: DocumentOwner<O>,
  ctx: DocumentContext,
  tenantId: string,
  ownerId: string,
  id: string,
  blockText: string,
  body: BlobSource,
  now = new Date(),
) {
  let o: O;
  let session: UploadSessionRecord;
  let leave: (() => void) | undefined;
  try {
    o = await owner.find(ctx.storage, tenantId, ownerId, false);
    session = await requireUpload(owner, ctx.storage, o, id, now);
    // On local files, counted until its row is recorded or refused: a commit waits for it before
    // it claims the session, or (once it began) refuses it here, before any byte is written.
    leave = ctx.staging?.enter(session.id);
  } catch (error) {
    drain(body);
    throw error instanceof SessionFrozenError ? beingCommitted(owner, o!, id) : error;
  }
  try {
    return await stageClaimable(owner, ctx, o, id, session, blockText, body, now);
  } finally {
    leave?.();
  }
}

/** stageOwnedBlock once the session is found (and, on local files, its request counted). */
async function stageClaimable<O extends Owned>(
  owner: DocumentOwner<O>,
  ctx: DocumentContext,
  o: O,
  id: string,
  session: UploadSessionRecord,
  blockText: string,
  body: BlobSource,
  now: Date,
) {
  const n = /^\d{1,9}$/.test(blockText) ? Number(blockText) : -1;
  if (n < 0 || n >= session.blockCount) {
    drain(body);
    throw validationFailed([
      {
        field: "block",
        message: `Block ${blockText.slice(0, 20)} does not exist: this upload has blocks 0 to ${session.blockCount - 1}.`,
      },
    ]);
  }
  const expected = blockLength(session, n);
  const wrongLength = () => {
    const message = `Block ${n} must be exactly ${expected} bytes${n === session.blockCount - 1 ? " (the last block)" : ""}.`;
    return validationFailed([{ field: "block", message }], message);
  };
  let stored: { sha256: string; size: number };
  if (ctx.staging) {
    // Local files: straight into the session's file, at the block's place.
    try {
      stored = {
        sha256: await ctx.staging.write(session.id, n, n * session.blockSize, expected, body),
        size: expected,
      };
    } catch (error) {
      if (error instanceof BlockLengthError) throw wrongLength();
      throw error;
    }
  } else {
    // Spooled first so that its hash is known and queued before the blob exists: a crash between
    // the put and the row then leaves a blob the collector removes.
    await fs.mkdir(ctx.workDir, { recursive: true });
    const work = path.join(ctx.workDir, `${randomUUID()}.block`);
    try {
      try {
        stored = await spoolToFile(body, work, { maxBytes: expected, expectedSize: expected });
      } catch (error) {
        if (error instanceof BlobTooLargeError || error instanceof BlobIntegrityError) throw wrongLength();
        throw error;
      }
      await ctx.storage.blobGarbage.queue([stored.sha256], now.toISOString());
      await ctx.blobs.putFile(work, stored);
    } finally {
      await fs.rm(work, { force: true });
    }
  }
  // Not durable (no disk flush of its own): a block's bytes in a session file are not flushed
  // either until the commit, which flushes the file and then records the document durably (and
  // these rows with it). A machine crash before that may forget the row as it may lose the bytes;
  // either way the block is asked for again (status and commit name it), and nothing half-done
  // remains. A flush per block was the largest part of an upload's time after the bytes'.
  // On S3 the block is a blob queued for collection before it was put: a forgotten row leaves
  // garbage the collector removes.
  return ctx.storage.transaction(
    async (s) => {
      const current = await requireUpload(owner, s, o, id, now);
      // Held until this transaction ends: a commit claims it before or after, never in between
      // (it would not see this block, acknowledged all the same).
      if (!(await owner.uploads(s).holdOpen(current.id, claimsStaleBefore())))
        throw beingCommitted(owner, o, id);
      const replaced = await owner
        .uploads(s)
        .putBlock(current.id, { n, sha256: stored.sha256, size: stored.size });
      // The block's blob is referenced now; one it replaced may not be (checksums of blocks in a
      // session file are no blobs: the queue ignores them).
      await s.blobGarbage.queue([stored.sha256, ...(replaced ? [replaced] : [])], now.toISOString());
      return uploadApi(
        current,
        (await owner.uploads(s).blocks(current.id)).map((b) => b.n),
      );
    },
    { durable: false },
  );
}

/** Reads and discards a request body we refuse, so that the connection stays usable. */
function drain(body: BlobSource): void {
  if (body instanceof Readable) body.resume();
}

export async function commitUpload(
  ctx: DocumentContext,
  tenantId: string,
  packageId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
) {
  return commitOwnedUpload(PACKAGE_OWNER, ctx, tenantId, packageId, id, context, now);
}

export async function commitOwnedUpload<O extends Owned>(
  owner: DocumentOwner<O>,
  ctx: DocumentContext,
  tenantId: string,
  ownerId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
) {
  const o = await owner.find(ctx.storage, tenantId, ownerId, false);
  const session = await requireUpload(owner, ctx.storage, o, id, now);
  // The commit claims the session first: of commits, aborts and blocks that overlap, exactly one
  // gets it (the others answer 404), so one document is made of the blocks as they are now. The
  // claim is given back if the commit fails, to try again or abort. On local files the session's
  // file is frozen before: block requests under way end first (acknowledged, they are in the
  // document), later ones are refused before they write.
  const staging = ctx.staging;
  if (staging) {
    try {
      await staging.freeze(session.id, commitWaitMs());
    } catch (error) {
      throw error instanceof FreezeTimeoutError ? blockStillArriving(owner, o, id, error.waitedMs) : error;
    }
  }
  try {
    // Named by the instance that claims (its blob instance on a shared store), which a new start
    // of it releases (releaseCommitClaims).
    const token = `${ctx.storage.blobInstance ?? "local"}:${randomUUID()}`;
    const uploads = owner.uploads(ctx.storage);
    if (!(await uploads.claim(session.id, token, new Date().toISOString(), claimsStaleBefore())))
      throw beingCommitted(owner, o, id);
    try {
      await afterCommitClaim();
      return await commitClaimed(owner, ctx, tenantId, ownerId, o, id, session, token, context);
    } catch (error) {
      await uploads.release(session.id, token).catch(() => undefined);
      // The session's file went (the session expired meanwhile): as gone as the session.
      throw isMissingFile(error) ? notFound(`Upload ${id} of ${owner.noun} ${o.id}`) : error;
    }
  } finally {
    staging?.thaw(session.id);
  }
}

/** A commit once the session is claimed by `token` (commitOwnedUpload gives the claim back if this fails). */
async function commitClaimed<O extends Owned>(
  owner: DocumentOwner<O>,
  ctx: DocumentContext,
  tenantId: string,
  ownerId: string,
  o: O,
  id: string,
  session: UploadSessionRecord,
  token: string,
  context: AuditContext,
) {
  // Read after the claim: no block can be added or replaced now.
  const blocks = await owner.uploads(ctx.storage).blocks(session.id);
  const have = new Set(blocks.map((b) => b.n));
  const missing = Array.from({ length: session.blockCount }, (_, n) => n).filter((n) => !have.has(n));
  if (missing.length) {
    const shown =
      missing.slice(0, 20).join(", ") + (missing.length > 20 ? ` and ${missing.length - 20} more` : "");
    const message = `Block${missing.length === 1 ? "" : "s"} ${shown} ${missing.length === 1 ? "is" : "are"} missing.`;
    throw validationFailed([{ field: "blocks", message }], message);
  }
  const incoming: IncomingDocument = {
    fileName: session.fileName,
    name: session.name,
    contentType: session.contentType,
    expectedSize: session.size,
    expectedSha256: session.sha256,
  };
  // The session ends in the document's own transaction: a commit is recorded once or not at all.
  // Its row must still be there and claimed by this commit (not aborted, expired, or taken by
  // another commit after this one's claim went stale), else nothing is recorded.
  const endSession = async (s: Stores) => {
    const blobs = await owner.uploads(s).delete(session.id, { claim: token });
    if (blobs === null) throw notFound(`Upload ${id} of ${owner.noun} ${o.id}`);
    await s.blobGarbage.queue(blobs, new Date().toISOString());
  };
  if (!ctx.staging) {
    const blobs = ctx.blobs;
    async function* concatenated() {
      for (const block of blocks) yield* (await blobs.get(block.sha256)) as AsyncIterable<Uint8Array>;
    }
    return storeOwnedDocument(
      owner,
      ctx,
      tenantId,
      ownerId,
      concatenated(),
      incoming,
      context,
      undefined,
      endSession,
    );
  }

  const staging = ctx.staging;
  const verified = await staging.verify(session.id, blocks, session.blockSize, session.size);
  if ("lost" in verified) {
    // Acknowledged blocks whose bytes did not reach the disk before a machine crash.
    await ctx.storage.transaction((s) => owner.uploads(s).dropBlocks(session.id, verified.lost));
    staging.forget(session.id);
    const shown = verified.lost.slice(0, 20).join(", ");
    const message = `Block${verified.lost.length === 1 ? "" : "s"} ${shown} must be sent again: the service lost ${verified.lost.length === 1 ? "it" : "them"}.`;
    throw validationFailed([{ field: "blocks", message }], message);
  }
  const integrity =
    verified.size !== session.size
      ? new BlobIntegrityError("size", session.size, verified.size)
      : session.sha256 && verified.sha256 !== session.sha256
        ? new BlobIntegrityError("sha256", session.sha256, verified.sha256)
        : null;
  if (integrity) throw documentError(integrity);
  // The file's fsync goes on while storeDocument reads the PDF (in the reader's thread); it is
  // awaited before the file goes into the blob store and its document is recorded.
  const synced = staging.sync(session.id);
  synced.catch(() => undefined); // awaited in storeDocument, or below if it fails before that
  let document;
  try {
    // A second name for the file in the work directory, which storeDocument consumes (moves into
    // the blob store): the session's own name stays until its end is recorded.
    await fs.mkdir(ctx.workDir, { recursive: true });
    const work = path.join(ctx.workDir, `${randomUUID()}.upload`);
    await fs.link(staging.fileOf(session.id), work);
    document = await storeOwnedDocument(
      owner,
      ctx,
      tenantId,
      ownerId,
      { file: work, spooled: verified, synced },
      incoming,
      context,
      undefined,
      endSession,
    );
  } finally {
    // Not left running past the request when the document was refused before it waited for it.
    await synced.catch(() => undefined);
  }
  // The session's name for the file goes after the answer: the document is recorded (its bytes are
  // the blob's name for the same file), and a name left by a crash is swept at the next start.
  staging.remove(session.id).catch(() => undefined);
  return document;
}

export async function abortUpload(
  ctx: Pick<DocumentContext, "storage" | "staging">,
  tenantId: string,
  packageId: string,
  id: string,
  now = new Date(),
) {
  return abortOwnedUpload(PACKAGE_OWNER, ctx, tenantId, packageId, id, now);
}

export async function abortOwnedUpload<O extends Owned>(
  owner: DocumentOwner<O>,
  ctx: Pick<DocumentContext, "storage" | "staging">,
  tenantId: string,
  ownerId: string,
  id: string,
  now = new Date(),
) {
  const session = await ctx.storage.transaction(async (s) => {
    const o = await owner.find(s, tenantId, ownerId, false);
    const session = await requireUpload(owner, s, o, id, now);
    // Only an open session: one a commit claimed meanwhile is that commit's (404, as after it).
    const blobs = await owner.uploads(s).delete(session.id, { staleBefore: claimsStaleBefore() });
    if (blobs === null) throw beingCommitted(owner, o, id);
    await s.blobGarbage.queue(blobs, now.toISOString());
    return session;
  });
  await ctx.staging?.remove(session.id);
}

// ---------------------------------------------------------------------------------------------
// Reading, deleting

export async function requireOwnedDocument<O extends Owned>(
  owner: DocumentOwner<O>,
  s: Stores,
  o: O,
  idText: string,
): Promise<FullDocument> {
  const id = parseId(idText);
  const doc = id ? await owner.documents(s).get(o.id, id) : null;
  if (!doc) throw notFound(`Document ${idText} of ${owner.noun} ${o.id}`);
  return doc;
}

const requireDocument = (s: Stores, pkg: PackageRecord, idText: string) =>
  requireOwnedDocument(PACKAGE_OWNER, s, pkg, idText);

export async function listDocuments(storage: Storage, tenantId: string, packageId: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  return onePage((await storage.documents.list(pkg.id)).map(documentApi));
}

export async function getDocument(storage: Storage, tenantId: string, packageId: string, id: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  return documentApi(await requireDocument(storage, pkg, id));
}

/** What deleting the document would take with it (contract §6.2 removal-impact). */
export async function removalImpact(storage: Storage, tenantId: string, packageId: string, id: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const doc = await requireDocument(storage, pkg, id);
  const annotations = await storage.annotations.list(pkg.id);
  const signers = await storage.signers.list(pkg.id);
  const on = annotations.filter((a) => a.documentId === doc.id);
  const keep = new Set(annotations.filter((a) => a.documentId !== doc.id).map((a) => a.signerId));
  const losing = new Set(on.map((a) => a.signerId));
  return {
    annotationCount: on.length,
    signersLeftWithoutFields: signers.filter((x) => losing.has(x.id) && !keep.has(x.id)).map((x) => x.id),
  };
}

export async function deleteDocument(
  storage: Storage,
  tenantId: string,
  packageId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  return deleteOwnedDocument(PACKAGE_OWNER, storage, tenantId, packageId, id, context, now);
}

export async function deleteOwnedDocument<O extends Owned>(
  owner: DocumentOwner<O>,
  storage: Storage,
  tenantId: string,
  ownerId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  await storage.transaction(async (s) => {
    const o = await owner.find(s, tenantId, ownerId, true);
    const doc = await requireOwnedDocument(owner, s, o, id);
    owner.writable(o, "remove a document");
    // Its annotations go with it (ON DELETE CASCADE); its blobs may be shared with other documents.
    await owner.documents(s).delete(o.id, doc.id);
    await s.blobGarbage.queue([doc.sha256, doc.pdfSha256], now.toISOString());
    await owner.touch(s, o, now);
    await owner.audit(
      s,
      o,
      context,
      "DocumentRemoved",
      { documentId: doc.id, name: doc.name },
      now.toISOString(),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Detected tags

export async function detectedTags(storage: Storage, tenantId: string, packageId: string, id: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const doc = await requireDocument(storage, pkg, id);
  return doc.detectedTags ?? [];
}

/** Scans the document's PDF again and stores what it finds. */
export async function detectTagsAgain(ctx: DocumentContext, tenantId: string, packageId: string, id: string) {
  const pkg = await requirePackage(ctx.storage, tenantId, packageId);
  const doc = await requireDocument(ctx.storage, pkg, id);
  const tags = await scanTags(ctx, doc);
  await ctx.storage.documents.setDetectedTags(doc.id, tags);
  return tags;
}

/** The text tags of a stored document's PDF, read again from the blob store. */
export async function scanTags(ctx: DocumentContext, doc: FullDocument): Promise<DetectedTag[]> {
  // The PDF of an image, made by us: an image and nothing else, no text to find.
  if (doc.pdfSha256 !== doc.sha256) return [];
  await fs.mkdir(ctx.workDir, { recursive: true });
  const file = path.join(ctx.workDir, `${randomUUID()}.pdf`);
  try {
    await spoolToFile(await ctx.blobs.get(doc.pdfSha256), file);
    return (await ctx.pdfReader.read(file)).tags;
  } catch (error) {
    throw documentError(error);
  } finally {
    await fs.rm(file, { force: true });
  }
}

export interface SkippedTag {
  text: string;
  page: number;
  reason: "no_signer_for_index" | "already_applied" | "invalid_tag" | "does_not_fit";
  message: string;
}

/**
 * Each parsed tag of the documents becomes an annotation for the signer whose position in routing
 * order (ties by when they were added) is the tag's signer index (contract §6.4). The field's box is
 * the tag's `field` (tag-field-box.ts: on the tag's line, in the free space beside it, over no other
 * text). A tag applied before (same document, page, place and type) is skipped.
 */
export async function applyDetectedTags(
  storage: Storage,
  tenantId: string,
  packageId: string,
  input: { documentIds?: string[] | null },
  context: AuditContext,
  now = new Date(),
) {
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    return applyDetectedTagsLocked(s, pkg, input, context, now);
  });
}

/** applyDetectedTags on a locked package (the caller holds the transaction). */
export async function applyDetectedTagsLocked(
  s: Stores,
  pkg: PackageRecord,
  input: { documentIds?: string[] | null },
  context: AuditContext,
  now = new Date(),
) {
  requireState(pkg, ["Draft"], "apply detected tags");
  const documents = await s.documents.list(pkg.id);
  let chosen = documents;
  if (input.documentIds) {
    const errors: FieldError[] = [];
    const ids = input.documentIds.map((text, i) => {
      const id = parseId(text);
      if (!id || !documents.some((d) => d.id === id)) {
        errors.push({
          field: `documentIds[${i}]`,
          message: `Document ${text.slice(0, 50)} is not in this package.`,
        });
      }
      return id;
    });
    throwIfAny(errors);
    chosen = documents.filter((d) => ids.includes(d.id));
  }
  const signers = (await s.signers.list(pkg.id)).sort(
    (a, b) => a.routingOrder - b.routingOrder || a.seq - b.seq,
  );
  const at = now.toISOString();
  const { created, skipped } = await annotationsFromTags(
    pkg,
    await partsOf(s, pkg),
    chosen,
    signers.map((x) => x.id),
    await s.annotations.list(pkg.id),
    await s.annotations.nextSeq(pkg.id),
    at,
  );
  for (const a of created) await s.annotations.insert(a);
  if (created.length) {
    await touchPackage(s, pkg, now);
    await appendAudit(
      s,
      pkg,
      context,
      "DetectedTagsApplied",
      { created: created.length, skipped: skipped.length, annotationIds: created.map((a) => a.id) },
      at,
    );
  }
  return { created: created.map(annotationApi), skipped };
}

/**
 * The annotations the documents' parsed tags make: each for the slot (signer or role, in routing
 * order) at the tag's signer index; skipped with a reason when there is none, when the tag was
 * applied before (same document, page, place and type) or does not fit. Nothing is written.
 */
export async function annotationsFromTags(
  owner: { id: string; tenantId: string },
  parts: Parts,
  documents: readonly FullDocument[],
  slotIds: readonly string[],
  existing: readonly AnnotationRecord[],
  firstSeq: number,
  at: string,
) {
  const key = (a: { documentId: string; page: number; x: number; y: number; type: string }) =>
    `${a.documentId}|${a.page}|${a.x}|${a.y}|${a.type}`;
  const applied = new Set(existing.filter((a) => a.source === "TextTag").map(key));
  const slotNoun = parts.slotKey === "roleId" ? "role" : "signer";
  let seq = firstSeq;
  const created: AnnotationRecord[] = [];
  const skipped: SkippedTag[] = [];
  for (const doc of documents) {
    for (const tag of doc.detectedTags ?? []) {
      const skip = (reason: SkippedTag["reason"], message: string) =>
        skipped.push({ text: tag.text, page: tag.page, reason, message });
      if (tag.error || tag.type === null || tag.signerIndex === null) {
        skip("invalid_tag", tag.error ?? "The tag cannot be read.");
        continue;
      }
      const slot = slotIds[tag.signerIndex - 1];
      if (!slot) {
        skip(
          "no_signer_for_index",
          `The ${parts.noun} has no ${slotNoun} ${tag.signerIndex} in routing order.`,
        );
        continue;
      }
      // The field the scan computed for the tag's place (its line, the free space beside it),
      // exactly: completion finds the tag's text size and baseline by this box.
      const { x, y, width, height } = tag.field;
      const place = { documentId: doc.id, page: tag.page, x, y, type: tag.type };
      // Applied before fields fitted their place, a field had the tag's top-left corner.
      const before = { ...place, x: tag.x, y: tag.y };
      if (applied.has(key(place)) || applied.has(key(before))) {
        skip("already_applied", "This tag was applied before.");
        continue;
      }
      const errors: FieldError[] = [];
      const record = await applyAnnotation(
        owner,
        parts,
        { ...blankAnnotation(owner.id, seq, at), source: "TextTag" },
        {
          documentId: doc.id,
          signerId: slot,
          type: tag.type,
          page: tag.page,
          x,
          y,
          width,
          height,
          required: tag.required,
          label: tag.label,
          group: tag.group,
          options: tag.options,
        },
        errors,
        "",
        true,
      );
      if (errors.length) {
        skip("does_not_fit", errors.map((e) => e.message).join(" "));
        continue;
      }
      seq++;
      applied.add(key(place));
      created.push(record);
    }
  }
  return { created, skipped };
}

// ---------------------------------------------------------------------------------------------
// Housekeeping (the scheduler)

/**
 * Deletes upload sessions past their expiry; their blocks become garbage, their staged files go.
 * Answers how many.
 */
export async function expireUploads(
  storage: Storage,
  now = new Date(),
  staging: UploadStaging | null = null,
): Promise<number> {
  let count = 0;
  // Packages' uploads and templates' alike.
  for (const uploads of [(s: Stores) => s.uploads, (s: Stores) => s.templateUploads]) {
    // A read first: most ticks have nothing to do and need no write lock.
    if ((await uploads(storage).expired(now.toISOString(), 1)).length === 0) continue;
    const sessions = await storage.transaction(async (s) => {
      const sessions = await uploads(s).expired(now.toISOString(), 100);
      for (const session of sessions) {
        await s.blobGarbage.queue((await uploads(s).delete(session.id)) ?? [], now.toISOString());
      }
      return sessions;
    });
    for (const session of sessions) await staging?.remove(session.id);
    count = Math.max(count, sessions.length);
  }
  return count;
}

/**
 * At start: the claims of commits that a crash or a stop cut off go, so that their sessions can be
 * committed or aborted at once rather than after COMMIT_CLAIM_MS: the claims this instance made
 * (`instance`, on a shared blob store), or every claim (null: local files, one machine). Answers how
 * many.
 */
export async function releaseCommitClaims(storage: Storage, instance: string | null): Promise<number> {
  return (
    (await storage.uploads.releaseClaims(instance)) + (await storage.templateUploads.releaseClaims(instance))
  );
}

/**
 * Removes staged files whose session is gone (a deleted package, a crash between recording a
 * session's end and removing its file). At start `minAgeMs` is 0; while running, an hour, since a
 * block may be written just as its session ends.
 */
export async function sweepStagedFiles(storage: Storage, staging: UploadStaging, minAgeMs: number) {
  return staging.sweep(
    async (id) => (await storage.uploads.exists(id)) || storage.templateUploads.exists(id),
    minAgeMs,
  );
}

/**
 * Deletes queued blobs whose grace period is over and that nothing refers to any more; answers how
 * many were deleted. With `graceMs` 0 (at start, one machine) every unreferenced queued blob goes.
 */
export async function collectBlobGarbage(
  storage: Storage,
  blobs: BlobStore,
  now = new Date(),
  graceMs = BLOB_GRACE_MS,
): Promise<number> {
  const due = await storage.blobGarbage.due(new Date(now.getTime() - graceMs).toISOString(), 200);
  let deleted = 0;
  for (const entry of due) {
    if (await takeAndDelete(storage, blobs, entry)) deleted++;
  }
  return deleted;
}

/**
 * Takes a queued blob's entry (unless it was queued again since `queuedOn`: false) and, when nothing
 * refers to the blob, deletes it (true; "kept" when something does). The blob is deleted inside the
 * transaction that took its entry: an upload of the same bytes queues the blob again before it
 * puts it, and that write waits for this transaction, so it never finds the blob still there, skips
 * putting it and then refers to a blob deleted after all. A failed delete rolls the take back.
 */
async function takeAndDelete(
  storage: Storage,
  blobs: BlobStore,
  entry: { sha256: string; queuedOn: string },
): Promise<boolean | "kept"> {
  return storage.transaction(async (s) => {
    if (!(await s.blobGarbage.take(entry.sha256, entry.queuedOn))) return false; // queued again meanwhile
    if (await s.blobGarbage.isReferenced(entry.sha256)) return "kept";
    await blobs.delete(entry.sha256);
    return true;
  });
}

/**
 * At start, on a shared blob store (S3): deletes at once the queued blobs that nothing refers to and
 * that only this instance queued (its crash cut off the uploads they were for; none of its own is
 * under way yet). A blob another instance also queued keeps its grace period: an upload of the same
 * bytes there may be about to refer to it. Answers how many were deleted.
 */
export async function collectOwnBlobGarbage(storage: Storage, blobs: BlobStore, instance: string) {
  let deleted = 0;
  for (let round = 0; round < 10_000; round++) {
    const mine = await storage.blobGarbage.queuedOnlyBy(instance, 200);
    let taken = 0;
    for (const entry of mine) {
      const outcome = await takeAndDelete(storage, blobs, entry);
      if (outcome !== false) taken++;
      if (outcome === true) deleted++;
    }
    // Entries queued again meanwhile (by another instance) are not taken: they stay for the collector.
    if (mine.length < 200 || taken === 0) break;
  }
  return deleted;
}

/** At start: work files of uploads cut off by a crash or a stop are removed. */
export async function clearWorkDir(workDir: string): Promise<void> {
  await fs.rm(workDir, { recursive: true, force: true });
  await fs.mkdir(workDir, { recursive: true });
}

// ---------------------------------------------------------------------------------------------
// Import from a URL

/** The file name a server gave (Content-Disposition), else the URL's last path segment. */
export function importedFileName(url: string, contentDisposition: string | null): string {
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition ?? "");
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(contentDisposition ?? "");
  try {
    if (star) return decodeURIComponent(star[1]!.trim());
  } catch {
    // A malformed escape: fall back to the plain name.
  }
  if (plain) return plain[1]!.trim();
  const last = new URL(url).pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last) || "document";
  } catch {
    return last || "document";
  }
}

/**
 * import-url (contract §6.2): https only, public addresses only (after DNS, on every redirect), at
 * most 50 MB and 30 s; then stored as an upload is. `fetchOptions` are test seams only (by default
 * those a test set in net/test-hooks.ts: none in a deployment).
 */
export async function importDocument(
  ctx: DocumentContext,
  tenantId: string,
  packageId: string,
  input: { url: string; name?: string | null },
  context: AuditContext,
  fetchOptions: SafeFetchOptions = importFetchSeams(),
) {
  const pkg = await requirePackage(ctx.storage, tenantId, packageId);
  requireState(pkg, ["Draft"], "add a document");
  const url = input.url.trim();
  let fetched;
  try {
    fetched = await safeFetch(url, { maxBytes: MAX_DOCUMENT_BYTES, ...fetchOptions });
  } catch (error) {
    throw importError(error);
  }
  const fileName = importedFileName(fetched.url, fetched.contentDisposition);
  try {
    return await storeDocument(
      ctx,
      tenantId,
      packageId,
      fetched.body,
      { fileName, name: input.name ?? null, contentType: fetched.contentType ?? "" },
      context,
    );
  } catch (error) {
    throw importError(error);
  } finally {
    fetched.body.destroy();
  }
}

function importError(error: unknown): unknown {
  if (!(error instanceof SafeFetchError)) return error;
  if (error.code === "too_large") {
    return tooLarge(`The document at that URL is larger than ${MAX_DOCUMENT_BYTES} bytes (50 MB).`);
  }
  return validationFailed([{ field: "url", message: error.message }], error.message);
}

// ---------------------------------------------------------------------------------------------
// Download links

/**
 * A link of ours, good for 5 minutes and needing no credential (contract §6.2), to the document as
 * uploaded (`original`) or as the PDF the signers see (`pdf`: the same file for a PDF).
 */
export async function documentDownloadLink(
  storage: Storage,
  tenantId: string,
  packageId: string,
  id: string,
  kind: "original" | "pdf",
) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const doc = await requireDocument(storage, pkg, id);
  if (kind === "original" || doc.pdfSha256 === doc.sha256) {
    return issueDownloadLink(storage, {
      tenantId,
      blobSha256: doc.sha256,
      fileName: doc.fileName,
      contentType: doc.contentType,
      size: doc.size,
      source: { kind: "Document", packageId: pkg.id, id: doc.id },
    });
  }
  if (doc.pdfSize === null) throw notFound(`The PDF of document ${doc.id}`);
  const base = doc.fileName.replace(/\.[^.]*$/, "") || "document";
  return issueDownloadLink(storage, {
    tenantId,
    blobSha256: doc.pdfSha256,
    fileName: `${base}.pdf`,
    contentType: "application/pdf",
    size: doc.pdfSize,
    source: { kind: "Document", packageId: pkg.id, id: doc.id },
  });
}
