// GET /annotation-field-types: the field types a sender may place, read from the tag grammar
// (src/tags) so the list is declared once.
import { FIELD_SIZES, TAG_TYPES } from "../../../tags";
import { takesOptions } from "../../../shared/field-types";

/** GET /annotation-field-types: every type of contract §5 with the size a new field gets. */
export function annotationFieldTypes() {
  return TAG_TYPES.map((t) => ({
    type: t.type,
    description: t.description,
    acceptsInput: t.acceptsInput,
    takesOptions: takesOptions(t.type),
    defaultWidth: FIELD_SIZES[t.type].width,
    defaultHeight: FIELD_SIZES[t.type].height,
  }));
}
