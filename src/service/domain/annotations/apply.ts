// Annotations of a package (contract §6.4): fields placed on a document's page for one signer.
import { FIELD_SIZES, TAG_TYPES, checkSpec, parseTypeName, type TagType } from "../../../tags";
import { MAX_GROUP_LENGTH, MAX_LABEL_LENGTH } from "../../../tags";
import { ApiError, notFound, validationFailed, type FieldError } from "../../errors";
import type { AnnotationRecord, DocumentPages, PackageRecord, Storage } from "../../storage";
import type { AnnotationStore } from "../../storage/annotations";
import { appendAudit, type AuditContext } from "../audit";
import { issueDownloadLink } from "../download-links";
import { checkPackage } from "../packages";
import {
  onePage,
  PACKAGE_LIMITS,
  checkText,
  parseDateTime,
  parseId,
  requirePackage,
  requireState,
  throwIfAny,
  touchPackage,
  type Stores,
} from "../package-rules";
import { newId } from "../tokens";

/** Largest prefilled value (a Text field's content). */
export const ANNOTATION_VALUE_LENGTH = 4_000;
/** Largest option list of a Dropdown or RadioGroup. */
export const ANNOTATION_OPTIONS_MAX = 100;
/** Largest page coordinate accepted at all (PDF's own limit on a page side is 14,400 points). */
const COORDINATE_MAX = 14_400;

/** AnnotationApiResponse of contract §6.4. */
export function annotationApi(a: AnnotationRecord) {
  return {
    id: a.id,
    documentId: a.documentId,
    signerId: a.signerId,
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
    isCompleted: a.isCompleted,
    completedOn: a.completedOn,
    createdOn: a.createdOn,
  };
}

/** GET /annotation-field-types: every type of contract §5 with the size a new field gets. */
export function annotationFieldTypes() {
  return TAG_TYPES.map((t) => ({
    type: t.type,
    description: t.description,
    acceptsInput: t.acceptsInput,
    takesOptions: t.type === "Dropdown" || t.type === "RadioGroup",
    defaultWidth: FIELD_SIZES[t.type].width,
    defaultHeight: FIELD_SIZES[t.type].height,
  }));
}

export interface CreateAnnotationInput {
  documentId?: string | null;
  signerId?: string | null;
  type?: string | null;
  page?: number | null;
  x?: number | null;
  y?: number | null;
  width?: number | null;
  height?: number | null;
  required?: boolean | null;
  label?: string | null;
  group?: string | null;
  options?: string[] | null;
  value?: string | null;
}

export type UpdateAnnotationInput = CreateAnnotationInput;

/** Types filled in by the service at signing: a value given beforehand would be overwritten. */
const FILLED_AT_SIGNING: ReadonlySet<TagType> = new Set<TagType>([
  "Signature",
  "Initials",
  "DateSigned",
  "Name",
  "Email",
  "Attachment",
]);

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
async function foreignReference(
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

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function normaliseValue(
  type: TagType,
  value: string,
  options: string[] | null,
  field: string,
  errors: FieldError[],
): string | null {
  if (FILLED_AT_SIGNING.has(type)) {
    errors.push({
      field,
      message: `${field} cannot be given for a ${type} field: it is filled in at signing.`,
    });
    return null;
  }
  const text = checkText(value, field, errors, { max: ANNOTATION_VALUE_LENGTH, lines: type === "Text" });
  if (text === null) return null;
  if (type === "Checkbox") {
    const lower = text.toLowerCase();
    if (lower !== "true" && lower !== "false") {
      errors.push({ field, message: `${field} of a Checkbox must be true or false (got "${text}").` });
      return null;
    }
    return lower;
  }
  if (type === "Number" && !/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) {
    errors.push({ field, message: `${field} of a Number field must be a number (got "${text}").` });
  }
  if (
    type === "Date" &&
    // parseDateTime refuses days a month does not have (Date.parse rolls 02-30 over to March).
    (!/^\d{4}-\d{2}-\d{2}$/.test(text) || parseDateTime(`${text}T00:00:00Z`) === null)
  ) {
    errors.push({ field, message: `${field} of a Date field must be a date as YYYY-MM-DD (got "${text}").` });
  }
  if ((type === "Dropdown" || type === "RadioGroup") && options && !options.includes(text)) {
    errors.push({ field, message: `${field} must be one of the field's options (got "${text}").` });
  }
  return text;
}

/**
 * Applies a create or update (null/omitted = unchanged) to an annotation, checking every field and
 * the whole: its document and signer are this package's, it lies inside its page. Pushes what is
 * wrong with `prefix` on each field name.
 */
export async function applyAnnotation(
  owner: { tenantId: string },
  parts: Parts,
  base: AnnotationRecord,
  input: CreateAnnotationInput,
  errors: FieldError[],
  prefix: string,
  creating: boolean,
): Promise<AnnotationRecord> {
  const f = (name: string) => `${prefix}${name}`;
  const out = { ...base };
  const before = errors.length;

  for (const key of ["documentId", "signerId"] as const) {
    const given = input[key];
    const name = f(key === "signerId" ? parts.slotKey : key);
    if (given === undefined || given === null) {
      if (creating) errors.push({ field: name, message: `${name} is required.` });
      continue;
    }
    const id = parseId(given.trim());
    const kind = key === "documentId" ? "document" : "signer";
    if (!id) {
      errors.push({ field: name, message: `${name} must be a UUID.` });
    } else if (kind === "document" ? !parts.documents.has(id) : !parts.signerIds.has(id)) {
      errors.push({ field: name, message: await foreignReference(parts, owner.tenantId, kind, id) });
    } else out[key] = id;
  }

  if (input.type !== undefined && input.type !== null) {
    const type = parseTypeName(input.type);
    if (!type) {
      errors.push({
        field: f("type"),
        message: `${f("type")} must be one of ${TAG_TYPES.map((t) => t.type).join(", ")} (got "${input.type.slice(0, 50)}").`,
      });
    } else out.type = type;
  } else if (creating) {
    errors.push({ field: f("type"), message: `${f("type")} is required.` });
  }

  if (input.page !== undefined && input.page !== null) {
    if (!Number.isInteger(input.page) || input.page < 1) {
      errors.push({ field: f("page"), message: `${f("page")} must be a whole number from 1.` });
    } else out.page = input.page;
  } else if (creating) {
    errors.push({ field: f("page"), message: `${f("page")} is required (1 is the first page).` });
  }

  for (const key of ["x", "y", "width", "height"] as const) {
    const value = input[key];
    if (value === undefined || value === null) {
      if (creating && (key === "x" || key === "y")) {
        errors.push({ field: f(key), message: `${f(key)} is required (points from the page's top-left).` });
      }
      continue;
    }
    const sizing = key === "width" || key === "height";
    if (!isNumber(value) || value < 0 || value > COORDINATE_MAX || (sizing && value === 0)) {
      errors.push({
        field: f(key),
        message: `${f(key)} must be a number of points ${sizing ? "above 0" : "from 0"} up to ${COORDINATE_MAX}.`,
      });
    } else out[key] = value;
  }

  if (input.required !== undefined && input.required !== null) out.required = input.required;
  if (input.label !== undefined && input.label !== null) {
    out.label = checkText(input.label, f("label"), errors, { max: MAX_LABEL_LENGTH });
  }
  if (input.group !== undefined && input.group !== null) {
    out.group = checkText(input.group, f("group"), errors, { max: MAX_GROUP_LENGTH });
  }
  if (input.options !== undefined && input.options !== null) {
    if (input.options.length > ANNOTATION_OPTIONS_MAX) {
      errors.push({
        field: f("options"),
        message: `${f("options")} has at most ${ANNOTATION_OPTIONS_MAX} options.`,
      });
    } else {
      const optionErrors: FieldError[] = [];
      const options = input.options.map(
        (o, i) => checkText(o, `${f("options")}[${i}]`, optionErrors, { max: MAX_LABEL_LENGTH }) ?? "",
      );
      errors.push(...optionErrors);
      if (optionErrors.length === 0) out.options = options.length ? options : null;
    }
  }
  if (errors.length > before) return out;

  // A new field without a size gets its type's; a type change keeps a size given before.
  if (creating) {
    if (input.width === undefined || input.width === null) out.width = FIELD_SIZES[out.type].width;
    if (input.height === undefined || input.height === null) out.height = FIELD_SIZES[out.type].height;
  }
  // The same rules as a tag of this type (options only on choices and at least one there).
  for (const problem of checkSpec({
    type: out.type,
    signerIndex: 1,
    required: out.required,
    label: out.label,
    group: out.group,
    options: out.options,
  })) {
    if (problem.field === "signer") continue;
    errors.push({ field: f(problem.field), message: `${problem.message}.` });
  }
  if (input.value !== undefined && input.value !== null) {
    out.value = normaliseValue(out.type, input.value, out.options, f("value"), errors);
  } else if (out.value !== null && !creating) {
    // The type or options changed under an earlier value: it must still fit.
    out.value = normaliseValue(out.type, out.value, out.options, f("value"), errors);
  }

  const doc = parts.documents.get(out.documentId);
  if (doc && errors.length === before) {
    const page = doc.pages[out.page - 1];
    if (!page) {
      errors.push({
        field: f("page"),
        message: `"${doc.name}" has ${doc.pages.length} page${doc.pages.length === 1 ? "" : "s"}; there is no page ${out.page}.`,
      });
    } else if (out.x + out.width > page.width + 0.01 || out.y + out.height > page.height + 0.01) {
      errors.push({
        field: f(out.x + out.width > page.width + 0.01 ? "x" : "y"),
        message: `The ${out.type} field (${out.width} × ${out.height} at ${out.x}, ${out.y}) lies outside page ${out.page} of "${doc.name}", which is ${page.width} × ${page.height} points.`,
      });
    }
  }
  return out;
}

export function blankAnnotation(packageId: string, seq: number, at: string): AnnotationRecord {
  return {
    id: newId(),
    packageId,
    seq,
    documentId: "",
    signerId: "",
    type: "Signature",
    page: 1,
    x: 0,
    y: 0,
    width: 0,
    height: 0,
    required: true,
    label: null,
    group: null,
    options: null,
    value: null,
    source: "Manual",
    isCompleted: false,
    completedOn: null,
    createdOn: at,
  };
}

function summary(a: AnnotationRecord) {
  return { annotationId: a.id, type: a.type, documentId: a.documentId, signerId: a.signerId, page: a.page };
}

async function requireAnnotation(s: Stores, pkg: PackageRecord, idText: string): Promise<AnnotationRecord> {
  const id = parseId(idText);
  const annotation = id ? await s.annotations.get(pkg.id, id) : null;
  if (!annotation) throw notFound(`Annotation ${idText} of package ${pkg.id}`);
  return annotation;
}

// ---------------------------------------------------------------------------------------------
// Operations

export async function addAnnotations(
  storage: Storage,
  tenantId: string,
  packageId: string,
  inputs: readonly CreateAnnotationInput[],
  context: AuditContext,
  options: { bulk: boolean },
  now = new Date(),
) {
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    return addAnnotationsLocked(s, pkg, inputs, context, options, now);
  });
}

/**
 * Adds annotations to a locked package (the caller holds the transaction): all or none. With `bulk`,
 * errors name `annotations[i].field`.
 */
export async function addAnnotationsLocked(
  s: Stores,
  pkg: PackageRecord,
  inputs: readonly CreateAnnotationInput[],
  context: AuditContext,
  options: { bulk: boolean },
  now = new Date(),
) {
  const at = now.toISOString();
  requireState(pkg, ["Draft"], "add annotations");
  const existing = await s.annotations.count(pkg.id);
  if (existing + inputs.length > PACKAGE_LIMITS.annotationsPerPackage) {
    throw validationFailed([
      {
        field: options.bulk ? "annotations" : "package",
        message: `A package has at most ${PACKAGE_LIMITS.annotationsPerPackage} annotations (it has ${existing}).`,
      },
    ]);
  }
  const parts = await partsOf(s, pkg);
  const errors: FieldError[] = [];
  let seq = await s.annotations.nextSeq(pkg.id);
  const added: AnnotationRecord[] = [];
  for (const [i, input] of inputs.entries()) {
    const prefix = options.bulk ? `annotations[${i}].` : "";
    added.push(
      await applyAnnotation(pkg, parts, blankAnnotation(pkg.id, seq++, at), input, errors, prefix, true),
    );
  }
  throwIfAny(errors);
  for (const a of added) await s.annotations.insert(a);
  await touchPackage(s, pkg, now);
  await appendAudit(s, pkg, context, "AnnotationsAdded", { annotations: added.map(summary) }, at);
  return added.map(annotationApi);
}

export async function getAnnotation(storage: Storage, tenantId: string, packageId: string, id: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  return annotationApi(await requireAnnotation(storage, pkg, id));
}

export interface AnnotationFilter {
  documentId?: string;
  signerId?: string;
}

export async function listAnnotations(
  storage: Storage,
  tenantId: string,
  packageId: string,
  filter: AnnotationFilter = {},
) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const errors: FieldError[] = [];
  const ids: { documentId?: string; signerId?: string } = {};
  for (const key of ["documentId", "signerId"] as const) {
    const given = filter[key];
    if (given === undefined) continue;
    const id = parseId(given.trim());
    if (!id) errors.push({ field: key, message: `${key} must be a UUID.` });
    else ids[key] = id;
  }
  throwIfAny(errors);
  const items = (await storage.annotations.list(pkg.id))
    .filter((a) => (ids.documentId ? a.documentId === ids.documentId : true))
    .filter((a) => (ids.signerId ? a.signerId === ids.signerId : true))
    .map(annotationApi);
  return onePage(items);
}

export async function updateAnnotation(
  storage: Storage,
  tenantId: string,
  packageId: string,
  id: string,
  input: UpdateAnnotationInput,
  context: AuditContext,
  now = new Date(),
) {
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    const annotation = await requireAnnotation(s, pkg, id);
    requireState(pkg, ["Draft"], "change an annotation");
    const errors: FieldError[] = [];
    const updated = await applyAnnotation(pkg, await partsOf(s, pkg), annotation, input, errors, "", false);
    throwIfAny(errors);
    await s.annotations.update(updated);
    await touchPackage(s, pkg, now);
    await appendAudit(s, pkg, context, "AnnotationUpdated", summary(updated), now.toISOString());
    return annotationApi(updated);
  });
}

export async function removeAnnotation(
  storage: Storage,
  tenantId: string,
  packageId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  await storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    const annotation = await requireAnnotation(s, pkg, id);
    requireState(pkg, ["Draft"], "remove an annotation");
    await s.annotations.delete(pkg.id, annotation.id);
    await touchPackage(s, pkg, now);
    await appendAudit(s, pkg, context, "AnnotationRemoved", summary(annotation), now.toISOString());
  });
}

/** Validate for annotations only (contract §6.4): the same checks and answer as package validate. */
export async function validateAnnotations(storage: Storage, tenantId: string, packageId: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  return checkPackage(storage, pkg, "annotations");
}

/**
 * getAnnotationAttachment: a link (ours, 5 minutes, no credential) to the file attached to a
 * completed Attachment field, the one the person who completed it sent. 400 for another type,
 * 404 while nothing is attached (drafts of a field not yet completed are not the sender's to see).
 */
export async function annotationAttachmentLink(
  storage: Storage,
  tenantId: string,
  packageId: string,
  id: string,
) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const annotation = await requireAnnotation(storage, pkg, id);
  if (annotation.type !== "Attachment") {
    throw new ApiError(
      400,
      "validation_failed",
      `Annotation ${annotation.id} is a ${annotation.type} field; only an Attachment field has a file.`,
    );
  }
  const files = annotation.isCompleted
    ? (await storage.signingValues.attachments(pkg.id)).filter((a) => a.annotationId === annotation.id)
    : [];
  const file = files[files.length - 1];
  if (!file) throw notFound(`The file of annotation ${annotation.id} (nothing has been attached yet)`);
  return issueDownloadLink(storage, {
    tenantId,
    blobSha256: file.sha256,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    source: { kind: "Attachment", packageId: pkg.id, id: annotation.id },
  });
}
