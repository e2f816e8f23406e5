// multipart/form-data bodies of document uploads (a package's or a template's direct upload,
// create-and-send): the parts one by one, with a body that is no form or is cut off answered as the
// client's 400, never our 500.
import multipart, { type MultipartFile, type Multipart } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Readable } from "node:stream";
import { MAX_DOCUMENT_BYTES } from "../../pdf/limits";
import { ApiError, validationFailed } from "../errors";

export function malformed(error: Error): ApiError {
  const detail = `The multipart body cannot be read: ${error.message}.`;
  return new ApiError(400, "validation_failed", detail, [{ field: "file", message: detail }]);
}

/** 415 unless the request is multipart/form-data; `instead` says what to send. */
export function requireMultipart(request: FastifyRequest, instead: string): void {
  if (!request.isMultipart()) throw new ApiError(415, "unsupported_media_type", instead);
}

/**
 * In this plugin's scope: multipart forms of one document (and a few fields) and raw blocks
 * (application/octet-stream, passed on as the stream). The rest of the API stays JSON.
 */
export async function acceptDocumentBodies(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fields: 10, fieldSize: 4_096, parts: 12, fileSize: MAX_DOCUMENT_BYTES + 1 },
    throwFileSizeLimit: false,
  });
  app.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));
}

/** The form's parts in order; busboy's word on a body that is no form (no boundary, cut off) is a 400. */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next;
    try {
      next = await parts.next();
    } catch (error) {
      throw malformed(error as Error);
    }
    if (next.done) return;
    yield next.value;
  }
}

/**
 * Runs `use` on a file part's bytes. A body cut off inside the file fails the file's stream: the
 * client's fault, answered 400, whatever `use` made of the short stream.
 */
export async function readFilePart<T>(part: MultipartFile, use: (file: Readable) => Promise<T>): Promise<T> {
  let cutOff: Error | null = null;
  part.file.on("error", (error: Error) => (cutOff ??= error));
  try {
    return await use(part.file);
  } catch (error) {
    // (The stream may have failed before we listened: then it says so itself.)
    const failure = cutOff ?? (part.file.errored as Error | null);
    if (failure && !(error instanceof ApiError)) throw malformed(failure);
    throw error;
  }
}

/**
 * A direct upload's form: an optional `name` field, then one `file` part, handed to `store` with
 * its file name and type. Other parts are skipped; no file part is 400.
 */
export async function oneDocument<T>(
  request: FastifyRequest,
  store: (
    file: Readable,
    incoming: { fileName: string; name: string | null; contentType: string },
  ) => Promise<T>,
): Promise<T> {
  requireMultipart(
    request,
    "Send the document as multipart/form-data with one file part, or use the chunked uploads.",
  );
  let name: string | null = null;
  let stored: { value: T } | null = null;
  for await (const part of multipartParts(request)) {
    if (part.type === "field") {
      if (part.fieldname === "name" && typeof part.value === "string") name = part.value;
      continue;
    }
    if (part.fieldname !== "file" || stored !== null) {
      part.file.resume();
      continue;
    }
    const incoming = { fileName: part.filename || "document", name, contentType: part.mimetype };
    stored = { value: await readFilePart(part, (file) => store(file, incoming)) };
  }
  if (stored === null) {
    throw validationFailed(
      [{ field: "file", message: "Add the document as a part named file." }],
      "The request has no file part.",
    );
  }
  return stored.value;
}
