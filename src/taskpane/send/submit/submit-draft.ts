/**
 * Step 5, sending: the draft package on the service made to match the user's choices, then sent.
 *
 *   package (create, or update the draft kept from an earlier try) → reminders → documents (each
 *   stamped, uploaded in 4 MiB blocks through an upload session) → signers (in list order, so the
 *   Nth is signer N of the tags) → apply-detected-tags → send
 *
 * Every step can be run again: what the draft remembers (package id, per document the upload
 * session or document and the SHA-256 of its bytes) is saved as soon as the service has it, and a
 * new try checks it against the service instead of trusting it. So a network failure or a closed
 * pane loses nothing: the next try sends only the blocks the session lacks.
 */
import { addSigners } from "./add-signers";
import { alreadySent } from "./already-sent";
import { placeFields } from "./place-fields";
import { prepareDocuments, removeStaleDocuments } from "./prepare-documents";
import { preparePackage, setReminders } from "./prepare-package";
import { RememberedProgress } from "./remembered-progress";
import { sendPackage } from "./send-package";
import type { SubmitInput, SubmitResult } from "./submit-input";

export async function submitDraft(input: SubmitInput): Promise<SubmitResult> {
  const { api, draft, leftOut } = input;
  const progress = new RememberedProgress(draft.progress, input.remember);

  input.onEvent({ kind: "stage", stage: "package" });
  const pkg = await preparePackage(input, progress);
  if (pkg.status !== "Draft") return alreadySent(api, pkg);
  const id = pkg.id;
  await setReminders(api, id, draft.reminders);

  input.onEvent({ kind: "stage", stage: "documents" });
  const rows = draft.rows.filter((r) => !leftOut.has(r.key));
  const documents = await prepareDocuments(input, id, rows, progress);
  await removeStaleDocuments(api, id, documents, draft.template);

  input.onEvent({ kind: "stage", stage: "signers" });
  const signers = await addSigners(api, id, draft, rows);

  input.onEvent({ kind: "stage", stage: "fields" });
  const applied = await placeFields(api, id, documents, draft.rows, leftOut, signers);

  input.onEvent({ kind: "stage", stage: "sending" });
  const sent = await sendPackage(api, id);
  // A field an earlier try placed is there: only tags that became no field are the user's news.
  const skipped = applied.skipped.filter((s) => s.reason !== "already_applied");
  return { pkg: sent, signers, documents, skipped };
}
