import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { apiActor, auditEventApi, verifiedAuditTrail } from "../domain/audit";
import { requirePackage } from "../domain/package-rules";
import {
  archivePackage,
  bulkArchivePackages,
  bulkDeletePackages,
  cancelSchedule,
  clonePackage,
  createPackage,
  deletePackage,
  getPackage,
  listPackages,
  packageETag,
  type PackageApi,
  parsePackageListQuery,
  resendPackage,
  sendImpact,
  sendPackage,
  updatePackage,
  updateReminders,
  validatePackage,
  voidPackage,
} from "../domain/packages";
import { principal, secured } from "../plugins/authentication";
import { errorResponses, ref } from "../schemas/common";
import {
  AuditEventResponse,
  AuditVerifyResponse,
  BulkResultResponse,
  CreatePackageApiRequest,
  ListPackagesQuery,
  PackageBulkApiRequest,
  PackageListApiResponse,
  PackagePath,
  PackageResponse,
  PackageValidationResponse,
  SendImpactResponse,
  UpdatePackageApiRequest,
  UpdateRemindersApiRequest,
  VoidPackageApiRequest,
} from "../schemas/packages";
import { operation } from "./route-kit";
import { rawQuery } from "./raw-query";
import { withETag } from "./etag";
import { Type } from "@sinclair/typebox";

const BASE = "/api/v1/packages";

/** Packages of contract §6.1 and their audit trail (§6.5). */
const packageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage } = app;
  const read = secured(["sign.package.read"]);
  const create = secured(["sign.package.create"]);
  const send = secured(["sign.package.send"]);
  const tags = ["Packages"];
  const tenant = (request: FastifyRequest) => principal(request).tenantId;
  const who = (request: FastifyRequest) => apiActor(principal(request), request.ip);
  const one = { params: PackagePath };

  app.post(
    BASE,
    operation(create, tags, {
      operationId: "createPackage",
      summary: "Create a Draft package",
      body: ref(CreatePackageApiRequest),
      response: { 201: ref(PackageResponse), ...errorResponses(400, 401, 403, 413, 415) },
    }),
    async (request, reply) => {
      const pkg = await createPackage(storage, tenant(request), request.body, who(request));
      return reply.code(201).header("Location", `${BASE}/${pkg.id}`).send(pkg);
    },
  );

  app.get(
    BASE,
    {
      config: read.config,
      attachValidation: true,
      schema: {
        tags,
        security: read.security,
        operationId: "listPackages",
        summary: "List packages, a page at a time (newest first by default)",
        description: `conversationId and internetMessageId find the packages made from an Outlook thread or mail; senderEmail the packages a user sent. Answers an ETag, and 304 to If-None-Match when the page is unchanged. ${read.scopesNote}`,
        querystring: ListPackagesQuery,
        response: { 200: ref(PackageListApiResponse), 304: Type.Null(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      withETag(
        request,
        reply,
        await listPackages(storage, parsePackageListQuery(tenant(request), rawQuery(request.url))),
      ),
  );

  app.get(
    `${BASE}/:id`,
    operation(read, tags, {
      operationId: "getPackage",
      summary: "A package; answers an ETag, and 304 to If-None-Match when unchanged",
      ...one,
      response: { 200: ref(PackageResponse), 304: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      const pkg = await getPackage(storage, tenant(request), request.params.id);
      return withETag(request, reply, pkg, packageETag(pkg));
    },
  );

  app.put(
    `${BASE}/:id`,
    operation(create, tags, {
      operationId: "updatePackage",
      summary: "Change a Draft package (null or omitted fields stay unchanged)",
      ...one,
      body: ref(UpdatePackageApiRequest),
      response: { 200: ref(PackageResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) => updatePackage(storage, tenant(request), request.params.id, request.body, who(request)),
  );

  app.delete(
    `${BASE}/:id`,
    operation(create, tags, {
      operationId: "deletePackage",
      summary: "Delete a Draft package with its documents, signers and annotations",
      ...one,
      response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      await deletePackage(storage, tenant(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const action = (
    path: string,
    operationId: string,
    summary: string,
    auth: typeof read,
    handler: (request: FastifyRequest<{ Params: { id: string } }>) => Promise<PackageApi>,
  ) =>
    app.post(
      `${BASE}/:id/${path}`,
      {
        config: auth.config,
        schema: {
          tags,
          security: auth.security,
          operationId,
          summary,
          description: auth.scopesNote,
          ...one,
          response: { 200: ref(PackageResponse), ...errorResponses(400, 401, 403, 404) },
        },
      },
      handler,
    );

  action(
    "send",
    "sendPackage",
    "Send a Draft package (Scheduled when scheduledSendOn is in the future)",
    send,
    (r) => sendPackage(storage, tenant(r), r.params.id, who(r)),
  );
  action(
    "overage/confirm-and-send",
    "confirmOverageAndSendPackage",
    "Send a Draft package (no billing here: the same as send)",
    send,
    (r) => sendPackage(storage, tenant(r), r.params.id, who(r)),
  );
  action("cancel-schedule", "cancelSchedule", "A Scheduled package back to Draft", send, (r) =>
    cancelSchedule(storage, tenant(r), r.params.id, who(r)),
  );
  action(
    "resend",
    "resendPackage",
    "Notify again everyone whose turn it is and who has not finished",
    send,
    (r) => resendPackage(storage, tenant(r), r.params.id, who(r)),
  );
  action(
    "archive",
    "archivePackage",
    "Archive a finished package (Completed, Declined, Voided, Expired)",
    create,
    (r) => archivePackage(storage, tenant(r), r.params.id, true, who(r)),
  );
  action("unarchive", "unarchivePackage", "Unarchive a package", create, (r) =>
    archivePackage(storage, tenant(r), r.params.id, false, who(r)),
  );

  app.post(
    `${BASE}/:id/clone`,
    operation(create, tags, {
      operationId: "clonePackage",
      summary: "A new Draft with the package's settings, documents, signers and annotations",
      ...one,
      response: { 201: ref(PackageResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      const pkg = await clonePackage(storage, tenant(request), request.params.id, who(request));
      return reply.code(201).header("Location", `${BASE}/${pkg.id}`).send(pkg);
    },
  );

  app.post(
    `${BASE}/:id/void`,
    operation(send, tags, {
      operationId: "voidPackage",
      summary: "Void a package on its way; those already notified are told",
      ...one,
      body: ref(VoidPackageApiRequest),
      response: { 200: ref(PackageResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) =>
      voidPackage(storage, tenant(request), request.params.id, request.body.reason, who(request)),
  );

  app.patch(
    `${BASE}/:id/reminders`,
    operation(send, tags, {
      operationId: "updatePackageReminders",
      summary: "Turn reminders on or off and set their days",
      ...one,
      body: ref(UpdateRemindersApiRequest),
      response: { 200: ref(PackageResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) =>
      updateReminders(storage, tenant(request), request.params.id, request.body, who(request)),
  );

  app.post(
    `${BASE}/:id/validate`,
    operation(read, tags, {
      operationId: "validatePackage",
      summary: "What stands in the way of sending, and warnings",
      ...one,
      response: { 200: ref(PackageValidationResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) => validatePackage(storage, tenant(request), request.params.id),
  );

  app.get(
    `${BASE}/:id/send-impact`,
    operation(read, tags, {
      operationId: "getPackageSendImpact",
      summary: "Who is notified when the package is sent, and who later (group slots expanded)",
      ...one,
      response: { 200: ref(SendImpactResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) => sendImpact(storage, tenant(request), request.params.id),
  );

  for (const [path, operationId, summary, fn] of [
    [
      "bulk-archive",
      "bulkArchivePackages",
      "Archive 1-50 finished packages, each on its own",
      bulkArchivePackages,
    ],
    ["bulk-delete", "bulkDeletePackages", "Delete 1-50 Draft packages, each on its own", bulkDeletePackages],
  ] as const) {
    app.post(
      `${BASE}/${path}`,
      {
        config: create.config,
        schema: {
          tags,
          security: create.security,
          operationId,
          summary,
          description: `An id that is no UUID makes the request invalid (400 naming it); others fail per item. ${create.scopesNote}`,
          body: ref(PackageBulkApiRequest),
          response: { 200: ref(BulkResultResponse), ...errorResponses(400, 401, 403, 413, 415) },
        },
      },
      async (request) => fn(storage, tenant(request), request.body.ids, who(request)),
    );
  }

  app.get(
    `${BASE}/:id/audit-trail`,
    operation(read, tags, {
      operationId: "getAuditTrail",
      summary: "The package's audit events, oldest first, each hash-chained to the one before",
      ...one,
      response: { 200: Type.Array(ref(AuditEventResponse)), ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      const pkg = await requirePackage(storage, tenant(request), request.params.id);
      return (await storage.audit.list(pkg.tenantId, pkg.id)).map(auditEventApi);
    },
  );

  app.get(
    `${BASE}/:id/audit-trail/verify`,
    operation(read, tags, {
      operationId: "verifyAuditIntegrity",
      summary: "Recomputes the hash chain of the audit trail",
      ...one,
      response: { 200: ref(AuditVerifyResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) => {
      const pkg = await requirePackage(storage, tenant(request), request.params.id);
      return (await verifiedAuditTrail(storage, pkg)).verification;
    },
  );
};

export default packageRoutes;
