import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { MAX_BATCH_BYTES } from "../../telemetry/catalogue";
import type { ServiceConfig } from "../config";
import { manifestFingerprintReader } from "../domain/addin-manifest";
import { beaconKeys } from "../domain/beacon-keys";
import { rateLimitedError, type Budget } from "../domain/rate-limits";
import { acceptBatch, checkBatch } from "../domain/telemetry";
import { ApiError, validationFailed } from "../errors";
import { principal, secured } from "../plugins/authentication";
import { named } from "../plugins/named";
import { validationErrors } from "../plugins/error-responses";
import { errorResponses, ref } from "../schemas/common";
import {
  ManifestFingerprintApiResponse,
  TelemetryAcceptedApiResponse,
  TelemetryBatchApiRequest,
  TelemetryBeaconApiRequest,
} from "../schemas/telemetry";

/** The add-in's own operations: its telemetry and the fingerprint of the manifest it should run under. */
const addinRoutes: FastifyPluginAsyncTypebox<{ config: ServiceConfig }> = async (app, { config }) => {
  const { storage, limiter } = app;
  const budget: Budget = { name: "telemetry", max: config.telemetryRateLimitPerMinute };
  /** Spends one batch of the key's budget (counted in the database, so across instances), or 429. */
  const spend = async (key: string) => {
    const verdict = await limiter.take(budget, key);
    if (!verdict.allowed) {
      throw rateLimitedError("Too many telemetry batches from this credential.", verdict.retryAfterSeconds);
    }
  };
  const auth = secured([]);
  const fingerprint = manifestFingerprintReader(config.addinManifestPath);
  const beacons = beaconKeys(config.telemetryBeaconSecret);

  app.post(
    "/api/v1/telemetry/outlook",
    {
      bodyLimit: MAX_BATCH_BYTES,
      config: auth.config,
      // checkBatch names every field at fault in the catalogue's words; the schema documents the
      // batch and stays a second check behind it.
      attachValidation: true,
      schema: {
        operationId: "apiV1TelemetryOutlookPost",
        tags: ["Add-in"],
        summary: "Store a batch of the Outlook add-in's usage events",
        description:
          `Counts, durations, codes and the add-in's host, platform and version only; an anonymous ` +
          `install id, no personal data. Answers 202 with whether the tenant takes telemetry (when it does ` +
          `not, the batch is dropped and the add-in stops sending). Each credential may send a number ` +
          `of batches a minute (the service's SIGN_TELEMETRY_PER_MIN, 60 by default), then gets 429 ` +
          `with Retry-After. ${auth.scopesNote}`,
        security: auth.security,
        body: ref(TelemetryBatchApiRequest),
        response: {
          202: ref(TelemetryAcceptedApiResponse),
          ...errorResponses(400, 401, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      // After authentication, so the budget is the credential's (however its header is written) and a
      // bad token is a 401, not a 429.
      await spend(principal(request).credential);
      const batch = checkBatch(request.body);
      const issues = (request as { validationError?: { validation?: unknown } }).validationError?.validation;
      if (Array.isArray(issues)) throw validationFailed(validationErrors(issues));
      const tenantId = principal(request).tenantId;
      const result = await acceptBatch(storage, tenantId, batch);
      return reply
        .code(202)
        .send(result.telemetryEnabled ? { ...result, beaconKey: beacons.issue(tenantId) } : result);
    },
  );

  await app.register(
    named("telemetry-beacon", async (beaconScope: typeof app) => {
      // sendBeacon may cross origins without a preflight only as text/plain: here (only), that is JSON.
      beaconScope.addContentTypeParser(
        "text/plain",
        { parseAs: "string" },
        beaconScope.getDefaultJsonParser("error", "error"),
      );
      beaconScope.post(
        "/api/v1/telemetry/outlook/beacon",
        {
          bodyLimit: MAX_BATCH_BYTES,
          attachValidation: true,
          schema: {
            operationId: "apiV1TelemetryOutlookBeaconPost",
            tags: ["Add-in"],
            summary: "The add-in's last telemetry batch, sent with navigator.sendBeacon",
            description:
              "For a pane that closes in a browser without keepalive fetch. No credential: the body's " +
              "`beaconKey` (from a previous 202 of POST /api/v1/telemetry/outlook, valid an hour) names the " +
              "tenant. Otherwise as POST /api/v1/telemetry/outlook; text/plain bodies are read as JSON.",
            body: ref(TelemetryBeaconApiRequest),
            response: {
              202: ref(TelemetryAcceptedApiResponse),
              ...errorResponses(400, 401, 413, 415, 429),
            },
          },
        },
        async (request, reply) => {
          const body = request.body as Record<string, unknown> | undefined;
          const key = body?.beaconKey;
          // A beacon's budget is its key's, or its address's when it has none.
          await spend(typeof key === "string" ? `beacon:${key}` : `ip:${request.ip}`);
          const tenantId = typeof key === "string" ? beacons.verify(key) : null;
          if (!tenantId) {
            throw new ApiError(401, "unauthorized", "The beacon key is missing, not valid or expired.");
          }
          const { beaconKey: _key, ...rest } = body!;
          const batch = checkBatch(rest);
          const issues = (request as { validationError?: { validation?: unknown } }).validationError
            ?.validation;
          if (Array.isArray(issues)) throw validationFailed(validationErrors(issues));
          return reply.code(202).send(await acceptBatch(storage, tenantId, batch));
        },
      );
    }),
  );

  app.get(
    "/api/v1/outlook-addin/manifest-fingerprint",
    {
      config: auth.config,
      schema: {
        operationId: "apiV1OutlookAddinManifestFingerprintGet",
        tags: ["Add-in"],
        summary: "The fingerprint and version of the add-in manifest this service serves",
        description:
          "The task pane compares it with the fingerprint built into its bundle; when they differ, a newer " +
          `add-in is deployed. 404 when the service serves no manifest. ${auth.scopesNote}`,
        security: auth.security,
        response: { 200: ref(ManifestFingerprintApiResponse), ...errorResponses(401, 404) },
      },
    },
    async (_request, reply) => {
      // Cheap to compute and changes on deployment: a client may cache it for a minute.
      reply.header("Cache-Control", "private, max-age=60");
      return fingerprint();
    },
  );
};

export default addinRoutes;
