// Removing an annotation from a Draft package (contract §6.4).
import type { Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { requirePackage, requireState } from "../package-rules";
import { touchPackage } from "../packages/transition";
import { requireAnnotation, summary } from "./records";

export async function removeAnnotation(
  storage: Storage,
  tenantId: string,
  packageId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<void> {
  await storage.transaction(async (s) => {
    const pkg = await requirePackage(s, tenantId, packageId, { lock: true });
    const annotation = await requireAnnotation(s, pkg, id);
    requireState(pkg, ["Draft"], "remove an annotation");
    await s.annotations.delete(pkg.id, annotation.id);
    await touchPackage(s, pkg, now);
    await appendAudit(s, pkg, context, "AnnotationRemoved", summary(annotation), now.toISOString());
  });
}
