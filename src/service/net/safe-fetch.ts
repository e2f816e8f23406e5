// Fetching a URL a user gave us (import-url, contract §6.2) without letting them reach what only
// the service can: https only; every address we connect to, on the first request and on every
// redirect, must be public (address-policy.ts); at most 50 MB; at most 30 s in all.
//
// The address check runs inside the socket's own DNS lookup (the `lookup` option of the
// request), so it judges exactly the address the socket then connects to. A separate lookup
// before the request could be answered differently from the one the connection makes (DNS
// rebinding). An IP literal in the URL skips DNS, so it is checked before the request.
import dns from "node:dns";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { MAX_DOCUMENT_BYTES } from "../../pdf/limits";
import { isPublicAddress, type AddressPolicy } from "./address-policy";

export const DEFAULT_FETCH_TIMEOUT_MS = 30_000;
export const MAX_REDIRECTS = 5;

export type SafeFetchErrorCode =
  /** Not an https URL (also a redirect to one), or a URL with credentials. */
  | "url_not_allowed"
  /**
   * The host is, or resolves to, an address we refuse; or its name does not resolve. One code and
   * one message for both, so that import-url cannot be used to map which internal names exist.
   */
  | "address_not_allowed"
  | "too_large"
  | "timeout"
  | "too_many_redirects"
  /** The server answered with a status other than 2xx (and not a redirect). */
  | "http_error"
  /** DNS failure, refused connection, TLS failure, reset. */
  | "network_error";

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "SafeFetchError";
  }
}

export interface SafeFetchOptions {
  maxBytes?: number;
  /** For the whole fetch: lookups, connections, redirects and the body. */
  timeoutMs?: number;
  /**
   * Test seams. Production code passes none of these: the service's import-url uses the public
   * address policy, the system resolver and the system's CAs.
   */
  addressPolicy?: AddressPolicy;
  lookup?: typeof dns.lookup;
  ca?: string | Buffer;
}

export interface SafeFetchResult {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  contentDisposition: string | null;
  /** Content-Length as the server announced it (not trusted: the body is counted). */
  declaredLength: number | null;
  /** The body; it fails with SafeFetchError too_large or timeout if the limits are crossed. */
  body: Readable;
}

function checkUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError("url_not_allowed", "The URL is not valid.");
  }
  if (url.protocol !== "https:")
    throw new SafeFetchError("url_not_allowed", "Only https URLs can be imported.");
  if (url.username || url.password) {
    throw new SafeFetchError("url_not_allowed", "URLs with a user name or password cannot be imported.");
  }
  return url;
}

function unreachable(host: string): SafeFetchError {
  return new SafeFetchError("address_not_allowed", `${host} cannot be reached from here.`);
}

/**
 * A lookup that resolves as `base` does and refuses any answer holding a refused address. A name
 * that does not resolve is refused in the same words as one that resolves to a refused address.
 */
function guardedLookup(base: typeof dns.lookup, allowed: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (error, addresses) => {
      const list = error ? [] : (addresses as dns.LookupAddress[]);
      if (list.length === 0 || list.some((a) => !allowed(a.address))) {
        return callback(unreachable(hostname) as unknown as NodeJS.ErrnoException, "", 4);
      }
      if (options.all) return callback(null, list as never);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * Opens `url`, following redirects, within the limits. Resolves once a 2xx response's headers
 * have arrived; the body is then read from `body`, still within the size and time limits.
 */
export async function safeFetch(url: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const allowed = options.addressPolicy ?? isPublicAddress;
  const lookup = guardedLookup(options.lookup ?? dns.lookup, allowed);

  const controller = new AbortController();
  const timeoutError = () =>
    new SafeFetchError("timeout", `The server did not answer in ${timeoutMs / 1000} s.`);
  const timer = setTimeout(() => controller.abort(timeoutError()), timeoutMs);
  timer.unref();

  let current = checkUrl(url);
  try {
    for (let redirects = 0; ; redirects++) {
      const host = current.hostname.replace(/^\[|\]$/g, "");
      if (isIP(host) && !allowed(host)) {
        throw unreachable(host);
      }
      const response = await request(current, { lookup, ca: options.ca, signal: controller.signal });
      const status = response.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location)
          throw new SafeFetchError("http_error", `The server answered ${status} without a Location.`, status);
        if (redirects >= MAX_REDIRECTS) {
          throw new SafeFetchError("too_many_redirects", `More than ${MAX_REDIRECTS} redirects.`);
        }
        current = checkUrl(new URL(location, current));
        continue;
      }
      if (status < 200 || status > 299) {
        response.resume();
        throw new SafeFetchError("http_error", `The server answered ${status}.`, status);
      }
      const declared = Number(response.headers["content-length"]);
      const declaredLength = Number.isFinite(declared) && declared >= 0 ? declared : null;
      if (declaredLength !== null && declaredLength > maxBytes) {
        response.destroy();
        throw new SafeFetchError("too_large", `The file is larger than ${maxBytes} bytes.`);
      }
      return {
        url: current.toString(),
        status,
        contentType: response.headers["content-type"] ?? null,
        contentDisposition: response.headers["content-disposition"] ?? null,
        declaredLength,
        body: limitedBody(response, maxBytes, controller, timer),
      };
    }
  } catch (error) {
    clearTimeout(timer);
    controller.abort();
    if (controller.signal.reason instanceof SafeFetchError && controller.signal.reason.code === "timeout") {
      throw controller.signal.reason;
    }
    throw error;
  }
}

function request(
  url: URL,
  options: { lookup: LookupFunction; ca?: string | Buffer; signal: AbortSignal },
): Promise<import("node:http").IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, {
      method: "GET",
      lookup: options.lookup,
      // A fresh connection for every request: a pooled socket was checked for another host.
      agent: false,
      ...(options.ca ? { ca: options.ca } : {}),
      signal: options.signal,
      headers: {
        "user-agent": "sign-for-outlook import-url",
        accept: "application/pdf, image/png, image/jpeg, */*",
      },
    });
    req.once("response", resolve);
    req.once("error", (error: Error) => {
      const reason: unknown = options.signal.reason;
      if (options.signal.aborted && reason instanceof SafeFetchError) return reject(reason);
      if (error instanceof SafeFetchError) return reject(error);
      // The lookup's refusal reaches us wrapped by the socket in some Node versions.
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof SafeFetchError) return reject(cause);
      reject(new SafeFetchError("network_error", `Could not fetch the URL: ${error.message}`));
    });
    req.end();
  });
}

/** The response body, failing with too_large past `maxBytes` and with timeout at the deadline. */
function limitedBody(
  response: import("node:http").IncomingMessage,
  maxBytes: number,
  controller: AbortController,
  timer: NodeJS.Timeout,
): Readable {
  let size = 0;
  let failed = false;
  const body = new Readable({
    read() {
      response.resume();
    },
    destroy(error, callback) {
      // The reader gave up (or fail() ran): stop the download too.
      failed = true;
      clearTimeout(timer);
      response.destroy();
      callback(error);
    },
  });
  // The first failure is the one reported: destroying the response makes it report its own.
  const fail = (error: SafeFetchError) => {
    if (failed) return;
    failed = true;
    clearTimeout(timer);
    body.destroy(error);
    response.destroy();
  };
  controller.signal.addEventListener("abort", () => {
    const reason: unknown = controller.signal.reason;
    if (reason instanceof SafeFetchError) fail(reason);
  });
  response.on("data", (chunk: Buffer) => {
    size += chunk.length;
    // Counted, not taken from Content-Length, which a server may get wrong or omit.
    if (size > maxBytes)
      return fail(new SafeFetchError("too_large", `The file is larger than ${maxBytes} bytes.`));
    if (!body.push(chunk)) response.pause();
  });
  response.on("end", () => {
    clearTimeout(timer);
    body.push(null);
  });
  response.on("error", (error) => {
    fail(new SafeFetchError("network_error", `The download failed: ${error.message}`));
  });
  response.on("aborted", () => {
    fail(new SafeFetchError("network_error", "The server closed the connection early."));
  });
  return body;
}

/** Fetches `url` whole into memory (≤ maxBytes), for callers that need the bytes at once. */
export async function safeFetchBytes(
  url: string | URL,
  options: SafeFetchOptions = {},
): Promise<Omit<SafeFetchResult, "body"> & { bytes: Uint8Array }> {
  const { body, ...rest } = await safeFetch(url, options);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return { ...rest, bytes: new Uint8Array(Buffer.concat(chunks)) };
}
