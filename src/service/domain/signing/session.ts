// The session of a link (GET /sign/{token}/session): what the page shows, and the first open that
// marks the signer (and a Sent package) Viewed.
import { caseKey } from "../../../shared/signing-group-rules";
import type { SignerRecord } from "../../storage";
import { transition } from "../packages/transition";
import type { Stores } from "../package-rules";
import { servableWebUrl } from "../web-urls";
import { fieldsOf } from "./fields";
import { auditContextOf, SHOWS_DOCUMENTS, type SigningContext, type Visit, visit } from "./visit";

export async function sessionOf(s: Stores, v: Visit, now: Date) {
  const { pkg, signer, state } = v;
  const showing = SHOWS_DOCUMENTS.has(state);
  const documents = showing ? await s.annotations.documents(pkg.id) : [];
  let completedBy = null;
  if (signer && signer.status === "Completed" && signer.signingGroupId !== null && signer.completedBy) {
    const member = await s.signers.member(signer.id, caseKey(signer.completedBy));
    completedBy = {
      name: member?.name || signer.completedBy,
      email: signer.completedBy,
      completedOn: signer.completedOn,
    };
  }
  let declineReason: string | null = null;
  if (state === "Declined") {
    declineReason =
      signer?.declineReason ??
      (await s.signers.list(pkg.id)).find((x) => x.status === "Declined")?.declineReason ??
      null;
  }
  return {
    state,
    package: {
      id: pkg.id,
      name: pkg.name,
      status: pkg.status,
      emailMessage: pkg.emailMessage,
      senderName: pkg.senderName,
      senderEmail: pkg.senderEmail,
      expirationDate: pkg.expirationDate,
    },
    signer: {
      id: signer?.id ?? v.link.signerId,
      name: v.person.name,
      email: v.person.email,
      type: signer?.type ?? "Signer",
      status: signer?.status ?? "Voided",
      routingOrder: signer?.routingOrder ?? 1,
      isGroupSlot: signer ? signer.signingGroupId !== null : false,
      groupName: signer && signer.signingGroupId !== null ? signer.name : null,
    },
    completedBy,
    declineReason,
    voidedReason: state === "Voided" ? pkg.voidedReason : null,
    // A signing-url link's returnUrl (contract §6.3): the page goes there after finish or decline.
    // Checked when stored; one stored before that check is answered repaired or not at all.
    returnUrl: servableWebUrl(v.link.returnUrl),
    documents: documents.map((d) => ({ id: d.id, name: d.name, pageCount: d.pages.length, pages: d.pages })),
    fields: showing ? await fieldsOf(s, v, documents, now) : [],
  };
}

export type SigningSessionApi = Awaited<ReturnType<typeof sessionOf>>;

/**
 * The session of a link. Opened Ready for the first time, it marks the signer Viewed (and the
 * package Viewed from Sent), with an audit event.
 */
export async function openSession(
  ctx: SigningContext,
  token: string,
  grant: string | undefined,
  ip: string | null,
  now = new Date(),
): Promise<SigningSessionApi> {
  const first = await visit(ctx.storage, ctx.links, token, grant, now);
  if (first.state !== "Ready" || first.signer!.viewedOn !== null) return sessionOf(ctx.storage, first, now);
  // A write only the first time: most opens read.
  return ctx.storage.transaction(async (s) => {
    const v = await visit(s, ctx.links, token, grant, now, { lock: true });
    if (v.state === "Ready" && v.signer!.viewedOn === null) {
      const at = now.toISOString();
      const signer: SignerRecord = {
        ...v.signer!,
        viewedOn: at,
        status: v.signer!.status === "Sent" || v.signer!.status === "Pending" ? "Viewed" : v.signer!.status,
      };
      await s.signers.update(signer);
      const pkg = await transition(
        s,
        v.pkg,
        { status: v.pkg.status === "Sent" ? "Viewed" : v.pkg.status },
        { context: auditContextOf(v, ip), action: "SignerViewed", details: { signerId: signer.id } },
        now,
      );
      return sessionOf(s, { ...v, signer, pkg }, now);
    }
    return sessionOf(s, v, now);
  });
}
