// What an annotation may refer to: its owner's documents and signers (a package's) or roles (a
// template's), and the message that says why an id given is not among them.
import type { DocumentPages, PackageRecord } from "../../storage";
import type { AnnotationStore } from "../../storage/annotations";
import type { Stores } from "../package-rules";

/**
 * What the owner holds that an annotation may refer to: a package's documents and signers, or a
 * template's documents and roles (then the record's signerId is a role's id, named roleId outside).
 */
export interface Parts {
  documents: Map<string, DocumentPages>;
  signerIds: Set<string>;
  /** Where the owner's annotations are, and what its slots are called. */
  store: AnnotationStore;
  noun: "package" | "template";
  slotKey: "signerId" | "roleId";
}

export async function partsOf(s: Stores, pkg: PackageRecord): Promise<Parts> {
  const documents = await s.annotations.documents(pkg.id);
  const signers = await s.signers.list(pkg.id);
  return {
    documents: new Map(documents.map((d) => [d.id, d])),
    signerIds: new Set(signers.map((x) => x.id)),
    store: s.annotations,
    noun: "package",
    slotKey: "signerId",
  };
}

/** "No document X" or "Document X belongs to another package": which, without leaking other tenants. */
export async function foreignReference(
  parts: Parts,
  tenantId: string,
  kind: "document" | "signer",
  id: string,
): Promise<string> {
  const Kind = kind === "document" ? "Document" : parts.slotKey === "roleId" ? "Role" : "Signer";
  const owner = await parts.store.ownerOf(tenantId, kind, id);
  return owner
    ? `${Kind} ${id} belongs to another ${parts.noun} (${owner}), not to this one.`
    : `${Kind} ${id} is not in this ${parts.noun}.`;
}
