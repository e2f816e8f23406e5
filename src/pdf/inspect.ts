// Reading what a document is before we keep it: its real type (from its bytes, not its name or
// claimed content type), and for a PDF its page count and visible page sizes. Refusals carry the
// contract's codes (§6.2): invalid_document with a reason, payload_too_large for the limits.
// Runs in the browser too (the pane checks attachments before uploading): Uint8Array only.
import { PDFDocument } from "pdf-lib";
import { geometryOfPage } from "./geometry";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_PAGES, MAX_IMAGE_PIXELS } from "./limits";

export type SniffedType = "pdf" | "png" | "jpeg" | "other";

export type InvalidDocumentReason =
  /** The bytes are no PDF (and were not claimed to be anything we convert). */
  | "not_pdf"
  /** The bytes are of another type than the one claimed (a PNG sent as application/pdf...). */
  | "mislabeled"
  /** A PDF that cannot be read: truncated, damaged, or without pages. */
  | "broken"
  /** An encrypted PDF: password-protected, or restricted with an owner password. */
  | "encrypted"
  /** An image we cannot decode. */
  | "broken_image"
  /** A PDF that would take more memory to read than the service gives one document. */
  | "too_complex"
  /** A PDF holding JavaScript, launch actions or embedded files, which viewers run or open. */
  | "active_content";

const MESSAGES: Record<InvalidDocumentReason, string> = {
  not_pdf: "The file is not a PDF.",
  mislabeled: "The file is not what its content type says.",
  broken: "The PDF is damaged and cannot be read.",
  encrypted: "The PDF is encrypted or password-protected; upload a copy without a password.",
  broken_image: "The image is damaged and cannot be read.",
  too_complex:
    "The PDF is too complex to read: reading it would take more memory than a document may. Print it to a new PDF and upload that.",
  active_content:
    "The PDF holds JavaScript, launch actions or embedded files, which would be handed to every signer. Print it to a new PDF and upload that.",
};

const ACTIVE_CONTENT_NAMES: Record<string, string> = {
  javascript: "JavaScript",
  launch: "launch actions (which open programs or files)",
  embeddedFiles: "embedded files",
};

/** The refusal of a PDF holding `kinds` of active content (ActiveContent of src/service/pdf/object-survey.ts). */
export function activeContent(kinds: readonly string[]): InvalidDocumentError {
  const names = kinds.map((k) => ACTIVE_CONTENT_NAMES[k] ?? k);
  const list =
    names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  return new InvalidDocumentError(
    "active_content",
    `The PDF holds ${list}, which every signer's viewer would run or open. ` +
      "Print it to a new PDF (or save it without them) and upload that.",
  );
}

export class InvalidDocumentError extends Error {
  readonly code = "invalid_document" as const;
  constructor(
    readonly reason: InvalidDocumentReason,
    message: string = MESSAGES[reason],
  ) {
    super(message);
    this.name = "InvalidDocumentError";
  }
}

/** What every refusal of an image past MAX_IMAGE_PIXELS says (isTooManyPixels finds it). */
const TOO_MANY_PIXELS = "million pixels an image may have";

/**
 * An image past MAX_IMAGE_PIXELS (`what`: "The JPEG", "An image in the PDF"): `too_complex`, with
 * the limit in the message.
 */
export function tooManyPixels(what: string, width: number, height: number): InvalidDocumentError {
  return new InvalidDocumentError(
    "too_complex",
    `${what} is ${width}×${height} pixels: more than the ${MAX_IMAGE_PIXELS / 1e6} ${TOO_MANY_PIXELS} ` +
      `(every signer's viewer must decode it). Save it smaller and upload that.`,
  );
}

/** Whether `error` is tooManyPixels' refusal (also after crossing the PDF reader's thread). */
export function isTooManyPixels(error: unknown): boolean {
  return (
    error instanceof InvalidDocumentError &&
    error.reason === "too_complex" &&
    error.message.includes(TOO_MANY_PIXELS)
  );
}

export type DocumentLimit = "bytes" | "pages";

/** A document over a limit of §6.2 (413 payload_too_large). */
export class DocumentLimitError extends Error {
  readonly code = "payload_too_large" as const;
  constructor(
    readonly limit: DocumentLimit,
    readonly actual: number,
    readonly maximum: number,
  ) {
    super(
      limit === "bytes"
        ? `The document is ${actual} bytes; the most is ${maximum} bytes (50 MB).`
        : `The document has ${actual} pages; the most is ${maximum}.`,
    );
    this.name = "DocumentLimitError";
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PDF readers accept "%PDF-" anywhere in the first 1,024 bytes (after junk some tools prepend). */
const PDF_HEADER_WINDOW = 1024;

function startsWith(bytes: Uint8Array, signature: number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((b, i) => bytes[at + i] === b);
}

function pdfHeaderAt(bytes: Uint8Array): number {
  const limit = Math.min(bytes.length - 5, PDF_HEADER_WINDOW);
  for (let i = 0; i <= limit; i++) {
    if (
      bytes[i] === 0x25 &&
      bytes[i + 1] === 0x50 &&
      bytes[i + 2] === 0x44 &&
      bytes[i + 3] === 0x46 &&
      bytes[i + 4] === 0x2d
    ) {
      return i;
    }
  }
  return -1;
}

/** The type the bytes really are, from their signature. */
export function sniffType(bytes: Uint8Array): SniffedType {
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (pdfHeaderAt(bytes) !== -1) return "pdf";
  return "other";
}

/** The sniffed type a content type names, or null for a type we do not accept. */
export function typeOfContentType(contentType: string): Exclude<SniffedType, "other"> | null {
  const base = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (base === "application/pdf" || base === "application/x-pdf") return "pdf";
  if (base === "image/png") return "png";
  if (base === "image/jpeg" || base === "image/jpg" || base === "image/pjpeg") return "jpeg";
  return null;
}

/**
 * Checks that `bytes` are what `contentType` claims (the caller has already refused content types
 * we do not accept with 415). Returns the type; throws InvalidDocumentError "mislabeled" otherwise.
 */
export function checkDeclaredType(contentType: string, bytes: Uint8Array): Exclude<SniffedType, "other"> {
  const claimed = typeOfContentType(contentType);
  const actual = sniffType(bytes);
  if (claimed === null || actual !== claimed) {
    const what = actual === "other" ? "of no type we accept" : `a ${actual.toUpperCase()}`;
    throw new InvalidDocumentError("mislabeled", `The file is sent as ${contentType} but is ${what}.`);
  }
  return claimed;
}

export function checkDocumentSize(size: number): void {
  if (size > MAX_DOCUMENT_BYTES) throw new DocumentLimitError("bytes", size, MAX_DOCUMENT_BYTES);
}

export interface PageSize {
  /** Visible width in points (after /Rotate and the CropBox). */
  width: number;
  height: number;
}

export interface PdfInspection {
  pageCount: number;
  pages: PageSize[];
}

/** Page sizes are reported to 1/100 point: more is noise from the PDF's decimals. */
function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Loads a PDF with pdf-lib, turning its failures into our refusals. */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  checkDocumentSize(bytes.length);
  if (sniffType(bytes) !== "pdf") throw new InvalidDocumentError("not_pdf");
  let doc: PDFDocument;
  try {
    // Encryption is checked on the loaded document rather than by catching pdf-lib's
    // EncryptedPDFError: that class is compiled to ES5, so `instanceof` does not work on it.
    doc = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
  } catch {
    throw new InvalidDocumentError("broken");
  }
  if (doc.isEncrypted) throw new InvalidDocumentError("encrypted");
  return doc;
}

/**
 * Page count and visible page sizes of a PDF. Throws InvalidDocumentError (not a PDF, broken,
 * encrypted) or DocumentLimitError (over 50 MB or 2,000 pages).
 */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfInspection> {
  const doc = await loadPdf(bytes);
  let pages: PageSize[];
  try {
    const list = doc.getPages();
    if (list.length > MAX_DOCUMENT_PAGES) {
      throw new DocumentLimitError("pages", list.length, MAX_DOCUMENT_PAGES);
    }
    pages = list.map((page) => {
      const g = geometryOfPage(page);
      if (!(g.width > 0 && g.height > 0)) throw new InvalidDocumentError("broken");
      return { width: round2(g.width), height: round2(g.height) };
    });
  } catch (error) {
    if (error instanceof DocumentLimitError || error instanceof InvalidDocumentError) throw error;
    // A damaged page tree surfaces here rather than at load.
    throw new InvalidDocumentError("broken");
  }
  if (pages.length === 0) throw new InvalidDocumentError("broken", "The PDF has no pages.");
  return { pageCount: pages.length, pages };
}
