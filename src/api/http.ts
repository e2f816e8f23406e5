/**
 * The one fetch wrapper of the add-in: every call to the signing service goes through it.
 *
 * - Base URL + path (+ query), JSON in and out, `Authorization: Bearer` from a TokenSource.
 * - A time limit per attempt, and cancellation through the caller's AbortSignal.
 * - Retries with exponential backoff and jitter:
 *   - network errors, time-outs and 503: only for idempotent methods (GET, HEAD, OPTIONS, PUT, DELETE);
 *   - 429: for every method (the service refused the request before doing anything);
 *   - a `Retry-After` (seconds or HTTP-date) on a 429 or 503 is honoured instead of the backoff.
 * - Every failure rejects with an ApiError whose message can be shown to the user.
 *
 * Only the parts of fetch that browsers, Node and small test adapters share are used (no Headers,
 * no AbortSignal.any/timeout), so a different fetch can be injected.
 */
import type { TokenSource } from "../auth/token-source";
import {
  ApiError,
  CANCELLED_MESSAGE,
  ClientErrorCode,
  asSignErrorResponse,
  codeForStatus,
  httpErrorMessage,
  invalidResponseMessage,
  invalidServiceUrlMessage,
  networkMessage,
  timeoutMessage,
} from "./errors";

export type HttpMethod = "GET" | "HEAD" | "OPTIONS" | "POST" | "PUT" | "PATCH" | "DELETE";

const IDEMPOTENT: ReadonlySet<HttpMethod> = new Set<HttpMethod>(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);

export interface HeadersLike {
  get(name: string): string | null;
}

export interface ResponseLike {
  status: number;
  statusText?: string;
  headers: HeadersLike;
  text(): Promise<string>;
}

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  /** JSON text, or raw bytes (an upload block). */
  body?: string | Uint8Array;
  signal: AbortSignal;
}

export type FetchLike = (url: string, init: FetchInit) => Promise<ResponseLike>;

export interface HttpClientOptions {
  /** The service's base URL, e.g. `http://127.0.0.1:3001` or `https://sign.example.com/prefix`. */
  baseUrl: string;
  /** Where the bearer token comes from; none (or a null token) sends no Authorization header. */
  tokenSource?: TokenSource | null;
  /** Time limit of one attempt (sending, waiting, reading the body), ms. Default 15000. */
  timeoutMs?: number;
  /** Retries after the first attempt. Default 3. */
  maxRetries?: number;
  /** First backoff delay, ms; doubles each retry. Default 300. */
  retryBaseDelayMs?: number;
  /** Longest backoff delay, ms. Default 5000. */
  retryMaxDelayMs?: number;
  /** A `Retry-After` longer than this (ms) is not waited for: the 429/503 is reported instead. Default 30000. */
  maxRetryAfterMs?: number;
  /** Default: the global fetch. */
  fetch?: FetchLike;
  /** Default: Math.random (jitter). */
  random?: () => number;
  /** Told about each retry before its delay (for logs and tests). */
  onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
  method: string;
  url: string;
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  reason: "network" | "timeout" | "status";
  status: number | null;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is instead of `body` (an upload block): the bytes and their Content-Type. */
  raw?: { bytes: Uint8Array; contentType: string };
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
}

export interface HttpResponse<T> {
  /** 2xx, or 304 when the request carried If-None-Match and the service's copy is unchanged. */
  status: number;
  headers: HeadersLike;
  /** The parsed JSON body; undefined for an empty body (204). */
  data: T;
}

export interface HttpClient {
  readonly baseUrl: string;
  send<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<HttpResponse<T>>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = void>(path: string, options?: RequestOptions): Promise<T>;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_RETRIES = 3;

/**
 * `Retry-After` in ms: delay-seconds or an HTTP-date (RFC 9110 §10.2.3). Null when absent or
 * unreadable; 0 for a date in the past.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return null; // not a date either (e.g. "-1", "1.5")
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** Exponential backoff with "equal jitter": half the delay fixed, half random. */
export function backoffDelay(retry: number, baseMs: number, maxMs: number, random: () => number): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, retry - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

/** `base` + `path`, keeping any path prefix of `base`. Throws TypeError when `base` is not an http(s) URL. */
export function joinUrl(base: string, path: string, query?: RequestOptions["query"]): string {
  const root = new URL(base.endsWith("/") ? base : `${base}/`);
  if (root.protocol !== "http:" && root.protocol !== "https:") throw new TypeError("not an http(s) URL");
  const url = new URL(path.replace(/^\/+/, ""), root);
  for (const [key, raw] of Object.entries(query ?? {})) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as QueryValue[]) {
      if (value !== null && value !== undefined) url.searchParams.append(key, String(value));
    }
  }
  return url.href;
}

/** The base URL as shown in messages: without a trailing slash. */
function shownBase(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, "");
}

class Cancelled extends Error {}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((h) => h.toLowerCase() === name);
}

/** Resolves after `ms`, or rejects with Cancelled when `signal` aborts first. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Cancelled());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

type Attempt =
  | { ok: true; response: ResponseLike; text: string }
  | { ok: false; reason: "network" | "timeout"; cause: unknown };

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl;
  const fetchImpl: FetchLike =
    options.fetch ??
    ((url, init) => globalThis.fetch(url, init as RequestInit) as unknown as Promise<ResponseLike>);
  const random = options.random ?? Math.random;
  const baseDelay = options.retryBaseDelayMs ?? 300;
  const maxDelay = options.retryMaxDelayMs ?? 5_000;
  const maxRetryAfter = options.maxRetryAfterMs ?? 30_000;
  const shown = shownBase(baseUrl);

  /** One attempt: fetch and read the body, within `timeoutMs`, abandoned when `signal` aborts. */
  async function attempt(
    url: string,
    init: Omit<FetchInit, "signal">,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<Attempt> {
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    try {
      const response = await fetchImpl(url, { ...init, signal: controller.signal });
      const text = await response.text();
      return { ok: true, response, text };
    } catch (cause) {
      if (signal?.aborted) throw new Cancelled();
      return { ok: false, reason: timedOut ? "timeout" : "network", cause };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  async function send<T>(
    method: HttpMethod,
    path: string,
    request: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const { signal } = request;
    const timeoutMs = request.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxRetries = request.maxRetries ?? options.maxRetries ?? DEFAULT_MAX_RETRIES;
    const idempotent = IDEMPOTENT.has(method);

    let url: string;
    try {
      url = joinUrl(baseUrl, path, request.query);
    } catch (cause) {
      throw new ApiError({
        kind: "configuration",
        code: ClientErrorCode.InvalidServiceUrl,
        message: invalidServiceUrlMessage(baseUrl),
        method,
        url: `${baseUrl}${path}`,
        cause,
      });
    }

    const fail = (init: Omit<ConstructorParameters<typeof ApiError>[0], "method" | "url">): ApiError =>
      new ApiError({ ...init, method, url });
    const cancelled = (): ApiError =>
      fail({
        kind: "cancelled",
        code: ClientErrorCode.Cancelled,
        message: CANCELLED_MESSAGE,
        cause: signal?.reason,
      });

    const body: string | Uint8Array | undefined = request.raw
      ? request.raw.bytes
      : request.body === undefined
        ? undefined
        : JSON.stringify(request.body);
    const contentType = request.raw ? request.raw.contentType : "application/json";

    try {
      for (let retry = 0; ; retry += 1) {
        if (signal?.aborted) throw new Cancelled();
        const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
        if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) {
          headers["Content-Type"] = contentType;
        }
        const token = options.tokenSource ? await options.tokenSource.getToken() : null;
        if (token) headers["Authorization"] = `Bearer ${token}`;

        const result = await attempt(
          url,
          { method, headers, ...(body === undefined ? {} : { body }) },
          timeoutMs,
          signal,
        );

        const canRetry = retry < maxRetries;
        const wait = async (
          delayMs: number,
          reason: RetryInfo["reason"],
          status: number | null,
        ): Promise<void> => {
          options.onRetry?.({ method, url, retry: retry + 1, delayMs, reason, status });
          await sleep(delayMs, signal);
        };

        if (!result.ok) {
          if (idempotent && canRetry) {
            await wait(backoffDelay(retry + 1, baseDelay, maxDelay, random), result.reason, null);
            continue;
          }
          throw result.reason === "timeout"
            ? fail({
                kind: "timeout",
                code: ClientErrorCode.Timeout,
                message: timeoutMessage(shown, timeoutMs),
                cause: result.cause,
              })
            : fail({
                kind: "network",
                code: ClientErrorCode.Network,
                message: networkMessage(shown),
                cause: result.cause,
              });
        }

        const { response, text } = result;
        const status = response.status;
        const retryAfterMs =
          status === 429 || status === 503 ? parseRetryAfter(response.headers.get("Retry-After")) : null;
        const retryable = status === 429 || (status === 503 && idempotent);
        if (retryable && canRetry && (retryAfterMs === null || retryAfterMs <= maxRetryAfter)) {
          await wait(retryAfterMs ?? backoffDelay(retry + 1, baseDelay, maxDelay, random), "status", status);
          continue;
        }

        let json: unknown = undefined;
        let readable = true;
        if (text.trim() !== "") {
          try {
            json = JSON.parse(text);
          } catch {
            readable = false;
          }
        }

        // 304 answers a conditional GET (If-None-Match set by the caller): what the caller has is
        // current. No body; the caller knows it asked and keeps its copy.
        if (status === 304 && request.headers && hasHeader(request.headers, "if-none-match")) {
          return { status, headers: response.headers, data: undefined as T };
        }

        if (status >= 200 && status < 300) {
          if (!readable) {
            throw fail({
              kind: "invalid_response",
              status,
              code: ClientErrorCode.InvalidResponse,
              message: invalidResponseMessage(shown, status),
            });
          }
          return { status, headers: response.headers, data: json as T };
        }

        const problem = readable ? asSignErrorResponse(json) : null;
        const retryAfterSeconds = retryAfterMs === null ? null : Math.ceil(retryAfterMs / 1000);
        throw fail({
          kind: "http",
          status,
          code: problem?.code ?? codeForStatus(status),
          title: problem?.title ?? null,
          detail: problem?.detail ?? null,
          traceId: problem?.traceId ?? null,
          errors: problem?.errors ?? [],
          retryAfterSeconds,
          message: httpErrorMessage(status, problem, retryAfterSeconds),
        });
      }
    } catch (error) {
      if (error instanceof Cancelled) throw cancelled();
      throw error;
    }
  }

  const data = async <T>(method: HttpMethod, path: string, request?: RequestOptions): Promise<T> =>
    (await send<T>(method, path, request)).data;

  return {
    baseUrl,
    send,
    get: (path, request) => data("GET", path, request),
    post: (path, body, request) => data("POST", path, { ...request, body }),
    put: (path, body, request) => data("PUT", path, { ...request, body }),
    patch: (path, body, request) => data("PATCH", path, { ...request, body }),
    delete: (path, request) => data("DELETE", path, request),
  };
}
