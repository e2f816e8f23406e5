import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { apiActor } from "../domain/audit";
import {
  BULK_SEND_LIMITS,
  createBulkSendJob,
  getBulkSendJob,
  listBulkSendJobs,
  retryFailedRows,
} from "../domain/bulk-send";
import { principal, secured } from "../plugins/authentication";
import {
  BulkSendApiRequest,
  BulkSendJobApiResponse,
  BulkSendJobListApiResponse,
  BulkSendJobPath,
  ListBulkSendJobsQuery,
} from "../schemas/bulk-send";
import { errorResponses, ref } from "../schemas/common";
import { TemplatePath } from "../schemas/templates";

const JOBS = "/api/v1/bulk-send-jobs";

/**
 * Bulk send of contract §7. Starting a job or retrying its failed rows needs sign.package.create and
 * sign.package.send (the job makes and sends packages); reading jobs sign.package.read. `wake` asks
 * the scheduler to start on the rows now instead of at its next tick.
 */
const bulkSendRoutes: FastifyPluginAsyncTypebox<{ wake: () => void }> = async (app, { wake }) => {
  const { storage } = app;
  const read = secured(["sign.package.read"]);
  const send = secured(["sign.package.create", "sign.package.send"]);
  const tags = ["Bulk send"];
  const tenant = (request: FastifyRequest) => principal(request).tenantId;

  app.post(
    "/api/v1/templates/:id/bulk-send",
    {
      config: send.config,
      bodyLimit: BULK_SEND_LIMITS.bodyBytes,
      schema: {
        tags,
        security: send.security,
        operationId: "bulkSendFromTemplate",
        summary: "One package a row from the template, each sent, by a job in the background",
        description:
          `1 to ${BULK_SEND_LIMITS.rowsMax} rows, each filling every role of the template with a person ` +
          "(role id -> { email, name }). Answers 202 with the job, all rows Pending; the service makes " +
          "and sends their packages in the background, also across a restart, never one twice. A row " +
          "whose people or package are not right Failed on its own (its error in the job's items); " +
          `retry-failed runs those again. Body up to ${BULK_SEND_LIMITS.bodyBytes / 1024 / 1024} MB. ${send.scopesNote}`,
        params: TemplatePath,
        body: ref(BulkSendApiRequest),
        response: { 202: ref(BulkSendJobApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const job = await createBulkSendJob(
        storage,
        tenant(request),
        request.params.id,
        request.body,
        apiActor(principal(request), request.ip),
      );
      wake();
      return reply.code(202).header("Location", `${JOBS}/${job.id}`).send(job);
    },
  );

  app.get(
    JOBS,
    {
      config: read.config,
      schema: {
        tags,
        security: read.security,
        operationId: "listBulkSendJobs",
        summary: "The tenant's bulk send jobs, newest first, without their rows",
        description: read.scopesNote,
        querystring: ListBulkSendJobsQuery,
        response: { 200: ref(BulkSendJobListApiResponse), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listBulkSendJobs(storage, tenant(request), request.query),
  );

  app.get(
    `${JOBS}/:id`,
    {
      config: read.config,
      schema: {
        tags,
        security: read.security,
        operationId: "getBulkSendJob",
        summary: "A bulk send job with every row's result",
        description: read.scopesNote,
        params: BulkSendJobPath,
        response: { 200: ref(BulkSendJobApiResponse), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getBulkSendJob(storage, tenant(request), request.params.id),
  );

  app.post(
    `${JOBS}/:id/retry-failed`,
    {
      config: send.config,
      schema: {
        tags,
        security: send.security,
        operationId: "retryBulkSendFailed",
        summary: "Run the job's Failed rows again (Sent rows are never sent again)",
        description: `The Failed rows become Pending and the job Queued; a job without Failed rows is answered as it is. ${send.scopesNote}`,
        params: BulkSendJobPath,
        response: { 202: ref(BulkSendJobApiResponse), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const job = await retryFailedRows(storage, tenant(request), request.params.id);
      wake();
      return reply.code(202).send(job);
    },
  );
};

export default bulkSendRoutes;
