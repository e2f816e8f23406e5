// A file for an Attachment field (POST .../attachment): sniffed, stored as a blob before the row that
// refers to it, and kept as this person's draft value until they finish.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { sniffType } from "../../../pdf/inspect";
import { ApiError, validationFailed } from "../../errors";
import { markInProgress } from "./fill";
import { nameOfField, requireField, signingFieldApi, type SigningFieldApi } from "./fields";
import { SIGNING_LIMITS } from "./limits";
import { requireReady, type SigningContext, visit } from "./visit";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A file name from X-File-Name: percent-decoded when it was encoded, without paths or control characters. */
function cleanFileName(header: string | undefined, extension: string): string {
  let name = header ?? "";
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded: taken as it is.
  }
  name = name
    .replace(CONTROL, "")
    .replace(/^.*[\\/]/, "")
    .trim();
  if (name === "" || name === "." || name === "..") name = `attachment.${extension}`;
  return [...name].slice(0, SIGNING_LIMITS.fileNameLength).join("");
}

const CONTENT_TYPES = { pdf: "application/pdf", png: "image/png", jpeg: "image/jpeg" } as const;

export async function attachFile(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  fieldId: string,
  bytes: Buffer,
  fileNameHeader: string | undefined,
  ip: string | null,
  now = new Date(),
): Promise<SigningFieldApi> {
  // Checked before the bytes are stored: a refused request stores nothing.
  const before = await visit(ctx.storage, ctx.links, token, grant, now);
  requireReady(before, "attach a file");
  const field = await requireField(ctx.storage, before, fieldId);
  if (field.type !== "Attachment") {
    throw validationFailed([{ field: field.id, message: `The ${nameOfField(field)} takes no file.` }]);
  }
  if (bytes.length === 0) throw validationFailed([{ field: "body", message: "The file is empty." }]);
  if (bytes.length > SIGNING_LIMITS.attachmentBytes) {
    throw new ApiError(
      413,
      "payload_too_large",
      `An attachment may be at most ${SIGNING_LIMITS.attachmentBytes / 1024 / 1024} MB.`,
    );
  }
  const type = sniffType(bytes);
  if (type === "other") {
    throw new ApiError(415, "unsupported_media_type", "Attach a PDF, PNG or JPEG file.");
  }
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const at = now.toISOString();
  // Queued first: a crash between the put and the row leaves a blob the collector removes.
  await ctx.storage.blobGarbage.queue([sha256], at);
  await ctx.blobs.put(Readable.from([bytes]), { expectedSha256: sha256 });
  const fileName = cleanFileName(fileNameHeader, type === "jpeg" ? "jpg" : type);
  return ctx.storage.transaction(async (s) => {
    const v = await visit(s, ctx.links, token, grant, now, { lock: true });
    requireReady(v, "attach a file");
    const a = await requireField(s, v, fieldId);
    const replaced = await s.signingValues.setAttachment({
      annotationId: a.id,
      emailLower: v.link.emailLower,
      packageId: v.pkg.id,
      fileName,
      contentType: CONTENT_TYPES[type],
      size: bytes.length,
      sha256,
      createdOn: at,
    });
    if (replaced && replaced !== sha256) await s.blobGarbage.queue([replaced], at);
    await s.signingValues.set(v.pkg.id, a.id, v.link.emailLower, fileName, at);
    await markInProgress(s, v, ip, now);
    return signingFieldApi(a, fileName, false);
  });
}
