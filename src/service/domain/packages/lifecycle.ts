// A sent package's life after sending: void, resend, the reminder settings, archive and unarchive.
import { ApiError, type FieldError } from "../../errors";
import type { PackageRecord, Storage } from "../../storage";
import type { AuditContext } from "../audit";
import {
  checkText,
  FINAL_STATES,
  IN_FLIGHT_STATES,
  PACKAGE_LIMITS,
  requireState,
  throwIfAny,
  type Stores,
} from "../package-rules";
import {
  firstReminderOn,
  invited,
  nextReminderAfter,
  notifySigner,
  signersWhoseTurnItIs,
} from "../signers/invitations";
import type { PackageApi } from "./api";
import { change } from "./locked";
import { transition } from "./transition";

export async function voidPackage(
  storage: Storage,
  tenantId: string,
  id: string,
  reasonText: string,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  const errors: FieldError[] = [];
  const reason = checkText(reasonText, "reason", errors, {
    max: PACKAGE_LIMITS.voidReasonLength,
    required: true,
    lines: true,
  });
  throwIfAny(errors);
  return change(storage, tenantId, id, async (s, pkg) => {
    requireState(pkg, ["Scheduled", "Queued", ...IN_FLIGHT_STATES], "void the package");
    const at = now.toISOString();
    let notified = 0;
    for (const x of await s.signers.list(pkg.id)) {
      // Those already notified hear that it is off (contract §6.1), including those who finished
      // their part (and carbon copies, who had their copy): what they signed will not be completed.
      // Those never notified (Pending: their turn never came) hear nothing.
      if (x.status !== "Pending" && x.status !== "Declined" && x.status !== "Voided") {
        notified += await notifySigner(s, pkg, x, "Voided", at);
      }
      if (x.status !== "Completed" && x.status !== "Declined")
        await s.signers.update({ ...x, status: "Voided", nextReminderOn: null });
    }
    // After the notices: the event counts them.
    await transition(
      s,
      pkg,
      { status: "Voided", voidedReason: reason },
      { context, action: "PackageVoided", details: { reason, notifications: notified } },
      now,
    );
  });
}

export async function resendPackage(
  storage: Storage,
  tenantId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  return change(storage, tenantId, id, async (s, pkg) => {
    requireState(pkg, IN_FLIGHT_STATES, "resend the package");
    const at = now.toISOString();
    let notified = 0;
    for (const x of signersWhoseTurnItIs(pkg, await s.signers.list(pkg.id))) {
      notified += await notifySigner(s, pkg, x, "Invitation", at);
      await s.signers.update(invited(pkg, x, at));
    }
    // The status stays; updatedOn moves, so that a client polling updatedSince sees the resend.
    await transition(
      s,
      pkg,
      {},
      { context, action: "PackageResent", details: { notifications: notified } },
      now,
    );
  });
}

export interface RemindersInput {
  enabled: boolean;
  firstAfterDays?: number | null;
  everyDays?: number | null;
}

export async function updateReminders(
  storage: Storage,
  tenantId: string,
  id: string,
  input: RemindersInput,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  const errors: FieldError[] = [];
  const days = (value: number | null | undefined, field: string, fallback: number | null) => {
    if (value === undefined || value === null) return fallback;
    if (!Number.isInteger(value) || value < 1 || value > PACKAGE_LIMITS.reminderDaysMax) {
      errors.push({
        field,
        message: `${field} must be a whole number of days from 1 to ${PACKAGE_LIMITS.reminderDaysMax}.`,
      });
    }
    return value;
  };
  return change(storage, tenantId, id, async (s, pkg) => {
    if (FINAL_STATES.includes(pkg.status))
      requireState(pkg, ["Draft", "Scheduled", ...IN_FLIGHT_STATES], "change reminders");
    const reminders = {
      enabled: input.enabled,
      firstAfterDays: days(
        input.firstAfterDays,
        "firstAfterDays",
        pkg.reminders.firstAfterDays ?? (input.enabled ? 3 : null),
      ),
      everyDays: days(input.everyDays, "everyDays", pkg.reminders.everyDays ?? (input.enabled ? 3 : null)),
    };
    throwIfAny(errors);
    const changed = await transition(
      s,
      pkg,
      { reminders },
      { context, action: "RemindersChanged", details: reminders },
      now,
    );
    // Those already asked get their next reminder by the new settings.
    for (const x of await s.signers.list(pkg.id)) {
      if (!["Sent", "Viewed", "InProgress"].includes(x.status)) continue;
      const since = x.notifiedOn ?? pkg.sentOn;
      if (since === null) continue;
      const next = x.lastReminderSentOn
        ? nextReminderAfter(changed, x.lastReminderSentOn)
        : firstReminderOn(changed, since);
      if (next !== x.nextReminderOn) await s.signers.update({ ...x, nextReminderOn: next });
    }
  });
}

/** Archive (only a finished package) or unarchive, on the locked package: PATCH and bulk alike. */
export async function setArchived(
  s: Stores,
  pkg: PackageRecord,
  archived: boolean,
  context: AuditContext,
  now: Date,
) {
  if (archived) requireState(pkg, FINAL_STATES, "archive the package");
  else if (!pkg.isArchived) {
    throw new ApiError(400, "invalid_state", "Cannot unarchive: the package is not archived.");
  }
  const action = archived ? "PackageArchived" : "PackageUnarchived";
  await transition(s, pkg, { isArchived: archived }, { context, action, details: {} }, now);
}

export async function archivePackage(
  storage: Storage,
  tenantId: string,
  id: string,
  archived: boolean,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  return change(storage, tenantId, id, (s, pkg) => setArchived(s, pkg, archived, context, now));
}
