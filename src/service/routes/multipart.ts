// multipart/form-data bodies of document uploads (a package's or a template's direct upload,
// create-and-send): the parts one by one, with a body that is no form or is cut off answered as the
// client's 400, never our 500.
import multipart, { type MultipartFile, type Multipart } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { PassThrough, type Readable } from "node:stream";
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
 * In this plugin's scope: multipart forms of one document (and a few fields). The rest stays JSON
 * (a chunked upload's blocks take raw bytes in a scope of their own: upload-routes.ts).
 */
export async function acceptDocumentBodies(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { files: 1, fields: 10, fieldSize: 4_096, parts: 12, fileSize: MAX_DOCUMENT_BYTES + 1 },
    throwFileSizeLimit: false,
  });
}

/**
 * The plugin's limit errors in our words: its own ("reach files limit") are busboy's, not an answer.
 * `tooManyFiles` says what the route takes instead of the generic 413.
 */
function limitError(error: Error & { code?: string }, tooManyFiles?: () => ApiError): ApiError | null {
  const tooMany = (what: string) =>
    new ApiError(413, "payload_too_large", `The form has too many ${what}.`, [
      { field: what === "file parts" ? "file" : "form", message: `Too many ${what}.` },
    ]);
  switch (error.code) {
    case "FST_FILES_LIMIT":
      return tooManyFiles?.() ?? tooMany("file parts");
    case "FST_FIELDS_LIMIT":
      return tooMany("fields");
    case "FST_PARTS_LIMIT":
      return tooMany("parts");
    default:
      return null;
  }
}

/**
 * The form's parts in order; busboy's word on a body that is no form (no boundary, cut off) is a
 * 400, a form over the plugin's limits a 413 (or `tooManyFiles`), both in our words.
 */
export async function* multipartParts(
  request: FastifyRequest,
  tooManyFiles?: () => ApiError,
): AsyncGenerator<Multipart> {
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next;
    try {
      next = await parts.next();
    } catch (error) {
      throw limitError(error as Error, tooManyFiles) ?? malformed(error as Error);
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
 * The rest of a refused form's body is read and dropped: the answer then leaves a connection that
 * can carry the client's next request. (Node drains an unread body itself, but not one that busboy
 * has begun to read and then stalled on: the next request on that connection would hang.)
 */
function discardRest(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

const oneFilePart = () =>
  validationFailed(
    [{ field: "file", message: "Send one file part named file." }],
    "The form has more than one file part.",
  );

/** A promise that fails when `p` fails and never settles otherwise. */
const failureOf = (p: Promise<unknown>) => p.then(() => new Promise<never>(() => undefined));

/**
 * A direct upload's form (contract §6.2: one `file` part and an optional `name`), handed to
 * `store` with its file name and type. Fields other than `name` are skipped; no file part, a second
 * file part, a file part of another name, or `name` after the file is 400 with nothing stored.
 *
 * `store` reads the file as it arrives (spooled, hashed), but its stream ends only once the whole
 * form is read: a refusal found after the file (a second file part, say) fails that stream, and
 * `store` fails before it records anything. Only then is the document stored: all or nothing.
 *
 * `name` must come before the file, as the OpenAPI document says: `store` checks the name
 * (and whether the package takes a document) before reading the file, so that a refused request
 * costs no 50 MB read; honouring a late name would move that check after the read. A late name is
 * refused, never silently dropped.
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
  /** The file as `store` reads it, held open until the form is read. */
  let held: { stream: PassThrough; ended: Promise<unknown>; storing: Promise<T> } | null = null;
  const parts = multipartParts(request, oneFilePart);
  try {
    for (;;) {
      // While `store` reads the file, its failure (say, a package that takes no document) ends
      // the wait: the form's next part would come only once the file were read.
      const next: IteratorResult<Multipart, void> = held
        ? await Promise.race([parts.next(), failureOf(held.storing)])
        : await parts.next();
      if (next.done) break;
      const part = next.value;
      if (part.type === "field") {
        if (part.fieldname !== "name") continue;
        if (held) {
          throw validationFailed(
            [{ field: "name", message: "Send the name field before the file part." }],
            "The name field comes after the file part.",
          );
        }
        if (typeof part.value === "string") name = part.value;
        continue;
      }
      if (held) throw oneFilePart();
      if (part.fieldname !== "file") {
        throw validationFailed(
          [{ field: part.fieldname, message: "Send the document as the part named file." }],
          `The form has a file part named ${JSON.stringify(part.fieldname)}; send one part named file.`,
        );
      }
      const stream = new PassThrough();
      // Its failure is store's to see; a store that failed before reading it has no listener left.
      stream.on("error", () => undefined);
      const ended = new Promise((resolve, reject) => {
        part.file.once("end", resolve);
        part.file.once("error", reject);
      });
      ended.catch(() => undefined);
      part.file.on("error", (error: Error) => stream.destroy(error));
      part.file.pipe(stream, { end: false });
      const incoming = { fileName: part.filename || "document", name, contentType: part.mimetype };
      const storing: Promise<T> = readFilePart(part, () => store(stream, incoming));
      storing.catch(() => undefined); // awaited below
      held = { stream, ended, storing };
    }
  } catch (error) {
    discardRest(request);
    if (held) {
      // Fails the file's stream under `store`: it records nothing. Awaited so that the answer
      // comes after its work files are gone.
      held.stream.destroy(error as Error);
      await held.storing.catch(() => undefined);
    }
    throw error;
  }
  if (held === null) {
    throw validationFailed(
      [{ field: "file", message: "Add the document as a part named file." }],
      "The request has no file part.",
    );
  }
  // The form is read and good: the file may end (once its last bytes are through).
  await Promise.race([held.ended, failureOf(held.storing)]).catch(() => undefined);
  held.stream.end();
  return held.storing;
}
