// Reading a package's annotations (contract §6.4): one, or all of them as one page, optionally only a
// document's or a signer's.
import type { FieldError } from "../../errors";
import type { Storage } from "../../storage";
import { onePage, parseId, requirePackage, throwIfAny } from "../package-rules";
import { annotationApi } from "./answer";
import { requireAnnotation } from "./records";

export async function getAnnotation(storage: Storage, tenantId: string, packageId: string, id: string) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  return annotationApi(await requireAnnotation(storage, pkg, id));
}

export interface AnnotationFilter {
  documentId?: string;
  signerId?: string;
}

export async function listAnnotations(
  storage: Storage,
  tenantId: string,
  packageId: string,
  filter: AnnotationFilter = {},
) {
  const pkg = await requirePackage(storage, tenantId, packageId);
  const errors: FieldError[] = [];
  const ids: { documentId?: string; signerId?: string } = {};
  for (const key of ["documentId", "signerId"] as const) {
    const given = filter[key];
    if (given === undefined) continue;
    const id = parseId(given.trim());
    if (!id) errors.push({ field: key, message: `${key} must be a UUID.` });
    else ids[key] = id;
  }
  throwIfAny(errors);
  const items = (await storage.annotations.list(pkg.id))
    .filter((a) => (ids.documentId ? a.documentId === ids.documentId : true))
    .filter((a) => (ids.signerId ? a.signerId === ids.signerId : true))
    .map(annotationApi);
  return onePage(items);
}
