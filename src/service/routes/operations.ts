// Probes and metrics for operators (docs/operations.md), outside the tenant API: not in the OpenAPI
// document, no tenant credential. GET /healthz: the process answers. GET /readyz: it should get
// traffic. GET /metrics: Prometheus' text format, only with SIGN_METRICS_TOKEN on this port.
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../errors";
import type { ServiceMetrics } from "../operations/metrics";
import type { Readiness } from "../operations/readiness";

export interface OperationsRouteOptions {
  readiness: Readiness;
  metrics: ServiceMetrics;
  /** SIGN_METRICS_TOKEN; null: /metrics is not served on this port. */
  metricsToken: string | null;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether the Authorization header bears `token` (compared in constant time). */
export function bearsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

const NO_STORE = "no-store";

export default async function operationsRoutes(
  app: FastifyInstance,
  { readiness, metrics, metricsToken }: OperationsRouteOptions,
) {
  app.get("/healthz", { schema: { hide: true } }, async (_request, reply) => {
    reply.header("Cache-Control", NO_STORE);
    return { status: "ok" };
  });

  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    const report = await readiness.report();
    reply.header("Cache-Control", NO_STORE);
    return reply.code(report.ready ? 200 : 503).send({ status: report.status, checks: report.checks });
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!metricsToken) {
      throw new ApiError(
        404,
        "not_found",
        "Metrics are not served on this port: set SIGN_METRICS_TOKEN, or scrape SIGN_METRICS_PORT.",
      );
    }
    if (!bearsToken(request.headers.authorization, metricsToken)) {
      throw new ApiError(
        401,
        "unauthorized",
        "GET /metrics needs Authorization: Bearer SIGN_METRICS_TOKEN.",
        undefined,
        {
          "WWW-Authenticate": 'Bearer realm="metrics"',
        },
      );
    }
    const { contentType, text } = await metrics.render();
    return reply.header("Cache-Control", NO_STORE).type(contentType).send(text);
  });
}
