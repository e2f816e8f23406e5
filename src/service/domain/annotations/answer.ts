// What an annotation looks like in an answer (AnnotationApiResponse, contract §6.4), for every
// operation here and for the documents whose tags become annotations (documents/apply-tags.ts).
import type { AnnotationRecord } from "../../storage";

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
