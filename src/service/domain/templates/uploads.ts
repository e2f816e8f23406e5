// A template's uploads (contract §7, as a package's §6.2): one request, or staged blocks committed;
// each answers the stored document with its processing status.
import type { BlobSource } from "../../blobs/types";
import type { Storage } from "../../storage";
import type { AuditContext } from "../audit";
import type { IncomingDocument } from "../documents/checks";
import type { DocumentContext } from "../documents/context";
import type { InitiateUploadInput } from "../documents/uploads";
import { parseId } from "../package-rules";
import { templateDocumentApi } from "./documents";
import { templateDocuments } from "./owner";

async function documentAnswer(storage: Storage, templateId: string, doc: { id: string }) {
  const stored = (await storage.templateDocuments.get(templateId, doc.id))!;
  return templateDocumentApi(stored, (await storage.templates.failures(templateId)).get(doc.id) ?? null);
}

export async function uploadTemplateDocument(
  ctx: DocumentContext,
  tenantId: string,
  templateId: string,
  source: BlobSource,
  incoming: IncomingDocument,
  context: AuditContext,
) {
  const doc = await templateDocuments.store(ctx, tenantId, templateId, source, incoming, context);
  return documentAnswer(ctx.storage, parseId(templateId)!, doc);
}

export function initiateTemplateUpload(
  storage: Storage,
  tenantId: string,
  templateId: string,
  input: InitiateUploadInput,
) {
  return templateDocuments.initiateUpload(storage, tenantId, templateId, input);
}

export function getTemplateUpload(storage: Storage, tenantId: string, templateId: string, id: string) {
  return templateDocuments.getUpload(storage, tenantId, templateId, id);
}

export function stageTemplateBlock(
  ctx: DocumentContext,
  tenantId: string,
  templateId: string,
  id: string,
  block: string,
  body: BlobSource,
) {
  return templateDocuments.stageBlock(ctx, tenantId, templateId, id, block, body);
}

export async function commitTemplateUpload(
  ctx: DocumentContext,
  tenantId: string,
  templateId: string,
  id: string,
  context: AuditContext,
) {
  const doc = await templateDocuments.commitUpload(ctx, tenantId, templateId, id, context);
  return documentAnswer(ctx.storage, parseId(templateId)!, doc);
}

export function abortTemplateUpload(
  ctx: Pick<DocumentContext, "storage" | "staging">,
  tenantId: string,
  templateId: string,
  id: string,
) {
  return templateDocuments.abortUpload(ctx, tenantId, templateId, id);
}
