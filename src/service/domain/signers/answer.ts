// What a signer looks like in an answer (SignerApiResponse, contract §6.3): one shape for every
// operation here and for the package answers (packages/query.ts) that list signers.
import type { GroupMemberSnapshot, SignerRecord } from "../../storage";

/** SignerApiResponse of contract §6.3 (the access code itself is never answered). */
export function signerApi(x: SignerRecord, members: GroupMemberSnapshot[] | null = null) {
  return {
    id: x.id,
    email: x.email,
    name: x.name,
    type: x.type,
    routingOrder: x.routingOrder,
    status: x.status,
    authMethod: x.authMethod,
    isEmbedded: x.clientUserId !== null,
    clientUserId: x.clientUserId,
    signingGroupId: x.signingGroupId,
    roleName: x.roleName,
    viewedOn: x.viewedOn,
    completedOn: x.completedOn,
    createdOn: x.createdOn,
    declinedOn: x.declinedOn,
    declineReason: x.declineReason,
    remindersSentCount: x.remindersSentCount,
    lastReminderSentOn: x.lastReminderSentOn,
    groupMembers: members,
    completedBy: x.completedBy,
  };
}
