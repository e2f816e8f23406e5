import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import {
  addAnnotations,
  annotationAttachmentLink,
  annotationFieldTypes,
  getAnnotation,
  listAnnotations,
  removeAnnotation,
  updateAnnotation,
  validateAnnotations,
} from "../domain/annotations";
import { apiActor } from "../domain/audit";
import { principal, secured } from "../plugins/authentication";
import { errorResponses, ref } from "../schemas/common";
import {
  AnnotationApiResponse,
  AnnotationFieldTypeResponse,
  AnnotationListApiResponse,
  AnnotationListQuery,
  AnnotationPath,
  BulkAnnotationsApiRequest,
  CreateAnnotationApiRequest,
  PackagePath,
  PackageValidationResponse,
  UpdateAnnotationApiRequest,
} from "../schemas/packages";
import { DownloadLinkResponse } from "../schemas/documents";
import { operation } from "./route-kit";

const BASE = "/api/v1/packages/:id/annotations";

/** Annotations (fields placed for signers on a package's documents, contract §6.4). */
const annotationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage } = app;
  const read = secured(["sign.package.read"]);
  const create = secured(["sign.package.create"]);
  const tags = ["Annotations"];
  const tenant = (request: FastifyRequest) => principal(request).tenantId;
  const who = (request: FastifyRequest) => apiActor(principal(request), request.ip);
  const rules =
    "Its document and signer must be this package's (400 naming which otherwise) and it must lie inside its page. Draft packages only (400 invalid_state naming the state otherwise).";

  app.get(
    "/api/v1/annotation-field-types",
    operation(read, tags, {
      operationId: "getAnnotationFieldTypes",
      summary: "The field types an annotation can have, with the size a new one gets",
      response: { 200: Type.Array(ref(AnnotationFieldTypeResponse)), ...errorResponses(401, 403) },
    }),
    async () => annotationFieldTypes(),
  );

  app.post(
    BASE,
    operation(create, tags, {
      operationId: "createAnnotation",
      summary: "Place a field on a document for a signer",
      description: `${rules}`,
      params: PackagePath,
      body: ref(CreateAnnotationApiRequest),
      response: { 201: ref(AnnotationApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) => {
      const [annotation] = await addAnnotations(
        storage,
        tenant(request),
        request.params.id,
        [request.body],
        who(request),
        { bulk: false },
      );
      return reply
        .code(201)
        .header("Location", `/api/v1/packages/${request.params.id}/annotations/${annotation!.id}`)
        .send(annotation!);
    },
  );

  app.post(
    `${BASE}/bulk`,
    operation(create, tags, {
      operationId: "createAnnotationsBulk",
      summary: "Place 1-500 fields, all or nothing",
      description: `Each as addAnnotation; errors name the item (annotations[3].page). ${rules}`,
      params: PackagePath,
      body: ref(BulkAnnotationsApiRequest),
      response: {
        201: Type.Array(ref(AnnotationApiResponse)),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addAnnotations(
            storage,
            tenant(request),
            request.params.id,
            request.body.annotations,
            who(request),
            { bulk: true },
          ),
        ),
  );

  app.get(
    BASE,
    operation(read, tags, {
      operationId: "listAnnotations",
      summary: "The package's annotations in the order they were placed",
      params: PackagePath,
      querystring: AnnotationListQuery,
      response: { 200: ref(AnnotationListApiResponse), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => listAnnotations(storage, tenant(request), request.params.id, request.query),
  );

  app.post(
    `${BASE}/validate`,
    operation(read, tags, {
      operationId: "validateAnnotations",
      summary: "Package validation for annotations only",
      description: `Each signer who signs has a field; each field's document and signer exist and it lies inside its page.`,
      params: PackagePath,
      response: { 200: ref(PackageValidationResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) => validateAnnotations(storage, tenant(request), request.params.id),
  );

  app.get(
    `${BASE}/:annotationId`,
    operation(read, tags, {
      operationId: "getAnnotation",
      summary: "An annotation",
      params: AnnotationPath,
      response: { 200: ref(AnnotationApiResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) =>
      getAnnotation(storage, tenant(request), request.params.id, request.params.annotationId),
  );

  app.put(
    `${BASE}/:annotationId`,
    operation(create, tags, {
      operationId: "updateAnnotation",
      summary: "Move, resize or change an annotation (null or omitted fields stay unchanged)",
      description: `${rules}`,
      params: AnnotationPath,
      body: ref(UpdateAnnotationApiRequest),
      response: { 200: ref(AnnotationApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) =>
      updateAnnotation(
        storage,
        tenant(request),
        request.params.id,
        request.params.annotationId,
        request.body,
        who(request),
      ),
  );

  app.delete(
    `${BASE}/:annotationId`,
    operation(create, tags, {
      operationId: "deleteAnnotation",
      summary: "Remove an annotation",
      description: `Draft packages only.`,
      params: AnnotationPath,
      response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      await removeAnnotation(
        storage,
        tenant(request),
        request.params.id,
        request.params.annotationId,
        who(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${BASE}/:annotationId/attachment`,
    operation(read, tags, {
      operationId: "getAnnotationAttachment",
      summary: "A link to the file a signer attached to a completed Attachment field",
      description:
        "The link needs no credential and works for 5 minutes. Another type of field is 400; a field with no file yet (not completed) is 404.",
      params: AnnotationPath,
      response: { 200: ref(DownloadLinkResponse), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) =>
      annotationAttachmentLink(storage, tenant(request), request.params.id, request.params.annotationId),
  );
};

export default annotationRoutes;
