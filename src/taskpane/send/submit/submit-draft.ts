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
import { isApiError } from "../../../api/errors";
import type { ApiClient, Schemas } from "../../../api/client";
import type { SignatureBlockSigner } from "../../../pdf/stamp-tags";
import type { SendDocument } from "../documents";
import type { DocumentProgress, SendDraft } from "../draft";
import { chosenSigners, describeSigner, signerIndexes, stampsFor } from "../fields";
import { routingOrders, type SignerRow } from "../signers";
import type { FinalOptions } from "../stamp";

export type PackageResponse = Schemas["PackageResponse"];
export type SignerResponse = Schemas["SignerApiResponse"];
export type DocumentResponse = Schemas["DocumentApiResponse"];
type UploadSession = Schemas["UploadSessionResponse"];

export type SubmitStage = "package" | "documents" | "signers" | "fields" | "sending";

export const STAGE_LABELS: Record<SubmitStage, string> = {
  package: "Preparing the package",
  documents: "Uploading the documents",
  signers: "Adding the signers",
  fields: "Placing the fields",
  sending: "Sending",
};

export type SubmitEvent =
  | { kind: "stage"; stage: SubmitStage }
  | { kind: "upload"; docKey: string; sent: number; total: number; resumed: boolean };

/** A send that stopped: at which stage, for which document, and the service's error. */
export class SubmitError extends Error {
  constructor(
    readonly stage: SubmitStage,
    override readonly cause: unknown,
    readonly docKey: string | null = null,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "SubmitError";
  }
}

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
  skipped: { text: string; page: number; reason: string; message: string }[];
}

const BLOCK_TIMEOUT_MS = 120_000;
/** Blocks of an upload sent at a time (as chunked upload clients do). */
export const BLOCKS_AT_ONCE = 3;

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

/** The PDF file name of a document sent as a PDF (an image's name gets ".pdf"). */
export function pdfFileName(name: string): string {
  return /\.pdf$/i.test(name) ? name : `${name.replace(/\.(png|jpe?g)$/i, "")}.pdf`;
}

async function step<T>(stage: SubmitStage, run: () => Promise<T>, docKey: string | null = null): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof SubmitError ? error : new SubmitError(stage, error, docKey);
  }
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

type Skipped = SubmitResult["skipped"][number];
type AnnotationRequest = Schemas["CreateAnnotationApiRequest"];

/**
 * Apply-detected-tags for a package some of whose chosen rows were left out (accepted empty group
 * slots). The service reads `signer N` as the Nth signer it has (contract §6.4), and a slot left out
 * before others would shift them: signer 3's tags would go to the person who is signer 3 once the
 * slot is gone. So the pane reads the tags the service detected, takes signer N as the Nth chosen
 * row (the numbering of the check and of the stamps), leaves out the tags of the left-out slots
 * (accepted: "left out with its fields") and places the rest as the service would (each in the
 * tag's `field`: on its line, in the free space beside it). Fields already placed by an earlier try
 * are not placed again.
 */
export async function placeTags(
  api: ApiClient,
  id: string,
  documents: readonly DocumentResponse[],
  rows: readonly SignerRow[],
  leftOut: ReadonlySet<string>,
  signers: readonly SignerResponse[],
): Promise<{ skipped: Skipped[] }> {
  const numbered = chosenSigners(rows);
  const signerOf = (row: SignerRow) =>
    signers.find((s) =>
      row.kind === "group"
        ? s.signingGroupId === row.groupId
        : s.signingGroupId === null && (s.email ?? "").toLowerCase() === row.email.toLowerCase(),
    );
  const key = (a: {
    documentId: string;
    signerId: string;
    page: number;
    x: number;
    y: number;
    type: string;
  }) => `${a.documentId}|${a.signerId}|${a.page}|${a.x}|${a.y}|${a.type.toLowerCase()}`;
  const existing = (await api.request("GET", "/api/v1/packages/{id}/annotations", { path: { id } })).items;
  const placed = new Set(existing.map(key));
  const skipped: Skipped[] = [];
  let wanted: { request: AnnotationRequest; text: string }[] = [];
  for (const doc of documents) {
    const tags = await api.request("GET", "/api/v1/packages/{id}/documents/{documentId}/detected-tags", {
      path: { id, documentId: doc.id },
    });
    for (const tag of tags) {
      if (tag.error !== null || tag.type === null || tag.signerIndex === null) {
        skipped.push({
          text: tag.text,
          page: tag.page,
          reason: "invalid_tag",
          message: tag.error ?? "The tag cannot be read.",
        });
        continue;
      }
      const row = numbered[tag.signerIndex - 1];
      if (!row) {
        skipped.push({
          text: tag.text,
          page: tag.page,
          reason: "no_signer_for_index",
          message: `The package has no signer ${tag.signerIndex}.`,
        });
        continue;
      }
      if (leftOut.has(row.key)) continue;
      const signer = signerOf(row);
      const page = doc.pages[tag.page - 1];
      if (!signer || !page) throw new Error(`The signer for “${tag.text}” is not in the package.`);
      // The field the service computed for the tag's place, as apply-detected-tags places it.
      const { x, y, width, height } = tag.field;
      const request: AnnotationRequest = {
        documentId: doc.id,
        signerId: signer.id,
        type: tag.type,
        page: tag.page,
        x,
        y,
        width,
        height,
        required: tag.required ?? true,
        label: tag.label,
        group: tag.group,
        options: tag.options,
      };
      if (placed.has(key(request))) continue;
      placed.add(key(request));
      wanted.push({ request, text: tag.text });
    }
  }
  // All or nothing per request: a tag the service refuses (the answer names annotations[i]) is
  // skipped as apply-detected-tags would skip it, and the others are placed.
  for (let i = 0; i < wanted.length;) {
    const batch = wanted.slice(i, i + 500);
    try {
      await api.request("POST", "/api/v1/packages/{id}/annotations/bulk", {
        path: { id },
        body: { annotations: batch.map((w) => w.request) },
      });
      i += batch.length;
    } catch (error) {
      const refused = new Set(
        isApiError(error)
          ? error.errors.flatMap((e) => {
              const n = /^annotations\[(\d+)\]/.exec(e.field)?.[1];
              return n === undefined ? [] : [Number(n)];
            })
          : [],
      );
      if (refused.size === 0) throw error;
      for (const n of refused) {
        const w = batch[n]!;
        skipped.push({
          text: w.text,
          page: w.request.page,
          reason: "does_not_fit",
          message: (error as { errors: { field: string; message: string }[] }).errors
            .filter((e) => e.field.startsWith(`annotations[${n}]`))
            .map((e) => e.message)
            .join(" "),
        });
      }
      wanted = [
        ...wanted.slice(0, i),
        ...batch.filter((_, n) => !refused.has(n)),
        ...wanted.slice(i + batch.length),
      ];
    }
  }
  return { skipped };
}

async function deleteDocument(api: ApiClient, id: string, documentId: string): Promise<void> {
  try {
    await api.request("DELETE", "/api/v1/packages/{id}/documents/{documentId}", { path: { id, documentId } });
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

interface UploadInput {
  docKey: string;
  fileName: string;
  bytes: Uint8Array;
  sha256: string;
  /** The session (or document) an earlier try made of these very bytes. */
  known: DocumentProgress | null;
  keep(progress: DocumentProgress): void;
  onEvent(event: SubmitEvent): void;
  /** Documents of this send already accounted for (a lost commit answer is found by its hash). */
  claimed: ReadonlySet<string>;
}

/**
 * Uploads `bytes` through a chunked upload session, resuming the session of an earlier try when
 * the service still has it (only the blocks it lacks are sent).
 */
export async function uploadDocument(api: ApiClient, id: string, u: UploadInput): Promise<DocumentResponse> {
  const total = u.bytes.length;
  let session: UploadSession | null = null;
  let resumed = false;
  if (u.known?.uploadId) {
    try {
      session = await api.request("GET", "/api/v1/packages/{id}/uploads/{uploadId}", {
        path: { id, uploadId: u.known.uploadId },
      });
      resumed = true;
    } catch (error) {
      if (!isNotFound(error)) throw error;
      // Gone: committed by a try whose answer was lost, or expired. A document with these bytes
      // that no other document of this send claims is that commit.
      const found = await committedEarlier(api, id, u);
      if (found) return found;
    }
  }
  if (!session) {
    session = await api.request("POST", "/api/v1/packages/{id}/uploads", {
      path: { id },
      body: { fileName: u.fileName, contentType: "application/pdf", size: total, sha256: u.sha256 },
    });
    u.keep({ sha256: u.sha256, uploadId: session.id, documentId: null });
  }
  const received = new Set(session.receivedBlocks);
  const blockLength = (n: number) => Math.min(session!.blockSize, total - n * session!.blockSize);
  let sent = [...received].reduce((sum, n) => sum + blockLength(n), 0);
  u.onEvent({ kind: "upload", docKey: u.docKey, sent, total, resumed });
  // BLOCKS_AT_ONCE blocks in flight: one request's turn (the service's reply, the next request's
  // start) no longer leaves the connection idle. After a failure no block is started; those in
  // flight finish (the service keeps them), and the next try sends the rest.
  const missing = Array.from({ length: session.blockCount }, (_, n) => n).filter((n) => !received.has(n));
  let failure: { error: unknown } | null = null;
  const sender = async () => {
    for (let n = missing.shift(); n !== undefined && !failure; n = missing.shift()) {
      const start = n * session!.blockSize;
      try {
        await api.request("PUT", "/api/v1/packages/{id}/uploads/{uploadId}/blocks/{block}", {
          path: { id, uploadId: session!.id, block: String(n) },
          raw: {
            bytes: u.bytes.subarray(start, start + blockLength(n)),
            contentType: "application/octet-stream",
          },
          timeoutMs: BLOCK_TIMEOUT_MS,
        });
      } catch (error) {
        failure ??= { error };
        return;
      }
      sent += blockLength(n);
      u.onEvent({ kind: "upload", docKey: u.docKey, sent, total, resumed });
    }
  };
  await Promise.all(Array.from({ length: Math.min(BLOCKS_AT_ONCE, missing.length) }, sender));
  if (failure) throw (failure as { error: unknown }).error;
  let document: DocumentResponse;
  try {
    document = await api.request("POST", "/api/v1/packages/{id}/uploads/{uploadId}/commit", {
      path: { id, uploadId: session.id },
      timeoutMs: BLOCK_TIMEOUT_MS,
    });
  } catch (error) {
    const found = isNotFound(error) ? await committedEarlier(api, id, u) : null;
    if (!found) throw error;
    document = found;
  }
  u.keep({ sha256: u.sha256, uploadId: null, documentId: document.id });
  return document;
}

async function committedEarlier(
  api: ApiClient,
  id: string,
  u: UploadInput,
): Promise<DocumentResponse | null> {
  const list = await api.request("GET", "/api/v1/packages/{id}/documents", { path: { id } });
  const found = list.items.find((d) => d.sha256 === u.sha256 && !u.claimed.has(d.id)) ?? null;
  if (found) u.keep({ sha256: u.sha256, uploadId: null, documentId: found.id });
  return found;
}

/** What the service is asked to create for each row, in order. */
export function signerRequests(rows: readonly SignerRow[], signInOrder: boolean) {
  const orders = routingOrders(rows, signInOrder);
  return chosenSigners(rows).map((row) => ({
    ...(row.kind === "person"
      ? { email: row.email, name: row.name || row.email }
      : { signingGroupId: row.groupId, name: row.groupName }),
    type: row.type,
    routingOrder: orders.get(row.key)!,
  }));
}

async function syncSigners(
  api: ApiClient,
  id: string,
  rows: readonly SignerRow[],
  signInOrder: boolean,
): Promise<SignerResponse[]> {
  const wanted = signerRequests(rows, signInOrder);
  const existing = (await api.request("GET", "/api/v1/packages/{id}/signers", { path: { id } })).items;
  const same =
    existing.length === wanted.length &&
    existing.every((s, i) => {
      const w = wanted[i]!;
      return (
        s.type === w.type &&
        s.routingOrder === w.routingOrder &&
        ("signingGroupId" in w
          ? s.signingGroupId === w.signingGroupId
          : s.signingGroupId === null && (s.email ?? "").toLowerCase() === w.email!.toLowerCase())
      );
    });
  if (same) return existing;
  // Removing a signer removes its fields; they are made again from the tags afterwards.
  for (const s of existing) {
    try {
      await api.request("DELETE", "/api/v1/packages/{id}/signers/{signerId}", {
        path: { id, signerId: s.id },
      });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  const created: SignerResponse[] = [];
  for (let i = 0; i < wanted.length; i += 50) {
    const answer = await api.request("POST", "/api/v1/packages/{id}/signers/bulk", {
      path: { id },
      body: { signers: wanted.slice(i, i + 50) },
    });
    created.push(...answer);
  }
  return created;
}
