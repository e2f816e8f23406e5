// SIGN_METRICS_PORT: GET /metrics on a listener of its own, for a scraper on the internal network
// while the service's port faces users. Nothing else is served there.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { bearsToken } from "../routes/operations";
import type { ServiceMetrics } from "./metrics";

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(
  metrics: ServiceMetrics,
  { host, port, token }: { host: string; port: number; token: string | null },
  onError: (error: unknown) => void,
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response
        .writeHead(404, { "Content-Type": "text/plain; charset=utf-8" })
        .end("Only GET /metrics is served here.\n");
      return;
    }
    if (token && !bearsToken(request.headers.authorization, token)) {
      response
        .writeHead(401, {
          "Content-Type": "text/plain; charset=utf-8",
          "WWW-Authenticate": 'Bearer realm="metrics"',
        })
        .end("GET /metrics needs Authorization: Bearer SIGN_METRICS_TOKEN.\n");
      return;
    }
    metrics.render().then(
      ({ contentType, text }) => {
        response.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        onError(error);
        response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Metrics failed.\n");
      },
    );
  });
  // Scrapes come every few seconds on a kept-alive connection; a stop must not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
