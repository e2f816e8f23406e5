// A template's documents (contract §7): list, read, remove and what removing takes with it. A document
// whose text could not be read is kept with its pages and marked Failed; retry (tags.ts) reads it again.
import type { Storage } from "../../storage";
import type { AuditContext } from "../audit";
import { documentApi, type FullDocument } from "../documents/context";
import { onePage } from "../package-rules";
import { templateDocuments } from "./owner";
import { requireTemplate } from "./template";

/** DocumentApiResponse with how its processing went: Failed documents have no tags until a retry. */
export function templateDocumentApi(d: FullDocument, failure: string | null) {
  return {
    ...documentApi(d),
    processingStatus: failure === null ? ("Ready" as const) : ("Failed" as const),
    processingError: failure,
  };
}

export async function listTemplateDocuments(storage: Storage, tenantId: string, templateId: string) {
  const t = await requireTemplate(storage, tenantId, templateId);
  const failures = await storage.templates.failures(t.id);
  return onePage(
    (await storage.templateDocuments.list(t.id)).map((d) =>
      templateDocumentApi(d, failures.get(d.id) ?? null),
    ),
  );
}

export async function getTemplateDocument(
  storage: Storage,
  tenantId: string,
  templateId: string,
  id: string,
) {
  const t = await requireTemplate(storage, tenantId, templateId);
  const doc = await templateDocuments.require(storage, t, id);
  return templateDocumentApi(doc, (await storage.templates.failures(t.id)).get(doc.id) ?? null);
}

/** Its annotations go with it; its blobs are queued as garbage (other documents may share them). */
export function removeTemplateDocument(
  storage: Storage,
  tenantId: string,
  templateId: string,
  id: string,
  context: AuditContext,
) {
  return templateDocuments.delete(storage, tenantId, templateId, id, context);
}

/** What removing the document would take with it: its annotations, and roles left without any. */
export async function templateRemovalImpact(
  storage: Storage,
  tenantId: string,
  templateId: string,
  id: string,
) {
  const t = await requireTemplate(storage, tenantId, templateId);
  const doc = await templateDocuments.require(storage, t, id);
  const annotations = await storage.templateAnnotations.list(t.id);
  const on = annotations.filter((a) => a.documentId === doc.id);
  const keep = new Set(annotations.filter((a) => a.documentId !== doc.id).map((a) => a.signerId));
  const losing = new Set(on.map((a) => a.signerId));
  const roles = await storage.templates.roles(t.id);
  return {
    annotationCount: on.length,
    rolesLeftWithoutFields: roles.filter((r) => losing.has(r.id) && !keep.has(r.id)).map((r) => r.id),
  };
}
