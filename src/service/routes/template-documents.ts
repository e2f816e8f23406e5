import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { DocumentContext } from "../domain/documents/context";
import {
  abortTemplateUpload,
  addTemplateAnnotations,
  commitTemplateUpload,
  detectTemplateTags,
  getTemplateDocument,
  getTemplateUpload,
  initiateTemplateUpload,
  listTemplateAnnotations,
  listTemplateDocuments,
  removeTemplateAnnotation,
  removeTemplateDocument,
  resetTemplate,
  retryTemplateDocument,
  stageTemplateBlock,
  templateDetectedTags,
  templateRemovalImpact,
  updateTemplateAnnotation,
  uploadTemplateDocument,
} from "../domain/templates";
import { secured } from "../plugins/authentication";
import { errorResponses, ref } from "../schemas/common";
import {
  BulkTemplateAnnotationsApiRequest,
  TemplateAnnotationApiResponse,
  TemplateAnnotationListApiResponse,
  TemplateAnnotationListQuery,
  TemplateAnnotationPath,
  TemplateApiResponse,
  TemplateDetectedTagResponse,
  TemplateDocumentApiResponse,
  TemplateDocumentListApiResponse,
  TemplateDocumentPath,
  TemplatePath,
  TemplateRemovalImpactResponse,
  UpdateTemplateAnnotationApiRequest,
} from "../schemas/templates";
import { acceptDocumentBodies, oneDocument } from "./multipart";
import { actorOf, operation, tenantOf } from "./route-kit";
import { registerUploadRoutes } from "./upload-routes";

const BASE = "/api/v1/templates/:id";

const UploadPath = Type.Object({
  id: Type.String({ description: "The template's id (UUID)." }),
  uploadId: Type.String({ description: "The upload's id (UUID)." }),
});
const BlockPath = Type.Object({ ...UploadPath.properties, block: Type.String({ description: "0-based." }) });

/**
 * A template's documents (uploaded and read as a package's, contract §6.2) and its annotations,
 * tied to roles (§7). Reads need sign.template.read, writes sign.package.create.
 */
const templateDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage, blobs, workDir, pdfReader, staging } = app;
  const ctx: DocumentContext = { storage, blobs, workDir, pdfReader, staging };
  const read = secured(["sign.template.read"]);
  const write = secured(["sign.package.create"]);
  const tags = ["Templates"];
  const TagList = Type.Array(ref(TemplateDetectedTagResponse));
  const tagsToRoles =
    "Each parsed tag whose signer index N names a role (the role at position N in routing order, ties by when added) becomes a TextTag annotation of that role, once.";

  await acceptDocumentBodies(app);

  app.post(
    `${BASE}/documents`,
    operation(write, tags, {
      operationId: "uploadTemplateDocumentDirect",
      summary: "Upload a document to the template in one request (multipart/form-data)",
      description: `As a package's direct upload: one \`file\` part (PDF, PNG or JPEG, at most 50 MB; 25 documents and 200 MB a template) and an optional \`name\` field before it (anything more is 400, nothing stored). ${tagsToRoles} A PDF whose pages read but whose text does not is kept with processingStatus Failed (retry reads it again).`,
      consumes: ["multipart/form-data"],
      params: TemplatePath,
      response: { 201: ref(TemplateDocumentApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) => {
      const doc = await oneDocument(request, (file, incoming) =>
        uploadTemplateDocument(ctx, tenantOf(request), request.params.id, file, incoming, actorOf(request)),
      );
      return reply.code(201).send(doc);
    },
  );

  app.get(
    `${BASE}/documents`,
    operation(read, tags, {
      operationId: "listTemplateDocuments",
      summary: "The template's documents in order",
      params: TemplatePath,
      response: { 200: ref(TemplateDocumentListApiResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) => listTemplateDocuments(storage, tenantOf(request), request.params.id),
  );

  app.get(
    `${BASE}/documents/:documentId`,
    operation(read, tags, {
      operationId: "getTemplateDocument",
      summary: "A template's document: pages, tags found, how its processing went",
      params: TemplateDocumentPath,
      response: { 200: ref(TemplateDocumentApiResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) =>
      getTemplateDocument(storage, tenantOf(request), request.params.id, request.params.documentId),
  );

  app.delete(
    `${BASE}/documents/:documentId`,
    operation(write, tags, {
      operationId: "removeTemplateDocument",
      summary: "Remove a document and its annotations from the template",
      description: "See removal-impact first. Packages made from the template keep their copies.",
      params: TemplateDocumentPath,
      response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      await removeTemplateDocument(
        storage,
        tenantOf(request),
        request.params.id,
        request.params.documentId,
        actorOf(request),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${BASE}/documents/:documentId/removal-impact`,
    operation(read, tags, {
      operationId: "getTemplateDocumentRemovalImpact",
      summary: "What removing the document would take with it",
      params: TemplateDocumentPath,
      response: { 200: ref(TemplateRemovalImpactResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) =>
      templateRemovalImpact(storage, tenantOf(request), request.params.id, request.params.documentId),
  );

  app.get(
    `${BASE}/documents/:documentId/detected-tags`,
    operation(read, tags, {
      operationId: "getTemplateDetectedTags",
      summary: "The text tags found in the document, each with the role it names",
      description: "Positions in points from the page's visible top-left.",
      params: TemplateDocumentPath,
      response: { 200: TagList, ...errorResponses(401, 403, 404) },
    }),
    async (request) =>
      templateDetectedTags(storage, tenantOf(request), request.params.id, request.params.documentId),
  );

  app.post(
    `${BASE}/documents/:documentId/detect-tags`,
    operation(write, tags, {
      operationId: "detectTemplateDocumentTags",
      summary: "Scan the document for text tags again, keep them and apply them to roles",
      description: `${tagsToRoles} A document that cannot be read is 400 invalid_document (and marked Failed).`,
      params: TemplateDocumentPath,
      response: { 200: TagList, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) =>
      detectTemplateTags(ctx, tenantOf(request), request.params.id, request.params.documentId),
  );

  app.post(
    `${BASE}/documents/:documentId/retry`,
    operation(write, tags, {
      operationId: "retryTemplateDocumentProcessing",
      summary: "Process again a document whose processing failed",
      description: `Reads its text again as detect-tags does; answers the document (Ready when it worked). A document that did not fail is 400 invalid_state.`,
      params: TemplateDocumentPath,
      response: { 200: ref(TemplateDocumentApiResponse), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) =>
      retryTemplateDocument(ctx, tenantOf(request), request.params.id, request.params.documentId),
  );

  app.post(
    `${BASE}/reset`,
    operation(write, tags, {
      operationId: "resetTemplateConfiguration",
      summary: "Remove the template's annotations and detected tags",
      description: "Documents and roles stay; detect-tags reads a document's tags again.",
      params: TemplatePath,
      response: { 200: ref(TemplateApiResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) => resetTemplate(storage, tenantOf(request), request.params.id),
  );

  // -------------------------------------------------------------------------------------------
  // Chunked uploads (as a package's)

  registerUploadRoutes(app, {
    base: BASE,
    collection: "/api/v1/templates",
    tags,
    read,
    write,
    ownerPath: TemplatePath,
    uploadPath: UploadPath,
    blockPath: BlockPath,
    document: TemplateDocumentApiResponse,
    words: {
      initiate: {
        operationId: "initiateTemplateUpload",
        summary: "Open a chunked upload of a template document (blocks of 4 MiB, 24 hours)",
        description: "Then PUT each block, and commit.",
      },
      status: {
        operationId: "getTemplateUploadStatus",
        summary: "Which blocks of a template upload have arrived",
        description: "A committed, aborted or expired upload is 404.",
      },
      stage: {
        operationId: "stageTemplateBlock",
        summary: "Stage one block (raw bytes; 0-based; again replaces it)",
        description:
          "The body is the block's bytes, whatever its Content-Type (application/octet-stream is usual). Each block is exactly blockSize bytes but the last.",
      },
      commit: {
        operationId: "commitTemplateUpload",
        summary: "Join the blocks into a template document",
        description: `Missing blocks, or bytes whose size or sha256 differ from those announced, are 400 saying which. A commit that waits 30 s in vain for a block request still under way is 400 invalid_state with Retry-After (the upload stays open, without that block); a block body that sends nothing for 20 s is cut off. ${tagsToRoles}`,
      },
      abort: { operationId: "abortTemplateUpload", summary: "Abort a template upload and drop its blocks" },
    },
    operations: {
      initiate: (tenantId, id, body) =>
        initiateTemplateUpload(storage, tenantId, id, body as Parameters<typeof initiateTemplateUpload>[3]),
      status: (tenantId, id, uploadId) => getTemplateUpload(storage, tenantId, id, uploadId),
      stage: (tenantId, id, uploadId, block, body) =>
        stageTemplateBlock(ctx, tenantId, id, uploadId, block, body),
      commit: (tenantId, id, uploadId, actor) => commitTemplateUpload(ctx, tenantId, id, uploadId, actor),
      abort: (tenantId, id, uploadId) => abortTemplateUpload(ctx, tenantId, id, uploadId),
    },
  });

  // -------------------------------------------------------------------------------------------
  // Annotations, tied to roles

  const rules =
    "Its role and document must be this template's (400 naming which otherwise) and it must lie inside its page; the rules of a package's annotation otherwise.";

  app.get(
    `${BASE}/annotations`,
    operation(read, tags, {
      operationId: "listTemplateAnnotations",
      summary: "The template's annotations, in the order they were added",
      params: TemplatePath,
      querystring: TemplateAnnotationListQuery,
      response: { 200: ref(TemplateAnnotationListApiResponse), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => listTemplateAnnotations(storage, tenantOf(request), request.params.id, request.query),
  );

  app.post(
    `${BASE}/documents/:documentId/annotations/bulk`,
    operation(write, tags, {
      operationId: "bulkAddTemplateAnnotations",
      summary: "Place 1 to 500 fields on the document for roles, all or none",
      description: `${rules} Errors name annotations[i].field.`,
      params: TemplateDocumentPath,
      body: ref(BulkTemplateAnnotationsApiRequest),
      response: {
        201: Type.Array(ref(TemplateAnnotationApiResponse)),
        ...errorResponses(400, 401, 403, 404, 413, 415),
      },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await addTemplateAnnotations(
            storage,
            tenantOf(request),
            request.params.id,
            request.params.documentId,
            request.body.annotations,
          ),
        ),
  );

  app.put(
    `${BASE}/annotations/:annotationId`,
    operation(write, tags, {
      operationId: "updateTemplateAnnotation",
      summary: "Change a template annotation; null or omitted fields stay unchanged",
      description: rules,
      params: TemplateAnnotationPath,
      body: ref(UpdateTemplateAnnotationApiRequest),
      response: { 200: ref(TemplateAnnotationApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request) =>
      updateTemplateAnnotation(
        storage,
        tenantOf(request),
        request.params.id,
        request.params.annotationId,
        request.body,
      ),
  );

  app.delete(
    `${BASE}/annotations/:annotationId`,
    operation(write, tags, {
      operationId: "removeTemplateAnnotation",
      summary: "Remove a template annotation",
      params: TemplateAnnotationPath,
      response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      await removeTemplateAnnotation(
        storage,
        tenantOf(request),
        request.params.id,
        request.params.annotationId,
      );
      return reply.code(204).send(null);
    },
  );
};

export default templateDocumentRoutes;
