// The service's metrics in Prometheus' text format (GET /metrics; docs/operations.md). Labels hold
// only what is the same for every tenant: a route's pattern (/api/v1/packages/:id, never the URL
// asked for), a method, a status code, an outbox state. Nothing here names a tenant, a person, an
// address or a token.
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Scheduler } from "../jobs/scheduler";
import type { Storage } from "../storage";
import { SERVICE_VERSION } from "../version";

/** Methods a route can have; any other is counted as OTHER (a label's values must stay few). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The label of a request that matched no route (a 404 of the not-found handler). */
export const UNMATCHED_ROUTE = "(unmatched)";

let processRegistry: Registry | null = null;

/**
 * The process's own figures (CPU, memory, heap, event loop lag, handles, GC): once a process, since
 * they describe the process, not an app (tests build many apps in one process).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface ServiceMetrics {
  /** The text a scrape answers, and its content type. */
  render(): Promise<{ contentType: string; text: string }>;
  /** Where the scheduler's figures come from, once it runs. */
  setScheduler(scheduler: Scheduler): void;
}

export function createMetrics(
  app: FastifyInstance,
  storage: Storage,
  onCollectError: (error: unknown) => void,
): ServiceMetrics {
  const own = new Registry();
  const durations = new Histogram({
    name: "sign_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route pattern, method and status code.",
    labelNames: ["route", "method", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [own],
  });
  // Each route, method and status's series is looked up once (prom-client checks the labels each
  // time it is given them), by the route's pattern, method and status without a key string made for
  // every answer, and the hook is a callback one: no promise made for every answer.
  const series = new Map<string, Map<string, Map<number, { observe(seconds: number): void }>>>();
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = METHODS.has(request.method) ? request.method : "OTHER";
    const status = reply.statusCode;
    let byMethod = series.get(route);
    if (!byMethod) series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let one = byStatus.get(status);
    if (!one) {
      one = durations.labels({ route, method, status_code: String(status) });
      byStatus.set(status, one);
    }
    one.observe(reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: "sign_build_info",
    help: "The service's version (always 1).",
    labelNames: ["version"] as const,
    registers: [own],
  }).set({ version: SERVICE_VERSION }, 1);

  // The database's counts: one query set a scrape, shared by the gauges below (a scrape collects
  // them all at once; scrapes at the same moment share it too).
  let inFlight: ReturnType<Storage["operations"]["snapshot"]> | null = null;
  const counts = () => {
    if (!inFlight) {
      const current = storage.operations.snapshot(new Date().toISOString());
      inFlight = current;
      const done = () => {
        if (inFlight === current) inFlight = null;
      };
      current.then(done, done);
    }
    return inFlight;
  };
  /** A gauge set from the counts; absent from the scrape when the database did not answer. */
  const counted = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    set: (gauge: Gauge<L>, value: Awaited<ReturnType<typeof counts>>) => void,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [own],
      async collect() {
        this.reset();
        try {
          set(this, await counts());
        } catch (error) {
          onCollectError(error);
        }
      },
    });
  counted(
    "sign_outbox_messages",
    "Notification mails in the outbox not yet sent: pending (waiting for their time or a retry) and sending (under a sender's lease).",
    ["state"],
    (g, c) => {
      g.set({ state: "pending" }, c.outboxPending);
      g.set({ state: "sending" }, c.outboxSending);
    },
  );
  counted(
    "sign_outbox_oldest_pending_age_seconds",
    "Age of the oldest notification mail not yet sent (0 when none waits).",
    [],
    (g, c) =>
      g.set(
        c.oldestWaitingMailCreatedOn
          ? Math.max(0, (Date.now() - Date.parse(c.oldestWaitingMailCreatedOn)) / 1000)
          : 0,
      ),
  );
  counted(
    "sign_completions_waiting",
    "Completed packages whose documents are still to be sealed.",
    [],
    (g, c) => g.set(c.completionsWaiting),
  );
  counted(
    "sign_uploads_in_progress",
    "Chunked upload sessions open (begun, not yet committed or expired).",
    [],
    (g, c) => g.set(c.uploadSessionsOpen),
  );

  let scheduler: Scheduler | null = null;
  new Gauge({
    name: "sign_scheduler_lag_seconds",
    help: "How far the background scheduler is behind: seconds since a tick was due without one having begun (absent when the scheduler is off).",
    registers: [own],
    collect() {
      this.reset();
      if (scheduler) this.set(scheduler.status().lagSeconds);
    },
  });
  new Gauge({
    name: "sign_scheduler_last_tick_seconds",
    help: "How long the scheduler's last finished tick took.",
    registers: [own],
    collect() {
      this.reset();
      const last = scheduler?.status().lastTickSeconds;
      if (last !== undefined && last !== null) this.set(last);
    },
  });

  const all = Registry.merge([processMetrics(), own]);
  return {
    async render() {
      return { contentType: all.contentType, text: await all.metrics() };
    },
    setScheduler(s) {
      scheduler = s;
    },
  };
}
