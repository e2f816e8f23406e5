// Create, update and delete a template's own record (name, description), and bulk delete; deleting
// takes its roles, documents and annotations with it.
import { notFound, validationFailed, type FieldError } from "../../errors";
import type { Storage, TemplateRecord } from "../../storage";
import { bulkResults, checkText, parseId, throwIfAny } from "../package-rules";
import { newId } from "../tokens";
import { TEMPLATE_LIMITS } from "./limits";
import { getTemplate } from "./query";
import { changeTemplate, templateApi } from "./template";

export interface TemplateInput {
  name?: string | null;
  description?: string | null;
}

function applyTemplate(t: TemplateRecord, input: TemplateInput, creating: boolean): TemplateRecord {
  const errors: FieldError[] = [];
  const out = { ...t };
  if (typeof input.name === "string") {
    out.name =
      checkText(input.name, "name", errors, { max: TEMPLATE_LIMITS.nameLength, required: true }) ?? "";
  } else if (creating) {
    errors.push({ field: "name", message: "name is required." });
  }
  if (typeof input.description === "string") {
    out.description = checkText(input.description, "description", errors, {
      max: TEMPLATE_LIMITS.descriptionLength,
      lines: true,
    });
  }
  throwIfAny(errors);
  return out;
}

export async function createTemplate(
  storage: Storage,
  tenantId: string,
  input: TemplateInput,
  now = new Date(),
) {
  const at = now.toISOString();
  const blank: TemplateRecord = {
    id: newId(),
    tenantId,
    name: "",
    description: null,
    createdOn: at,
    updatedOn: at,
    roleCount: 0,
    documentCount: 0,
  };
  const t = applyTemplate(blank, input, true);
  await storage.templates.insert(t);
  return templateApi(t);
}

export async function updateTemplate(
  storage: Storage,
  tenantId: string,
  id: string,
  input: TemplateInput,
  now = new Date(),
) {
  await changeTemplate(storage, tenantId, id, now, async (s, t) => {
    await s.templates.update(applyTemplate(t, input, false));
  });
  return getTemplate(storage, tenantId, id);
}

export async function deleteTemplate(storage: Storage, tenantId: string, id: string, now = new Date()) {
  if (!(await deleteTemplateRows(storage, tenantId, id, now))) throw notFound(`Template ${id.slice(0, 50)}`);
}

/**
 * Deletes the template (its roles, documents, uploads and annotations go with it); the blobs of its
 * documents and staged blocks are queued as garbage (packages made from it may share them). False
 * when there is no such template.
 */
async function deleteTemplateRows(storage: Storage, tenantId: string, id: string, now: Date) {
  const parsed = parseId(id);
  if (!parsed) return false;
  return storage.transaction(async (s) => {
    const t = await s.templates.lock(tenantId, parsed);
    if (!t) return false;
    const blobs = await s.templates.blobsOf(t.id);
    await s.templates.delete(tenantId, t.id);
    await s.blobGarbage.queue(blobs, now.toISOString());
    return true;
  });
}

/** bulk-delete: 1 to 50 ids, each deleted or a per-item failure (as signing groups' bulk delete). */
export async function bulkDeleteTemplates(storage: Storage, tenantId: string, ids: readonly string[]) {
  if (ids.length < 1 || ids.length > TEMPLATE_LIMITS.idsPerBulk) {
    throw validationFailed([
      { field: "ids", message: `ids must have 1 to ${TEMPLATE_LIMITS.idsPerBulk} template ids.` },
    ]);
  }
  const results = [];
  for (const id of ids) {
    const deleted = await deleteTemplateRows(storage, tenantId, id, new Date());
    results.push(
      deleted
        ? { id, success: true, error: null }
        : {
            id,
            success: false,
            error: { code: "not_found", message: `Template ${id.slice(0, 50)} was not found.` },
          },
    );
  }
  return bulkResults(results);
}
