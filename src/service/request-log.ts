// What the request log may show of a request. Paths carry link tokens (signing, download, share
// links open documents without any other credential) and headers carry credentials, so neither is
// ever logged as sent:
//
// - A routed request is logged by its route's pattern, its parameters filled in from the decoded
//   values Fastify matched, except tokens ("[token]"). A percent-encoded spelling of a path
//   (`/api/v1/%64ownloads/…`) is matched to the same route and logged the same way.
// - A path no route matched (a 404, `//api/…`, `/api/./…`) and a wildcard's part are logged with
//   every long segment replaced: a token there is not served, but it is still a live token.
// - Query strings are not logged: nothing routes on them, and a client may put anything there.
// - Credential headers are censored wherever a logged object holds request headers (the
//   multipart plugin logs its busboy options, headers included, at trace level): at the top of the
//   object and one level down, by copying only the objects that hold one (withoutCredentials, a
//   pino logMethod hook). pino's own `redact` did the same at 40-60 µs a request, every request line
//   stringified through it (issue 31); the request lines themselves are built without headers.
import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/** Route parameters that hold link tokens. */
const TOKEN_PARAMS = new Set(["token"]);
/** Segments this long or longer are not logged where no route says what they are (tokens are 43+). */
const LONG_SEGMENT = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie", "x-api-key", "x-signing-grant"];

const CENSOR = "[redacted]";

/** Keys whose values pino's serializers turn into what is logged, never with headers (app.ts). */
const SERIALIZED = new Set(["req", "res"]);

/** `headers` with each credential header's value censored: a copy, or itself when it holds none. */
function censoredHeaders(headers: object): object {
  let copy: Record<string, unknown> | undefined;
  for (const name of CREDENTIAL_HEADERS) {
    if (Object.hasOwn(headers, name)) (copy ??= { ...headers })[name] = CENSOR;
  }
  return copy ?? headers;
}

/** `value` with its `headers` censored: itself when it holds no credential header, else a copy. */
function withCensoredHeaders<T extends object>(value: T): T {
  const headers = (value as { headers?: unknown }).headers;
  if (typeof headers !== "object" || headers === null || !Object.hasOwn(value, "headers")) return value;
  const censored = censoredHeaders(headers);
  if (censored === headers) return value;
  // Every own property, enumerable or not, so that an Error stays an Error with its message and stack.
  const copy = Object.create(Object.getPrototypeOf(value), Object.getOwnPropertyDescriptors(value)) as T;
  Object.defineProperty(copy, "headers", {
    value: censored,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/**
 * A log line's object as it may be written: credential headers censored in its own `headers` and in
 * the `headers` of each of its values (as pino's redact paths `headers[…]` and `*.headers[…]` did).
 * Answers the object itself when nothing needs censoring, which is every request line.
 */
export function withoutCredentials<T extends object>(object: T): T {
  let result = withCensoredHeaders(object);
  for (const key in object) {
    if (SERIALIZED.has(key) || !Object.hasOwn(object, key)) continue;
    const value = object[key];
    if (typeof value !== "object" || value === null) continue;
    const censored = withCensoredHeaders(value);
    if (censored === value) continue;
    if (result === object) result = { ...object };
    result[key] = censored;
  }
  return result;
}

/** pino's `hooks.logMethod`: each line's object passes through withoutCredentials. */
export function censorCredentials(
  this: unknown,
  args: unknown[],
  method: (...args: unknown[]) => void,
): void {
  const first = args[0];
  if (typeof first === "object" && first !== null) args[0] = withoutCredentials(first);
  method.apply(this, args);
}

/** A path as sent, with every segment that could hold a token replaced. */
function redactedPath(path: string): string {
  return path
    .split("/")
    .map((segment) => (segment.length >= LONG_SEGMENT ? "[redacted]" : segment))
    .join("/");
}

/** A matched parameter's value as logged: ids and short words as they are, anything long not. */
function paramValue(value: string): string {
  return UUID.test(value) || value.length < LONG_SEGMENT ? encodeURIComponent(value) : "[redacted]";
}

interface LoggedRequest {
  url: string;
  params?: unknown;
  routeOptions?: { url?: string };
}

/** The URL of a request as the log shows it. */
export function loggedUrl(request: LoggedRequest): string {
  const pattern = request.routeOptions?.url;
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  if (!pattern) return redactedPath(request.url.split("?")[0]!);
  const parts = patternParts(pattern);
  // A pattern without parameters or wildcard is logged as it is.
  if (parts.length === 1 && !parts.wildcard) return parts[0] as string;
  let filled = "";
  for (const part of parts) {
    if (typeof part === "string") filled += part;
    else filled += TOKEN_PARAMS.has(part.param) ? "[token]" : paramValue(params[part.param] ?? "");
  }
  return parts.wildcard ? filled.slice(0, -1) + redactedPath(params["*"] ?? "") : filled;
}

/** A route pattern as its literal parts and its parameters, and whether it ends in a wildcard. */
type PatternParts = (string | { param: string })[] & { wildcard?: boolean };

/** Each pattern split once per route (every request line uses it). */
const PATTERN_PARTS = new Map<string, PatternParts>();
function patternParts(pattern: string): PatternParts {
  let parts = PATTERN_PARTS.get(pattern);
  if (!parts) {
    parts = [];
    let at = 0;
    for (const match of pattern.matchAll(/:([A-Za-z0-9_]+)/g)) {
      parts.push(pattern.slice(at, match.index), { param: match[1]! });
      at = match.index + match[0].length;
    }
    parts.push(pattern.slice(at));
    parts.wildcard = pattern.endsWith("*");
    PATTERN_PARTS.set(pattern, parts);
  }
  return parts;
}

/**
 * Fastify's request logging, with one access line a request instead of two, and the one line that
 * names a raw URL (a 404) written as above.
 */
export class RedactingLogController extends LogController {
  // Fastify writes "incoming request" when a request arrives and "request completed" when it is
  // answered: one line with both says the same (method, URL as above, status, duration, trace id) at
  // half the cost, the largest part of a cheap request's own CPU time (docs/benchmarks.md, issue 31).
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        "request errored",
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.method}:${loggedUrl(request)} not found`);
  }
}
