import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Readable } from "node:stream";
import { MAX_DOCUMENT_BYTES, MAX_PACKAGE_DOCUMENTS } from "../../pdf/limits";
import { apiActor } from "../domain/audit";
import {
  checkCreateAndSend,
  createAndSend,
  StagedDocuments,
  type CreateAndSendInput,
} from "../domain/create-and-send";
import type { DocumentContext } from "../domain/documents/context";
import { ApiError, validationFailed } from "../errors";
import { principal, secured } from "../plugins/authentication";
import { validationErrors } from "../plugins/error-responses";
import { errorResponses, ref } from "../schemas/common";
import {
  CreateAndSendJsonApiRequest,
  CreateAndSendPackageApiRequest,
  CreateAndSendResponse,
} from "../schemas/create-and-send";
import type { SigningLinks } from "../domain/signing-links";
import { multipartParts, readFilePart, requireMultipart } from "./multipart";
import { operation } from "./route-kit";

const BASE = "/api/v1/packages/create-and-send";
/** One 50 MB document in base64 (4/3 as long) and the rest of the request; more goes multipart. */
export const CREATE_AND_SEND_JSON_LIMIT = 72 * 1024 * 1024;
/** The multipart form's `package` field: up to 5,000 annotations. */
const PACKAGE_FIELD_LIMIT = 4 * 1024 * 1024;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** create-and-send (contract §6.1), JSON with base64 documents and multipart with file parts. */
const createAndSendRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { storage, blobs, workDir, pdfReader, staging, links } = app;
  const ctx: DocumentContext & { links: Pick<SigningLinks, "urlFor"> } = {
    storage,
    blobs,
    workDir,
    pdfReader,
    staging,
    links,
  };
  const both = secured(["sign.package.create", "sign.package.send"]);
  const tags = ["Packages"];
  const tenant = (request: FastifyRequest) => principal(request).tenantId;
  const who = (request: FastifyRequest) => apiActor(principal(request), request.ip);
  const allOrNothing =
    "All or nothing: the package, its documents, signers and annotations are made, the detected text tags applied (unless applyTextTags is false) and the package sent in one transaction; on any error nothing is left (no package, no stored file). Answers the package as sent (Scheduled with scheduledSendOn in the future). With signYourself the caller is the one signer: no mail is sent, and the answer's signingUrl is their link to sign (open it in a dialog, a window or a frame of allowedOrigins).";

  await app.register(multipart, {
    limits: {
      files: MAX_PACKAGE_DOCUMENTS + 1,
      fields: 4,
      fieldSize: PACKAGE_FIELD_LIMIT,
      parts: MAX_PACKAGE_DOCUMENTS + 5,
      fileSize: MAX_DOCUMENT_BYTES + 1,
    },
    throwFileSizeLimit: false,
  });

  app.post(
    `${BASE}/json`,
    {
      config: both.config,
      bodyLimit: CREATE_AND_SEND_JSON_LIMIT,
      schema: {
        tags,
        security: both.security,
        operationId: "createAndSendPackageJson",
        summary: "Create a package with its documents (base64), signers and fields, and send it",
        description: `${allOrNothing} Annotations name their document and signer by place in the request (documentIndex, signerIndex, from 0). The body is at most ${CREATE_AND_SEND_JSON_LIMIT} bytes (one 50 MB document in base64); send larger sets as multipart to create-and-send. ${both.scopesNote}`,
        body: ref(CreateAndSendJsonApiRequest),
        response: { 201: ref(CreateAndSendResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const { documents, ...input } = request.body;
      // The package's own fields are checked before any document is read.
      checkCreateAndSend(input, undefined, who(request).actor);
      const staged = new StagedDocuments(ctx);
      try {
        for (const [i, doc] of documents.entries()) {
          const text = doc.contentBase64.replace(/\s+/g, "");
          if (!BASE64.test(text)) {
            throw validationFailed([
              { field: `documents[${i}].contentBase64`, message: "contentBase64 is not valid base64." },
            ]);
          }
          await staged.stage(i, Readable.from([Buffer.from(text, "base64")]), {
            fileName: doc.fileName || doc.name,
            name: doc.name,
            contentType: doc.contentType ?? "",
          });
        }
      } catch (error) {
        await staged.discard();
        throw error;
      }
      const pkg = await createAndSend(ctx, tenant(request), input, staged, who(request));
      return reply.code(201).header("Location", `/api/v1/packages/${pkg.id}`).send(pkg);
    },
  );

  app.post(
    BASE,
    operation(both, tags, {
      operationId: "createAndSendPackageMultipart",
      summary: "Create a package with its documents (file parts), signers and fields, and send it",
      description: `multipart/form-data: a \`package\` field (CreateAndSendPackageApiRequest as JSON) and one \`file\` part per document (PDF, PNG or JPEG, at most 50 MB each, 25 and 200 MB a package), in order; each file's name is its document's name. Send \`package\` first: then a bad request is refused before any file is read. ${allOrNothing} Annotations name their document and signer by place (documentIndex: the file parts in order, signerIndex: signers, from 0).`,
      consumes: ["multipart/form-data"],
      response: { 201: ref(CreateAndSendResponse), ...errorResponses(400, 401, 403, 404, 413, 415) },
    }),
    async (request, reply) => {
      requireMultipart(
        request,
        "Send multipart/form-data with a package field and file parts, or JSON to create-and-send/json.",
      );
      const validate = request.compileValidationSchema(ref(CreateAndSendPackageApiRequest), "body");
      let input: CreateAndSendInput | null = null;
      const staged = new StagedDocuments(ctx);
      try {
        let index = 0;
        for await (const part of multipartParts(request)) {
          if (part.type === "field") {
            if (part.fieldname !== "package") continue;
            if (input !== null) {
              throw validationFailed([{ field: "package", message: "Send one package field." }]);
            }
            if (part.valueTruncated) {
              throw new ApiError(
                413,
                "payload_too_large",
                `The package field is over ${PACKAGE_FIELD_LIMIT} bytes.`,
                [{ field: "package", message: `At most ${PACKAGE_FIELD_LIMIT} bytes.` }],
              );
            }
            input = packageField(part.value, validate);
            checkCreateAndSend(input, undefined, who(request).actor);
            continue;
          }
          if (part.fieldname !== "file") {
            part.file.resume();
            continue;
          }
          try {
            await readFilePart(part, (file) =>
              staged.stage(index++, file, {
                fileName: part.filename || "document",
                contentType: part.mimetype,
              }),
            );
          } finally {
            // A refused file is read to its end so that the answer can be sent on this connection.
            part.file.resume();
          }
        }
        if (input === null) {
          throw validationFailed([
            { field: "package", message: "Add the package's JSON as a field named package." },
          ]);
        }
      } catch (error) {
        await staged.discard();
        throw error;
      }
      const pkg = await createAndSend(ctx, tenant(request), input, staged, who(request));
      return reply.code(201).header("Location", `/api/v1/packages/${pkg.id}`).send(pkg);
    },
  );
};

/** The `package` field's JSON, checked against its schema as a JSON body is (400 naming fields). */
function packageField(value: unknown, validate: ReturnType<FastifyRequest["compileValidationSchema"]>) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(value));
  } catch {
    throw validationFailed([{ field: "package", message: "The package field is not valid JSON." }]);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw validationFailed([{ field: "package", message: "The package field must be a JSON object." }]);
  }
  if (!validate(parsed)) {
    const issues = (validate.errors ?? []) as Parameters<typeof validationErrors>[0];
    throw validationFailed(validationErrors(issues));
  }
  return parsed as CreateAndSendInput;
}

export default createAndSendRoutes;
