// The file a signer attached to a completed Attachment field, handed to the sender as a short-lived
// download link (download-links.ts) rather than the bytes.
import { ApiError, notFound } from "../../errors";
import type { Storage } from "../../storage";
import { issueDownloadLink } from "../download-links";
import { requirePackage } from "../package-rules";
import { requireAnnotation } from "./records";

/**
 * getAnnotationAttachment: a link (ours, 5 minutes, no credential) to the file attached to a
 * completed Attachment field, the one the person who completed it sent. 400 for another type,
 * 404 while nothing is attached (drafts of a field not yet completed are not the sender's to see).
 */
export async function annotationAttachmentLink(
  storage: Storage,
  tenantId: string,
  packageId: string,
  id: string,
) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const annotation = await requireAnnotation(storage, pkg, id);
  if (annotation.type !== "Attachment") {
    throw new ApiError(
      400,
      "validation_failed",
      `Annotation ${annotation.id} is a ${annotation.type} field; only an Attachment field has a file.`,
    );
  }
  const files = annotation.isCompleted
    ? (await storage.signingValues.attachments(pkg.id)).filter((a) => a.annotationId === annotation.id)
    : [];
  const file = files[files.length - 1];
  if (!file) throw notFound(`The file of annotation ${annotation.id} (nothing has been attached yet)`);
  return issueDownloadLink(storage, {
    tenantId,
    blobSha256: file.sha256,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    source: { kind: "Attachment", packageId: pkg.id, id: annotation.id },
  });
}
