// Reading a stored PDF from its file with bounded memory: page count, visible page sizes and text
// tags in one pass. Uploads are up to 50 MB; reading them as bytes (inspectPdf with pdf-lib, which
// copies every stream, then findTags, which gives pdf.js its own copy) held the file several times
// over. Here pdf.js reads the file through a range transport: it asks for the byte ranges it needs
// and gets only those, read from the file when asked. A damaged cross-reference table, which pdf.js
// would rebuild by loading the whole file, is repaired first (xref-repair.ts) and the repaired table
// served after the file's end; only files it leaves alone (encrypted, huge) are read whole.
//
// pdf.js does read more than text extraction needs: before it extracts a page's text it loads every
// stream among the page's resources, images included, and it keeps all it has read until the
// document is closed. So the file is closed and opened again when pdf.js has read enough since the
// last opening (WINDOW_BYTES), and a document of scanned pages costs a few pages' images at a time.
// What it would load past the memory bound it is not given: after the file (and a repaired table)
// it reads an incremental update of ours (overlay.ts) with every image's data empty and each large
// content stream reduced to its text, made by a pass over the file's objects that also makes the
// refusals pdf.js cannot be asked for (object-survey.ts).
//
// Node only (service side): it reads files. Refusals are inspect.ts's, for the same reasons.
import { readSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
// Types only: pdf.js itself is loaded lazily, by loadPdfJs.
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import {
  type DetectedTag,
  type PdfJs,
  type PdfJsLoader,
  geometryOfPdfJsPage,
  loadPdfJs,
  openFailure,
  pdfJsDocumentParams,
  tagsOnPage,
} from "../../pdf/find-tags";
import {
  DocumentLimitError,
  InvalidDocumentError,
  activeContent,
  checkDocumentSize,
  sniffType,
  tooManyPixels,
} from "../../pdf/inspect";
import { MAX_DOCUMENT_PAGES } from "../../pdf/limits";
import { surveyObjects } from "./object-survey";
import { buildOverlay } from "./overlay";
import {
  type ObjectIndex,
  type ReadInto,
  type TrailerRefs,
  headerOffset,
  repairXref,
  soundXref,
} from "./xref-repair";

export interface PdfFileReading {
  pageCount: number;
  /** Visible size in points (after /Rotate and the CropBox), to 1/100 point as inspectPdf gives. */
  pages: { width: number; height: number }[];
  /** What findTags gives for the same bytes; empty when reading with `tags: false`. */
  tags: DetectedTag[];
}

export interface ReadPdfFileOptions {
  /** How to load pdf.js; defaults to loadPdfJs (the legacy build, in this thread). */
  loadPdfJs?: PdfJsLoader;
  /** Whether to find text tags (default true); without, only the page tree is read. */
  tags?: boolean;
  /**
   * A full garbage collection (where the caller has one: a worker thread with gc exposed), called
   * after every GARBAGE_BYTES handed to pdf.js. Each range read is a buffer that pdf.js copies and
   * drops; V8 collects such buffers only when its heap asks for it, which while pdf.js loads a large
   * stream (no other allocation) it does not: tens of megabytes of dropped buffers pile up.
   */
  collectGarbage?: () => void;
  /**
   * Read the file with blocking reads (default false). pdf.js asks for its ranges one small piece
   * at a time (a page's dictionary, then its font, then its content), each a round trip; through
   * Node's thread pool each costs a hop there and back, milliseconds on a busy machine. Meant for
   * a thread that does nothing else (src/service/pdf-reader): it blocks no one.
   */
  syncReads?: boolean;
}

/** How many bytes handed to pdf.js between two calls of `collectGarbage`. */
const GARBAGE_BYTES = 2 * 1024 * 1024;

/**
 * How many pages read between two calls of `collectGarbage`: one full collection costs 10-30 ms,
 * reading 250 small pages a second or more.
 */
const PAGES_PER_COLLECTION = 250;

/** pdf.js accepts "%PDF-" anywhere in the first KiB, as inspect.ts's sniffType does. */
const HEAD_BYTES = 1024;

/**
 * pdf.js asks for whole chunks of this size, and keeps each it gets until the document is closed.
 * Smaller than its 64 KiB default, since what it needs is scattered: on opening it reads every
 * page's dictionary (to check the page tree), and where pages lie between large images that is a
 * chunk a page (8 MB for 2,000 pages at this size; 16 MB at 8 KiB, which measured 49 MB against
 * 44 MB for the 2,000 pages of the memory test). Smaller costs more requests where a page's objects
 * lie together.
 */
const CHUNK_BYTES = 4 * 1024;

/**
 * What pdf.js may newly read from one opening of the file before it is closed and opened again.
 * Before it extracts a page's text, pdf.js reads every stream among the page's resources, images
 * included (its ObjectLoader loads them all, and its parser loads a stream to read the stream's
 * dictionary), and it keeps all it has read until the document is closed. Opening again bounds what
 * it holds to this, what opening reads (the cross-reference table, the page tree) and one page's
 * resources. Only bytes no earlier opening read count, so a font all pages share cannot make every
 * page open the file again, and an opening that reads more than this (a damaged cross-reference
 * table makes pdf.js read the whole file to rebuild it) raises the bar to what it read: opening
 * again must drop more than it reads again. 4 MB, not 8, since pdf.js allocates its own copy of the
 * file again (each chunk it fills takes two pages of memory) and opening reads little now (the overlay
 * writes a flat page tree again): 2,000 scanned pages 27-30 MB against 35-39 at 8 MB.
 */
const WINDOW_BYTES = 4 * 1024 * 1024;

/** Reading a file far larger than a chunk in steps of this, to find an /Encrypt (see below). */
const SCAN_BYTES = 1024 * 1024;

/** Page sizes are reported to 1/100 point, as inspectPdf reports them. */
function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** readRange with a blocking read (see ReadPdfFileOptions.syncReads). */
function readRangeSync(handle: FileHandle, begin: number, end: number): Uint8Array {
  const bytes = new Uint8Array(end - begin);
  let filled = 0;
  while (filled < bytes.length) {
    const bytesRead = readSync(handle.fd, bytes, filled, bytes.length - filled, begin + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === bytes.length ? bytes : bytes.subarray(0, filled);
}

/** Reads exactly [begin, end) of the file (or up to its end), looping over short reads. */
async function readRange(handle: FileHandle, begin: number, end: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(end - begin);
  let filled = 0;
  while (filled < bytes.length) {
    const { bytesRead } = await handle.read(bytes, filled, bytes.length - filled, begin + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled === bytes.length ? bytes : bytes.subarray(0, filled);
}

/**
 * [begin, end) of the file followed by `appendix` (a repaired cross-reference table, xref-repair.ts):
 * what pdf.js is given to read.
 */
async function readSpan(
  handle: FileHandle,
  size: number,
  appendix: Uint8Array | null,
  begin: number,
  end: number,
  sync: boolean,
): Promise<Uint8Array> {
  const fileEnd = Math.min(end, size);
  const fromFile =
    begin < fileEnd
      ? sync
        ? readRangeSync(handle, begin, fileEnd)
        : await readRange(handle, begin, fileEnd)
      : null;
  if (!appendix || end <= size) return fromFile ?? new Uint8Array(0);
  const tail = appendix.subarray(Math.max(0, begin - size), end - size);
  if (!fromFile) return tail.slice();
  const bytes = new Uint8Array(fromFile.length + tail.length);
  bytes.set(fromFile);
  bytes.set(tail, fromFile.length);
  return bytes;
}

/** A pdf.js range transport over an open file, counting what it has given pdf.js. */
interface FileTransport {
  /** Bytes handed to pdf.js. */
  delivered: number;
  /** Bytes handed to pdf.js that no earlier opening of the file had been given. */
  fresh: number;
  /** The first read error, if any; the document's pending promises then fail. */
  failure: unknown;
  onFailure: (() => void) | null;
}

/**
 * The class is made per pdf.js module, since a `range` must be an instance of that module's
 * PDFDataRangeTransport.
 */
function fileTransport(
  pdfjs: PdfJs,
  handle: FileHandle,
  size: number,
  appendix: Uint8Array | null,
  seen: Uint8Array,
  collectGarbage: (() => void) | undefined,
  syncReads: boolean,
) {
  return new (class extends pdfjs.PDFDataRangeTransport implements FileTransport {
    delivered = 0;
    sinceCollected = 0;
    fresh = 0;
    failure: unknown = null;
    onFailure: (() => void) | null = null;
    aborted = false;
    /**
     * Reads one request at a time. pdf.js asks for many at once (on opening, one for each page of
     * a flat page tree), and a buffer allocated for each while it waits was measured at 20 MB more
     * for 2,000 pages; a read from the file is quick, so nothing waits long.
     */
    queue: Promise<unknown> = Promise.resolve();
    override requestDataRange(begin: number, end: number): void {
      this.queue = this.queue.then(() => (this.aborted ? null : this.#read(begin, end)));
    }
    #read(begin: number, end: number): Promise<void> {
      return readSpan(handle, size, appendix, begin, end, syncReads).then(
        (chunk) => {
          if (this.aborted) return;
          this.delivered += chunk.length;
          for (let c = Math.floor(begin / CHUNK_BYTES); c * CHUNK_BYTES < begin + chunk.length; c++) {
            if (!seen[c]) this.fresh += CHUNK_BYTES;
            seen[c] = 1;
          }
          try {
            this.onDataRange(begin, chunk);
          } catch {
            // pdf.js asserts on data for a request it has given up (cancelled, or its document
            // destroyed); such data is not wanted, and throwing here would only be unhandled.
          }
          this.sinceCollected += chunk.length;
          if (collectGarbage && this.sinceCollected >= GARBAGE_BYTES) {
            this.sinceCollected = 0;
            collectGarbage();
          }
        },
        (error: unknown) => {
          this.failure ??= error;
          this.onFailure?.();
        },
      );
    }
    override abort(): void {
      this.aborted = true;
    }
  })(size + (appendix?.length ?? 0), null);
}

interface OpenDocument {
  doc: PDFDocumentProxy;
  transport: FileTransport;
  /** What opening read (and every opening reads again). */
  openingBytes: number;
}

/**
 * Opens the file with pdf.js reading it through a FileTransport. Throws the read error if reading
 * failed, else openFailure's refusal.
 */
async function openDocument(
  pdfjs: PdfJs,
  handle: FileHandle,
  size: number,
  appendix: Uint8Array | null,
  seen: Uint8Array,
  options: ReadPdfFileOptions,
): Promise<OpenDocument> {
  const transport = fileTransport(
    pdfjs,
    handle,
    size,
    appendix,
    seen,
    options.collectGarbage,
    options.syncReads ?? false,
  );
  const task = pdfjs.getDocument({
    range: transport,
    rangeChunkSize: CHUNK_BYTES,
    // Read what is asked for, nothing more: no background fetching of the rest of the file, and
    // no reading it from the start as a stream.
    disableAutoFetch: true,
    disableStream: true,
    ...pdfJsDocumentParams(pdfjs),
  });
  // A read error leaves pdf.js waiting for data that will not come; destroying the task ends the
  // wait with a rejection.
  transport.onFailure = () => void task.destroy();
  try {
    const doc = await task.promise;
    // What opening read is read again by every opening: it is no reason to open again.
    transport.fresh = 0;
    return { doc, transport, openingBytes: transport.delivered };
  } catch (error) {
    await task.destroy();
    if (transport.failure) throw transport.failure;
    throw openFailure(error);
  }
}

/** The objects the cross-reference data lists, for the survey (object-survey.ts). */
interface ListedObjects {
  read: ReadInto;
  start: number;
  index: ObjectIndex;
  trailer: TrailerRefs;
  /** The newest cross-reference section's offset (from %PDF-): the file's, or the repaired one's. */
  prev: number;
}

/**
 * A repaired cross-reference table to read after the file (xref-repair.ts), when the file's own is
 * damaged: without, pdf.js would load the whole file to rebuild it. Null when the file's is sound,
 * or when the repair leaves the file to pdf.js (encryption, too many objects). With it, the objects
 * the table (the file's or the repaired one) lists, unless there are too many, or it is encrypted.
 */
async function xrefAppendixFor(
  handle: FileHandle,
  size: number,
  options: ReadPdfFileOptions,
): Promise<{ appendix: Uint8Array | null; bytesRead: number; objects: ListedObjects | null }> {
  let bytesRead = 0;
  const readFile: ReadInto = options.syncReads
    ? (buffer, position, length) => readSync(handle.fd, buffer, 0, length, position)
    : async (buffer, position, length) => (await handle.read(buffer, 0, length, position)).bytesRead;
  const read: ReadInto = (buffer, position, length) => {
    bytesRead += length;
    return readFile(buffer, position, length);
  };
  const start = await headerOffset(read, size);
  const listed = (index: ObjectIndex | undefined, trailer: TrailerRefs | null | undefined, prev: number) =>
    index && trailer && !trailer.encrypted ? { read: readFile, start, index, trailer, prev } : null;
  const sound = await soundXref(read, size, start);
  if (sound) {
    const objects = sound.complete ? listed(sound.index, sound.trailer, sound.startxref) : null;
    return { appendix: null, bytesRead, objects };
  }
  const repair = await repairXref(read, size, start, options.collectGarbage);
  // The repaired table is a cross-reference stream right after the file's line end (xrefAppendix).
  return {
    appendix: repair.appendix,
    bytesRead,
    objects: listed(repair.index, repair.trailer, size - start + 1),
  };
}

/** In a PDF, the trailer's encryption entry: a reference to, or a direct, dictionary. */
const ENCRYPT_ENTRY = /\/Encrypt[\0\t\n\f\r ]*(?:\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+R|<<)/;
/** A match may straddle two steps of the scan; this much is read again. */
const ENCRYPT_OVERLAP = 64;

/**
 * Whether the file has an /Encrypt entry, for a PDF pdf.js could not open. pdf.js opens what it can
 * decrypt (an owner password only) and fails with PasswordException when it needs a password,
 * but fails like any damaged file for an encryption it does not know (a certificate handler, a
 * malformed /Encrypt dictionary); inspectPdf refuses every one as encrypted, so this does too. The
 * trailer is not simply at the end (a linearized file has it near the start), so the whole file is
 * searched, a step at a time; only refused files get here. Outside a trailer the entry occurs
 * only in an uncompressed stream's text, which would make a damaged file "encrypted".
 */
async function hasEncryptEntry(handle: FileHandle, size: number): Promise<boolean> {
  const decoder = new TextDecoder("latin1");
  for (let begin = 0; begin < size; begin += SCAN_BYTES - ENCRYPT_OVERLAP) {
    const bytes = await readRange(handle, begin, Math.min(begin + SCAN_BYTES, size));
    if (ENCRYPT_ENTRY.test(decoder.decode(bytes))) return true;
    if (begin + SCAN_BYTES >= size) break;
  }
  return false;
}

/**
 * Page count, visible page sizes and text tags of the PDF in `file`, reading only the parts pdf.js
 * needs. Throws DocumentLimitError (over 50 MB, checked before reading; over 2,000 pages, checked
 * before reading any page) or InvalidDocumentError: `not_pdf` (no %PDF- header in the first KiB),
 * `broken` (pdf.js cannot open it, no pages, a page of no size) or `encrypted` (any /Encrypt,
 * including an owner password only, which pdf.js opens without one).
 */
export async function readPdfFile(file: string, options: ReadPdfFileOptions = {}): Promise<PdfFileReading> {
  const withTags = options.tags ?? true;
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    checkDocumentSize(size);
    if (sniffType(await readRange(handle, 0, Math.min(size, HEAD_BYTES))) !== "pdf") {
      throw new InvalidDocumentError("not_pdf");
    }
    const pdfjs = await (options.loadPdfJs ?? loadPdfJs)();
    const { appendix: repaired, bytesRead: checked, objects } = await xrefAppendixFor(handle, size, options);
    // What pdf.js cannot be asked (object-survey.ts), from the objects the file lists; and what it
    // is given to read instead of the file's images and large content streams (overlay.ts).
    let surveyed = 0;
    const surveyRead: ReadInto = (buffer, position, length) => {
      surveyed += length;
      return objects!.read(buffer, position, length);
    };
    const survey = objects
      ? await surveyObjects(surveyRead, size, objects.start, objects.index, objects.trailer.root)
      : null;
    const overlay =
      survey && objects && !survey.tooComplex && survey.active.length === 0 && !survey.largeImage
        ? await buildOverlay(surveyRead, survey, objects.trailer, {
            offset: size - objects.start + (repaired?.length ?? 0),
            prev: objects.prev,
            maxNum: objects.index.sortedNums().at(-1) ?? 0,
          })
        : null;
    const appendix = overlay ? (repaired ? Buffer.concat([repaired, overlay]) : overlay) : repaired;
    // What the check and the survey read is garbage: collected before pdf.js reads, not on top of
    // it. Only when it is much (a large table, a repair, a large file's objects): a full collection
    // of the reader's heap (pdf.js's code and data) costs 40-50 ms, half of reading a 40 MB scanned
    // file, for the few kilobytes a sound table of a few pages is; and before 100 text pages whose
    // overlay is their page tree, it measured 500 ms more CPU in all.
    if (repaired || checked + surveyed + (overlay?.length ?? 0) >= GARBAGE_BYTES) options.collectGarbage?.();
    const seen = new Uint8Array(Math.ceil((size + (appendix?.length ?? 0)) / CHUNK_BYTES));
    let current: OpenDocument;
    try {
      current = await openDocument(pdfjs, handle, size, appendix, seen, options);
    } catch (error) {
      if (
        error instanceof InvalidDocumentError &&
        error.reason === "broken" &&
        (await hasEncryptEntry(handle, size))
      ) {
        throw new InvalidDocumentError("encrypted");
      }
      throw error;
    }
    try {
      // pdf.js names the security handler of any /Encrypt it could apply. An owner-password-only
      // PDF opens without a password, but we could not stamp or flatten it: refused like the rest.
      const { info } = await current.doc.getMetadata();
      if ((info as { EncryptFilterName?: string | null }).EncryptFilterName) {
        throw new InvalidDocumentError("encrypted");
      }
      const pageCount = current.doc.numPages;
      if (pageCount > MAX_DOCUMENT_PAGES)
        throw new DocumentLimitError("pages", pageCount, MAX_DOCUMENT_PAGES);
      if (pageCount === 0) throw new InvalidDocumentError("broken", "The PDF has no pages.");
      // What pdf.js cannot be asked (object-survey.ts), from the objects the file lists. A file
      // whose objects are not listed (more than MAX_OBJECTS, or a table the repair leaves alone)
      // cannot be checked: refused, as reading it would also pass the memory bound.
      if (!survey) throw new InvalidDocumentError("too_complex");
      if (survey.active.length) throw activeContent(survey.active);
      // What reading the pages' text would meet (a stream decoding past the bound, a painted image
      // past the pixel limit): only then. Page sizes alone decode no content; a template keeps
      // such a document, its tags unread (Failed), where a package refuses it.
      if (withTags && survey.tooComplex) throw new InvalidDocumentError("too_complex");
      if (withTags && survey.largeImage) {
        const { page, width, height } = survey.largeImage;
        throw tooManyPixels(`An image on page ${page}`, width, height);
      }
      const pages: PdfFileReading["pages"] = [];
      const tags: DetectedTag[] = [];
      for (let n = 1; n <= pageCount; n++) {
        if (current.transport.fresh > Math.max(WINDOW_BYTES, current.openingBytes)) {
          // pdf.js keeps every byte it has read until its document is closed: start afresh.
          await current.doc.destroy();
          // What the closed document read is garbage, held until collected: before the next
          // opening reads it all again, not after.
          options.collectGarbage?.();
          current = await openDocument(pdfjs, handle, size, appendix, seen, options);
        }
        const page = await current.doc.getPage(n);
        const geometry = geometryOfPdfJsPage(page);
        if (!(geometry.width > 0 && geometry.height > 0)) throw new InvalidDocumentError("broken");
        pages.push({ width: round2(geometry.width), height: round2(geometry.height) });
        if (withTags) tags.push(...(await tagsOnPage(page, n, geometry)));
        // As findTags does: lets go of what the page's proxy holds.
        page.cleanup();
        // What pdf.js allocates for a page is mostly garbage once it is read, and V8 lets its heap
        // grow by much before it collects its own: by 20 MB over the 2,000 pages of the memory
        // test, which read no new bytes of the file (the collections above never ran).
        if (n % PAGES_PER_COLLECTION === 0) options.collectGarbage?.();
      }
      return { pageCount, pages, tags };
    } catch (error) {
      if (current.transport.failure) throw current.transport.failure;
      if (error instanceof InvalidDocumentError || error instanceof DocumentLimitError) throw error;
      // A damaged page tree or content stream surfaces here rather than at open.
      throw new InvalidDocumentError("broken");
    } finally {
      await current.doc.destroy();
    }
  } finally {
    await handle.close();
  }
}
