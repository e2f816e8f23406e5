/**
 * Browser-safe helpers for attachment content: Base64 without Node's Buffer,
 * and a MIME type guess for compose-mode attachments (Outlook gives no content type there).
 */

/** Decodes standard Base64 (whitespace tolerated) into bytes using `atob`. Throws on invalid input. */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) {
    bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}

/** Bytes as standard Base64 using `btoa`, in chunks (a spread of megabytes would overflow the call stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

const MIME_BY_EXTENSION: ReadonlyMap<string, string> = new Map(
  Object.entries({
    pdf: "application/pdf",
    doc: "application/msword",
    docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    xls: "application/vnd.ms-excel",
    xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ppt: "application/vnd.ms-powerpoint",
    pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    odt: "application/vnd.oasis.opendocument.text",
    ods: "application/vnd.oasis.opendocument.spreadsheet",
    rtf: "application/rtf",
    txt: "text/plain",
    csv: "text/csv",
    htm: "text/html",
    html: "text/html",
    xml: "application/xml",
    json: "application/json",
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    gif: "image/gif",
    tif: "image/tiff",
    tiff: "image/tiff",
    zip: "application/zip",
    eml: "message/rfc822",
    msg: "application/vnd.ms-outlook",
    ics: "text/calendar",
  }),
);

export const DEFAULT_CONTENT_TYPE = "application/octet-stream";

/** Guesses a MIME type from a file name's extension; application/octet-stream when unknown. */
export function guessContentType(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  const extension = match?.[1]?.toLowerCase();
  return (extension && MIME_BY_EXTENSION.get(extension)) || DEFAULT_CONTENT_TYPE;
}
