// Short-lived download links (contract §6.2): operations such as `download` answer `{ url, expiresOn }`,
// a link of ours that serves one blob for 5 minutes to whoever holds it, with no credential (a
// browser, a mail client or Office opens it as is). The link's token is the credential: 256 random
// bits, stored only as its hash.
import { randomBytes } from "node:crypto";
import { hasUnsafeText } from "../text-safety";
import type { DownloadLinkRecord, DownloadSource, Storage } from "../storage";
import { hashSecret } from "./tokens";

/** Contract §6.2: "a link of ours good for 5 minutes". */
export const DOWNLOAD_LINK_TTL_SECONDS = 300;

/** Where the downloads route listens; a link's url is this followed by its token. */
export const DOWNLOADS_PATH = "/api/v1/downloads";

/** 32 random bytes in base64url, no padding: always 43 characters of this alphabet. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
/**
 * type/subtype and optional parameters (RFC 9110 §8.3), quoted values in printable ASCII but " and \:
 * nothing that could end or split a header.
 */
const MEDIA_TYPE =
  /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(?:[ \t]*;[ \t]*[\w!#$&^.+-]+=(?:[\w!#$&^.+-]+|"[\x20\x21\x23-\x5b\x5d-\x7e]*"))*$/;
/** Longer names are no file system's; the header must stay well under what clients read. */
const MAX_FILE_NAME_LENGTH = 1024;
/** A link is for fetching now, not for sharing: a day at most, whatever a caller asks. */
const MAX_TTL_SECONDS = 86_400;

export interface DownloadLinkInput {
  tenantId: string;
  /** The blob to serve (lowercase hex sha256, its key in the BlobStore). */
  blobSha256: string;
  /** Offered to the browser as the download's name (Content-Disposition). */
  fileName: string;
  contentType: string;
  /** The blob's length in bytes (the caller's record of it, or StoredBlob.size): the answer's Content-Length. */
  size: number;
  /** How long the link works; 300 (contract §6.2) unless said. */
  ttlSeconds?: number;
  /**
   * What it serves: the link answers 404 once that is deleted, however long it had left. null only
   * for a blob of no package (tests).
   */
  source: DownloadSource | null;
}

/** What the `download` operations answer (contract §6.2). */
export interface IssuedDownloadLink {
  /** `/api/v1/downloads/<token>`, relative to the service's address (it has no configured public URL). */
  url: string;
  expiresOn: string;
}

type LinkStores = Pick<Storage, "downloadLinks">;

/**
 * Records a link to one blob and answers its url and expiry. Callers are our own operations, which
 * have checked the tenant's access to what the blob holds: input that breaks these rules is a bug
 * (TypeError, a 500), not a client's mistake.
 */
export async function issueDownloadLink(
  storage: LinkStores,
  input: DownloadLinkInput,
  now = new Date(),
): Promise<IssuedDownloadLink> {
  const ttlSeconds = input.ttlSeconds ?? DOWNLOAD_LINK_TTL_SECONDS;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_TTL_SECONDS) {
    throw new TypeError(`ttlSeconds must be an integer from 1 to ${MAX_TTL_SECONDS}, got ${ttlSeconds}`);
  }
  if (!SHA256_HEX.test(input.blobSha256)) throw new TypeError("blobSha256 must be lowercase hex sha256");
  if (!MEDIA_TYPE.test(input.contentType)) {
    throw new TypeError(`contentType is not a media type: ${JSON.stringify(input.contentType)}`);
  }
  if (!Number.isSafeInteger(input.size) || input.size < 0) {
    throw new TypeError(`size must be a whole number of bytes, got ${input.size}`);
  }
  // NUL and unpaired surrogates cannot be stored alike on both databases (text-safety.ts).
  if (
    input.fileName === "" ||
    input.fileName.length > MAX_FILE_NAME_LENGTH ||
    hasUnsafeText(input.fileName)
  ) {
    throw new TypeError("fileName must be 1 to 1024 characters of well-formed text without NUL");
  }
  const token = randomBytes(32).toString("base64url");
  const expiresOn = new Date(now.getTime() + ttlSeconds * 1000).toISOString();
  await storage.downloadLinks.insert({
    tokenHash: hashSecret(token),
    tenantId: input.tenantId,
    blobSha256: input.blobSha256,
    fileName: input.fileName,
    contentType: input.contentType,
    size: input.size,
    createdOn: now.toISOString(),
    expiresOn,
    source: input.source,
  });
  return { url: `${DOWNLOADS_PATH}/${token}`, expiresOn };
}

/**
 * The unexpired link a token opens, or null: for a token of the wrong shape (never looked up), an
 * unknown or altered one, one past its expiry, or one whose document or package has been deleted
 * alike, so that an answer tells nothing about which.
 */
export async function resolveDownloadLink(
  storage: LinkStores,
  token: string,
  now = new Date(),
): Promise<DownloadLinkRecord | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  return storage.downloadLinks.findActive(hashSecret(token), now.toISOString());
}

/** Deletes the links expired at `now` (the scheduler calls it); answers how many. */
export async function purgeExpiredLinks(storage: LinkStores, now = new Date()): Promise<number> {
  // A read first: most ticks find none and need no write lock.
  if (!(await storage.downloadLinks.anyExpired(now.toISOString()))) return 0;
  return storage.downloadLinks.deleteExpired(now.toISOString());
}

// ---------------------------------------------------------------------------------------------
// Content-Disposition (RFC 6266, with RFC 8187 (ex 5987) for the name in UTF-8)

/** Unpaired surrogates have no UTF-8: they become U+FFFD (String.prototype.toWellFormed, ES2024). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/**
 * RFC 8187 ext-value: every byte of the UTF-8 outside attr-char as %XX. encodeURIComponent leaves
 * ' ( ) * alone, which are not attr-chars ("'" even delimits the charset).
 */
function percentEncoded(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * For clients that ignore filename*: the name in printable ASCII, accents dropped (ü → u), and `_`
 * for anything else and for what a quoted-string or a client could misread: `"` and `\` (quoting),
 * `%` (some clients percent-decode filename), `/` (a path), control characters (header injection).
 */
function asciiFallback(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%/]/g, "_")
    .trim();
  return ascii === "" ? "download" : ascii;
}

/**
 * `attachment; filename="<ASCII>"; filename*=UTF-8''<percent-encoded>`: any name, whatever it holds,
 * gives a header of printable ASCII only (no CR, LF or quote that could end it or start another
 * header), and clients that read filename* (all current browsers) get the name exactly.
 */
export function contentDisposition(fileName: string, type: "attachment" | "inline" = "attachment"): string {
  const name = wellFormed(fileName);
  return `${type}; filename="${asciiFallback(name)}"; filename*=UTF-8''${percentEncoded(name)}`;
}

/**
 * The only type a link may serve `inline` (`?inline=1`): the browser's PDF viewer shows it, in the
 * sandbox the downloads route gives every answer. Anything else (a zip, an image, HTML a document
 * could be mistaken for) is always an attachment.
 */
export function mayOpenInline(contentType: string): boolean {
  return /^application\/pdf\s*(;|$)/i.test(contentType);
}
