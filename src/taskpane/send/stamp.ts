/**
 * The bytes that are uploaded for a document: an image made into a one-page PDF, the dropped
 * fields stamped into it as text tags, and the signature block page appended. pdf-lib, loaded
 * only through `import()` (the "send-stamp" chunk) when a document is shown or sent.
 */
import { imageToPdf } from "../../pdf/image-to-pdf";
import { stampDocument, type SignatureBlockSigner } from "../../pdf/stamp-tags";
import type { TagFormat } from "../../tags";
import type { Stamp } from "./fields";

/** The document as a PDF: PDFs as they are, PNG and JPEG as one page the size of the image. */
export async function asPdf(bytes: Uint8Array, contentType: string): Promise<Uint8Array> {
  return contentType === "image/png" || contentType === "image/jpeg" ? imageToPdf(bytes) : bytes;
}

export interface FinalOptions {
  stamps: readonly Stamp[];
  /** Black tag text instead of white. */
  visible: boolean;
  /** Signers of a signature block page appended at the end; none when empty. */
  block: readonly SignatureBlockSigner[];
  format: TagFormat;
}

/**
 * `pdf` with the stamps and the signature block, as an incremental update of `pdf` (one load, the
 * original bytes kept, only what changed appended: src/pdf/incremental.ts). The same input gives the
 * same bytes (pdf-lib writes no date or random id: src/pdf loads without updating the metadata),
 * which is what lets a send resume an upload session after the pane was closed.
 */
export async function finalPdf(pdf: Uint8Array, options: FinalOptions): Promise<Uint8Array> {
  return stampDocument(pdf, {
    stamps: options.stamps,
    visible: options.visible,
    block: options.block,
    format: options.format,
  });
}
