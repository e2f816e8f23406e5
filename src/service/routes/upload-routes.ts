// The five routes of a chunked upload (contract §6.2: initiate, status, stage a block, commit,
// abort), for any owner of documents: a package's and a template's differ only in their path, names,
// words, scopes and the document they answer. The domain underneath is shared already
// (DocumentOwner in domain/documents/owner.ts); this keeps the routes from being written twice.
import { Type, type TSchema } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Readable } from "node:stream";
import type { AuditContext } from "../domain/audit";
import { blockIdleMs } from "../domain/upload-bounds";
import type { secured } from "../plugins/authentication";
import { named } from "../plugins/named";
import { errorResponses, ref } from "../schemas/common";
import { InitiateUploadApiRequest, UploadSessionResponse } from "../schemas/documents";
import { actorOf, operation, tenantOf } from "./route-kit";

type Access = ReturnType<typeof secured>;
/** What the OpenAPI document says of one route. */
interface Words {
  operationId: string;
  summary: string;
  description?: string;
}
type UploadParams = { id: string; uploadId: string };

/** The domain's five operations, for one kind of owner (`ownerId` is the path's `id`). */
export interface UploadOperations {
  initiate(tenantId: string, ownerId: string, body: unknown): Promise<{ id: string }>;
  status(tenantId: string, ownerId: string, uploadId: string): Promise<unknown>;
  stage(tenantId: string, ownerId: string, uploadId: string, block: string, body: Readable): Promise<unknown>;
  commit(tenantId: string, ownerId: string, uploadId: string, actor: AuditContext): Promise<unknown>;
  abort(tenantId: string, ownerId: string, uploadId: string): Promise<void>;
}

export interface UploadRoutes {
  /** The owner's path, e.g. /api/v1/packages/:id. */
  base: string;
  /** The owner's collection, for the Location header: /api/v1/packages. */
  collection: string;
  tags: string[];
  read: Access;
  write: Access;
  /** Path schemas: the owner's, the upload's and a block's (their descriptions name the owner). */
  ownerPath: TSchema;
  uploadPath: TSchema;
  blockPath: TSchema;
  /** What a commit answers: the owner's document. */
  document: TSchema;
  words: { initiate: Words; status: Words; stage: Words; commit: Words; abort: Words };
  operations: UploadOperations;
}

/** Registers the routes on `app` (blocks take any body as raw bytes, in a scope of their own). */
export function registerUploadRoutes(app: FastifyInstance, r: UploadRoutes): void {
  const { base, tags, words, operations: op } = r;
  const ids = (request: FastifyRequest) => request.params as UploadParams;

  app.post(
    `${base}/uploads`,
    operation(r.write, tags, {
      ...words.initiate,
      params: r.ownerPath,
      body: ref(InitiateUploadApiRequest),
      response: { 201: ref(UploadSessionResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const session = await op.initiate(tenantOf(request), id, request.body);
      return reply.code(201).header("Location", `${r.collection}/${id}/uploads/${session.id}`).send(session);
    },
  );

  app.get(
    `${base}/uploads/:uploadId`,
    operation(r.read, tags, {
      ...words.status,
      params: r.uploadPath,
      response: { 200: ref(UploadSessionResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) => op.status(tenantOf(request), ids(request).id, ids(request).uploadId),
  );

  // A block is raw bytes (contract §6.2) whatever its Content-Type says: application/octet-stream,
  // application/pdf, none at all, even application/json or multipart/form-data are read as bytes,
  // not parsed (a 415 asking for JSON would be wrong here). Hence the route's own scope, with the
  // body parsers of the scope around it replaced by one that hands on the stream.
  app.register(
    named("upload-blocks", async (blocks: typeof app) => {
      blocks.removeAllContentTypeParsers();
      blocks.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
      blocks.put(
        `${base}/uploads/:uploadId/blocks/:block`,
        operation(r.write, tags, {
          ...words.stage,
          consumes: ["application/octet-stream"],
          params: r.blockPath,
          response: { 200: ref(UploadSessionResponse), ...errorResponses(400, 401, 403, 404, 413) },
        }),
        async (request) => {
          const { id, uploadId, block } = request.params as UploadParams & { block: string };
          // A body that sends nothing for BLOCK_IDLE_MS is cut off (its socket closed, so the read
          // fails and the request ends): a client whose connection half-died would otherwise hold
          // the block's place, and a commit waiting for it, for ever. Idle, not total: a slow link
          // that keeps sending is never cut. Once the body is read the socket's timeout is cleared
          // (the service sets none of its own), so writing the block and answering are not bounded.
          const raw = request.raw;
          if (!raw.complete) {
            raw.setTimeout(blockIdleMs(), () => raw.destroy());
            raw.once("end", () => raw.socket?.setTimeout(0));
          }
          return op.stage(
            tenantOf(request),
            id,
            uploadId,
            block,
            (request.body as Readable | undefined) ?? Readable.from([]),
          );
        },
      );
    }),
  );

  app.post(
    `${base}/uploads/:uploadId/commit`,
    operation(r.write, tags, {
      ...words.commit,
      params: r.uploadPath,
      response: { 201: ref(r.document), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(await op.commit(tenantOf(request), ids(request).id, ids(request).uploadId, actorOf(request))),
  );

  app.delete(
    `${base}/uploads/:uploadId`,
    operation(r.write, tags, {
      ...words.abort,
      params: r.uploadPath,
      response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      await op.abort(tenantOf(request), ids(request).id, ids(request).uploadId);
      return reply.code(204).send(null);
    },
  );
}
