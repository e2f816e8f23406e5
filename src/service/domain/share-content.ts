// What an opened share link serves, by scope (contract §7).
//
// EvidencePack: a zip of the package's documents as the signers were given them (with their SHA-256
// in the audit trail) and the audit trail as a PDF with the result of its verification.
//
// SignedDocument, AllSignedDocuments, CertificateOfCompletion: the files the completion step makes
// once a package is Completed (docs/completion.md): the document's sealed PDF, the package zip (the
// sealed documents, the certificate and the audit trail, as the sender's Completed mail links to)
// and the certificate of completion. Until the completion is Done a link of these scopes answers 400
// invalid_state "completion in progress" (a Failed one says why) and is not used up by it.
import type { Readable } from "node:stream";
import type { BlobStore } from "../blobs/types";
import { auditTrailPdf } from "../completion/audit-export";
import { packageZip, safeEntryName } from "../completion/package-zip";
import { ApiError } from "../errors";
import type { Storage } from "../storage";
import type { CompletionFileRecord } from "../storage/completions";
import { auditEventApi, verifiedAuditTrail } from "./audit";
import { auditTrailSeal, type SealKeeper } from "./completion";
import type { Stores } from "./package-rules";
import type { OpenedShareLink } from "./share-links";

export interface ShareContent {
  fileName: string;
  contentType: string;
  body: Readable;
}

const completionInProgress = () =>
  new ApiError(
    400,
    "invalid_state",
    "The signed documents and the certificate of this package are not ready yet (completion in progress); try again in a few minutes.",
  );

/** The completion's file a link of a completed scope serves, or the documented refusal. */
async function completedFile(
  s: Pick<Stores, "completions">,
  { link, pkg }: OpenedShareLink,
): Promise<CompletionFileRecord> {
  const completion = await s.completions.get(pkg.tenantId, pkg.id);
  if (completion?.status === "Failed") {
    throw new ApiError(
      400,
      "invalid_state",
      `The package is Completed but its documents could not be sealed: ${completion.lastError ?? "unknown error"}`,
    );
  }
  // Files are recorded one by one as they are made: only a Done completion has them all.
  if (completion?.status !== "Done") throw completionInProgress();
  const file =
    link.scope === "SignedDocument"
      ? await s.completions.file(pkg.id, "Document", link.documentId ?? "")
      : await s.completions.file(pkg.id, link.scope === "CertificateOfCompletion" ? "Certificate" : "Zip");
  // (A Done completion has every file; a document minted for is one of the package's.)
  if (!file) throw completionInProgress();
  return file;
}

/** Refuses, before a use is counted, a link whose content cannot be served now. */
export async function shareContentReady(s: Stores, opened: OpenedShareLink): Promise<void> {
  if (opened.link.scope !== "EvidencePack") await completedFile(s, opened);
}

const baseName = (name: string) => name.replace(/\.[^.]*$/, "") || "document";

/** The content of an opened link, streamed. */
export async function shareContent(
  storage: Storage,
  blobs: BlobStore,
  { link, pkg }: OpenedShareLink,
  now = new Date(),
  seal: SealKeeper | null = null,
): Promise<ShareContent> {
  if (link.scope !== "EvidencePack") {
    const file = await completedFile(storage, { link, pkg });
    let fileName: string;
    if (link.scope === "SignedDocument") {
      const doc = await storage.documents.get(pkg.id, link.documentId ?? "");
      fileName = safeEntryName(`${baseName(doc?.fileName ?? "document")} (signed)`, ".pdf");
    } else if (link.scope === "CertificateOfCompletion") {
      fileName = safeEntryName(`${pkg.name} - certificate of completion`, ".pdf");
    } else {
      fileName = safeEntryName(`${pkg.name} - signed`, ".zip");
    }
    return {
      fileName,
      contentType: link.scope === "AllSignedDocuments" ? "application/zip" : "application/pdf",
      body: await blobs.get(file.sha256),
    };
  }
  const documents = await storage.documents.list(pkg.id);
  const { events, verification } = await verifiedAuditTrail(storage, pkg);
  const auditTrail = await auditTrailPdf(
    {
      package: { id: pkg.id, name: pkg.name },
      events: events.map(auditEventApi),
      verification,
      generatedAt: now,
    },
    auditTrailSeal(seal, pkg.name, now),
  );
  const zipDocuments = [];
  // yazl takes open streams; a blob stream reads nothing until the zip pulls from it.
  for (const doc of documents) {
    const name = doc.pdfSha256 === doc.sha256 ? doc.fileName : `${doc.fileName.replace(/\.[^.]*$/, "")}.pdf`;
    zipDocuments.push({ name, content: await blobs.get(doc.pdfSha256) });
  }
  const { stream } = packageZip({ documents: zipDocuments, auditTrail, mtime: now });
  return {
    fileName: safeEntryName(`${pkg.name} - evidence`, ".zip"),
    contentType: "application/zip",
    body: stream,
  };
}
