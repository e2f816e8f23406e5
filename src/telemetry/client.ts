/**
 * The add-in's telemetry queue: events are filtered (privacy.ts), queued, and sent in batches:
 * every few seconds, as soon as a batch is full, and when the pane is hidden (Outlook gives no
 * pane-close event; `visibilitychange` is the last moment the page is sure to run). The queue is
 * bounded and drops its oldest events first; a failed batch goes back to the front and is retried
 * with exponential backoff and jitter (or after the service's Retry-After).
 *
 * No DOM here beyond what is injected, so that the tests drive it with fake timers and transports.
 */
import {
  MAX_EVENTS_PER_BATCH,
  type TelemetryBatch,
  type TelemetryClientInfo,
  type TelemetryEvent,
  type TelemetryEventName,
} from "./catalogue";
import { filterEvent } from "./privacy";

export type SendOutcome =
  /** 202: stored, or dropped because the tenant has telemetry off. */
  | { kind: "accepted"; telemetryEnabled: boolean }
  /** Network failure, 429, 5xx: try the same batch again later. */
  | { kind: "retry"; retryAfterMs?: number }
  /** 400, 413, 415: the service will never take this batch; it is dropped. */
  | { kind: "rejected" }
  /** Nobody is signed in (or the credential was refused): keep the events until someone is. */
  | { kind: "unauthenticated" };

export interface TelemetryTransport {
  /** keepalive: the request may outlive the page (the pane is being hidden). */
  send(batch: TelemetryBatch, options: { keepalive: boolean }): Promise<SendOutcome>;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface TelemetryClientOptions {
  transport: TelemetryTransport;
  client: TelemetryClientInfo;
  /** Milliseconds between flushes while events wait. Default 5000. */
  flushIntervalMs?: number;
  /** Events per batch; a full batch is sent at once. Default 20, at most 50. */
  batchSize?: number;
  /** Events kept at most; beyond, the oldest are dropped. Default 200. */
  maxQueue?: number;
  /** First retry delay, doubled per failure up to retryMaxMs. Defaults 2000 and 60000. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  now?: () => number;
  random?: () => number;
  timers?: Timers;
}

export interface TelemetryStats {
  queued: number;
  sent: number;
  /** Dropped because the queue was full (oldest first). */
  droppedOverflow: number;
  /** Dropped by the privacy filter or refused by the service. */
  droppedInvalid: number;
  failures: number;
}

export interface TelemetryClient {
  /** Queues an event; silently dropped when telemetry is off or the event does not pass the filter. */
  track(name: TelemetryEventName, props: Record<string, unknown>): void;
  /** Sends what is queued now (one batch at a time). */
  flush(): Promise<void>;
  /** The page is being hidden: everything queued goes out in keepalive requests. */
  flushOnHide(): void;
  /** The user's switch (Settings). Off drops the queue. */
  setUserEnabled(on: boolean): void;
  /** Whether the tenant takes telemetry, as the service last said. */
  readonly tenantEnabled: boolean;
  readonly enabled: boolean;
  stats(): TelemetryStats;
  dispose(): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createTelemetryClient(options: TelemetryClientOptions): TelemetryClient {
  const {
    transport,
    client,
    flushIntervalMs = 5000,
    maxQueue = 200,
    retryBaseMs = 2000,
    retryMaxMs = 60_000,
    now = Date.now,
    random = Math.random,
    timers = realTimers,
  } = options;
  const batchSize = Math.max(1, Math.min(MAX_EVENTS_PER_BATCH, options.batchSize ?? 20));

  let queue: TelemetryEvent[] = [];
  let userEnabled = true;
  let tenantEnabled = true;
  let sending = false;
  let timer: unknown = null;
  /** While set, a failed batch is waiting for its retry: no other flush starts before. */
  let backoffUntil = 0;
  let failuresInRow = 0;
  let disposed = false;
  const stats: TelemetryStats = { queued: 0, sent: 0, droppedOverflow: 0, droppedInvalid: 0, failures: 0 };

  const enabled = (): boolean => userEnabled && tenantEnabled && !disposed;

  const trim = (): void => {
    const over = queue.length - maxQueue;
    if (over > 0) {
      queue = queue.slice(over);
      stats.droppedOverflow += over;
    }
  };

  const schedule = (ms: number): void => {
    if (timer !== null || disposed || queue.length === 0) return;
    timer = timers.setTimeout(() => {
      timer = null;
      void flush();
    }, ms);
  };

  const reschedule = (ms: number): void => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    schedule(ms);
  };

  const batchOf = (events: TelemetryEvent[]): TelemetryBatch => ({ client, events });

  async function flush(): Promise<void> {
    if (!enabled() || sending || queue.length === 0) return;
    const wait = backoffUntil - now();
    if (wait > 0) return reschedule(wait);
    const events = queue.splice(0, batchSize);
    sending = true;
    let outcome: SendOutcome;
    try {
      outcome = await transport.send(batchOf(events), { keepalive: false });
    } catch {
      outcome = { kind: "retry" };
    } finally {
      sending = false;
    }
    switch (outcome.kind) {
      case "accepted":
        failuresInRow = 0;
        backoffUntil = 0;
        if (!outcome.telemetryEnabled) {
          tenantEnabled = false;
          queue = [];
          return;
        }
        stats.sent += events.length;
        break;
      case "rejected":
        stats.droppedInvalid += events.length;
        break;
      case "unauthenticated":
        queue = [...events, ...queue];
        trim();
        return reschedule(flushIntervalMs);
      case "retry": {
        stats.failures += 1;
        failuresInRow += 1;
        queue = [...events, ...queue];
        trim();
        const backoff = Math.min(retryMaxMs, retryBaseMs * 2 ** (failuresInRow - 1));
        // Full jitter over the upper half: installs that failed together do not retry together.
        const delay = outcome.retryAfterMs ?? Math.round(backoff * (0.5 + random() / 2));
        backoffUntil = now() + delay;
        return reschedule(delay);
      }
    }
    if (queue.length >= batchSize) return flush();
    schedule(flushIntervalMs);
  }

  return {
    track(name, props) {
      if (!enabled()) return;
      const filtered = filterEvent(name, props);
      if (!filtered) {
        stats.droppedInvalid += 1;
        return;
      }
      queue.push({ name, at: new Date(now()).toISOString(), props: filtered });
      stats.queued += 1;
      trim();
      if (queue.length >= batchSize && !sending && backoffUntil <= now()) void flush();
      else schedule(flushIntervalMs);
    },
    flush,
    flushOnHide() {
      if (!enabled() || queue.length === 0) return;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      // Everything, now, even during a backoff: the page may not run again.
      while (queue.length > 0) {
        const events = queue.splice(0, batchSize);
        transport.send(batchOf(events), { keepalive: true }).then(
          (outcome) => {
            if (outcome.kind === "accepted") {
              if (outcome.telemetryEnabled) stats.sent += events.length;
              else tenantEnabled = false;
            } else if (outcome.kind !== "rejected" && enabled()) {
              // Still alive (the pane came back): they go out with the next flush.
              queue = [...events, ...queue];
              trim();
              schedule(flushIntervalMs);
            }
          },
          () => undefined,
        );
      }
    },
    setUserEnabled(on) {
      userEnabled = on;
      if (!on) queue = [];
    },
    get tenantEnabled() {
      return tenantEnabled;
    },
    get enabled() {
      return enabled();
    },
    stats: () => ({ ...stats }),
    dispose() {
      disposed = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
