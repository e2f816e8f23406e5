// Whatever holds documents: a package (Draft only, audited) or a template (contract §7). The upload,
// reading and storing code is written once and reaches its owner's tables and rules through a
// DocumentOwner; callers use it bound to one owner (documentsOf, documents-of.ts).
import type { PackageRecord } from "../../storage";
import type { DocumentStore, UploadStore } from "../../storage/documents";
import { appendAudit, type AuditContext } from "../audit";
import { requirePackage, requireState, type Stores } from "../package-rules";
import { touchPackage } from "../packages/transition";
import type { FullDocument } from "./context";

export interface Owned {
  id: string;
  tenantId: string;
}

/** How documents and uploads reach their owner's tables and rules. */
export interface DocumentOwner<O extends Owned> {
  noun: "package" | "template";
  documents(s: Stores): DocumentStore;
  uploads(s: Stores): UploadStore;
  /** The tenant's owner by its id text (locked for the transaction when asked), or 404. */
  find(s: Stores, tenantId: string, id: string, lock: boolean): Promise<O>;
  /** Throws when the owner may not gain or lose documents now (a package past Draft). */
  writable(o: O, doing: string): void;
  /** Its updatedOn moves (and, for a package, its counts). */
  touch(s: Stores, o: O, now: Date): Promise<void>;
  /** An event of its audit trail, if it has one. */
  audit(
    s: Stores,
    o: O,
    context: AuditContext,
    action: string,
    details: Record<string, unknown>,
    at: string,
  ): Promise<void>;
  /** After a document's row is added, in its transaction (a template maps its tags to roles). */
  stored?(s: Stores, o: O, doc: FullDocument, now: Date, tagError: string | null): Promise<void>;
  /**
   * Whether a PDF whose pages can be read but whose text cannot is kept, without tags and marked
   * as failed (a template's document, retried later), rather than refused.
   */
  keepsUnreadableText?: boolean;
}

/** A package's documents: package_documents, Draft only, every change in its audit trail. */
export const PACKAGE_OWNER: DocumentOwner<PackageRecord> = {
  noun: "package",
  documents: (s) => s.documents,
  uploads: (s) => s.uploads,
  find: (s, tenantId, id, lock) => requirePackage(s, tenantId, id, { lock }),
  writable: (pkg, doing) => requireState(pkg, ["Draft"], doing),
  touch: touchPackage,
  audit: appendAudit,
};
