import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Readable } from "node:stream";
import { BlobNotFoundError, type ByteRange } from "../blobs";
import { apiActor } from "../domain/audit";
import {
  attachFile,
  createSigningUrl,
  declineSigning,
  documentForLink,
  finishSigning,
  openSession,
  saveFieldValue,
  SIGNING_LIMITS,
  verifyAccessCode,
  type SigningContext,
} from "../domain/signing";
import { SIGNING_API_PATH } from "../domain/signing-links";
import type { SignerCopies } from "../domain/signer-document";
import { ApiError } from "../errors";
import { principal, secured } from "../plugins/authentication";
import { errorResponses, ref } from "../schemas/common";
import { SignerPath } from "../schemas/packages";
import {
  AccessCodeGrant,
  AccessCodeRequest,
  DeclineRequest,
  FieldValueRequest,
  GetSigningUrlApiRequest,
  SigningDocumentPath,
  SigningField,
  SigningFieldPath,
  SigningPath,
  SigningSession,
  SigningUrlResponse,
} from "../schemas/signing";

const GRANT_HEADER = "x-signing-grant";
const ATTACHMENT_TYPES = ["application/pdf", "image/png", "image/jpeg", "application/octet-stream"];

function grantOf(request: FastifyRequest): string | undefined {
  const value = request.headers[GRANT_HEADER];
  return typeof value === "string" ? value : undefined;
}

/**
 * A single `bytes=` range of a file of `size` bytes: null to answer the whole file (no Range, or one
 * we do not serve, such as several ranges: a server may ignore Range), "unsatisfiable" for 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/**
 * The signing page's API (docs/signing-page-api.md): no credential but the link's token. Tokens never
 * reach the log (app.ts redacts them from request URLs), answers are never cached, and the page's
 * address (with its token) is never sent on as a Referer.
 */
const signingPageRoutes: FastifyPluginAsyncTypebox<{ copies: SignerCopies }> = async (app, { copies }) => {
  const { storage, links, limiter, blobs } = app;
  const ctx: SigningContext = { storage, links, limiter, blobs, copies };
  const tags = ["Signing page"];
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith(SIGNING_API_PATH)) {
      reply.header("Cache-Control", "private, no-store");
      reply.header("Referrer-Policy", "no-referrer");
    }
    return payload;
  });
  // Attachments arrive as raw bytes (only in this plugin's scope: the rest of the API stays JSON).
  app.addContentTypeParser(
    ATTACHMENT_TYPES,
    { parseAs: "buffer", bodyLimit: SIGNING_LIMITS.attachmentBytes + 1 },
    (_request, body, done) => done(null, body),
  );
  const linkNote =
    "No credential: the link's token is the credential. A malformed, unknown or tampered token is 404.";
  const grantNote = `With authMethod AccessCode, send the grant of access-code as X-Signing-Grant (without it: 403 access_code_required).`;

  app.get(
    `${SIGNING_API_PATH}/:token`,
    {
      schema: {
        tags,
        operationId: "getSigningSession",
        summary: "What the link's holder sees: the session and its state",
        description: `Opened Ready the first time, marks the signer (and a Sent package) Viewed. Without a valid X-Signing-Grant an access-code signer's session is AccessCodeRequired. ${linkNote}`,
        security: [],
        params: SigningPath,
        response: { 200: ref(SigningSession), ...errorResponses(404) },
      },
    },
    async (request) => openSession(ctx, request.params.token, grantOf(request), request.ip),
  );

  app.post(
    `${SIGNING_API_PATH}/:token/access-code`,
    {
      schema: {
        tags,
        operationId: "verifySigningAccessCode",
        summary: "Give the access code; answers a grant for the link's other calls",
        description: `A wrong code is 400 invalid_access_code; after ${SIGNING_LIMITS.accessCodeFailures} wrong codes in ${SIGNING_LIMITS.accessCodeWindowMs / 60_000} minutes for one person's slot, 429 rate_limited with Retry-After. ${linkNote}`,
        security: [],
        params: SigningPath,
        body: ref(AccessCodeRequest),
        response: { 200: ref(AccessCodeGrant), ...errorResponses(400, 404, 415, 429) },
      },
    },
    async (request) => verifyAccessCode(ctx, request.params.token, request.body.accessCode, request.ip),
  );

  const serveDocument = async (
    request: FastifyRequest<{ Params: { token: string; documentId: string } }>,
    reply: FastifyReply,
  ) => {
    const doc = await documentForLink(ctx, request.params.token, grantOf(request), request.params.documentId);
    const size = doc.size;
    // The document changes as other signers complete: a range asked of an earlier version (If-Range
    // with another ETag) gets the whole current one instead (RFC 9110 §13.1.5).
    const ifRange = request.headers["if-range"];
    const sameVersion = ifRange === undefined || ifRange === doc.etag;
    const range = size === null || !sameVersion ? null : parseRange(request.headers.range, size);
    if (range === "unsatisfiable") {
      throw new ApiError(
        416,
        "validation_failed",
        `The range is outside the document (${size} bytes).`,
        undefined,
        {
          "Content-Range": `bytes */${size}`,
        },
      );
    }
    let body: Readable | undefined;
    if (request.method !== "HEAD") {
      try {
        body = await ctx.blobs.get(doc.sha256, range ?? undefined);
      } catch (error) {
        if (error instanceof BlobNotFoundError) {
          ctx.copies.forget(doc.sha256); // a copy the collector removed: made again next time
          throw new ApiError(404, "not_found", "The document's file is missing.");
        }
        throw error;
      }
    }
    reply
      .header("Content-Type", "application/pdf")
      .header("X-Content-Type-Options", "nosniff")
      .header("ETag", doc.etag);
    if (size !== null) reply.header("Accept-Ranges", "bytes");
    if (range) {
      reply
        .code(206)
        .header("Content-Range", `bytes ${range.start}-${range.end}/${size}`)
        .header("Content-Length", String(range.end - range.start + 1));
    } else if (size !== null) reply.header("Content-Length", String(size));
    return reply.send(body);
  };

  app.get(
    `${SIGNING_API_PATH}/:token/documents/:documentId`,
    {
      exposeHeadRoute: false,
      schema: {
        tags,
        operationId: "getSigningDocument",
        summary: "A document's PDF as this signer is shown it (Range supported)",
        description: `The uploaded PDF without its text tags, with the values other signers have completed drawn where the signed document will have them (this signer's own fields are not drawn). It changes as they complete: ETag is the hash of the bytes answered, and a Range with If-Range naming another ETag answers the whole current PDF. Only in states Ready, NotYourTurn and Completed (else 400 invalid_state). Answers 206 with Content-Range for a single bytes= range. ${grantNote} ${linkNote}`,
        security: [],
        params: SigningDocumentPath,
        response: {
          200: {
            description: "The PDF.",
            content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
          },
          ...errorResponses(400, 403, 404, 416),
        },
      },
    },
    serveDocument,
  );
  app.head(
    `${SIGNING_API_PATH}/:token/documents/:documentId`,
    { schema: { hide: true, params: SigningDocumentPath } },
    serveDocument,
  );

  app.put(
    `${SIGNING_API_PATH}/:token/fields/:fieldId`,
    {
      schema: {
        tags,
        operationId: "saveSigningFieldValue",
        summary: "Save one field's value as the signer goes (null clears it)",
        description: `A value the field's type does not take is 400 validation_failed naming the field; a link that is not Ready is 400 invalid_state naming its state. ${grantNote} ${linkNote}`,
        security: [],
        params: SigningFieldPath,
        body: ref(FieldValueRequest),
        response: { 200: ref(SigningField), ...errorResponses(400, 403, 404, 413, 415) },
      },
    },
    async (request) =>
      saveFieldValue(
        ctx,
        request.params.token,
        grantOf(request),
        request.params.fieldId,
        request.body.value,
        request.ip,
      ),
  );

  app.post(
    `${SIGNING_API_PATH}/:token/fields/:fieldId/attachment`,
    {
      bodyLimit: SIGNING_LIMITS.attachmentBytes + 1,
      schema: {
        tags,
        operationId: "attachSigningFile",
        summary: "Attach a file to an Attachment field (raw body, PDF, PNG or JPEG)",
        description: `At most ${SIGNING_LIMITS.attachmentBytes / 1024 / 1024} MB (413 over); the type is read from the bytes (415 for others). The file name comes from X-File-Name (percent-encoded UTF-8 allowed) and becomes the field's value. ${grantNote} ${linkNote}`,
        security: [],
        params: SigningFieldPath,
        consumes: ATTACHMENT_TYPES,
        response: { 200: ref(SigningField), ...errorResponses(400, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) {
        throw new ApiError(400, "validation_failed", "Send the file's bytes as the body.");
      }
      const name = request.headers["x-file-name"];
      return attachFile(
        ctx,
        request.params.token,
        grantOf(request),
        request.params.fieldId,
        body,
        typeof name === "string" ? name : undefined,
        request.ip,
      );
    },
  );

  app.post(
    `${SIGNING_API_PATH}/:token/finish`,
    {
      schema: {
        tags,
        operationId: "finishSigning",
        summary: "Finish: every required field must have a value",
        description: `Fills the automatic fields and completes the signer's slot (a group slot: by this member); the next routing order is invited when the order is enforced; the package becomes InProgress, or Completed when every slot is done. Missing required fields are 400 validation_failed with one error per field (field = the field's id). Finishing twice answers the Completed session. ${grantNote} ${linkNote}`,
        security: [],
        params: SigningPath,
        response: { 200: ref(SigningSession), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => finishSigning(ctx, request.params.token, grantOf(request), request.ip),
  );

  app.post(
    `${SIGNING_API_PATH}/:token/decline`,
    {
      schema: {
        tags,
        operationId: "declineSigning",
        summary: "Decline with a reason: the package becomes Declined and the sender is told",
        description: `${grantNote} ${linkNote}`,
        security: [],
        params: SigningPath,
        body: ref(DeclineRequest),
        response: { 200: ref(SigningSession), ...errorResponses(400, 403, 404, 413, 415) },
      },
    },
    async (request) =>
      declineSigning(ctx, request.params.token, grantOf(request), request.body.reason, request.ip),
  );

  const send = secured(["sign.package.send"]);
  app.post(
    "/api/v1/packages/:id/signers/:signerId/signing-url",
    {
      config: send.config,
      schema: {
        tags: ["Signers"],
        security: send.security,
        operationId: "getSigningUrl",
        summary: "A single signer's link to the signing page, for a few minutes",
        description: `Contract §6.3: { url, expiresOn }; refused with 400 not_your_turn before the signer's routing order is reached, and for a signing-group slot (each member signs from their own mail). After finish or decline the page goes to returnUrl; the page of this link (and only of it) may be shown in a frame by allowedOrigins (its Content-Security-Policy's frame-ancestors; every other link's page is frame-ancestors 'none'). ${send.scopesNote}`,
        params: SignerPath,
        body: Type.Optional(ref(GetSigningUrlApiRequest)),
        response: { 200: ref(SigningUrlResponse), ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      createSigningUrl(
        ctx,
        principal(request).tenantId,
        request.params.id,
        request.params.signerId,
        request.body ?? {},
        apiActor(principal(request), request.ip),
      ),
  );
};

export default signingPageRoutes;
