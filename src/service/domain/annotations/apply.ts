// What a create or update of an annotation may say and how it is checked (contract §6.4): shared by add
// and update here and by the template documents and tag import, so all refuse the same things alike.
import { FIELD_SIZES, TAG_TYPES, checkSpec, parseTypeName } from "../../../tags";
import { MAX_GROUP_LENGTH, MAX_LABEL_LENGTH } from "../../../tags";
import type { FieldError } from "../../errors";
import type { AnnotationRecord } from "../../storage";
import { checkText, parseId } from "../package-rules";
import { newId } from "../tokens";
import { ANNOTATION_OPTIONS_MAX, COORDINATE_MAX } from "./limits";
import { foreignReference, type Parts } from "./parts";
import { normaliseValue } from "./value";

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

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
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
