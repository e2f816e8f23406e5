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

/**
 * Each type in words: the pane's list of fields to drop and its badges, and the signing page's name
 * for a field without a label. A radio group and a dropdown are both a choice to the person signing.
 */
export const FIELD_TYPE_WORDS: Record<FieldType, string> = {
  Signature: "Signature",
  Initials: "Initials",
  DateSigned: "Date signed",
  Name: "Name",
  Email: "Email",
  Company: "Company",
  Title: "Title",
  Text: "Text",
  Date: "Date",
  Number: "Number",
  Checkbox: "Checkbox",
  RadioGroup: "Choice",
  Dropdown: "Choice",
  Attachment: "Attachment",
};

/** Dropdown and RadioGroup: the types that need a list of options to choose from (contract §5). */
export function takesOptions(type: FieldType): boolean {
  return type === "Dropdown" || type === "RadioGroup";
}

/** The types that need nothing more than a signer: all but those that need options to choose from. */
export type FieldTypeWithoutOptions = Exclude<FieldType, "RadioGroup" | "Dropdown">;
export const FIELD_TYPES_WITHOUT_OPTIONS = FIELD_TYPES.filter(
  (t): t is FieldTypeWithoutOptions => !takesOptions(t),
);
