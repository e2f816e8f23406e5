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
//   multipart plugin logs its busboy options, headers included, at trace level).
import { LogController, type FastifyRequest } from "fastify";

/** Route parameters that hold link tokens. */
const TOKEN_PARAMS = new Set(["token"]);
/** Segments this long or longer are not logged where no route says what they are (tokens are 43+). */
const LONG_SEGMENT = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const CREDENTIAL_HEADERS = ["authorization", "proxy-authorization", "cookie", "x-api-key", "x-signing-grant"];

/** Pino `redact` paths: credential headers at the top of a log object and one level down. */
export const REDACTED_LOG_PATHS = CREDENTIAL_HEADERS.flatMap((name) => [
  `headers["${name}"]`,
  `*.headers["${name}"]`,
]);

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
  return pattern
    .replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) =>
      TOKEN_PARAMS.has(name) ? "[token]" : paramValue(params[name] ?? ""),
    )
    .replace(/\*$/, () => redactedPath(params["*"] ?? ""));
}

/** Fastify's request logging, with the one line that names a raw URL (a 404) written as above. */
export class RedactingLogController extends LogController {
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.method}:${loggedUrl(request)} not found`);
  }
}
