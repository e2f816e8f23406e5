/**
 * Sends batches to POST /api/v1/telemetry/outlook with the pane's credential. Plain fetch rather than
 * src/api/http.ts: that client (and its retries) loads with the views, lazily, while telemetry starts
 * with the pane, and the queue (client.ts) already retries with its own backoff.
 *
 * A pane being hidden sends with `keepalive`, which lets the request outlive the page like
 * navigator.sendBeacon does, but (unlike a beacon) with the Authorization header the service needs.
 * Where fetch has no keepalive (older Firefox, for one), the last resort is a beacon to
 * /api/v1/telemetry/outlook/beacon, authenticated by the beacon key of the service's last 202.
 */
import type { TelemetryBatch } from "./catalogue";
import type { SendOutcome, TelemetryTransport } from "./client";

interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export type TelemetryFetch = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body: string;
    signal: AbortSignal;
    keepalive?: boolean;
  },
) => Promise<ResponseLike>;

export interface FetchTransportOptions {
  /** Read at each send: the user may sign in to another service. */
  serviceUrl: () => string;
  /** The signed-in credential, or null. */
  token: () => Promise<string | null>;
  fetch?: TelemetryFetch;
  timeoutMs?: number;
  /** Default: navigator.sendBeacon, when there is one. */
  sendBeacon?: ((url: string, data: Blob) => boolean) | null;
  /** Whether fetch honours `keepalive`; default: feature-detected on Request. */
  keepaliveSupported?: boolean;
}

export const TELEMETRY_PATH = "/api/v1/telemetry/outlook";
export const BEACON_PATH = "/api/v1/telemetry/outlook/beacon";

function defaultSendBeacon(): ((url: string, data: Blob) => boolean) | null {
  return typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function"
    ? (url, data) => navigator.sendBeacon(url, data)
    : null;
}

/** Retry-After in seconds or as an HTTP date, in ms; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function createFetchTransport(options: FetchTransportOptions): TelemetryTransport {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const keepaliveSupported =
    options.keepaliveSupported ?? (typeof Request !== "undefined" && "keepalive" in Request.prototype);
  const sendBeacon = options.sendBeacon === undefined ? defaultSendBeacon() : options.sendBeacon;
  let beaconKey: string | null = null;
  const base = (): string => options.serviceUrl().replace(/\/+$/, "");
  return {
    async send(batch: TelemetryBatch, { keepalive }): Promise<SendOutcome> {
      if (keepalive && !keepaliveSupported && beaconKey && sendBeacon) {
        // text/plain: the one body type a beacon may send across origins without a preflight.
        const body = new Blob([JSON.stringify({ beaconKey, ...batch })], { type: "text/plain" });
        // Its answer is never seen: queued by the browser is as good as it gets.
        if (sendBeacon(base() + BEACON_PATH, body)) return { kind: "accepted", telemetryEnabled: true };
      }
      const token = await options.token().catch(() => null);
      if (!token) return { kind: "unauthenticated" };
      const doFetch = options.fetch ?? (globalThis.fetch as unknown as TelemetryFetch);
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), timeoutMs);
      try {
        const response = await doFetch(base() + TELEMETRY_PATH, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: JSON.stringify(batch),
          signal: abort.signal,
          ...(keepalive ? { keepalive: true } : {}),
        });
        const { status } = response;
        if (status === 202 || status === 200) {
          const body = JSON.parse((await response.text()) || "{}") as {
            telemetryEnabled?: unknown;
            beaconKey?: unknown;
          };
          beaconKey = typeof body.beaconKey === "string" ? body.beaconKey : null;
          return { kind: "accepted", telemetryEnabled: body.telemetryEnabled !== false };
        }
        if (status === 401 || status === 403) return { kind: "unauthenticated" };
        if (status === 429 || status >= 500) {
          const after = retryAfterMs(response.headers.get("Retry-After"));
          return after === undefined ? { kind: "retry" } : { kind: "retry", retryAfterMs: after };
        }
        return { kind: "rejected" };
      } catch {
        return { kind: "retry" };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

const INSTALL_ID_KEY = "sign-for-outlook.installId";

interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function randomUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The anonymous install id: a random UUID kept in localStorage, made the first time. It says "the
 * same install as before", never who; without storage every pane start is a new install.
 */
export function installId(storage: KeyValue | null): string {
  try {
    const kept = storage?.getItem(INSTALL_ID_KEY);
    if (kept && /^[0-9a-f-]{36}$/.test(kept)) return kept;
  } catch {
    // storage refused: a fresh id
  }
  const id = randomUuid();
  try {
    storage?.setItem(INSTALL_ID_KEY, id);
  } catch {
    // kept for this pane only
  }
  return id;
}
