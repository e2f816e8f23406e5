// What the routes answer about a Completed package's files: links to each sealed document, the
// certificate and the zip (short-lived download links), and the audit trail exported on request.
import type { ReportSeal } from "../../completion/pdf-report";
import { auditTrailPdf } from "../../completion/audit-export";
import { ApiError } from "../../errors";
import type { PackageRecord, Storage } from "../../storage";
import { auditEventApi, verifiedAuditTrail } from "../audit";
import { DOWNLOAD_LINK_TTL_SECONDS, issueDownloadLink, type IssuedDownloadLink } from "../download-links";
import { parseId, requirePackage } from "../package-rules";
import type { SealKeeper } from "./seal-keeper";

/** The sender's link to the zip in the "Completed" mail: good for a day (the link machinery's most). */
export const COMPLETED_MAIL_LINK_TTL_SECONDS = 86_400;

export const ZIP_CONTENT_TYPE = "application/zip";

/** The completion of a package the caller may read, or the documented refusal while there is none. */
async function requireCompleted(storage: Storage, tenantId: string, packageId: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const completion = await storage.completions.get(tenantId, pkg.id);
  if (pkg.status !== "Completed" || !completion) {
    throw new ApiError(
      400,
      "invalid_state",
      `The package is ${pkg.status}: its signed documents exist once it is Completed.`,
    );
  }
  if (completion.status === "Failed") {
    throw new ApiError(
      400,
      "invalid_state",
      `The package is Completed but its documents could not be sealed: ${completion.lastError ?? "unknown error"}`,
    );
  }
  if (completion.status !== "Done") {
    throw new ApiError(
      400,
      "invalid_state",
      "The package is Completed and its signed documents are being made (completion in progress); try again in a few seconds.",
    );
  }
  return { pkg, completion };
}

const baseName = (name: string) => name.replace(/\.[^.]*$/, "") || "document";

export async function signedDocumentLink(
  storage: Storage,
  tenantId: string,
  packageId: string,
  documentId: string,
): Promise<IssuedDownloadLink> {
  const { pkg } = await requireCompleted(storage, tenantId, packageId);
  const id = parseId(documentId);
  const doc = id ? await storage.documents.get(pkg.id, id) : null;
  const file = doc ? await storage.completions.file(pkg.id, "Document", doc.id) : null;
  if (!doc || !file)
    throw new ApiError(404, "not_found", `Document ${documentId} was not found in this package.`);
  return issueDownloadLink(storage, {
    tenantId,
    blobSha256: file.sha256,
    fileName: `${baseName(doc.fileName)} (signed).pdf`,
    contentType: "application/pdf",
    size: file.size,
    source: { kind: "SignedDocument", packageId: pkg.id, id: doc.id },
  });
}

export async function certificateLink(storage: Storage, tenantId: string, packageId: string) {
  const { pkg } = await requireCompleted(storage, tenantId, packageId);
  const file = (await storage.completions.file(pkg.id, "Certificate"))!;
  return issueDownloadLink(storage, {
    tenantId,
    blobSha256: file.sha256,
    fileName: `${pkg.name} - certificate of completion.pdf`,
    contentType: "application/pdf",
    size: file.size,
    source: { kind: "Package", packageId: pkg.id },
  });
}

export async function packageZipLink(
  storage: Pick<Storage, "completions" | "downloadLinks">,
  pkg: Pick<PackageRecord, "id" | "name" | "tenantId">,
  ttlSeconds?: number,
) {
  const file = await storage.completions.file(pkg.id, "Zip");
  if (!file) return null;
  return issueDownloadLink(storage, {
    tenantId: pkg.tenantId,
    blobSha256: file.sha256,
    fileName: `${pkg.name}.zip`,
    contentType: ZIP_CONTENT_TYPE,
    size: file.size,
    ttlSeconds,
    source: { kind: "Package", packageId: pkg.id },
  });
}

export async function packageDownloadLink(storage: Storage, tenantId: string, packageId: string) {
  const { pkg } = await requireCompleted(storage, tenantId, packageId);
  return (await packageZipLink(storage, pkg))!;
}

/**
 * audit-trail/export: the trail as it is now, as a PDF (any package: the trail exists from creation),
 * sealed as the documents are when the service has a seal.
 */
export async function exportAuditTrail(
  storage: Storage,
  tenantId: string,
  packageId: string,
  seal?: SealKeeper | null,
) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const { events, verification } = await verifiedAuditTrail(storage, pkg);
  const generatedAt = new Date();
  const pdf = await auditTrailPdf(
    {
      package: { id: pkg.id, name: pkg.name },
      events: events.map(auditEventApi),
      verification,
      generatedAt,
    },
    auditTrailSeal(seal, pkg.name, generatedAt),
  );
  return { pkg, pdf };
}

/** How an audit trail exported on request (not at completion) is sealed; none without a seal. */
export function auditTrailSeal(
  seal: SealKeeper | null | undefined,
  packageName: string,
  at: Date,
): ReportSeal | null {
  if (!seal) return null;
  return { identity: seal.get(), reason: `Audit trail: ${packageName}`.slice(0, 200), signingTime: at };
}

/** One file of `signedFileLinks`: what it is, its name and size, and its short-lived link. */
export interface SignedFileLink {
  kind: "SignedDocument" | "CertificateOfCompletion";
  documentId: string | null;
  fileName: string;
  contentType: string;
  size: number;
  url: string;
  expiresOn: string;
}

/**
 * signed-files: every sealed document of a Completed package, in the package's order, and
 * its certificate when asked, each with its name, size and a download link of contract §6.2 (5
 * minutes, no credential), in one answer: what a mail client needs to attach them (Outlook downloads
 * a reply's files from such links) or to decide they are too large to attach.
 */
export async function signedFileLinks(
  storage: Storage,
  tenantId: string,
  packageId: string,
  options: { includeCertificate: boolean },
): Promise<{ expiresOn: string; totalSize: number; files: SignedFileLink[] }> {
  const { pkg } = await requireCompleted(storage, tenantId, packageId);
  const now = new Date();
  const files = await storage.transaction(async (s) => {
    const out: SignedFileLink[] = [];
    for (const doc of await s.documents.list(pkg.id)) {
      const file = await s.completions.file(pkg.id, "Document", doc.id);
      // Sealing made one per document; a document without one cannot be Done (requireCompleted).
      if (!file) continue;
      const fileName = `${baseName(doc.fileName)} (signed).pdf`;
      const link = await issueDownloadLink(
        s,
        {
          tenantId,
          blobSha256: file.sha256,
          fileName,
          contentType: "application/pdf",
          size: file.size,
          source: { kind: "SignedDocument", packageId: pkg.id, id: doc.id },
        },
        now,
      );
      out.push({
        kind: "SignedDocument",
        documentId: doc.id,
        fileName,
        contentType: "application/pdf",
        size: file.size,
        ...link,
      });
    }
    const certificate = options.includeCertificate ? await s.completions.file(pkg.id, "Certificate") : null;
    if (certificate) {
      const fileName = `${pkg.name} - certificate of completion.pdf`;
      const link = await issueDownloadLink(
        s,
        {
          tenantId,
          blobSha256: certificate.sha256,
          fileName,
          contentType: "application/pdf",
          size: certificate.size,
          source: { kind: "Package", packageId: pkg.id },
        },
        now,
      );
      out.push({
        kind: "CertificateOfCompletion",
        documentId: null,
        fileName,
        contentType: "application/pdf",
        size: certificate.size,
        ...link,
      });
    }
    return out;
  });
  return {
    expiresOn:
      files[0]?.expiresOn ?? new Date(now.getTime() + DOWNLOAD_LINK_TTL_SECONDS * 1000).toISOString(),
    totalSize: files.reduce((sum, f) => sum + f.size, 0),
    files,
  };
}
