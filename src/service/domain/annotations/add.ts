// Adding annotations to a Draft package (contract §6.4): one or a bulk list, all or none. The locked
// form is for callers that already hold the package's transaction (create-and-send).
import { validationFailed, type FieldError } from "../../errors";
import type { AnnotationRecord, PackageRecord, Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { PACKAGE_LIMITS, requirePackage, requireState, throwIfAny, type Stores } from "../package-rules";
import { touchPackage } from "../packages/transition";
import { annotationApi } from "./answer";
import { applyAnnotation, blankAnnotation, type CreateAnnotationInput } from "./apply";
import { partsOf } from "./parts";
import { summary } from "./records";

export async function addAnnotations(
  storage: Storage,
  tenantId: string,
  packageId: string,
  inputs: readonly CreateAnnotationInput[],
  context: AuditContext,
  options: { bulk: boolean },
  now = new Date(),
) {
  return storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    return addAnnotationsLocked(s, pkg, inputs, context, options, now);
  });
}

/**
 * Adds annotations to a locked package (the caller holds the transaction): all or none. With `bulk`,
 * errors name `annotations[i].field`.
 */
export async function addAnnotationsLocked(
  s: Stores,
  pkg: PackageRecord,
  inputs: readonly CreateAnnotationInput[],
  context: AuditContext,
  options: { bulk: boolean },
  now = new Date(),
) {
  const at = now.toISOString();
  requireState(pkg, ["Draft"], "add annotations");
  const existing = await s.annotations.count(pkg.id);
  if (existing + inputs.length > PACKAGE_LIMITS.annotationsPerPackage) {
    throw validationFailed([
      {
        field: options.bulk ? "annotations" : "package",
        message: `A package has at most ${PACKAGE_LIMITS.annotationsPerPackage} annotations (it has ${existing}).`,
      },
    ]);
  }
  const parts = await partsOf(s, pkg);
  const errors: FieldError[] = [];
  let seq = await s.annotations.nextSeq(pkg.id);
  const added: AnnotationRecord[] = [];
  for (const [i, input] of inputs.entries()) {
    const prefix = options.bulk ? `annotations[${i}].` : "";
    added.push(
      await applyAnnotation(pkg, parts, blankAnnotation(pkg.id, seq++, at), input, errors, prefix, true),
    );
  }
  throwIfAny(errors);
  for (const a of added) await s.annotations.insert(a);
  await touchPackage(s, pkg, now);
  await appendAudit(s, pkg, context, "AnnotationsAdded", { annotations: added.map(summary) }, at);
  return added.map(annotationApi);
}
