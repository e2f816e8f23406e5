// The document limits of contract §6.2, in one place: the pane checks them before uploading and
// the service enforces them, so both must read the same numbers.

/** Largest document, in bytes (50 MB). Also the most import-url fetches. */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
/** Most pages in one document. */
export const MAX_DOCUMENT_PAGES = 2000;
/** Most documents in one package. */
export const MAX_PACKAGE_DOCUMENTS = 25;
/** Largest package, all its documents together, in bytes (200 MB). */
export const MAX_PACKAGE_BYTES = 200 * 1024 * 1024;
/**
 * Most pixels in one image: a JPEG or PNG uploaded, or an image inside an uploaded PDF. The service
 * never decodes most of them, but every signer's viewer must (a 23-byte JPEG may declare 65,500 ×
 * 65,500 pixels: 12 GB to decode). 40 million is more than an 8K screenshot (33 million) or a
 * letter page scanned at 600 dpi (34 million). Larger ones are refused as `too_complex`.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The content types a document may be uploaded as; anything else is 415 unsupported_media_type. */
export const ACCEPTED_CONTENT_TYPES: readonly string[] = Object.freeze([
  "application/pdf",
  "image/png",
  "image/jpeg",
]);
