// Deleting a document, for any owner, and what it would take with it from a package (contract §6.2
// removal-impact; a template's is in templates/documents.ts). The owner comes first in deleteDocument;
// callers bind it once (documentsOf, documents-of.ts).
import type { Storage } from "../../storage";
import type { AuditContext } from "../audit";
import { requirePackage } from "../package-rules";
import { PACKAGE_OWNER, type DocumentOwner, type Owned } from "./owner";
import { requireDocument } from "./read";

/** What deleting the document would take with it (contract §6.2 removal-impact). */
export async function removalImpact(storage: Storage, tenantId: string, packageId: string, id: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const doc = await requireDocument(PACKAGE_OWNER, storage, pkg, id);
  const annotations = await storage.annotations.list(pkg.id);
  const signers = await storage.signers.list(pkg.id);
  const on = annotations.filter((a) => a.documentId === doc.id);
  const keep = new Set(annotations.filter((a) => a.documentId !== doc.id).map((a) => a.signerId));
  const losing = new Set(on.map((a) => a.signerId));
  return {
    annotationCount: on.length,
    signersLeftWithoutFields: signers.filter((x) => losing.has(x.id) && !keep.has(x.id)).map((x) => x.id),
  };
}

/** Removes the document (the owner writable) and audits it; its blobs are queued as garbage. */
export async function deleteDocument<O extends Owned>(
  owner: DocumentOwner<O>,
  storage: Storage,
  tenantId: string,
  ownerId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  await storage.transaction(async (s) => {
    const o = await owner.find(s, tenantId, ownerId, true);
    const doc = await requireDocument(owner, s, o, id);
    owner.writable(o, "remove a document");
    // Its annotations go with it (ON DELETE CASCADE); its blobs may be shared with other documents.
    await owner.documents(s).delete(o.id, doc.id);
    await s.blobGarbage.queue([doc.sha256, doc.pdfSha256], now.toISOString());
    await owner.touch(s, o, now);
    await owner.audit(
      s,
      o,
      context,
      "DocumentRemoved",
      { documentId: doc.id, name: doc.name },
      now.toISOString(),
    );
  });
}
