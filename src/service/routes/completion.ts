import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { contentDisposition } from "../domain/download-links";
import {
  certificateLink,
  exportAuditTrail,
  packageDownloadLink,
  signedDocumentLink,
  signedFileLinks,
} from "../domain/completion";
import { principal, secured } from "../plugins/authentication";
import { errorResponses, ref } from "../schemas/common";
import { DocumentPath, DownloadLinkResponse } from "../schemas/documents";
import { PackagePath } from "../schemas/packages";
import { SignedFilesApiRequest, SignedFilesApiResponse } from "../schemas/signed-files";

const BASE = "/api/v1/packages/:id";

const NOT_YET =
  "Before the package is Completed, and while its documents are being sealed just after, the answer is " +
  "400 invalid_state saying which.";

/** The completion half of contract §6.2 and audit-trail/export of §6.5. */
const completionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage, seal } = app;
  const read = secured(["sign.package.read"]);
  const tags = ["Completion"];
  const tenant = (request: FastifyRequest) => principal(request).tenantId;
  const link = "The link needs no credential and works for 5 minutes.";

  app.get(
    `${BASE}/documents/:documentId/download-signed`,
    {
      config: read.config,
      schema: {
        tags,
        security: read.security,
        operationId: "getSignedDownloadUrl",
        summary: "A link to the final document of a Completed package: values drawn in, sealed",
        description: `${link} ${NOT_YET} ${read.scopesNote}`,
        params: DocumentPath,
        response: { 200: ref(DownloadLinkResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      signedDocumentLink(storage, tenant(request), request.params.id, request.params.documentId),
  );

  app.get(
    `${BASE}/download`,
    {
      config: read.config,
      schema: {
        tags,
        security: read.security,
        operationId: "getPackageDownloadUrl",
        summary:
          "A link to one zip of every signed document, the certificate of completion and the audit trail",
        description: `${link} ${NOT_YET} ${read.scopesNote}`,
        params: PackagePath,
        response: { 200: ref(DownloadLinkResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => packageDownloadLink(storage, tenant(request), request.params.id),
  );

  app.post(
    `${BASE}/signed-files`,
    {
      config: read.config,
      // No body means the defaults (as an empty object does).
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags,
        security: read.security,
        operationId: "getSignedFileLinks",
        summary:
          "Links to every signed document of a Completed package (and its certificate), with names and sizes",
        description:
          "One short-lived download link per file, in one answer: what the add-in needs to attach the signed " +
          "documents to a reply (Outlook downloads them from the links) or to see that they are too large to. " +
          `Each link needs no credential and works for 5 minutes. ${NOT_YET} ${read.scopesNote}`,
        params: PackagePath,
        body: ref(SignedFilesApiRequest),
        response: { 200: ref(SignedFilesApiResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      signedFileLinks(storage, tenant(request), request.params.id, {
        includeCertificate: request.body?.includeCertificate === true,
      }),
  );

  app.get(
    `${BASE}/certificate`,
    {
      config: read.config,
      schema: {
        tags,
        security: read.security,
        operationId: "getCertificateDownloadUrl",
        summary:
          "A link to the certificate of completion (PDF: signers, times, IP addresses, document hashes)",
        description: `${link} ${NOT_YET} ${read.scopesNote}`,
        params: PackagePath,
        response: { 200: ref(DownloadLinkResponse), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => certificateLink(storage, tenant(request), request.params.id),
  );

  app.get(
    `${BASE}/audit-trail/export`,
    {
      config: read.config,
      schema: {
        tags: ["Packages"],
        security: read.security,
        operationId: "exportAuditTrail",
        summary: "The audit trail as a PDF, with the result of its verification on top",
        description: `The trail as it is now, of a package in any state. ${read.scopesNote}`,
        params: PackagePath,
        response: {
          200: {
            description: "The PDF.",
            content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
          },
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { pkg, pdf } = await exportAuditTrail(storage, tenant(request), request.params.id, seal);
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", contentDisposition(`${pkg.name} - audit trail.pdf`))
        .header("Cache-Control", "private, no-store")
        .header("X-Content-Type-Options", "nosniff")
        .send(Buffer.from(pdf));
    },
  );
};

export default completionRoutes;
