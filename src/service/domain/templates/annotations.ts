// A template's annotations (contract §7): the package's rules, tied to roles instead of signers (the
// record's signerId is the role's id). Each write is a change of the locked template.
import { notFound, validationFailed, type FieldError } from "../../errors";
import type { AnnotationRecord, Storage, TemplateRecord } from "../../storage";
import { applyAnnotation, blankAnnotation, type CreateAnnotationInput } from "../annotations";
import { onePage, PACKAGE_LIMITS, parseId, throwIfAny, type Stores } from "../package-rules";
import { templateDocuments, templateParts } from "./owner";
import { changeTemplate, requireTemplate } from "./template";

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
