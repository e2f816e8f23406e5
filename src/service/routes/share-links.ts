import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyRequest } from "fastify";
import { apiActor } from "../domain/audit";
import { contentDisposition } from "../domain/download-links";
import { shareContent, shareContentReady } from "../domain/share-content";
import {
  listShareLinks,
  mintShareLink,
  openShareLink,
  revokeShareLink,
  SHARED_PATH,
} from "../domain/share-links";
import { principal, secured } from "../plugins/authentication";
import { named } from "../plugins/named";
import { errorResponses, ref } from "../schemas/common";
import { PackagePath } from "../schemas/packages";
import {
  ListShareLinksQuery,
  MintedShareLinkApiResponse,
  MintShareLinkApiRequest,
  ShareLinkListApiResponse,
} from "../schemas/share-links";
import { rawQuery } from "./raw-query";

/** Share links of contract §7: mint, list and revoke with a credential; open with the link alone. */
const shareLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The seal signs the evidence pack's audit trail as it does the documents.
  const { storage, blobs, seal } = app;
  const read = secured(["sign.package.read"]);
  const send = secured(["sign.package.send"]);
  const tags = ["Share links"];
  const tenant = (request: FastifyRequest) => principal(request).tenantId;
  const who = (request: FastifyRequest) => apiActor(principal(request), request.ip);

  app.post(
    "/api/v1/packages/:id/share-links",
    {
      config: send.config,
      schema: {
        tags,
        security: send.security,
        operationId: "mintShareLink",
        summary:
          "A link to the package's signed documents, evidence or certificate, for someone without an account",
        description:
          "The url is answered this once (only its hash is kept). SignedDocument, AllSignedDocuments and " +
          "CertificateOfCompletion need a Completed package; EvidencePack a package that was sent. " +
          `${send.scopesNote}`,
        params: PackagePath,
        body: ref(MintShareLinkApiRequest),
        response: { 201: ref(MintedShareLinkApiResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const link = await mintShareLink(
        storage,
        tenant(request),
        request.params.id,
        request.body,
        who(request),
      );
      return reply.code(201).send(link);
    },
  );

  app.get(
    "/api/v1/share-links",
    {
      config: read.config,
      attachValidation: true,
      schema: {
        tags,
        security: read.security,
        operationId: "listShareLinks",
        summary: "The tenant's share links that are not revoked, newest first, without their urls",
        description: read.scopesNote,
        querystring: ListShareLinksQuery,
        response: { 200: ref(ShareLinkListApiResponse), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listShareLinks(storage, tenant(request), rawQuery(request.url)),
  );

  app.delete(
    "/api/v1/share-links/:id",
    {
      config: send.config,
      schema: {
        tags,
        security: send.security,
        operationId: "revokeShareLink",
        summary: "Revoke a share link: it opens nothing from now on",
        description: send.scopesNote,
        params: Type.Object({ id: Type.String() }),
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeShareLink(storage, tenant(request), request.params.id, who(request));
      return reply.code(204).send(null);
    },
  );

  // Opening: what the link serves is the sender's content, so the same guards as download links.
  await app.register(
    named("share-link-opening", async (opened: typeof app) => {
      opened.addHook("onSend", async (_request, reply, payload) => {
        reply.header("Content-Security-Policy", "sandbox");
        reply.header("Referrer-Policy", "no-referrer");
        reply.header("Cache-Control", "no-store");
        return payload;
      });
      opened.get(
        `${SHARED_PATH}/:token`,
        {
          exposeHeadRoute: false,
          schema: {
            tags,
            operationId: "openShareLink",
            summary: "What a share link serves",
            description:
              "The url of a minted share link. No credential: the link is the credential. Each answer counts " +
              "one use; a revoked, expired or used-up link is 404. A link to signed documents or a certificate " +
              "whose completion is still in progress is 400 invalid_state and counts no use.",
            security: [],
            params: Type.Object({ token: Type.String() }),
            response: {
              200: {
                description: "The file (a PDF or a zip).",
                content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
              },
              ...errorResponses(400, 404),
            },
          },
        },
        async (request, reply) => {
          const opened = await openShareLink(
            storage,
            (request.params as { token: string }).token,
            request.ip,
            shareContentReady,
          );
          const content = await shareContent(storage, blobs, opened, undefined, seal ?? null);
          return reply
            .header("Content-Type", content.contentType)
            .header("Content-Disposition", contentDisposition(content.fileName))
            .header("X-Content-Type-Options", "nosniff")
            .send(content.body);
        },
      );
    }),
  );
};

export default shareLinkRoutes;
