// Reading documents: any owner's by id (requireDocument), a package's listed and read (contract
// §6.2). A template's are read through templates/documents.ts, which adds their processing status.
import type { Storage } from "../../storage";
import { notFound } from "../../errors";
import { onePage, parseId, requirePackage, type Stores } from "../package-rules";
import { documentApi, type FullDocument } from "./context";
import { PACKAGE_OWNER, type DocumentOwner, type Owned } from "./owner";

/** The owner's document by its id text, or 404. */
export async function requireDocument<O extends Owned>(
  owner: DocumentOwner<O>,
  s: Stores,
  o: O,
  idText: string,
): Promise<FullDocument> {
  const id = parseId(idText);
  const doc = id ? await owner.documents(s).get(o.id, id) : null;
  if (!doc) throw notFound(`Document ${idText} of ${owner.noun} ${o.id}`);
  return doc;
}

export async function listDocuments(storage: Storage, tenantId: string, packageId: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  return onePage((await storage.documents.list(pkg.id)).map(documentApi));
}

export async function getDocument(storage: Storage, tenantId: string, packageId: string, id: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  return documentApi(await requireDocument(PACKAGE_OWNER, storage, pkg, id));
}
