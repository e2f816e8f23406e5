// Changing an annotation of a Draft package (contract §6.4): the same checks as adding one, on the
// locked package.
import type { FieldError } from "../../errors";
import type { Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { requirePackage, requireState, throwIfAny } from "../package-rules";
import { touchPackage } from "../packages/transition";
import { annotationApi } from "./answer";
import { applyAnnotation, type UpdateAnnotationInput } from "./apply";
import { partsOf } from "./parts";
import { requireAnnotation, summary } from "./records";

export async function updateAnnotation(
  storage: Storage,
  tenantId: string,
  packageId: string,
  id: string,
  input: UpdateAnnotationInput,
  context: AuditContext,
  now = new Date(),
) {
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    const annotation = await requireAnnotation(s, pkg, id);
    requireState(pkg, ["Draft"], "change an annotation");
    const errors: FieldError[] = [];
    const updated = await applyAnnotation(pkg, await partsOf(s, pkg), annotation, input, errors, "", false);
    throwIfAny(errors);
    await s.annotations.update(updated);
    await touchPackage(s, pkg, now);
    await appendAudit(s, pkg, context, "AnnotationUpdated", summary(updated), now.toISOString());
    return annotationApi(updated);
  });
}
