// Annotations of a package (contract §6.4): fields placed on a document's page for one signer; one
// operation per file. What the routes, schemas and other domain modules use is re-exported here.
export { addAnnotations, addAnnotationsLocked } from "./add";
export { annotationApi } from "./answer";
export {
  applyAnnotation,
  blankAnnotation,
  type CreateAnnotationInput,
  type UpdateAnnotationInput,
} from "./apply";
export { annotationAttachmentLink } from "./attachment";
export { annotationFieldTypes } from "./field-types";
export { ANNOTATION_OPTIONS_MAX, ANNOTATION_VALUE_LENGTH } from "./limits";
export { partsOf, type Parts } from "./parts";
export { getAnnotation, listAnnotations, type AnnotationFilter } from "./read";
export { removeAnnotation } from "./remove";
export { updateAnnotation } from "./update";
export { validateAnnotations } from "./validate";
