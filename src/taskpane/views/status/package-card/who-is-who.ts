/**
 * Who is who on a package card: whose turn it is, which of them were mailed, whether the user sent the
 * package, and the user's own turn to sign here again. What the card's buttons are offered from.
 */
import { IN_FLIGHT_STATUSES, type Package, type Signer } from "../../../../api/packages";
import type { OutlookHost } from "../../../../outlook";
import type { Scope } from "../../../../shared/scopes";
import { SELF_SIGNER_CLIENT_ID } from "../../../../shared/self-signer";
import type { Identity } from "../../../session";
import { isEmbedded, whoseTurn } from "../../../status/words";

export interface WhoIsWho {
  inFlight: boolean;
  /** The user may send packages (and so remind, void and hand out links). */
  canSend: boolean;
  isSender: boolean;
  turn: Signer[];
  /** Those whose turn it is and who were mailed an invitation. */
  mailed: Signer[];
  /** Those whose turn it is on a page opened for them here (Sign it yourself): nobody mailed them. */
  embedded: Signer[];
  isMe(signer: Signer): boolean;
  /** The user's own signer, to sign again here as Sign it yourself opened it. */
  mine: Signer | undefined;
  /** The sender may hand a person whose turn it is their signing link (not the user's own: Sign now). */
  canCopyLink(signer: Signer): boolean;
}

export function whoIsWho(
  pkg: Package,
  signers: Signer[] | undefined,
  identity: Identity,
  host: OutlookHost | null,
): WhoIsWho {
  const inFlight = IN_FLIGHT_STATUSES.includes(pkg.status);
  const canSend = identity.scopes.includes("sign.package.send" satisfies Scope);
  // Signing links are the sender's to hand out: the mailbox that sent it (when the package says).
  const me = host?.userAddress().trim().toLowerCase() ?? "";
  const isSender = !pkg.senderEmail || !me || pkg.senderEmail.trim().toLowerCase() === me;
  const turn = signers ? whoseTurn(pkg, signers) : [];
  // A reminder mails only those who were mailed: an embedded signer (Sign it yourself) gets nothing.
  const mailed = turn.filter((s) => !isEmbedded(s));
  const embedded = turn.filter((s) => isEmbedded(s));
  const isMe = (signer: Signer) =>
    me
      ? signer.email?.trim().toLowerCase() === me
      : isSender && signer.clientUserId === SELF_SIGNER_CLIENT_ID;
  // The user signs their own package here again, as Sign it yourself opened it (a person, not a group).
  const mine =
    inFlight && canSend && isSender ? embedded.find((s) => isMe(s) && !s.signingGroupId) : undefined;
  const canCopyLink = (signer: Signer) =>
    canSend &&
    isSender &&
    inFlight &&
    signer.signingGroupId === null &&
    signer.id !== mine?.id &&
    turn.some((s) => s.id === signer.id);
  return { inFlight, canSend, isSender, turn, mailed, embedded, isMe, mine, canCopyLink };
}
