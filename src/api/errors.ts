/**
 * The error every call to the signing service rejects with: `ApiError`. Its `message` is written for
 * the user (shown as is in the task pane); the other fields are for logic and support.
 *
 * A service error answer is a SignErrorResponse (contract §3):
 * `{ type, title, status, detail, code, traceId, errors: [{ field, message }] }`.
 */

export interface FieldError {
  field: string;
  message: string;
}

/** The service's error body (RFC 9457 fields plus a stable code). Every field optional: proxies vary. */
export interface SignErrorResponse {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  traceId?: string;
  errors?: FieldError[];
}

/**
 * - `http`: the service answered with an error status.
 * - `network`: no answer (connection refused, DNS, CORS refusal, connection reset).
 * - `timeout`: no complete answer within the time limit.
 * - `cancelled`: the caller aborted the request (its AbortSignal).
 * - `invalid_response`: an answer that is not what the service sends (e.g. HTML from a proxy).
 * - `configuration`: the request could not be made (e.g. the service URL is not a URL).
 */
export type ApiErrorKind =
  "http" | "network" | "timeout" | "cancelled" | "invalid_response" | "configuration";

/** Client-side codes, next to the service's own (`validation_failed`, `unauthorized`, ...). */
export const ClientErrorCode = {
  Network: "network_error",
  Timeout: "timeout",
  Cancelled: "cancelled",
  InvalidResponse: "invalid_response",
  InvalidServiceUrl: "invalid_service_url",
} as const;

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  /** HTTP status; 0 when there was no HTTP answer. */
  status?: number;
  code: string;
  title?: string | null;
  detail?: string | null;
  traceId?: string | null;
  errors?: FieldError[];
  /** From a 429/503 `Retry-After`, in seconds. */
  retryAfterSeconds?: number | null;
  method: string;
  url: string;
  cause?: unknown;
}

export class ApiError extends Error {
  override name = "ApiError";
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string;
  readonly title: string | null;
  readonly detail: string | null;
  readonly traceId: string | null;
  /** Field errors of a `validation_failed` answer (empty otherwise). */
  readonly errors: FieldError[];
  readonly retryAfterSeconds: number | null;
  readonly method: string;
  readonly url: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? 0;
    this.code = init.code;
    this.title = init.title ?? null;
    this.detail = init.detail ?? null;
    this.traceId = init.traceId ?? null;
    this.errors = init.errors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.method = init.method;
    this.url = init.url;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The service answered 404: what is already gone (a delete, a resumed session) often counts as done. */
export function isNotFound(value: unknown): value is ApiError {
  return isApiError(value) && value.status === 404;
}

// --- Messages ---------------------------------------------------------------------------------------

function sentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return "";
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function join(...parts: (string | null | undefined)[]): string {
  return parts
    .map((part) => sentence(part ?? ""))
    .filter(Boolean)
    .join(" ");
}

function seconds(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  return s === 1 ? "1 second" : `${s} seconds`;
}

export function networkMessage(serviceUrl: string): string {
  return `The service could not be reached at ${serviceUrl}; check the service URL in Settings.`;
}

export function timeoutMessage(serviceUrl: string, timeoutMs: number): string {
  return `The service at ${serviceUrl} did not answer within ${seconds(timeoutMs)}. Try again; if it keeps happening, check the service URL in Settings.`;
}

export const CANCELLED_MESSAGE = "The request was cancelled.";

export function invalidServiceUrlMessage(serviceUrl: string): string {
  return `The service URL "${serviceUrl}" is not a web address (such as https://sign.example.com); check the service URL in Settings.`;
}

export function invalidResponseMessage(serviceUrl: string, status: number): string {
  return `The service at ${serviceUrl} sent an answer that could not be read (HTTP ${status}). Check that the service URL in Settings points at the signing service.`;
}

const DEFAULT_BY_STATUS: Readonly<Record<number, string>> = {
  400: "The service could not accept the request",
  401: "You are not signed in, or your sign-in has expired",
  403: "You are not allowed to do this",
  404: "The service could not find what was asked for",
  408: "The service took too long to receive the request",
  409: "The request conflicts with the current state of the item",
  413: "The request is too large for the service",
  415: "The service does not accept this kind of content",
  429: "The service is receiving too many requests",
  500: "The service had an internal problem",
  502: "The service is not reachable right now",
  503: "The service is not available right now",
  504: "The service did not answer in time",
};

function adviceFor(status: number, code: string, retryAfterSeconds: number | null): string | null {
  if (code === "legacy_api_key") return null; // the service's detail names the credentials that work
  if (status === 401) return "Sign in again in Settings";
  if (code === "insufficient_scope") return "Ask your administrator for a token that has this permission";
  if (status === 429 || status === 503) {
    return retryAfterSeconds !== null && retryAfterSeconds > 0
      ? `Try again in ${retryAfterSeconds === 1 ? "1 second" : `${retryAfterSeconds} seconds`}`
      : "Try again in a moment";
  }
  if (status >= 500)
    return "Try again in a moment; if it keeps happening, contact support with the reference below";
  return null;
}

/** Code for an error answer that carries none (e.g. from a proxy). */
export function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return "validation_failed";
    case 401:
      return "unauthorized";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "rate_limited";
    case 503:
      return "service_unavailable";
    default:
      return status >= 500 ? "internal_error" : "http_error";
  }
}

/** The user-facing message for an error answer of the service. */
export function httpErrorMessage(
  status: number,
  body: SignErrorResponse | null,
  retryAfterSeconds: number | null,
): string {
  const code = body?.code || codeForStatus(status);
  const what =
    body?.detail ||
    body?.title ||
    DEFAULT_BY_STATUS[status] ||
    `The service answered with an error (HTTP ${status})`;
  return join(what, adviceFor(status, code, retryAfterSeconds));
}

/** Reads a SignErrorResponse out of a parsed JSON body; null when it is not one. */
export function asSignErrorResponse(value: unknown): SignErrorResponse | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const text = (x: unknown): string | undefined => (typeof x === "string" && x !== "" ? x : undefined);
  const out: SignErrorResponse = {};
  if (text(v.type)) out.type = text(v.type);
  if (text(v.title)) out.title = text(v.title);
  if (typeof v.status === "number") out.status = v.status;
  if (text(v.detail)) out.detail = text(v.detail);
  if (text(v.code)) out.code = text(v.code);
  if (text(v.traceId)) out.traceId = text(v.traceId);
  if (Array.isArray(v.errors)) {
    out.errors = v.errors
      .filter((e): e is Record<string, unknown> => typeof e === "object" && e !== null)
      .map((e) => ({ field: String(e.field ?? ""), message: String(e.message ?? "") }));
  }
  return out.code || out.title || out.detail ? out : null;
}
