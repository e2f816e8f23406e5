import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { apiActor } from "../domain/audit";
import {
  addSigners,
  getSigner,
  listSigners,
  reassignSigner,
  removeSigner,
  reorderSigners,
  resendToSigners,
  updateSigner,
} from "../domain/signers";
import { principal, secured } from "../plugins/authentication";
import { errorResponses, ref } from "../schemas/common";
import {
  BulkResultResponse,
  BulkSignersApiRequest,
  CreateSignerApiRequest,
  PackagePath,
  ReassignSignerApiRequest,
  ReorderSignersApiRequest,
  ResendSignersApiRequest,
  SignerApiResponse,
  SignerListApiResponse,
  SignerPath,
  UpdateSignerApiRequest,
} from "../schemas/packages";
import { operation } from "./route-kit";
import { withETag } from "./etag";

const BASE = "/api/v1/packages/:id/signers";

/** Signers of a package (contract §6.3): people and signing-group slots. */
const signerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage } = app;
  const read = secured(["sign.package.read"]);
  const create = secured(["sign.package.create"]);
  const send = secured(["sign.package.send"]);
  const tags = ["Signers"];
  const tenant = (request: FastifyRequest) => principal(request).tenantId;
  const who = (request: FastifyRequest) => apiActor(principal(request), request.ip);
  const draftOnly = "Draft packages only (400 invalid_state naming the state otherwise).";

  app.post(
    BASE,
    operation(create, tags, {
      operationId: "addSigner",
      summary: "Add a person or a signing-group slot",
      description: `One email per package among people (400 duplicate_signer). ${draftOnly}`,
      params: PackagePath,
      body: ref(CreateSignerApiRequest),
      response: { 201: ref(SignerApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) => {
      const [signer] = await addSigners(
        storage,
        tenant(request),
        request.params.id,
        [request.body],
        who(request),
        {
          bulk: false,
        },
      );
      return reply
        .code(201)
        .header("Location", `/api/v1/packages/${request.params.id}/signers/${signer!.id}`)
        .send(signer!);
    },
  );

  app.post(
    `${BASE}/bulk`,
    operation(create, tags, {
      operationId: "addSignersBulk",
      summary: "Add 1-50 signers, all or nothing",
      description: `${draftOnly}`,
      params: PackagePath,
      body: ref(BulkSignersApiRequest),
      response: {
        201: Type.Array(ref(SignerApiResponse)),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    }),
    async (request, reply) => {
      const signers = await addSigners(
        storage,
        tenant(request),
        request.params.id,
        request.body.signers,
        who(request),
        {
          bulk: true,
        },
      );
      return reply.code(201).send(signers);
    },
  );

  app.get(
    BASE,
    operation(read, tags, {
      operationId: "listSigners",
      summary: "The package's signers in routing order (ties by when they were added)",
      description: `Answers an ETag, and 304 to If-None-Match when unchanged.`,
      params: PackagePath,
      response: { 200: ref(SignerListApiResponse), 304: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) =>
      withETag(request, reply, await listSigners(storage, tenant(request), request.params.id)),
  );

  app.put(
    `${BASE}/reorder`,
    operation(create, tags, {
      operationId: "reorderSigners",
      summary: "Set the routing order of some or all signers",
      description: `${draftOnly}`,
      params: PackagePath,
      body: ref(ReorderSignersApiRequest),
      response: {
        200: Type.Array(ref(SignerApiResponse)),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    }),
    async (request) =>
      reorderSigners(storage, tenant(request), request.params.id, request.body.order, who(request)),
  );

  app.post(
    `${BASE}/resend-bulk`,
    operation(send, tags, {
      operationId: "resendToSignersBulk",
      summary: "Notify several signers again, each on its own",
      description: `A signer whose turn it is not yet fails with not_your_turn.`,
      params: PackagePath,
      body: ref(ResendSignersApiRequest),
      response: { 200: ref(BulkResultResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) =>
      resendToSigners(storage, tenant(request), request.params.id, request.body.signerIds, who(request), {
        bulk: true,
      }),
  );

  app.get(
    `${BASE}/:signerId`,
    operation(read, tags, {
      operationId: "getSigner",
      summary: "A signer (a group slot with its members once sent)",
      description: `Answers an ETag, and 304 to If-None-Match when unchanged.`,
      params: SignerPath,
      response: { 200: ref(SignerApiResponse), 304: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) =>
      withETag(
        request,
        reply,
        await getSigner(storage, tenant(request), request.params.id, request.params.signerId),
      ),
  );

  app.put(
    `${BASE}/:signerId`,
    operation(create, tags, {
      operationId: "updateSigner",
      summary: "Change a signer (null or omitted fields stay unchanged)",
      description: `${draftOnly}`,
      params: SignerPath,
      body: ref(UpdateSignerApiRequest),
      response: { 200: ref(SignerApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) =>
      updateSigner(
        storage,
        tenant(request),
        request.params.id,
        request.params.signerId,
        request.body,
        who(request),
      ),
  );

  app.delete(
    `${BASE}/:signerId`,
    operation(create, tags, {
      operationId: "removeSigner",
      summary: "Remove a signer and their fields",
      description: `${draftOnly}`,
      params: SignerPath,
      response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      await removeSigner(storage, tenant(request), request.params.id, request.params.signerId, who(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${BASE}/:signerId/reassign`,
    operation(send, tags, {
      operationId: "reassignSigner",
      summary: "Give an unfinished slot of a sent package to someone else",
      description: `The new person is notified when it is their turn; the old links stop working.`,
      params: SignerPath,
      body: ref(ReassignSignerApiRequest),
      response: { 200: ref(SignerApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) =>
      reassignSigner(
        storage,
        tenant(request),
        request.params.id,
        request.params.signerId,
        request.body,
        who(request),
      ),
  );

  app.post(
    `${BASE}/:signerId/resend`,
    operation(send, tags, {
      operationId: "resendToSigner",
      summary: "Notify a signer again (their turn, not finished)",
      params: SignerPath,
      response: { 200: ref(BulkResultResponse), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) =>
      resendToSigners(storage, tenant(request), request.params.id, [request.params.signerId], who(request), {
        bulk: false,
      }),
  );
};

export default signerRoutes;
