// A link to a package's document (contract §6.2 download, download-pdf): ours, needing no
// credential, good for 5 minutes (download-links.ts issues it).
import { notFound } from "../../errors";
import type { Storage } from "../../storage";
import { issueDownloadLink } from "../download-links";
import { requirePackage } from "../package-rules";
import { PACKAGE_OWNER } from "./owner";
import { requireDocument } from "./read";

/**
 * A link of ours, good for 5 minutes and needing no credential (contract §6.2), to the document as
 * uploaded (`original`) or as the PDF the signers see (`pdf`: the same file for a PDF).
 */
export async function documentDownloadLink(
  storage: Storage,
  tenantId: string,
  packageId: string,
  id: string,
  kind: "original" | "pdf",
) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const doc = await requireDocument(PACKAGE_OWNER, storage, pkg, id);
  if (kind === "original" || doc.pdfSha256 === doc.sha256) {
    return issueDownloadLink(storage, {
      tenantId,
      blobSha256: doc.sha256,
      fileName: doc.fileName,
      contentType: doc.contentType,
      size: doc.size,
      source: { kind: "Document", packageId: pkg.id, id: doc.id },
    });
  }
  if (doc.pdfSize === null) throw notFound(`The PDF of document ${doc.id}`);
  const base = doc.fileName.replace(/\.[^.]*$/, "") || "document";
  return issueDownloadLink(storage, {
    tenantId,
    blobSha256: doc.pdfSha256,
    fileName: `${base}.pdf`,
    contentType: "application/pdf",
    size: doc.pdfSize,
    source: { kind: "Document", packageId: pkg.id, id: doc.id },
  });
}
