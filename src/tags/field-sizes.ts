// The size a field of each type gets when placed by hand (contract §6.4 annotation-field-types), in
// points. Shared so that the pane's placement and the service's answer agree. The sizes follow what
// DocuSign and Acrobat Sign give a fresh field: a signature fits a hand-drawn name at 12 pt, text
// fields one line at 10 pt, a checkbox or a radio button a small square.
import type { TagType } from "./types";

export interface FieldSize {
  width: number;
  height: number;
}

export const FIELD_SIZES: Readonly<Record<TagType, FieldSize>> = Object.freeze({
  Signature: { width: 150, height: 40 },
  Initials: { width: 60, height: 30 },
  DateSigned: { width: 100, height: 20 },
  Name: { width: 150, height: 20 },
  Email: { width: 180, height: 20 },
  Company: { width: 150, height: 20 },
  Title: { width: 150, height: 20 },
  Text: { width: 150, height: 20 },
  Date: { width: 100, height: 20 },
  Number: { width: 100, height: 20 },
  Checkbox: { width: 14, height: 14 },
  // One button; each further option of the group stacks below it.
  RadioGroup: { width: 14, height: 14 },
  Dropdown: { width: 150, height: 20 },
  Attachment: { width: 120, height: 30 },
});
