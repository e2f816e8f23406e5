import cors from "@fastify/cors";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { TSchema } from "@sinclair/typebox";
import Fastify, { LogController, type FastifyInstance } from "fastify";
import { randomBytes } from "node:crypto";
import type { DestinationStream } from "pino";
import type { ServiceConfig } from "./config";
import { createAuthenticator } from "./domain/authenticate";
import authentication from "./plugins/authentication";
import contentTypes from "./plugins/content-types";
import errorResponses from "./plugins/error-responses";
import openapi from "./plugins/openapi";
import connectTokenRoutes from "./routes/connect-token";
import meRoutes from "./routes/me";
import signingGroupRoutes from "./routes/signing-groups";
import tagRoutes from "./routes/tags";
import addinRoutes from "./routes/addin";
import { SHARED_SCHEMAS } from "./schemas/common";
import { MeApiResponse } from "./schemas/me";
import { SIGNING_GROUP_MODELS } from "./schemas/signing-groups";
import { TAG_MODELS } from "./schemas/tags";
import { TELEMETRY_MODELS } from "./schemas/telemetry";
import type { Storage } from "./storage";
import { installValidators } from "./validation";
import { SERVICE_VERSION } from "./version";

export interface AppOptions {
  storage: Storage;
  config: ServiceConfig;
  /** Where log lines go (tests read them); stdout when absent. */
  logStream?: DestinationStream;
}

const MODELS: TSchema[] = [
  ...SHARED_SCHEMAS,
  MeApiResponse,
  ...TAG_MODELS,
  ...SIGNING_GROUP_MODELS,
  ...TELEMETRY_MODELS,
];

/** A W3C traceparent's trace id when the caller sent one, so a request can be followed across systems. */
function traceIdOf(header: string | string[] | undefined): string {
  const match =
    typeof header === "string" ? /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/.exec(header) : null;
  return match && !/^0+$/.test(match[1]!) ? match[1]! : randomBytes(16).toString("hex");
}

export async function buildApp({ storage, config, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logStream ? { level: config.logLevel, stream: logStream } : { level: config.logLevel },
    logController: new LogController({ requestIdLogLabel: "traceId" }),
    genReqId: (req) => traceIdOf(req.headers.traceparent),
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidators(app, MODELS);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Trace-Id", request.id);
  });

  await app.register(errorResponses);
  await app.register(contentTypes);
  await app.register(cors, {
    origin: config.corsOrigins,
    // @fastify/cors allows only GET, HEAD and POST unless told: the API also updates and deletes.
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    exposedHeaders: ["X-Trace-Id", "Location", "Retry-After"],
    maxAge: 600,
  });
  await app.register(openapi, { models: MODELS, version: SERVICE_VERSION });
  await app.register(authentication, { authenticator: createAuthenticator(storage, config.oidc) });

  await app.register(connectTokenRoutes, { storage });
  await app.register(meRoutes);
  await app.register(tagRoutes);
  await app.register(signingGroupRoutes, { storage });
  await app.register(addinRoutes, { storage, config });

  app.get("/health", { schema: { hide: true } }, async () => {
    await storage.ping();
    return { status: "ok" };
  });

  await app.ready();
  return app;
}
