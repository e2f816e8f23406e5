// Sending: who it would notify (send-impact), send or schedule a Draft, and cancel a schedule.
import { ApiError, validationFailed } from "../../errors";
import type { PackageRecord, Storage } from "../../storage";
import { appendAudit, type AuditContext } from "../audit";
import { requirePackage, requireState, type Stores } from "../package-rules";
import { inviteWhoseTurn, signersWhoseTurnItIs } from "../signers/invitations";
import type { PackageApi } from "./api";
import { change } from "./locked";
import { transition } from "./transition";
import { checkPackage } from "./validate";

/** Who is notified when the package is sent, and who later (contract §6.1 send-impact). */
export async function sendImpact(storage: Storage, tenantId: string, id: string) {
  const pkg = await requirePackage(storage, tenantId, id);
  const signers = await storage.signers.list(pkg.id);
  const snapshots = await storage.signers.members(pkg.id);
  const now = new Set(signersWhoseTurnItIs(pkg, signers).map((x) => x.id));
  const items = [];
  for (const x of signers) {
    let recipients: { email: string; name: string | null }[];
    if (x.signingGroupId === null) recipients = x.email ? [{ email: x.email, name: x.name }] : [];
    else if (snapshots.has(x.id)) recipients = snapshots.get(x.id)!;
    else {
      const group = await storage.signingGroups.find(tenantId, x.signingGroupId);
      const members = group ? await storage.signingGroups.listMembers(group.id) : [];
      recipients = members.map((m) => ({ email: m.email, name: m.name }));
    }
    const finished = x.status === "Completed" || x.status === "Declined" || x.status === "Voided";
    items.push({
      signerId: x.id,
      name: x.name,
      routingOrder: x.routingOrder,
      signingGroupId: x.signingGroupId,
      notified: finished ? ("never" as const) : now.has(x.id) ? ("now" as const) : ("later" as const),
      recipients,
    });
  }
  return {
    packageId: pkg.id,
    status: pkg.status,
    notifiedNow: items.filter((i) => i.notified === "now").reduce((n, i) => n + i.recipients.length, 0),
    notifiedLater: items.filter((i) => i.notified === "later").reduce((n, i) => n + i.recipients.length, 0),
    signers: items,
  };
}

/**
 * Sends (or schedules) a locked Draft package: validates, copies each group slot's members, notifies
 * whose turn it is, audits. The caller holds the transaction.
 */
export async function sendLocked(
  s: Stores,
  pkg: PackageRecord,
  context: AuditContext,
  now: Date,
  options: { fromSchedule?: boolean } = {},
): Promise<void> {
  requireState(pkg, options.fromSchedule ? ["Scheduled"] : ["Draft"], "send the package");
  const check = await checkPackage(s, pkg);
  if (!check.isValid) {
    throw new ApiError(
      400,
      "validation_failed",
      check.errors.length === 1
        ? `The package cannot be sent: ${check.errors[0]!.message}`
        : `The package cannot be sent: ${check.errors.length} problems.`,
      check.errors.map((e) => ({ field: e.signerId ?? e.documentId ?? "package", message: e.message })),
    );
  }
  const at = now.toISOString();
  if (!options.fromSchedule && pkg.scheduledSendOn !== null && pkg.scheduledSendOn > at) {
    const details = { scheduledSendOn: pkg.scheduledSendOn };
    await transition(s, pkg, { status: "Scheduled" }, { context, action: "PackageScheduled", details }, now);
    return;
  }
  if (pkg.expirationDate !== null && pkg.expirationDate <= at) {
    throw validationFailed([
      { field: "expirationDate", message: "expirationDate has passed: change it first." },
    ]);
  }
  const signers = await s.signers.list(pkg.id);
  let copied = 0;
  for (const x of signers) {
    if (x.signingGroupId === null) continue;
    copied += await s.signers.snapshotGroup(x.id, x.signingGroupId, pkg.tenantId);
  }
  const sent = await transition(
    s,
    pkg,
    { status: "Sent", sentOn: at },
    {
      context,
      action: "PackageSent",
      details: { signerCount: signers.length, groupMembersCopied: copied },
    },
    now,
  );
  const notified = await inviteWhoseTurn(s, sent, at);
  await appendAudit(s, pkg, context, "InvitationsQueued", { notifications: notified }, at);
}

export async function sendPackage(
  storage: Storage,
  tenantId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  return change(storage, tenantId, id, (s, pkg) => sendLocked(s, pkg, context, now));
}

export async function cancelSchedule(
  storage: Storage,
  tenantId: string,
  id: string,
  context: AuditContext,
  now = new Date(),
): Promise<PackageApi> {
  return change(storage, tenantId, id, async (s, pkg) => {
    requireState(pkg, ["Scheduled"], "cancel the schedule");
    await transition(s, pkg, { status: "Draft" }, { context, action: "ScheduleCancelled", details: {} }, now);
  });
}
