// The document a signer is shown: the uploaded PDF in its final form as far
// as it goes — the tags' text removed and the values that other slots have completed drawn where the
// sealed document will draw them — made by the same code as the sealed document
// (completion/final-document.ts drawFinalForm), not sealed. The signer's own fields are not drawn:
// the page shows them, editable, on top.
//
// Making it costs a load and a save of the PDF (seconds for a large one), and pdf.js reads a document
// in many range requests, so each copy is made once and kept as a blob: a copy is named by what went
// into it (the PDF and every box and value drawn), so signers who see the same values share it, and a
// new completed value names a new copy. The blob is queued as garbage when made and queued again
// while it is in use, so the collector removes it an hour (BLOB_GRACE_MS) after its last use; this
// process remembers at most MAX_COPIES names (a few hundred bytes each), and makes one copy at a time
// (50 MB documents exist; completion makes one at a time as well).
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import type { BlobStore } from "../blobs";
import { type FinalDocumentInput, unsealedFinalForm } from "../completion/final-document";
import type { AnnotationRecord, DocumentRecord, Storage } from "../storage";
import { finalDocumentInput } from "./completion";

/** Names of copies remembered by this process (oldest use forgotten first). */
const MAX_COPIES = 500;
/** A copy in use is queued as garbage again this often (well within the collector's hour of grace). */
const REQUEUE_MS = 10 * 60_000;

/** What a signer's copy gets: every tag's text removed, the completed values of the other slots drawn. */
export function signerCopyInput(
  doc: Pick<DocumentRecord, "id" | "detectedTags">,
  annotations: readonly AnnotationRecord[],
  signerId: string,
): FinalDocumentInput {
  // A group slot's fields are completed (values and isCompleted) by the member who finished it: they
  // are drawn for every other slot; that slot's own members see them as their fields, not drawn.
  const earlier = annotations.filter(
    (a) => a.documentId === doc.id && a.signerId !== signerId && a.isCompleted && a.value !== null,
  );
  return finalDocumentInput(doc, earlier);
}

/** The name of a copy: the source PDF and everything drawn into it, in order. */
function copyKey(pdfSha256: string, input: FinalDocumentInput): string {
  const hash = createHash("sha256").update(pdfSha256);
  const box = (b: { page: number; x: number; y: number; width: number; height: number }) =>
    hash.update(`|${b.page},${b.x},${b.y},${b.width},${b.height}`);
  for (const t of input.hideTags) box(t);
  hash.update("|fields");
  for (const f of input.fields) {
    box(f);
    hash.update(`,${f.type},`);
    if (f.value instanceof Uint8Array) hash.update(`png${f.value.length}:`).update(f.value);
    else hash.update(`text${(f.value ?? "").length}:${f.value ?? ""}`);
  }
  return hash.digest("hex");
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

interface Copy {
  sha256: string;
  size: number;
  /** When this process last queued it as garbage (ms). */
  queuedAt: number;
}

/** Signers' copies of documents, made on first request and kept as blobs (see the top of this file). */
export class SignerCopies {
  private readonly known = new Map<string, Copy>();
  private readonly making = new Map<string, Promise<Copy>>();
  private line: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly storage: Pick<Storage, "blobGarbage">,
    private readonly blobs: BlobStore,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /**
   * The blob to serve for a document with this input: the PDF itself when there is nothing to
   * remove or draw, else its copy (made now, or found).
   */
  async copyOf(
    pdf: { sha256: string; size: number | null },
    input: FinalDocumentInput,
    now = Date.now(),
  ): Promise<{ sha256: string; size: number | null }> {
    if (input.hideTags.length === 0 && input.fields.length === 0) return pdf;
    const key = copyKey(pdf.sha256, input);
    const known = this.known.get(key);
    if (known) {
      this.known.delete(key);
      this.known.set(key, known); // most recently used last
      if (known.sha256 === pdf.sha256 || now - known.queuedAt < REQUEUE_MS) return known;
      // Queued again first, so the collector (which skips an entry queued since it was read) leaves
      // it; then checked: after an hour unused it may be gone.
      await this.storage.blobGarbage.queue([known.sha256], new Date(now).toISOString());
      if (await this.blobs.has(known.sha256)) {
        known.queuedAt = now;
        return known;
      }
      this.known.delete(key);
    }
    let making = this.making.get(key);
    if (!making) {
      making = this.make(key, pdf, input).finally(() => this.making.delete(key));
      this.making.set(key, making);
    }
    return making;
  }

  /** Forgets a copy whose blob turned out to be missing: the next request makes it again. */
  forget(sha256: string): void {
    for (const [key, copy] of this.known) if (copy.sha256 === sha256) this.known.delete(key);
  }

  private make(
    key: string,
    pdf: { sha256: string; size: number | null },
    input: FinalDocumentInput,
  ): Promise<Copy> {
    // One at a time: each holds a parsed document in memory.
    const work = this.line.then(async () => {
      const original = await readAll(await this.blobs.get(pdf.sha256));
      let bytes: Uint8Array;
      try {
        bytes = await unsealedFinalForm(original, input);
      } catch (error) {
        // A PDF pdf-lib cannot rewrite (completion will fail on it too and say so): the signer still
        // reads the document as uploaded rather than nothing; remembered, so it is tried once.
        this.onError(error);
        const copy: Copy = { sha256: pdf.sha256, size: pdf.size ?? original.length, queuedAt: Infinity };
        this.remember(key, copy);
        return copy;
      }
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      // Queued before it is stored (as completion does): unreferenced, the collector removes it.
      const at = Date.now();
      await this.storage.blobGarbage.queue([sha256], new Date(at).toISOString());
      const stored = await this.blobs.put(
        (async function* () {
          yield bytes;
        })(),
      );
      const copy: Copy = { sha256: stored.sha256, size: stored.size, queuedAt: at };
      this.remember(key, copy);
      return copy;
    });
    this.line = work.catch(() => undefined);
    return work;
  }

  private remember(key: string, copy: Copy): void {
    this.known.set(key, copy);
    while (this.known.size > MAX_COPIES) this.known.delete(this.known.keys().next().value!);
  }
}
