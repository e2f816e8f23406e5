/**
 * The field types of contract §5, declared once for the tag grammar (src/tags), the signing page
 * and the pane; the service's schemas derive their unions from src/tags's table of them.
 */
export const FIELD_TYPES = [
  "Signature",
  "Initials",
  "DateSigned",
  "Name",
  "Email",
  "Company",
  "Title",
  "Text",
  "Date",
  "Number",
  "Checkbox",
  "RadioGroup",
  "Dropdown",
  "Attachment",
] as const;

export type FieldType = (typeof FIELD_TYPES)[number];
