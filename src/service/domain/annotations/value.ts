// The value a sender may give a field beforehand: none for the types filled in at signing, and for the
// others one that fits the type (checkbox, number, date, one of the options).
import type { TagType } from "../../../tags";
import type { FieldError } from "../../errors";
import { checkText, parseDateTime } from "../package-rules";
import { ANNOTATION_VALUE_LENGTH } from "./limits";

/** Types filled in by the service at signing: a value given beforehand would be overwritten. */
const FILLED_AT_SIGNING: ReadonlySet<TagType> = new Set<TagType>([
  "Signature",
  "Initials",
  "DateSigned",
  "Name",
  "Email",
  "Attachment",
]);

export function normaliseValue(
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
