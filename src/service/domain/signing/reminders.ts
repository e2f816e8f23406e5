// Reminders, the scheduler's step: each due one sent to a signer who is still waiting, the next one
// scheduled by the package's settings.
import type { Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { IN_FLIGHT_STATES } from "../package-rules";
import { nextReminderAfter, notifySigner, signersWhoseTurnItIs } from "../signers/invitations";

/**
 * Sends the reminders that are due: each to a signer whose turn it is and who has not finished, by
 * the package's settings; the next one is due `everyDays` later. Reminders of signers who are no
 * longer waiting (the package was voided, declined, expired; reminders were turned off) are dropped.
 */
export async function sendDueReminders(
  storage: Storage,
  context: AuditContext,
  now = new Date(),
): Promise<number> {
  const at = now.toISOString();
  if ((await storage.signers.dueReminders(at, 1)).length === 0) return 0;
  return storage.transaction(async (s) => {
    const due = await s.signers.dueReminders(at, 50);
    for (const { tenantId, packageId, signerId } of due) {
      // Locked and read again: another instance may have sent this one meanwhile.
      const pkg = await s.packages.lock(tenantId, packageId);
      const signer = pkg ? await s.signers.get(pkg.id, signerId) : null;
      if (!pkg || !signer || signer.nextReminderOn === null || signer.nextReminderOn > at) continue;
      const waiting =
        IN_FLIGHT_STATES.includes(pkg.status) &&
        pkg.reminders.enabled &&
        ["Sent", "Viewed", "InProgress"].includes(signer.status) &&
        signersWhoseTurnItIs(pkg, await s.signers.list(pkg.id)).some((x) => x.id === signer.id);
      if (!waiting) {
        await s.signers.update({ ...signer, nextReminderOn: null });
        continue;
      }
      const notified = await notifySigner(s, pkg, signer, "Reminder", at);
      await s.signers.update({
        ...signer,
        remindersSentCount: signer.remindersSentCount + 1,
        lastReminderSentOn: at,
        nextReminderOn: nextReminderAfter(pkg, at),
      });
      await appendAudit(
        s,
        pkg,
        context,
        "ReminderSent",
        { signerId: signer.id, notifications: notified, reminder: signer.remindersSentCount + 1 },
        at,
      );
    }
    return due.length;
  });
}
