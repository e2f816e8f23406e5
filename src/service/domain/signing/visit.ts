// Who follows a link and what they may do now: the link resolved to its package and slot, and the
// session state (Ready, NotYourTurn, Completed, …) every signing operation starts from.
import { caseKey } from "../../../shared/signing-group-rules";
import type { BlobStore } from "../../blobs";
import { ApiError } from "../../errors";
import type { PackageRecord, SignerRecord, SigningLinkRecord, Storage } from "../../storage";
import type { AuditContext } from "../audit";
import { IN_FLIGHT_STATES, type Stores } from "../package-rules";
import { signersWhoseTurnItIs } from "../signers/invitations";
import type { RateLimiter } from "../rate-limits";
import type { SignerCopies } from "../signer-document";
import type { SigningLinks } from "../signing-links";

export type SessionState =
  | "Ready"
  | "AccessCodeRequired"
  | "NotYourTurn"
  | "Completed"
  | "CompletedByOther"
  | "Declined"
  | "Voided"
  | "Expired"
  | "Reassigned";

export const SESSION_STATES: readonly SessionState[] = [
  "Ready",
  "AccessCodeRequired",
  "NotYourTurn",
  "Completed",
  "CompletedByOther",
  "Declined",
  "Voided",
  "Expired",
  "Reassigned",
];

/** States in which the documents and this signer's fields are shown. */
export const SHOWS_DOCUMENTS: ReadonlySet<SessionState> = new Set(["Ready", "NotYourTurn", "Completed"]);

export interface SigningContext {
  storage: Storage;
  links: SigningLinks;
  limiter: RateLimiter;
  blobs: BlobStore;
  /** The documents as signers see them (signer-document.ts). */
  copies: SignerCopies;
}

/** Who follows a link, as the page and the audit trail know them. */
export interface Visit {
  link: SigningLinkRecord;
  pkg: PackageRecord;
  /** The slot the link is for (after a reassign, the slot's new record). */
  signer: SignerRecord | null;
  /** The link's person still holds the slot (the slot's person, or a member of its group snapshot). */
  current: boolean;
  person: { email: string; name: string };
  state: SessionState;
}

/** Every link that leads nowhere answers alike, so that an answer tells nothing about why. */
const unknownLink = () =>
  new ApiError(
    404,
    "not_found",
    "This signing link is not valid: check that it was copied whole, or ask the sender for a new one.",
  );

export function auditContextOf(v: Visit, ip: string | null): AuditContext {
  return { actor: { type: "Signer", email: v.person.email, name: v.person.name }, ip };
}

export async function visit(
  s: Stores,
  links: SigningLinks,
  token: string,
  grant: string | undefined,
  now: Date,
  options: { lock?: boolean } = {},
): Promise<Visit> {
  const id = links.linkIdOf(token);
  const link = id === null ? null : await s.signingLinks.get(id);
  if (!link) throw unknownLink();
  if (link.expiresOn !== null && link.expiresOn <= now.toISOString()) {
    throw new ApiError(404, "not_found", "This signing link has expired: ask the sender for a new one.");
  }
  const pkg = options.lock
    ? await s.packages.lock(link.tenantId, link.packageId)
    : await s.packages.get(link.tenantId, link.packageId);
  if (!pkg) throw unknownLink();
  const signer = await s.signers.get(pkg.id, link.signerId);
  let current = false;
  let memberName: string | null = null;
  if (signer) {
    if (signer.signingGroupId === null) {
      current = signer.email !== null && caseKey(signer.email) === link.emailLower;
    } else {
      const member = await s.signers.member(signer.id, link.emailLower);
      current = member !== null;
      memberName = member?.name ?? null;
    }
  }
  const name =
    (signer && current && signer.signingGroupId === null ? signer.name : (memberName ?? link.name)) ||
    link.email;
  const person = { email: link.email, name };
  const granted = signer?.authMethod !== "AccessCode" || links.grantAllows(grant, link.id, now.getTime());
  let state: SessionState;
  if (!signer || !current) state = "Reassigned";
  else if (pkg.status === "Voided") state = "Voided";
  else if (signer.status === "Declined" || pkg.status === "Declined") state = "Declined";
  else if (pkg.status === "Expired" && signer.status !== "Completed") state = "Expired";
  else if (!granted) state = "AccessCodeRequired";
  else if (signer.status === "Completed") {
    state =
      signer.signingGroupId !== null &&
      signer.completedBy !== null &&
      caseKey(signer.completedBy) !== link.emailLower
        ? "CompletedByOther"
        : "Completed";
  } else if (!IN_FLIGHT_STATES.includes(pkg.status)) {
    // Links exist only once a package is sent; a Completed package has every slot Completed.
    state = pkg.status === "Completed" ? "Completed" : "Voided";
  } else {
    const turn = signersWhoseTurnItIs(pkg, await s.signers.list(pkg.id));
    state = turn.some((x) => x.id === signer.id) ? "Ready" : "NotYourTurn";
  }
  return { link, pkg, signer, current, person, state };
}

/** A write needs the link to be Ready: 403 without the access code, 400 naming any other state. */
export function requireReady(v: Visit, doing: string): void {
  if (v.state === "Ready") return;
  if (v.state === "AccessCodeRequired") {
    throw new ApiError(403, "access_code_required", `Enter the access code first to ${doing}.`);
  }
  throw new ApiError(400, "invalid_state", `Cannot ${doing}: this link is ${v.state}.`);
}
