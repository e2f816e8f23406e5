/**
 * What the page knows about a field without the service: its name in words, whether the signer fills
 * it in, whether a value is acceptable (the same rules the service applies to PUT .../fields, checked
 * here first so the signer learns at once and nothing is sent that would be refused), and the
 * "next field" guide's order.
 */
import { FIELD_TYPE_WORDS } from "../shared/field-types";
import type { SigningField } from "./types";

export type Values = Readonly<Record<string, string | null>>;

/** The service's limits of docs/signing-page-api.md. */
export const TEXT_MAX = 4000;
export const IMAGE_MAX_BYTES = 512 * 1024;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TYPES = ["application/pdf", "image/png", "image/jpeg"];
export const DECLINE_REASON_MAX = 500;

/** The field's name as the signer reads it: its label, else its type in words. */
export function fieldName(field: SigningField): string {
  const label = field.label?.trim();
  return label || FIELD_TYPE_WORDS[field.type] || field.type;
}

/** Filled in by the service at finish (name, email, date signed): shown, never edited. */
export function isAuto(field: SigningField): boolean {
  return field.auto !== null && field.auto !== undefined;
}

/** Fields the signer fills in, in signing order (the service's order is kept). */
export function inputFields(fields: readonly SigningField[]): SigningField[] {
  return fields.filter((f) => !isAuto(f));
}

export function hasValue(value: string | null | undefined): value is string {
  return typeof value === "string" && value !== "";
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Bytes a base64 payload decodes to. */
function base64Bytes(payload: string): number {
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/**
 * Why a value cannot be saved in this field, in words for the signer, or null when it can. An empty
 * value always can (it clears the field); whether a required field is empty is checked at finish.
 */
export function checkValue(field: SigningField, value: string | null): string | null {
  if (!hasValue(value)) return null;
  switch (field.type) {
    case "Number":
      return DECIMAL.test(value.trim())
        ? null
        : "Enter a number, such as 1250 or 12.5 (digits and one point).";
    case "Date":
      return isRealDate(value) ? null : "Enter a real date.";
    case "Checkbox":
      return value === "true" || value === "false" ? null : "Tick the box or leave it empty.";
    case "RadioGroup":
    case "Dropdown":
      return (field.options ?? []).includes(value) ? null : "Choose one of the options.";
    case "Signature":
    case "Initials": {
      const prefix = "data:image/png;base64,";
      if (!value.startsWith(prefix)) return "Sign again: the picture of the signature is not a PNG.";
      return base64Bytes(value.slice(prefix.length)) <= IMAGE_MAX_BYTES
        ? null
        : "The signature picture is too large; clear it and sign with fewer strokes.";
    }
    case "Attachment":
      return null; // set by the upload route only
    default:
      return value.length <= TEXT_MAX ? null : `Use at most ${TEXT_MAX.toLocaleString("en")} characters.`;
  }
}

/** Why a file cannot be attached, or null. */
export function checkAttachment(file: { name: string; size: number; type: string }): string | null {
  if (!ATTACHMENT_TYPES.includes(file.type)) return "Attach a PDF, PNG or JPEG file.";
  if (file.size > ATTACHMENT_MAX_BYTES) return "The file is larger than 10 MB; attach a smaller one.";
  if (file.size === 0) return "The file is empty.";
  return null;
}

/** Required input fields without a value, in order. */
export function missingRequired(fields: readonly SigningField[], values: Values): SigningField[] {
  return inputFields(fields).filter((f) => f.required && !hasValue(values[f.id]));
}

export interface Progress {
  requiredDone: number;
  requiredTotal: number;
  done: number;
  total: number;
}

export function progressOf(fields: readonly SigningField[], values: Values): Progress {
  const inputs = inputFields(fields);
  const required = inputs.filter((f) => f.required);
  return {
    requiredDone: required.filter((f) => hasValue(values[f.id])).length,
    requiredTotal: required.length,
    done: inputs.filter((f) => hasValue(values[f.id])).length,
    total: inputs.length,
  };
}

/**
 * The "next field" guide: after `currentId`, the next field still empty in signing order, optional
 * ones included (the guide says which are optional; skipping them hid them from the signer),
 * wrapping round to the start; when none is empty, simply the next field in order. Null when the
 * signer has nothing to fill in.
 */
export function nextField(
  fields: readonly SigningField[],
  values: Values,
  currentId: string | null,
): SigningField | null {
  const inputs = inputFields(fields);
  if (inputs.length === 0) return null;
  const at = currentId === null ? -1 : inputs.findIndex((f) => f.id === currentId);
  const rotated = [...inputs.slice(at + 1), ...inputs.slice(0, at + 1)];
  return rotated.find((f) => !hasValue(values[f.id])) ?? rotated[0]!;
}

/** The field before `currentId` in order (wrapping), for "Previous". */
export function previousField(
  fields: readonly SigningField[],
  currentId: string | null,
): SigningField | null {
  const inputs = inputFields(fields);
  if (inputs.length === 0) return null;
  const at = currentId === null ? 0 : inputs.findIndex((f) => f.id === currentId);
  return inputs[(at - 1 + inputs.length) % inputs.length]!;
}

/** Initials of a name as a typed initials field starts: "Jane van Doe" → "JVD". */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .join("")
    .slice(0, 4);
}
