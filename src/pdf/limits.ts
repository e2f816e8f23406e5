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
/** The content types a document may be uploaded as; anything else is 415 unsupported_media_type. */
export const ACCEPTED_CONTENT_TYPES: readonly string[] = Object.freeze([
  "application/pdf",
  "image/png",
  "image/jpeg",
]);
