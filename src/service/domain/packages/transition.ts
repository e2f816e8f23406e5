// transition(): every recorded change of a package (its status above all) goes through here, so that
// each one moves updatedOn forward, writes its audit event and, on Completed, queues the sealing.
import type { PackageFields, PackageRecord } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { nextUpdatedOn, type Stores } from "../package-rules";

/** The audit event of a change: who did it, what (PackageSent, SignerViewed…) and its details. */
export interface TransitionEvent {
  context: AuditContext;
  action: string;
  details: Record<string, unknown>;
}

/**
 * Writes `change` onto the locked package with updatedOn moved forward (updatedSince relies on it),
 * then the event, in the caller's transaction; answers the package as written. `event` is null only
 * where another event of the same operation already tells it (finish's SignerCompleted).
 */
export async function transition(
  s: Stores,
  pkg: PackageRecord,
  change: Partial<PackageFields>,
  event: TransitionEvent | null,
  now: Date,
): Promise<PackageRecord> {
  const next: PackageRecord = { ...pkg, ...change, updatedOn: nextUpdatedOn(pkg.updatedOn, now) };
  await s.packages.update(pkg.id, next);
  if (next.status === "Completed" && pkg.status !== "Completed") await queueCompletion(s, next);
  if (event) await appendAudit(s, pkg, event.context, event.action, event.details, now.toISOString());
  return next;
}

/**
 * The sealing of a package that has just become Completed (domain/completion/job.ts works it off), queued
 * in the same transaction: a package never commits as Completed without it, nor the row without it.
 */
async function queueCompletion(s: Stores, pkg: PackageRecord): Promise<void> {
  await s.completions.queue(pkg.id, pkg.tenantId, pkg.completedOn ?? pkg.updatedOn);
}
