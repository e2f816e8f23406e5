// Stage 2, the documents: each stamped, then kept when the service already has these very bytes,
// else uploaded (resuming an earlier try's session); then those the user no longer sends deleted.
import type { ApiClient } from "../../../api/client";
import type { SignatureBlockSigner } from "../../../pdf/stamp-tags";
import type { SendDocument } from "../documents";
import type { SendDraft } from "../draft";
import { chosenSigners, describeSigner, signerIndexes } from "../fields";
import type { SignerRow } from "../signers";
import { deleteDocument } from "./delete-document";
import { pdfFileName } from "./pdf-file-name";
import type { RememberedProgress } from "./remembered-progress";
import type { DocumentResponse } from "./responses";
import { step } from "./stage";
import { stampDocument } from "./stamp-document";
import type { SubmitInput } from "./submit-input";
import { uploadDocument } from "./upload-document";

/** Every chosen document on the service as the pane stamps it, in the draft's order. */
export async function prepareDocuments(
  input: SubmitInput,
  id: string,
  rows: readonly SignerRow[],
  progress: RememberedProgress,
): Promise<DocumentResponse[]> {
  const { draft } = input;
  // Signer N of every tag (the document's own and those we stamp) is the Nth chosen row, left out
  // or not: the numbers the check shows, so a slot left out moves nobody's tags to another person.
  // The service counts signers without the left-out slots; stage 4 maps the numbers for it.
  const indexes = new Map([...signerIndexes(draft.rows)].filter(([key]) => !input.leftOut.has(key)));
  const chosenDocs = draft.documents.filter((d) => d.included && d.sendable);
  const lastDoc = chosenDocs.at(-1)?.key;
  const block = signatureBlock(draft, rows, input.blockFor, indexes);
  const onService = await step("documents", () => documentsOnService(input.api, id));
  const documents: DocumentResponse[] = [];
  for (const doc of chosenDocs) {
    const sent = await step(
      "documents",
      async () => {
        const bytes = await stampDocument(input, doc, indexes, doc.key === lastDoc ? block : []);
        return putDocument(input, id, doc, bytes, {
          onService,
          progress,
          claimed: new Set(documents.map((d) => d.id)),
        });
      },
      doc.key,
    );
    documents.push(sent);
  }
  return documents;
}

/** The signers the block names: every one but copies when the draft asks for it, else the accepted ones. */
function signatureBlock(
  draft: SendDraft,
  rows: readonly SignerRow[],
  blockFor: ReadonlySet<string>,
  indexes: ReadonlyMap<string, number>,
): SignatureBlockSigner[] {
  return chosenSigners(rows)
    .filter((r) => (draft.signatureBlock ? r.type !== "CarbonCopy" : blockFor.has(r.key)))
    .map((r) => ({
      name: describeSigner(r),
      ...(r.kind === "person" ? { email: r.email } : {}),
      signerIndex: indexes.get(r.key)!,
    }));
}

/**
 * One document: kept when the service has the document an earlier try uploaded of the same bytes,
 * else that one (if any) deleted and the bytes uploaded.
 */
async function putDocument(
  input: SubmitInput,
  id: string,
  doc: SendDocument,
  bytes: Uint8Array,
  state: {
    /** The package's documents when the stage began, less those deleted since. */
    onService: Map<string, DocumentResponse>;
    progress: RememberedProgress;
    /** Documents of this send already accounted for. */
    claimed: ReadonlySet<string>;
  },
): Promise<DocumentResponse> {
  const { api } = input;
  const { onService, progress } = state;
  const sha256 = await input.sha256(bytes);
  const known = progress.of(doc.key);
  const existing = known?.documentId ? onService.get(known.documentId) : undefined;
  if (existing && known!.sha256 === sha256) {
    input.onEvent({
      kind: "upload",
      docKey: doc.key,
      sent: bytes.length,
      total: bytes.length,
      resumed: true,
    });
    return existing;
  }
  if (existing) {
    await deleteDocument(api, id, existing.id);
    onService.delete(existing.id);
  }
  return uploadDocument(api, id, {
    docKey: doc.key,
    fileName: pdfFileName(doc.name),
    bytes,
    sha256,
    known: known && known.sha256 === sha256 ? known : null,
    keep: (value) => progress.keep(doc.key, value),
    onEvent: input.onEvent,
    claimed: state.claimed,
  });
}

/** Deletes the package's documents that are neither the pane's just sent nor the template's own. */
export async function removeStaleDocuments(
  api: ApiClient,
  id: string,
  documents: readonly DocumentResponse[],
  template: SendDraft["template"],
): Promise<void> {
  await step("documents", async () => {
    // The template's documents stay; only the pane's own are made to match the choices.
    const wanted = new Set([...documents.map((d) => d.id), ...(template?.documents.map((d) => d.id) ?? [])]);
    const onService = await documentsOnService(api, id);
    for (const stale of onService.keys()) if (!wanted.has(stale)) await deleteDocument(api, id, stale);
  });
}

async function documentsOnService(api: ApiClient, id: string): Promise<Map<string, DocumentResponse>> {
  const { items } = await api.request("GET", "/api/v1/packages/{id}/documents", { path: { id } });
  return new Map(items.map((d) => [d.id, d]));
}
