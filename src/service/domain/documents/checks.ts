// The checks a document passes before its bytes are read (name, file name, type, the owner's
// limits), and our refusals from the PDF and blob layers as the contract's errors (§3, §6.2).
import path from "node:path";
import { DocumentLimitError, InvalidDocumentError } from "../../../pdf/inspect";
import {
  ACCEPTED_CONTENT_TYPES,
  MAX_DOCUMENT_BYTES,
  MAX_PACKAGE_BYTES,
  MAX_PACKAGE_DOCUMENTS,
} from "../../../pdf/limits";
import { BlobIntegrityError, BlobTooLargeError } from "../../blobs/types";
import { ApiError, validationFailed, type FieldError } from "../../errors";
import { checkText, throwIfAny, type Stores } from "../package-rules";
import type { DocumentOwner, Owned } from "./owner";

export const FILE_NAME_LENGTH = 255;
const ACCEPTED = ACCEPTED_CONTENT_TYPES.join(", ");

/** A document as a client sends it. */
export interface IncomingDocument {
  fileName: string;
  /** Shown name; the file name when omitted. */
  name?: string | null;
  contentType: string;
  expectedSize?: number;
  expectedSha256?: string | null;
}

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

export function tooLarge(detail: string): ApiError {
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

export function fileNameOf(text: string, field: string, errors: FieldError[]): string {
  const name = checkText(text, field, errors, { max: FILE_NAME_LENGTH, required: true }) ?? "";
  // A file name is shown and offered back in downloads: no path, whatever the client sent.
  return name.split(/[\\/]/).pop() || name;
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

/** The owner's document totals allow one more of `size` bytes (contract §6.2 limits; a template's alike). */
export async function checkLimits<O extends Owned>(
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
