// A template's documents and annotations (contract §7): uploads and reading as a package's (§6.2,
// the same code through TEMPLATE_OWNER), annotations tied to roles instead of signers. A tag's
// `signer N` is the role at routing position N: at upload (and detect-tags, retry) each parsed tag
// with such a role becomes a TextTag annotation of it. A document whose text could not be read is
// kept with its pages and marked Failed; retry reads it again.
import type { DetectedTag } from "../../pdf/find-tags";
import type { BlobSource } from "../blobs/types";
import { ApiError, notFound, validationFailed, type FieldError } from "../errors";
import type { AnnotationRecord, Storage, TemplateRecord } from "../storage";
import { applyAnnotation, blankAnnotation, type CreateAnnotationInput, type Parts } from "./annotations";
import type { AuditContext } from "./audit";
import { annotationsFromTags } from "./documents/apply-tags";
import type { IncomingDocument } from "./documents/checks";
import { documentApi, type DocumentContext, type FullDocument } from "./documents/context";
import { scanTags } from "./documents/detect-tags";
import { documentsOf } from "./documents/documents-of";
import type { DocumentOwner } from "./documents/owner";
import type { InitiateUploadInput } from "./documents/uploads";
import { nextUpdatedOn, onePage, PACKAGE_LIMITS, parseId, throwIfAny, type Stores } from "./package-rules";
import { changeTemplate, requireTemplate, templateApi } from "./templates";

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

const templateDocuments = documentsOf(TEMPLATE_OWNER);

/** DocumentApiResponse with how its processing went: Failed documents have no tags until a retry. */
export function templateDocumentApi(d: FullDocument, failure: string | null) {
  return {
    ...documentApi(d),
    processingStatus: failure === null ? ("Ready" as const) : ("Failed" as const),
    processingError: failure,
  };
}

/** A template annotation: AnnotationApiResponse tied to a role (the record's signerId is the role's id). */
export function templateAnnotationApi(a: AnnotationRecord) {
  return {
    id: a.id,
    documentId: a.documentId,
    roleId: a.signerId,
    type: a.type,
    page: a.page,
    x: a.x,
    y: a.y,
    width: a.width,
    height: a.height,
    required: a.required,
    label: a.label,
    group: a.group,
    options: a.options,
    value: a.value,
    source: a.source,
    createdOn: a.createdOn,
  };
}

async function documentAnswer(storage: Storage, templateId: string, doc: { id: string }) {
  const stored = (await storage.templateDocuments.get(templateId, doc.id))!;
  return templateDocumentApi(stored, (await storage.templates.failures(templateId)).get(doc.id) ?? null);
}

async function templateParts(s: Stores, t: TemplateRecord): Promise<Parts> {
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
async function tagsToRoles(s: Stores, t: TemplateRecord, docs: readonly FullDocument[], now: Date) {
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

// ---------------------------------------------------------------------------------------------
// Uploads (as a package's)

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

// ---------------------------------------------------------------------------------------------
// Documents

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

/** The document's detected tags, each with the role at its signer index (null when there is none). */
export async function templateDetectedTags(
  storage: Storage,
  tenantId: string,
  templateId: string,
  id: string,
) {
  const t = await requireTemplate(storage, tenantId, templateId);
  const doc = await templateDocuments.require(storage, t, id);
  return withRoles(
    doc.detectedTags ?? [],
    (await storage.templates.roles(t.id)).map((r) => r.id),
  );
}

function withRoles(tags: readonly DetectedTag[], roleIds: readonly string[]) {
  return tags.map((tag) => ({
    ...tag,
    roleId: tag.signerIndex === null ? null : (roleIds[tag.signerIndex - 1] ?? null),
  }));
}

/**
 * Reads the document's tags again, keeps them, and makes annotations of those whose role exists
 * (tags applied before are not applied twice). With `onlyFailed`, a document whose processing
 * did not fail is refused (retry); reading failures answer 400 invalid_document and are kept.
 */
async function readTagsAgain(
  ctx: DocumentContext,
  tenantId: string,
  templateId: string,
  id: string,
  onlyFailed: boolean,
  now = new Date(),
) {
  const t = await requireTemplate(ctx.storage, tenantId, templateId);
  const doc = await templateDocuments.require(ctx.storage, t, id);
  const failed = (await ctx.storage.templates.failures(t.id)).has(doc.id);
  if (onlyFailed && !failed) {
    throw new ApiError(
      400,
      "invalid_state",
      `Document ${doc.id} was processed; only a document whose processing failed is retried (detect-tags reads any again).`,
    );
  }
  let tags: DetectedTag[];
  try {
    tags = await scanTags(ctx, doc);
  } catch (error) {
    if (error instanceof ApiError) {
      await ctx.storage.transaction((s) => s.templates.setFailure(doc.id, error.detail, now.toISOString()));
    }
    throw error;
  }
  return changeTemplate(ctx.storage, tenantId, templateId, now, async (s, locked) => {
    const current = await templateDocuments.require(s, locked, id);
    await s.templateDocuments.setDetectedTags(current.id, tags);
    await s.templates.setFailure(current.id, null, now.toISOString());
    await tagsToRoles(s, locked, [{ ...current, detectedTags: tags }], now);
    return withRoles(
      tags,
      (await s.templates.roles(locked.id)).map((r) => r.id),
    );
  });
}

export function detectTemplateTags(ctx: DocumentContext, tenantId: string, templateId: string, id: string) {
  return readTagsAgain(ctx, tenantId, templateId, id, false);
}

/** retry (contract §7): processes again a document whose processing failed; answers the document. */
export async function retryTemplateDocument(
  ctx: DocumentContext,
  tenantId: string,
  templateId: string,
  id: string,
) {
  await readTagsAgain(ctx, tenantId, templateId, id, true);
  return getTemplateDocument(ctx.storage, tenantId, templateId, id);
}

/**
 * reset (contract §7): the template's annotations and detected tags are removed (and failures
 * forgotten); documents and roles stay. detect-tags reads a document's tags again.
 */
export async function resetTemplate(
  storage: Storage,
  tenantId: string,
  templateId: string,
  now = new Date(),
) {
  await changeTemplate(storage, tenantId, templateId, now, async (s, t) => {
    await s.templateAnnotations.deleteAll(t.id);
    for (const doc of await s.templateDocuments.list(t.id)) {
      await s.templateDocuments.setDetectedTags(doc.id, []);
      await s.templates.setFailure(doc.id, null, now.toISOString());
    }
  });
  return templateApi(await requireTemplate(storage, tenantId, templateId));
}

// ---------------------------------------------------------------------------------------------
// Annotations (tied to roles)

export interface TemplateAnnotationInput extends Omit<CreateAnnotationInput, "signerId"> {
  roleId?: string | null;
}

/** The package rules of an annotation, a role in the place of a signer. */
function asAnnotationInput(input: TemplateAnnotationInput): CreateAnnotationInput {
  const { roleId, ...rest } = input;
  return { ...rest, signerId: roleId };
}

async function requireAnnotation(s: Stores, t: TemplateRecord, idText: string) {
  const id = parseId(idText);
  const annotation = id ? await s.templateAnnotations.get(t.id, id) : null;
  if (!annotation) throw notFound(`Annotation ${idText.slice(0, 50)} of template ${t.id}`);
  return annotation;
}

export async function listTemplateAnnotations(
  storage: Storage,
  tenantId: string,
  templateId: string,
  filter: { documentId?: string; roleId?: string } = {},
) {
  const t = await requireTemplate(storage, tenantId, templateId);
  const errors: FieldError[] = [];
  const ids: { documentId?: string; roleId?: string } = {};
  for (const key of ["documentId", "roleId"] as const) {
    const given = filter[key];
    if (given === undefined) continue;
    const id = parseId(given.trim());
    if (!id) errors.push({ field: key, message: `${key} must be a UUID.` });
    else ids[key] = id;
  }
  throwIfAny(errors);
  return onePage(
    (await storage.templateAnnotations.list(t.id))
      .filter((a) => !ids.documentId || a.documentId === ids.documentId)
      .filter((a) => !ids.roleId || a.signerId === ids.roleId)
      .map(templateAnnotationApi),
  );
}

/** bulk (on one document): 1 to 500 annotations, all or none; errors name `annotations[i].field`. */
export async function addTemplateAnnotations(
  storage: Storage,
  tenantId: string,
  templateId: string,
  documentId: string,
  inputs: readonly TemplateAnnotationInput[],
  now = new Date(),
) {
  if (inputs.length < 1 || inputs.length > PACKAGE_LIMITS.annotationsPerBulk) {
    throw validationFailed([
      {
        field: "annotations",
        message: `annotations must have 1 to ${PACKAGE_LIMITS.annotationsPerBulk} annotations.`,
      },
    ]);
  }
  return changeTemplate(storage, tenantId, templateId, now, async (s, t) => {
    const doc = await templateDocuments.require(s, t, documentId);
    const existing = await s.templateAnnotations.count(t.id);
    if (existing + inputs.length > PACKAGE_LIMITS.annotationsPerPackage) {
      throw validationFailed([
        {
          field: "annotations",
          message: `A template has at most ${PACKAGE_LIMITS.annotationsPerPackage} annotations (it has ${existing}).`,
        },
      ]);
    }
    const parts = await templateParts(s, t);
    const at = now.toISOString();
    let seq = await s.templateAnnotations.nextSeq(t.id);
    const errors: FieldError[] = [];
    const added: AnnotationRecord[] = [];
    for (const [i, input] of inputs.entries()) {
      added.push(
        await applyAnnotation(
          t,
          parts,
          blankAnnotation(t.id, seq++, at),
          { ...asAnnotationInput(input), documentId: doc.id },
          errors,
          `annotations[${i}].`,
          true,
        ),
      );
    }
    throwIfAny(errors);
    for (const a of added) await s.templateAnnotations.insert(a);
    return added.map(templateAnnotationApi);
  });
}

export async function updateTemplateAnnotation(
  storage: Storage,
  tenantId: string,
  templateId: string,
  id: string,
  input: TemplateAnnotationInput,
  now = new Date(),
) {
  return changeTemplate(storage, tenantId, templateId, now, async (s, t) => {
    const annotation = await requireAnnotation(s, t, id);
    const errors: FieldError[] = [];
    const updated = await applyAnnotation(
      t,
      await templateParts(s, t),
      annotation,
      asAnnotationInput(input),
      errors,
      "",
      false,
    );
    throwIfAny(errors);
    await s.templateAnnotations.update(updated);
    return templateAnnotationApi(updated);
  });
}

export async function removeTemplateAnnotation(
  storage: Storage,
  tenantId: string,
  templateId: string,
  id: string,
  now = new Date(),
) {
  await changeTemplate(storage, tenantId, templateId, now, async (s, t) => {
    const annotation = await requireAnnotation(s, t, id);
    await s.templateAnnotations.delete(t.id, annotation.id);
  });
}
