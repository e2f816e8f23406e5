// Signers of a package (contract §6.3): people and signing-group slots, routing order, reassign; one
// operation per file. What the routes, schemas and other domain modules use is re-exported here.
export { addSigners, addSignersLocked } from "./add";
export { signerApi } from "./answer";
export { AUTH_METHODS, SIGNER_TYPES, type CreateSignerInput, type UpdateSignerInput } from "./input";
export { getSigner, listSigners } from "./read";
export { reassignSigner, type ReassignInput } from "./reassign";
export { removeSigner } from "./remove";
export { reorderSigners } from "./reorder";
export { resendToSigners } from "./resend";
export { unstartedSigner } from "./unstarted";
export { updateSigner } from "./update";
