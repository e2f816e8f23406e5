// Finishing a slot (POST /sign/{token}/finish): the drafts become the field values, the next routing
// order's turn comes, and when every slot is done the package is Completed and its sealing queued.
import { validationFailed, type FieldError } from "../../errors";
import type { SignerRecord } from "../../storage";
import { appendAudit } from "../audit";
import { transition } from "../packages/transition";
import { inviteWhoseTurn } from "../signers/invitations";
import { newId } from "../tokens";
import { AUTO_TYPES, autoValue, nameOfField } from "./fields";
import { sessionOf, type SigningSessionApi } from "./session";
import { auditContextOf, requireReady, type SigningContext, visit } from "./visit";

export async function finishSigning(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  ip: string | null,
  now = new Date(),
): Promise<SigningSessionApi> {
  return ctx.storage.transaction(async (s) => {
    const v = await visit(s, ctx.links, token, grant, now, { lock: true });
    // Finishing twice answers the finished session.
    if (v.state === "Completed") return sessionOf(s, v, now);
    requireReady(v, "finish");
    const signer = v.signer!;
    const at = now.toISOString();
    const documents = await s.annotations.documents(v.pkg.id);
    const docNames = new Map(documents.map((d) => [d.id, d.name]));
    const mine = (await s.annotations.list(v.pkg.id)).filter((a) => a.signerId === signer.id);
    const drafts = await s.signingValues.of(v.pkg.id, v.link.emailLower);
    const missing: FieldError[] = [];
    const finals = mine.map((a) => {
      const value = AUTO_TYPES.has(a.type) ? autoValue(a.type, v.person, now) : (drafts.get(a.id) ?? a.value);
      // An unticked required checkbox counts as not done.
      const empty =
        value === null || value === "" || (a.type === "Checkbox" && a.required && value !== "true");
      if (a.required && empty) {
        missing.push({
          field: a.id,
          message: `The ${nameOfField(a)} on page ${a.page} of "${docNames.get(a.documentId) ?? "the document"}" is required.`,
        });
      }
      return { a, value };
    });
    if (missing.length > 0) {
      throw validationFailed(
        missing,
        missing.length === 1 ? missing[0]!.message : `${missing.length} required fields are not filled in.`,
      );
    }
    for (const { a, value } of finals) {
      await s.annotations.update({
        ...a,
        value,
        isCompleted: value !== null,
        completedOn: value !== null ? at : null,
      });
    }
    const dropped = await s.signingValues.dropDrafts(
      mine.map((a) => a.id),
      v.link.emailLower,
    );
    if (dropped.length > 0) await s.blobGarbage.queue(dropped, at);
    const isGroup = signer.signingGroupId !== null;
    const done: SignerRecord = {
      ...signer,
      status: "Completed",
      completedOn: at,
      viewedOn: signer.viewedOn ?? at,
      completedBy: isGroup ? v.person.email : null,
      nextReminderOn: null,
    };
    await s.signers.update(done);
    await s.packages.refreshCounts(v.pkg.id);
    const who = auditContextOf(v, ip);
    await appendAudit(
      s,
      v.pkg,
      who,
      "SignerCompleted",
      {
        signerId: signer.id,
        fields: finals.filter((f) => f.value !== null).length,
        ...(isGroup ? { groupMember: v.person.email } : {}),
      },
      at,
    );
    if (isGroup) {
      // The other members hear that it is done (their links now say who did it).
      await s.outbox.insertForSnapshot(
        newId(),
        {
          tenantId: v.pkg.tenantId,
          packageId: v.pkg.id,
          signerId: signer.id,
          kind: "SlotCompleted",
          createdOn: at,
          details: { byName: v.person.name, byEmail: v.person.email, groupName: signer.name },
        },
        { exceptEmailLower: v.link.emailLower },
      );
    }
    // The next routing order's turn (when the order is enforced; carbon copies complete on the way),
    // then the package's state.
    const invitedNext = await inviteWhoseTurn(s, v.pkg, at);
    if (invitedNext > 0) {
      await appendAudit(s, v.pkg, who, "InvitationsQueued", { notifications: invitedNext }, at);
    }
    const all = await s.signers.list(v.pkg.id);
    let after;
    if (all.every((x) => x.status === "Completed")) {
      // The last slot: the package is Completed, and transition() queues its sealing (seal,
      // certificate, mail to the sender: domain/completion/job.ts) in this same transaction.
      const event = { context: who, action: "PackageCompleted", details: { signerCount: all.length } };
      after = await transition(s, v.pkg, { status: "Completed", completedOn: at }, event, now);
    } else {
      // The first finished slot moves a Sent or Viewed package on; SignerCompleted above is its event.
      const moved = v.pkg.status === "Sent" || v.pkg.status === "Viewed" ? "InProgress" : v.pkg.status;
      after = await transition(s, v.pkg, { status: moved }, null, now);
    }
    await s.packages.refreshCounts(v.pkg.id);
    return sessionOf(s, { ...v, pkg: after, signer: done, state: "Completed" }, now);
  });
}
