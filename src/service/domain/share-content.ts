// What an opened share link serves, by scope (contract §7).
//
// EvidencePack: a zip of the package's documents as the signers were given them (with their SHA-256
// in the audit trail) and the audit trail as a PDF with the result of its verification.
//
// SignedDocument, AllSignedDocuments, CertificateOfCompletion: the completed result, which the
// completion step (issue 16) makes and stores once a package is Completed; until it has, a link of
// these scopes answers 400 invalid_state "completion in progress" and is not used up by it. That step
// is wired here (`completedContent`) when it lands.
import type { Readable } from "node:stream";
import type { BlobStore } from "../blobs/types";
import { auditTrailPdf } from "../completion/audit-export";
import { packageZip, safeEntryName } from "../completion/package-zip";
import { ApiError } from "../errors";
import type { Storage } from "../storage";
import { auditEventApi, verifyAuditChain } from "./audit";
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

/** Refuses, before a use is counted, a link whose content cannot be served now. */
export async function shareContentReady(_s: Stores, { link }: OpenedShareLink): Promise<void> {
  if (link.scope !== "EvidencePack") throw completionInProgress();
}

/** The content of an opened link, streamed. */
export async function shareContent(
  storage: Storage,
  blobs: BlobStore,
  { link, pkg }: OpenedShareLink,
  now = new Date(),
): Promise<ShareContent> {
  if (link.scope !== "EvidencePack") throw completionInProgress();
  const documents = await storage.documents.list(pkg.id);
  const events = await storage.audit.list(pkg.tenantId, pkg.id);
  const auditTrail = await auditTrailPdf({
    package: { id: pkg.id, name: pkg.name },
    events: events.map(auditEventApi),
    verification: verifyAuditChain(events),
    generatedAt: now,
  });
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
