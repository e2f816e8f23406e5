// Signing through a link (docs/signing-page-api.md, contract §6.5): what a link's holder sees and what
// they do, one operation per file. Each write runs in one transaction on the locked package, so two
// members of a group slot finishing at once cannot both complete it, and a finish racing a void sees
// the void. What the routes, the scheduler and the schemas use is re-exported here.
export { verifyAccessCode } from "./access-code";
export { attachFile } from "./attach";
export { declineSigning } from "./decline";
export { documentForLink } from "./document";
export { signingFieldApi, type SigningFieldApi } from "./fields";
export { saveFieldValue } from "./fill";
export { finishSigning } from "./finish";
export { SIGNING_LIMITS } from "./limits";
export { sendDueReminders } from "./reminders";
export { openSession, type SigningSessionApi } from "./session";
export * from "./signing-url";
export { checkFieldValue } from "./values";
export { SESSION_STATES, type SessionState, type SigningContext } from "./visit";
