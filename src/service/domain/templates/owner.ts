// A template's documents as a DocumentOwner (uploads and reading as a package's, contract §6.2), and
// its tags made annotations of roles: a tag's `signer N` is the role at routing position N.
import type { TemplateRecord } from "../../storage";
import type { Parts } from "../annotations";
import { annotationsFromTags } from "../documents/apply-tags";
import type { FullDocument } from "../documents/context";
import { documentsOf } from "../documents/documents-of";
import type { DocumentOwner } from "../documents/owner";
import { nextUpdatedOn, type Stores } from "../package-rules";
import { requireTemplate } from "./template";

/** A template's documents: template_documents, no state rule, no audit trail (templates have none). */
export const TEMPLATE_OWNER: DocumentOwner<TemplateRecord> = {
  noun: "template",
  documents: (s) => s.templateDocuments,
  uploads: (s) => s.templateUploads,
  find: (s, tenantId, id, lock) => requireTemplate(s, tenantId, id, lock),
  writable: () => undefined,
  touch: (s, t, now) => s.templates.touch(t.id, nextUpdatedOn(t.updatedOn, now)),
  audit: async () => undefined,
  keepsUnreadableText: true,
  async stored(s, t, doc, now, tagError) {
    if (tagError) await s.templates.setFailure(doc.id, tagError, now.toISOString());
    else await tagsToRoles(s, t, [doc], now);
  },
};

export const templateDocuments = documentsOf(TEMPLATE_OWNER);

export async function templateParts(s: Stores, t: TemplateRecord): Promise<Parts> {
  const documents = await s.templateAnnotations.documents(t.id);
  const roles = await s.templates.roles(t.id);
  return {
    documents: new Map(documents.map((d) => [d.id, d])),
    signerIds: new Set(roles.map((r) => r.id)),
    store: s.templateAnnotations,
    noun: "template",
    slotKey: "roleId",
  };
}

/** Each parsed tag of the documents becomes an annotation of the role at its signer index (once). */
export async function tagsToRoles(s: Stores, t: TemplateRecord, docs: readonly FullDocument[], now: Date) {
  const roles = await s.templates.roles(t.id);
  const { created } = await annotationsFromTags(
    t,
    await templateParts(s, t),
    docs,
    roles.map((r) => r.id),
    await s.templateAnnotations.list(t.id),
    await s.templateAnnotations.nextSeq(t.id),
    now.toISOString(),
  );
  for (const a of created) await s.templateAnnotations.insert(a);
  return created;
}
