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
import { isNotFound } from "../../../api/errors";
import type { ApiClient } from "../../../api/client";
import type { SignatureBlockSigner } from "../../../pdf/stamp-tags";
import type { SendDocument } from "../documents";
import type { DocumentProgress, SendDraft } from "../draft";
import { chosenSigners, describeSigner, signerIndexes, stampsFor } from "../fields";
import type { FinalOptions } from "../stamp";
import { deleteDocument } from "./delete-document";
import { pdfFileName } from "./pdf-file-name";
import { placeTags, type Skipped } from "./place-tags";
import type { DocumentResponse, PackageResponse, SignerResponse } from "./responses";
import { step, type SubmitEvent } from "./stage";
import { syncSigners } from "./sync-signers";
import { uploadDocument } from "./upload-document";

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

export async function submitDraft(input: SubmitInput): Promise<SubmitResult> {
  const { api, draft } = input;
  const now = input.now ?? Date.now;
  const progress: Record<string, DocumentProgress> = { ...draft.progress };
  const keep = (docKey: string, value: DocumentProgress) => {
    progress[docKey] = value;
    input.remember({ progress: { ...progress } });
  };

  // 1. The package: the draft kept from an earlier try, or a new one.
  input.onEvent({ kind: "stage", stage: "package" });
  const fields = {
    name: input.name,
    emailSubject: draft.subject,
    emailMessage: draft.message,
    enforceSigningOrder: draft.signInOrder,
    expirationDate:
      draft.expiresInDays === null ? "" : new Date(now() + draft.expiresInDays * 86_400_000).toISOString(),
  };
  let pkg = await step("package", async () => {
    if (draft.packageId) {
      try {
        const existing = await api.request("GET", "/api/v1/packages/{id}", { path: { id: draft.packageId } });
        // An earlier try that sent it but never heard the answer: it is sent.
        if (existing.status !== "Draft") return existing;
        return await api.request("PUT", "/api/v1/packages/{id}", { path: { id: existing.id }, body: fields });
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    // A template's package holds its documents, roles and fields: another package would not.
    if (draft.template) {
      throw new Error(
        `The package made from the template “${draft.template.name}” is no longer on the service: start from the template again.`,
      );
    }
    const created = await api.request("POST", "/api/v1/packages", {
      body: {
        ...fields,
        expirationDate: fields.expirationDate || null,
        source: { kind: "outlook", ...input.source },
        ...(input.senderEmail ? { senderEmail: input.senderEmail } : {}),
      },
    });
    input.remember({ packageId: created.id, progress: {} });
    for (const key of Object.keys(progress)) delete progress[key];
    return created;
  });
  const id = pkg.id;
  if (pkg.status !== "Draft") {
    const signers = (await api.request("GET", "/api/v1/packages/{id}/signers", { path: { id } })).items;
    const documents = (await api.request("GET", "/api/v1/packages/{id}/documents", { path: { id } })).items;
    return { pkg, signers, documents, skipped: [] };
  }
  await step("package", () =>
    api.request("PATCH", "/api/v1/packages/{id}/reminders", {
      path: { id },
      body: draft.reminders.enabled
        ? {
            enabled: true,
            firstAfterDays: draft.reminders.firstAfterDays,
            everyDays: draft.reminders.everyDays,
          }
        : { enabled: false },
    }),
  );

  // 2. The documents, stamped and uploaded; those the user no longer sends are deleted.
  input.onEvent({ kind: "stage", stage: "documents" });
  const rows = draft.rows.filter((r) => !input.leftOut.has(r.key));
  // Signer N of every tag (the document's own and those we stamp) is the Nth chosen row, left out
  // or not: the numbers the check shows, so a slot left out moves nobody's tags to another person.
  // The service counts signers without the left-out slots; step 4 maps the numbers for it.
  const tagIndexes = signerIndexes(draft.rows);
  const indexes = new Map([...tagIndexes].filter(([key]) => !input.leftOut.has(key)));
  const chosenDocs = draft.documents.filter((d) => d.included && d.sendable);
  const lastDoc = chosenDocs.at(-1)?.key;
  const block: SignatureBlockSigner[] = chosenSigners(rows)
    .filter((r) => (draft.signatureBlock ? r.type !== "CarbonCopy" : input.blockFor.has(r.key)))
    .map((r) => ({
      name: describeSigner(r),
      ...(r.kind === "person" ? { email: r.email } : {}),
      signerIndex: indexes.get(r.key)!,
    }));
  let onService = await step(
    "documents",
    async () =>
      new Map(
        (await api.request("GET", "/api/v1/packages/{id}/documents", { path: { id } })).items.map((d) => [
          d.id,
          d,
        ]),
      ),
  );
  const documents: DocumentResponse[] = [];
  for (const doc of chosenDocs) {
    const sent = await step(
      "documents",
      async () => {
        const original = await input.readBytes(doc);
        const pdf = await input.stamp.asPdf(original, doc.contentType);
        const bytes = await input.stamp.finalPdf(pdf, {
          stamps: stampsFor(doc.key, draft.fields, indexes, draft.tagFormat),
          visible: draft.visibleTags,
          block: doc.key === lastDoc ? block : [],
          format: draft.tagFormat,
        });
        const sha256 = await input.sha256(bytes);
        const known = progress[doc.key];
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
          keep: (value) => keep(doc.key, value),
          onEvent: input.onEvent,
          claimed: new Set(documents.map((d) => d.id)),
        });
      },
      doc.key,
    );
    documents.push(sent);
  }
  await step("documents", async () => {
    // The template's documents stay; only the pane's own are made to match the choices.
    const wanted = new Set([
      ...documents.map((d) => d.id),
      ...(draft.template?.documents.map((d) => d.id) ?? []),
    ]);
    onService = new Map(
      (await api.request("GET", "/api/v1/packages/{id}/documents", { path: { id } })).items.map((d) => [
        d.id,
        d,
      ]),
    );
    for (const stale of onService.keys()) if (!wanted.has(stale)) await deleteDocument(api, id, stale);
  });

  // 3. The signers, made again unless the service already has exactly these.
  input.onEvent({ kind: "stage", stage: "signers" });
  // From a template, the signers are its roles as `use` made them (its fields are theirs).
  const signers = await step("signers", async () =>
    draft.template
      ? (await api.request("GET", "/api/v1/packages/{id}/signers", { path: { id } })).items
      : syncSigners(api, id, rows, draft.signInOrder),
  );

  // 4. Every tag in the documents (the user's stamped fields among them) becomes a field: by the
  // service when its numbering is the pane's (nothing left out), else placed by the pane.
  input.onEvent({ kind: "stage", stage: "fields" });
  const applied = await step("fields", () =>
    input.leftOut.size === 0
      ? api.request("POST", "/api/v1/packages/{id}/apply-detected-tags", { path: { id }, body: {} })
      : placeTags(api, id, documents, draft.rows, input.leftOut, signers),
  );

  // 5. Send.
  input.onEvent({ kind: "stage", stage: "sending" });
  pkg = await step("sending", () => api.request("POST", "/api/v1/packages/{id}/send", { path: { id } }));
  return {
    pkg,
    signers,
    documents,
    skipped: applied.skipped.filter((s) => s.reason !== "already_applied"),
  };
}
