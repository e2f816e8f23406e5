// Step 5's submission (send the draft package): one concern per file; importers keep the
// `send/submit` path, and what the one file exported is re-exported here.
export { BLOCKS_AT_ONCE, uploadDocument } from "./upload-document";
export { pdfFileName } from "./pdf-file-name";
export { placeTags } from "./place-tags";
export type { DocumentResponse, PackageResponse, SignerResponse } from "./responses";
export { STAGE_LABELS, SubmitError, type SubmitEvent, type SubmitStage } from "./stage";
export { submitDraft } from "./submit-draft";
export type { StampModule, SubmitInput, SubmitResult } from "./submit-input";
export { signerRequests } from "./sync-signers";
