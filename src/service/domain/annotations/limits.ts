// The sizes an annotation may have (contract §6.4): checked by apply.ts and value.ts and published
// in the request schemas (schemas/packages/annotations.ts), so both say the same numbers.
/** Largest prefilled value (a Text field's content). */
export const ANNOTATION_VALUE_LENGTH = 4_000;
/** Largest option list of a Dropdown or RadioGroup. */
export const ANNOTATION_OPTIONS_MAX = 100;
/** Largest page coordinate accepted at all (PDF's own limit on a page side is 14,400 points). */
export const COORDINATE_MAX = 14_400;
