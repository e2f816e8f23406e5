// Shared by the operations on one annotation: the annotation a request names (404 unless it is the
// package's) and the summary of one that the audit events carry.
import { notFound } from "../../errors";
import type { AnnotationRecord, PackageRecord } from "../../storage";
import { parseId, type Stores } from "../package-rules";

export function summary(a: AnnotationRecord) {
  return { annotationId: a.id, type: a.type, documentId: a.documentId, signerId: a.signerId, page: a.page };
}

export async function requireAnnotation(
  s: Stores,
  pkg: PackageRecord,
  idText: string,
): Promise<AnnotationRecord> {
  const id = parseId(idText);
  const annotation = id ? await s.annotations.get(pkg.id, id) : null;
  if (!annotation) throw notFound(`Annotation ${idText} of package ${pkg.id}`);
  return annotation;
}
