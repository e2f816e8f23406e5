// transition(): every write of an existing package's row (its status above all, its settings, and
// touchPackage's updatedOn when its parts change) goes through here, so that each one moves updatedOn
// forward, writes its audit event and, on Completed, queues the sealing. Creating and deleting a
// package, and recounting its parts (packages.refreshCounts), are not changes of its fields.
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
 * where another event of the same operation already tells it (finish's SignerCompleted, touchPackage).
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

/**
 * Marks a change to the package's parts (signers, annotations, documents): updatedOn moves, counts
 * follow. No event of its own: the operation on the part writes it.
 */
export async function touchPackage(s: Stores, pkg: PackageRecord, now: Date): Promise<void> {
  await transition(s, pkg, {}, null, now);
  await s.packages.refreshCounts(pkg.id);
}
