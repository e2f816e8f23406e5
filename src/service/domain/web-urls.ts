// URLs the service stores and later answers (a signing-url link's returnUrl and allowedOrigins,
// contract §6.3). They are checked when given, with the very test the response serializer applies
// to a `format: "uri"` string (ajv-formats' RFC 3986 check): a value that passes here can never make
// an answer fail after its change was committed. WHATWG URL parsing alone is not enough: it accepts
// "https://example.com/a b" or `{}` and `"` in a path, which are not URIs.
import { fullFormats } from "ajv-formats/dist/formats";
import type { FieldError } from "../errors";

const isUri = fullFormats.uri as (text: string) => boolean;

/** Long enough for any real return address; a stored value, so bounded. */
export const WEB_URL_MAX_LENGTH = 2_000;

/** Hosts that may use plain http: a developer's own machine. */
function isLocalHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** Whether `text` is an absolute https URL (http only for localhost) that is also an RFC 3986 URI. */
export function isWebUrl(text: string): boolean {
  if (text.length > WEB_URL_MAX_LENGTH || !isUri(text) || !URL.canParse(text)) return false;
  const url = new URL(text);
  return url.protocol === "https:" || (url.protocol === "http:" && isLocalHost(url.hostname));
}

/** `text` if it is a web URL (isWebUrl); otherwise null, with an error naming `field`. */
export function webUrl(text: string, field: string, errors: FieldError[]): string | null {
  if (isWebUrl(text)) return text;
  errors.push({
    field,
    message:
      `${field} must be an absolute https URL (http only for localhost) of at most ${WEB_URL_MAX_LENGTH} ` +
      "characters, with spaces, quotes and braces percent-encoded.",
  });
  return null;
}

/**
 * A stored URL as an answer may carry it: as stored if it is a web URL, else its WHATWG
 * serialization if that is one (a value stored before the check, such as one with a space), else
 * null. An answer never fails on what an older version let in.
 */
export function servableWebUrl(stored: string | null): string | null {
  if (stored === null || isWebUrl(stored)) return stored;
  const href = URL.canParse(stored) ? new URL(stored).href : null;
  return href !== null && isWebUrl(href) ? href : null;
}
