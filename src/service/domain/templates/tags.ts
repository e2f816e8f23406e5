// A template's tags (contract §7): the detected tags with their roles, detect-tags and retry (read a
// document's tags again), and reset (the annotations and detected tags removed).
import type { DetectedTag } from "../../../pdf/find-tags";
import { ApiError } from "../../errors";
import type { Storage } from "../../storage";
import type { DocumentContext } from "../documents/context";
import { scanTags } from "../documents/detect-tags";
import { getTemplateDocument } from "./documents";
import { tagsToRoles, templateDocuments } from "./owner";
import { changeTemplate, requireTemplate, templateApi } from "./template";

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
