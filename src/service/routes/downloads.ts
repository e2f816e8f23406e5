import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@sinclair/typebox";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Readable } from "node:stream";
import { BlobNotFoundError } from "../blobs";
import {
  contentDisposition,
  DOWNLOAD_LINK_TTL_SECONDS,
  DOWNLOADS_PATH,
  mayOpenInline,
  resolveDownloadLink,
} from "../domain/download-links";
import { ApiError } from "../errors";
import { errorResponses } from "../schemas/common";

/** One answer for every link that serves nothing, so that it tells nothing about why. */
const gone = () =>
  new ApiError(
    404,
    "not_found",
    `This download link is unknown or has expired; links last ${DOWNLOAD_LINK_TTL_SECONDS / 60} minutes, ask for a new one.`,
  );

/**
 * The short-lived links of contract §6.2 (`download`, `download-pdf`, `download-signed`, the
 * package zip, the certificate): the bytes of one blob to whoever holds the link, no credential.
 */
const downloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage, blobs } = app;
  // After the service-wide security headers (they give text/html answers the policy of our own
  // pages, which lets our scripts run): whatever a file holds, opened from our origin it runs in a
  // sandbox with no access to the origin, and it never leaks its own URL (the token) as a Referer.
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Content-Security-Policy", "sandbox");
    reply.header("Referrer-Policy", "no-referrer");
    reply.header("Cache-Control", "no-store");
    return payload;
  });

  const serve = async (
    request: FastifyRequest<{ Params: { token: string }; Querystring: { inline?: string } }>,
    reply: FastifyReply,
  ) => {
    const link = await resolveDownloadLink(storage, request.params.token);
    if (!link) throw gone();
    // HEAD checks that the blob is there without opening it.
    let body: Readable | undefined;
    if (request.method === "HEAD") {
      if (!(await blobs.has(link.blobSha256))) throw gone();
    } else {
      try {
        body = await blobs.get(link.blobSha256);
      } catch (error) {
        // A deleted document's blob may have been collected while its link still lived.
        if (error instanceof BlobNotFoundError) throw gone();
        throw error;
      }
    }
    // Only now, so that a 404 above carries none of the file's headers.
    reply
      .header("Content-Type", link.contentType)
      .header("Content-Length", String(link.size))
      .header(
        "Content-Disposition",
        contentDisposition(
          link.fileName,
          // Asked for, and a PDF: shown in the browser's viewer (Status's "Open") instead of saved.
          request.query.inline === "1" && mayOpenInline(link.contentType) ? "inline" : "attachment",
        ),
      )
      .header("X-Content-Type-Options", "nosniff");
    return reply.send(body);
  };
  const params = Type.Object({ token: Type.String() });
  const querystring = Type.Object({
    inline: Type.Optional(
      Type.String({
        description:
          "1: a PDF is answered Content-Disposition: inline, so that a browser shows it in its viewer; any " +
          "other file is an attachment whatever this says.",
      }),
    ),
  });

  app.get(
    `${DOWNLOADS_PATH}/:token`,
    {
      // Fastify's own HEAD route would answer Content-Length: 0 for a body-less reply; ours is below.
      exposeHeadRoute: false,
      schema: {
        tags: ["Downloads"],
        operationId: "getDownload",
        summary: "The file a download link serves",
        description:
          "The url of `{ url, expiresOn }` from a `download` operation. No credential is needed: the link is " +
          `the credential, so keep it to yourself. It lasts ${DOWNLOAD_LINK_TTL_SECONDS / 60} minutes and ` +
          "may be used again until then. Answers the bytes with the file's Content-Type, Content-Length and " +
          "Content-Disposition: attachment (filename and filename*), or inline for a PDF with inline=1; HEAD " +
          "answers the headers alone. Every answer is sandboxed (Content-Security-Policy: sandbox), never " +
          "cached and sent with X-Content-Type-Options: nosniff. An " +
          "unknown or expired link, or one whose file no longer exists, is 404.",
        security: [],
        params,
        querystring,
        response: {
          200: {
            description: "The file's bytes.",
            content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
          },
          ...errorResponses(404),
        },
      },
    },
    serve,
  );
  // The same answer without its body: Content-Length is the file's, as for GET.
  app.head(`${DOWNLOADS_PATH}/:token`, { schema: { hide: true, params, querystring } }, serve);
};

export default downloadRoutes;
