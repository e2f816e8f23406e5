import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { checkSealIdentityAtStart } from "./completion/seal";
import { loadConfig, type ServiceConfig } from "./config";
import { openStorage, type Storage } from "./storage";
import { startMetricsServer, type MetricsServer } from "./operations/metrics-server";

export interface RunningService {
  app: FastifyInstance;
  storage: Storage;
  config: ServiceConfig;
  url: string;
  /** SIGN_METRICS_PORT's listener's address, when there is one. */
  metricsUrl: string | null;
  /**
   * Reports itself not ready (GET /readyz 503) for SIGN_DRAIN_SECONDS while still serving, then stops
   * taking requests, finishes those in flight, and closes the database.
   */
  stop(): Promise<void>;
}

export async function startService(config: ServiceConfig = loadConfig()): Promise<RunningService> {
  // The seal certificate: SIGN_SEAL_P12's, or a self-signed one made now on the first start (a
  // broken SIGN_SEAL_P12 stops the start here rather than at the first completion).
  checkSealIdentityAtStart(config);
  const storage = await openStorage(config);
  let app: FastifyInstance | undefined;
  let metricsServer: MetricsServer | null = null;
  try {
    app = await buildApp({ storage, config });
    await app.listen({ port: config.port, host: config.host });
    if (config.metricsPort !== null) {
      const log = app.log;
      metricsServer = await startMetricsServer(
        app.operations.metrics,
        { host: config.host, port: config.metricsPort, token: config.metricsToken },
        (error) => log.error({ err: error }, "metrics failed"),
      );
    }
  } catch (error) {
    await app?.close();
    await storage.close();
    throw error;
  }
  const running = app;
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  let stopping: Promise<void> | null = null;
  return {
    app: running,
    storage,
    config,
    url: `http://${host}:${port}`,
    metricsUrl: metricsServer ? `http://${host}:${metricsServer.port}` : null,
    stop: () =>
      (stopping ??= (async () => {
        running.operations.readiness.startDraining();
        if (config.drainSeconds > 0) {
          running.log.info(
            { drainSeconds: config.drainSeconds },
            "draining: /readyz answers 503 while requests are still served",
          );
          await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
        }
        await running.close();
        await metricsServer?.close();
        await storage.close();
      })()),
  };
}

/**
 * SIGTERM and SIGINT stop the service gracefully: requests in flight finish, and so does a mail being
 * sent (up to the send timeout, a minute; see jobs/scheduler.ts). A second signal does not wait.
 */
export function stopOnSignals(service: RunningService, onStopped: () => void = () => process.exit(0)) {
  let signalled = false;
  const handler = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    service.app.log.info({ signal }, "stopping: finishing requests in flight and the mail being sent");
    service.stop().then(onStopped, (error: unknown) => {
      service.app.log.error({ err: error }, "stop failed");
      process.exit(1);
    });
  };
  process.on("SIGTERM", handler);
  process.on("SIGINT", handler);
}
