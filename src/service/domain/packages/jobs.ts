// The scheduler's steps on packages: send the Scheduled ones that are due, expire the overdue ones.
import { ApiError } from "../../errors";
import type { Storage } from "../../storage";
import type { AuditContext } from "../audit";
import { sendLocked } from "./send";
import { transition } from "./transition";

/** Sends Scheduled packages that are due; a package that no longer validates goes back to Draft. */
export async function sendDuePackages(
  storage: Storage,
  context: AuditContext,
  now = new Date(),
): Promise<number> {
  // A read first: most ticks have nothing to do and need no write lock (SQLite's is the whole file).
  if ((await storage.packages.claimDueScheduled(now.toISOString(), 1)).length === 0) return 0;
  return storage.transaction(async (s) => {
    const due = await s.packages.claimDueScheduled(now.toISOString(), 20);
    for (const { id, tenantId } of due) {
      const pkg = (await s.packages.get(tenantId, id))!;
      try {
        await sendLocked(s, pkg, context, now, { fromSchedule: true });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // Nothing of the failed send was written (sendLocked writes after its checks).
        const details = { reason: error.detail };
        await transition(
          s,
          pkg,
          { status: "Draft" },
          { context, action: "ScheduledSendFailed", details },
          now,
        );
      }
    }
    return due.length;
  });
}

/** Moves sent packages past their expiration date to Expired. */
export async function expirePackages(
  storage: Storage,
  context: AuditContext,
  now = new Date(),
): Promise<number> {
  if ((await storage.packages.claimExpired(now.toISOString(), 1)).length === 0) return 0;
  return storage.transaction(async (s) => {
    const due = await s.packages.claimExpired(now.toISOString(), 50);
    for (const { id, tenantId } of due) {
      const pkg = (await s.packages.get(tenantId, id))!;
      const details = { expirationDate: pkg.expirationDate };
      await transition(s, pkg, { status: "Expired" }, { context, action: "PackageExpired", details }, now);
    }
    return due.length;
  });
}
