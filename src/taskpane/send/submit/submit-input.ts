// What a submission is given and what it answers; its own file so the stages can share the types
// without importing submit-draft.ts (which imports them).
import type { ApiClient } from "../../../api/client";
import type { SendDocument } from "../documents";
import type { DocumentProgress, SendDraft } from "../draft";
import type { FinalOptions } from "../stamp";
import type { Skipped } from "./place-tags";
import type { DocumentResponse, PackageResponse, SignerResponse } from "./responses";
import type { SubmitEvent } from "./stage";

export interface StampModule {
  asPdf(bytes: Uint8Array, contentType: string): Promise<Uint8Array>;
  finalPdf(pdf: Uint8Array, options: FinalOptions): Promise<Uint8Array>;
}

export interface SubmitInput {
  api: ApiClient;
  draft: SendDraft;
  /** Rows left out of the package (accepted empty groups). */
  leftOut: ReadonlySet<string>;
  /** Rows that get a signature block (accepted "no field"); every signer when the draft asks for one. */
  blockFor: ReadonlySet<string>;
  name: string;
  source: { conversationId: string | null; internetMessageId: string | null; subject: string | null };
  /** The mailbox sending it (told when a signer declines or all complete; the Status view's own list). */
  senderEmail?: string | null;
  /** The document's bytes as attached or picked. */
  readBytes(doc: SendDocument): Promise<Uint8Array>;
  stamp: StampModule;
  sha256(bytes: Uint8Array): Promise<string>;
  /** Keeps what the service now holds (saved in the draft at once). */
  remember(patch: { packageId?: string | null; progress?: Record<string, DocumentProgress> }): void;
  onEvent(event: SubmitEvent): void;
  /** Milliseconds since the epoch; the expiry counts from it. */
  now?: () => number;
}

export interface SubmitResult {
  pkg: PackageResponse;
  signers: SignerResponse[];
  documents: DocumentResponse[];
  /** Tags the service did not turn into fields (for a signer who does not exist, unreadable). */
  skipped: Skipped[];
}
