import cors from "@fastify/cors";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { TSchema } from "@sinclair/typebox";
import Fastify, { type FastifyInstance } from "fastify";
import { lazySerializers } from "./lazy-serializers";
import { randomBytes, randomFillSync } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { DestinationStream } from "pino";
import type { ServiceConfig } from "./config";
import { createAuthenticator } from "./domain/authenticate";
import { cachingAuthenticator } from "./domain/credential-cache";
import { RateLimiter } from "./domain/rate-limits";
import authentication from "./plugins/authentication";
import contentTypes from "./plugins/content-types";
import errorResponses, { sendProblem } from "./plugins/error-responses";
import openapi from "./plugins/openapi";
import safeText from "./plugins/safe-text";
import securityHeaders from "./plugins/security-headers";
import { named } from "./plugins/named";
import services from "./plugins/services";
import connectTokenRoutes from "./routes/connect-token";
import meRoutes from "./routes/me";
import signingGroupRoutes from "./routes/signing-groups";
import packageRoutes from "./routes/packages";
import signerRoutes from "./routes/signers";
import annotationRoutes from "./routes/annotations";
import documentRoutes from "./routes/documents";
import downloadRoutes from "./routes/downloads";
import completionRoutes from "./routes/completion";
import { SealKeeper } from "./domain/completion";
import shareLinkRoutes from "./routes/share-links";
import createAndSendRoutes from "./routes/create-and-send";
import templateRoutes from "./routes/templates";
import bulkSendRoutes from "./routes/bulk-send";
import templateDocumentRoutes from "./routes/template-documents";
import { openBlobStore } from "./blobs";
import {
  clearWorkDir,
  collectBlobGarbage,
  collectOwnBlobGarbage,
  releaseCommitClaims,
  sweepStagedFiles,
} from "./domain/documents/maintenance";
import { instanceId } from "./blobs/instance-id";
import { UploadStaging } from "./blobs/staging";
import { PdfReader } from "./pdf-reader";
import path from "node:path";
import tagRoutes from "./routes/tags";
import addinRoutes from "./routes/addin";
import signingAssets from "./routes/signing-assets";
import { SHARED_SCHEMAS } from "./schemas/common";
import { MeApiResponse } from "./schemas/me";
import { SIGNING_GROUP_MODELS } from "./schemas/signing-groups";
import { PACKAGE_MODELS } from "./schemas/packages";
import { DOCUMENT_MODELS } from "./schemas/documents";
import { TAG_MODELS } from "./schemas/tags";
import { TELEMETRY_MODELS } from "./schemas/telemetry";
import { SHARE_LINK_MODELS } from "./schemas/share-links";
import { SIGNED_FILE_MODELS } from "./schemas/signed-files";
import { CREATE_AND_SEND_MODELS } from "./schemas/create-and-send";
import { TEMPLATE_MODELS } from "./schemas/templates";
import { BULK_SEND_MODELS } from "./schemas/bulk-send";
import type { Storage } from "./storage";
import { installValidators, noDefaultValidator } from "./validation";
import { SERVICE_VERSION } from "./version";
import { startScheduler } from "./jobs/scheduler";
import { framingOriginsFor } from "./domain/signing";
import { SigningLinks } from "./domain/signing-links";
import { censorCredentials, loggedUrl, RedactingLogController } from "./request-log";
import signingPageRoutes from "./routes/signing-page";
import { SignerCopies } from "./domain/signer-document";
import devRoutes from "./routes/dev";
import { SIGNING_MODELS } from "./schemas/signing";
import { createMetrics, type ServiceMetrics } from "./operations/metrics";
import { Readiness } from "./operations/readiness";
import operationsRoutes from "./routes/operations";

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
  ...PACKAGE_MODELS,
  ...DOCUMENT_MODELS,
  ...TELEMETRY_MODELS,
  ...SIGNING_MODELS,
  ...SHARE_LINK_MODELS,
  ...SIGNED_FILE_MODELS,
  ...CREATE_AND_SEND_MODELS,
  ...TEMPLATE_MODELS,
  ...BULK_SEND_MODELS,
];

/** A W3C traceparent's trace id when the caller sent one, so a request can be followed across systems. */
function traceIdOf(header: string | string[] | undefined): string {
  const match =
    typeof header === "string" ? /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/.exec(header) : null;
  return match && !/^0+$/.test(match[1]!) ? match[1]! : newTraceId();
}

// Random bytes drawn 4 KB at a time for the trace ids of requests without one: one call into the
// random source and one hex conversion per 256 requests instead of one each.
const tracePool = Buffer.alloc(4096);
let traceHex = "";
let traceAt = traceHex.length;
function newTraceId(): string {
  if (traceAt === traceHex.length) {
    randomFillSync(tracePool);
    traceHex = tracePool.toString("hex");
    traceAt = 0;
  }
  traceAt += 32;
  return traceHex.slice(traceAt - 32, traceAt);
}

/**
 * Errors Node's HTTP parser finds before there is a request (headers or URL over its 16 KB, broken
 * HTTP): answered on the socket in contract §3's shape with a trace id, instead of Node's bare 431/400.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? 431 : 400;
  const traceId = randomBytes(16).toString("hex");
  const code = tooLarge ? "payload_too_large" : "validation_failed";
  const body = JSON.stringify({
    type: `urn:sign-for-outlook:error:${code}`,
    title: STATUS_CODES[status],
    status,
    detail: tooLarge
      ? "The request's URL and headers are larger than 16 KB; send a shorter URL (long input goes in a body) or fewer headers."
      : "The request is not valid HTTP.",
    code,
    traceId,
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Trace-Id: ${traceId}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** http://localhost:{port}, with the port the server listens on (PORT may be 0: any free port). */
function ownUrl(app: FastifyInstance, configured: number): string {
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : configured;
  return `http://localhost:${port}`;
}

export async function buildApp({ storage, config, logStream }: AppOptions): Promise<FastifyInstance> {
  // Request lines log the route, never a link token or credential as sent (request-log.ts).
  const serializers = {
    req: (req: {
      method: string;
      url: string;
      params?: unknown;
      routeOptions?: { url?: string };
      host?: string;
      ip?: string;
      socket?: { remotePort?: number };
    }) => ({
      method: req.method,
      url: loggedUrl(req),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
  };
  // Credential headers are kept out of every line by building it without them (request-log.ts).
  const hooks = { logMethod: censorCredentials };
  const responseSerializers = lazySerializers();
  const app = Fastify({
    logger: logStream
      ? { level: config.logLevel, stream: logStream, serializers, hooks }
      : { level: config.logLevel, serializers, hooks },
    logController: new RedactingLogController({ requestIdLogLabel: "traceId" }),
    genReqId: (req) => traceIdOf(req.headers.traceparent),
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    // Requests Fastify refuses before routing (a path with a broken %-escape) still get contract §3.
    frameworkErrors: (error, request, reply) =>
      sendProblem(request, reply, {
        status: 400,
        code: "validation_failed",
        detail:
          error.code === "FST_ERR_BAD_URL"
            ? "The URL holds a malformed %-escape; encode each reserved character as % and two hex digits."
            : "The request could not be routed.",
      }),
    clientErrorHandler: answerClientError,
    schemaController: {
      compilersFactory: { buildSerializer: responseSerializers.factory, buildValidator: noDefaultValidator },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidators(app, MODELS);
  // Before any route: its hook times every request (routes/operations.ts serves the figures).
  const metrics = createMetrics(app, storage, (error) =>
    app.log.warn({ err: error }, "metrics: the database's counts could not be read"),
  );
  await app.register(errorResponses);
  await app.register(contentTypes);
  await app.register(safeText);
  // `readiness` (below) is made once the blob store is open; the hook asks it only when answering.
  await app.register(securityHeaders, { stopping: () => readiness.isDraining });
  await app.register(cors, {
    origin: config.corsOrigins,
    // @fastify/cors allows only GET, HEAD and POST unless told: the API also updates and deletes.
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    // ETag: the task pane polls with If-None-Match and must read the tag of each answer. One string:
    // @fastify/cors would join a list for every answer.
    exposedHeaders: "X-Trace-Id, Location, Retry-After, ETag",
    maxAge: 600,
  });
  await app.register(openapi, { models: MODELS, version: SERVICE_VERSION });
  const limiter = new RateLimiter(storage);
  await app.register(authentication, {
    authenticator: cachingAuthenticator(createAuthenticator(storage, config.oidc), {
      ttlMs: config.credentialCacheSeconds * 1000,
    }),
    limiter,
    failuresPerMinute: config.authFailuresPerMinute,
  });

  const blobs = openBlobStore(config);
  const workDir = path.join(config.dataDir, "work");
  // What a crash or a stop cut off: work files and half-written blobs go; on local files (one machine,
  // nothing else writing) so do blobs that a crashed upload stored but never recorded.
  await clearWorkDir(workDir);
  await blobs.sweepOrphans();
  if (config.blobStore) {
    // On a shared store, blobs this instance's crash left unrecorded go now; others' wait their
    // grace period (domain/documents/maintenance.ts, collectOwnBlobGarbage).
    const instance = await instanceId(config.dataDir);
    storage.setBlobInstance(instance);
    await collectOwnBlobGarbage(storage, blobs, instance);
    // Its commits that the crash cut off claim their upload sessions no more (others' claims
    // expire: domain/documents/uploads.ts, COMMIT_CLAIM_MS).
    await releaseCommitClaims(storage, instance);
  }
  // On local files, chunked uploads stage their blocks in one file a session (blobs/staging.ts).
  const staging = config.blobStore ? null : new UploadStaging(path.join(config.dataDir, "uploads"));
  if (staging) {
    app.addHook("onClose", () => staging.close());
    await sweepStagedFiles(storage, staging, 0);
    // One machine: no commit is under way at start.
    await releaseCommitClaims(storage, null);
    await collectBlobGarbage(storage, blobs, new Date(), 0);
  }
  const pdfReader = new PdfReader();
  app.addHook("onClose", () => pdfReader.close());
  // Signers' links: SIGN_PUBLIC_URL, or the address this service listens on (known once it listens).
  const links = await SigningLinks.open(storage, () => config.publicUrl ?? ownUrl(app, config.port));
  // The seal certificate is read (or made, the first time) when a completion or a report first
  // needs it: making one takes a second or two, which every start of a test service would otherwise pay.
  const seal = new SealKeeper(config);
  // What a signer is shown of a document: made once per set of values, kept as a blob.
  const copies = new SignerCopies(storage, blobs, (error) =>
    app.log.warn({ err: error }, "a signer's copy of a document could not be made; the upload is shown"),
  );
  // Shared by the route plugins below, which read them from `app` (plugins/services.ts).
  await app.register(services, { storage, blobs, workDir, pdfReader, staging, links, limiter, seal });
  await app.register(named("connect-token-routes", connectTokenRoutes), {
    failuresPerMinute: config.authFailuresPerMinute,
  });
  await app.register(named("me-routes", meRoutes));
  await app.register(named("tags-routes", tagRoutes));
  await app.register(named("signing-groups-routes", signingGroupRoutes));
  await app.register(named("packages-routes", packageRoutes));
  await app.register(named("signers-routes", signerRoutes));
  await app.register(named("annotations-routes", annotationRoutes));
  await app.register(named("documents-routes", documentRoutes));
  await app.register(named("create-and-send-routes", createAndSendRoutes));
  await app.register(named("downloads-routes", downloadRoutes));
  await app.register(named("completion-routes", completionRoutes));
  await app.register(named("signing-page-routes", signingPageRoutes), { copies });
  if (config.devRoutes)
    await app.register(named("dev-routes", devRoutes), { attachMaxBytes: config.mailAttachMaxBytes });
  await app.register(named("share-links-routes", shareLinkRoutes));
  await app.register(named("templates-routes", templateRoutes));
  // A new bulk send job wakes the scheduler (started below), so its rows start now, not next tick.
  let wakeScheduler = () => {};
  await app.register(named("bulk-send-routes", bulkSendRoutes), { wake: () => wakeScheduler() });
  await app.register(named("template-documents-routes", templateDocumentRoutes));
  if (config.schedulerIntervalMs > 0) {
    const scheduler = startScheduler({
      storage,
      blobs,
      intervalMs: config.schedulerIntervalMs,
      log: app.log,
      smtp: config.smtp,
      links,
      mailAttachMaxBytes: config.mailAttachMaxBytes,
      completion: { seal },
      staging,
    });
    wakeScheduler = () => scheduler.wake();
    metrics.setScheduler(scheduler);
    // The stop begins with close() (no new mail starts while requests drain), and close() ends only
    // once the mail being sent is answered and recorded (jobs/scheduler.ts, STOP_GRACE_MS).
    app.addHook("preClose", async () => {
      scheduler.stop().catch(() => undefined);
    });
    app.addHook("onClose", () => scheduler.stop());
  }
  await app.register(named("addin-routes", addinRoutes), { config });
  await app.register(named("signing-assets-routes", signingAssets), {
    dir: config.signingPageDir,
    framingOrigins: (token) => framingOriginsFor({ storage, links }, token),
  });

  const readiness = new Readiness(storage, blobs);
  await app.register(named("operations-routes", operationsRoutes), {
    readiness,
    metrics,
    metricsToken: config.metricsToken,
  });

  // A person who opens the service's address in a browser learns what it is and where its API is.
  app.get("/", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign for Outlook service</title></head>` +
          `<body><h1>Sign for Outlook service</h1><p>Version ${SERVICE_VERSION}. ` +
          `The API is described at <a href="/openapi/tenant-api.json">/openapi/tenant-api.json</a>.</p></body></html>`,
      ),
  );

  app.get("/health", { schema: { hide: true } }, async () => {
    await storage.ping();
    return { status: "ok" };
  });

  app.decorate("compileAllSerializers", responseSerializers.compileAll);
  app.decorate("operations", { readiness, metrics });
  await app.ready();
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Compiles every route's response serializer now (they are compiled at first use otherwise). */
    compileAllSerializers(): number;
    /** Readiness (drained by a stop) and metrics, for the process around the app (server.ts). */
    operations: { readiness: Readiness; metrics: ServiceMetrics };
  }
}
