import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { apiActor } from "../domain/audit";
import { applyDetectedTags } from "../domain/documents/apply-tags";
import type { DocumentContext } from "../domain/documents/context";
import { removalImpact } from "../domain/documents/delete";
import { detectedTags, detectTagsAgain } from "../domain/documents/detect-tags";
import { packageDocuments } from "../domain/documents/documents-of";
import { documentDownloadLink } from "../domain/documents/download-link";
import { importDocument } from "../domain/documents/import-url";
import { getDocument, listDocuments } from "../domain/documents/read";
import { principal, secured } from "../plugins/authentication";
import { errorResponses, ref } from "../schemas/common";
import {
  ApplyDetectedTagsApiRequest,
  ApplyDetectedTagsResponse,
  BlockPath,
  DetectedTagResponse,
  DocumentApiResponse,
  DocumentListApiResponse,
  DocumentPath,
  DownloadLinkResponse,
  ImportUrlApiRequest,
  RemovalImpactResponse,
  UploadPath,
} from "../schemas/documents";
import { PackagePath } from "../schemas/packages";
import { acceptDocumentBodies, oneDocument } from "./multipart";
import { operation } from "./route-kit";
import { registerUploadRoutes } from "./upload-routes";

const BASE = "/api/v1/packages/:id";

/** Documents of a package (contract §6.2): uploads, reading, deleting, detected tags. */
const documentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage, blobs, workDir, pdfReader, staging } = app;
  const ctx: DocumentContext = { storage, blobs, workDir, pdfReader, staging };
  const read = secured(["sign.package.read"]);
  const create = secured(["sign.package.create"]);
  const tags = ["Documents"];
  const tenant = (request: FastifyRequest) => principal(request).tenantId;
  const who = (request: FastifyRequest) => apiActor(principal(request), request.ip);
  const draftOnly = "Draft packages only (400 invalid_state naming the state otherwise).";

  await acceptDocumentBodies(app);

  app.post(
    `${BASE}/documents`,
    operation(create, tags, {
      operationId: "uploadDocumentDirect",
      summary: "Upload a document in one request (multipart/form-data)",
      description: `One \`file\` part (PDF, PNG or JPEG, at most 50 MB) and an optional \`name\` field before it; a second file part, a file part of another name or a \`name\` after the file is 400 validation_failed naming it, with nothing stored. Images become one-page PDFs; text tags are detected. A broken, encrypted or mislabeled file is 400 invalid_document saying which. ${draftOnly}`,
      consumes: ["multipart/form-data"],
      params: PackagePath,
      response: { 201: ref(DocumentApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) => {
      const document = await oneDocument(request, (file, incoming) =>
        packageDocuments.store(ctx, tenant(request), request.params.id, file, incoming, who(request)),
      );
      return reply.code(201).send(document);
    },
  );

  app.post(
    `${BASE}/documents/import-url`,
    operation(create, tags, {
      operationId: "importDocumentFromUrl",
      summary: "Fetch a document from an https URL",
      description: `Public addresses only (private, loopback, link-local and metadata addresses are refused after DNS and on every redirect), at most 50 MB and 30 seconds; then as an upload. ${draftOnly}`,
      params: PackagePath,
      body: ref(ImportUrlApiRequest),
      response: { 201: ref(DocumentApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(await importDocument(ctx, tenant(request), request.params.id, request.body, who(request))),
  );

  app.get(
    `${BASE}/documents`,
    operation(read, tags, {
      operationId: "listDocuments",
      summary: "The package's documents in order",
      params: PackagePath,
      response: { 200: ref(DocumentListApiResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) => listDocuments(storage, tenant(request), request.params.id),
  );

  app.get(
    `${BASE}/documents/:documentId`,
    operation(read, tags, {
      operationId: "getDocument",
      summary: "A document: pages, sizes and how many tags were found",
      params: DocumentPath,
      response: { 200: ref(DocumentApiResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) => getDocument(storage, tenant(request), request.params.id, request.params.documentId),
  );

  app.delete(
    `${BASE}/documents/:documentId`,
    operation(create, tags, {
      operationId: "deleteDocument",
      summary: "Delete a document and its annotations",
      description: `See removal-impact first. ${draftOnly}`,
      params: DocumentPath,
      response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request, reply) => {
      await packageDocuments.delete(
        storage,
        tenant(request),
        request.params.id,
        request.params.documentId,
        who(request),
      );
      return reply.code(204).send(null);
    },
  );

  for (const [suffix, kind, operationId, summary] of [
    ["download", "original", "getOriginalDownloadUrl", "A link to the document as it was uploaded"],
    ["download-pdf", "pdf", "getPdfDownloadUrl", "A link to the document as a PDF (an image's PDF)"],
  ] as const) {
    app.get(
      `${BASE}/documents/:documentId/${suffix}`,
      {
        config: read.config,
        schema: {
          tags,
          security: read.security,
          operationId,
          summary,
          description: `The link needs no credential and works for 5 minutes. ${read.scopesNote}`,
          params: DocumentPath,
          response: { 200: ref(DownloadLinkResponse), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) =>
        documentDownloadLink(storage, tenant(request), request.params.id, request.params.documentId, kind),
    );
  }

  app.get(
    `${BASE}/documents/:documentId/removal-impact`,
    operation(read, tags, {
      operationId: "getDocumentRemovalImpact",
      summary: "What deleting the document would take with it",
      params: DocumentPath,
      response: { 200: ref(RemovalImpactResponse), ...errorResponses(401, 403, 404) },
    }),
    async (request) => removalImpact(storage, tenant(request), request.params.id, request.params.documentId),
  );

  app.get(
    `${BASE}/documents/:documentId/detected-tags`,
    operation(read, tags, {
      operationId: "getDetectedTags",
      summary: "The text tags found in the document when it was stored",
      description: `Positions in points from the page's visible top-left.`,
      params: DocumentPath,
      response: { 200: Type.Array(ref(DetectedTagResponse)), ...errorResponses(401, 403, 404) },
    }),
    async (request) => detectedTags(storage, tenant(request), request.params.id, request.params.documentId),
  );

  app.post(
    `${BASE}/documents/:documentId/detect-tags`,
    operation(create, tags, {
      operationId: "detectDocumentTags",
      summary: "Scan the document for text tags again and keep the result",
      params: DocumentPath,
      response: { 200: Type.Array(ref(DetectedTagResponse)), ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => detectTagsAgain(ctx, tenant(request), request.params.id, request.params.documentId),
  );

  app.post(
    `${BASE}/apply-detected-tags`,
    {
      config: create.config,
      // No body means every document (as an empty object does).
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        security: create.security,
        operationId: "applyDetectedTags",
        summary: "Turn the documents' detected tags into annotations",
        description: `Each tag goes to the signer whose position in routing order (ties by when added) is the tag's signer index; tags without such a signer, unreadable tags and tags applied before are skipped with a reason. Applying twice creates nothing new. ${draftOnly} ${create.scopesNote}`,
        params: PackagePath,
        body: ref(ApplyDetectedTagsApiRequest),
        response: { 200: ref(ApplyDetectedTagsResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) =>
      applyDetectedTags(storage, tenant(request), request.params.id, request.body, who(request)),
  );

  // -------------------------------------------------------------------------------------------
  // Chunked uploads

  registerUploadRoutes(app, {
    base: BASE,
    collection: "/api/v1/packages",
    tags,
    read,
    write: create,
    ownerPath: PackagePath,
    uploadPath: UploadPath,
    blockPath: BlockPath,
    document: DocumentApiResponse,
    words: {
      initiate: {
        operationId: "initiateDocumentUpload",
        summary: "Open a chunked upload (blocks of 4 MiB, 24 hours)",
        description: `Then PUT each block, and commit. ${draftOnly}`,
      },
      status: {
        operationId: "getDocumentUploadStatus",
        summary: "Which blocks have arrived",
        description: `A committed, aborted or expired upload is 404.`,
      },
      stage: {
        operationId: "stageDocumentBlock",
        summary: "Stage one block (raw bytes; 0-based; again replaces it)",
        description:
          "The body is the block's bytes, whatever its Content-Type (application/octet-stream is usual). Each block is exactly blockSize bytes but the last.",
      },
      commit: {
        operationId: "commitDocumentUpload",
        summary: "Join the blocks into a document",
        description: `Missing blocks, or bytes whose size or sha256 differ from those announced, are 400 saying which. A commit that waits 30 s in vain for a block request still under way is 400 invalid_state with Retry-After (the upload stays open, without that block); a block body that sends nothing for 20 s is cut off. ${draftOnly}`,
      },
      abort: { operationId: "abortDocumentUpload", summary: "Abort an upload and drop its blocks" },
    },
    operations: {
      initiate: (tenantId, id, body) =>
        packageDocuments.initiateUpload(
          storage,
          tenantId,
          id,
          body as Parameters<typeof packageDocuments.initiateUpload>[3],
        ),
      status: (tenantId, id, uploadId) => packageDocuments.getUpload(storage, tenantId, id, uploadId),
      stage: (tenantId, id, uploadId, block, body) =>
        packageDocuments.stageBlock(ctx, tenantId, id, uploadId, block, body),
      commit: (tenantId, id, uploadId, actor) =>
        packageDocuments.commitUpload(ctx, tenantId, id, uploadId, actor),
      abort: (tenantId, id, uploadId) => packageDocuments.abortUpload(ctx, tenantId, id, uploadId),
    },
  });
};

export default documentRoutes;
