// A completed document's final, sealed PDF in one pass: the PDF is parsed once, its tag text removed
// (src/service/pdf/scrub-text.ts), the values drawn and the tags covered (src/service/pdf/flatten.ts), the seal's
// placeholder added (seal.ts), then saved once and signed. Three loads and saves (scrub, flatten, seal
// each on bytes) cost more than all the rest together on a 20-page document.
//
// Compression is node:zlib's, not pdf-lib's JavaScript pako: the page content streams that were read
// are inflated, and every stream written (new page content, rewritten content, drawn signatures) is
// deflated natively. pako took about half of the time of a completion.
import { deflateSync, inflateSync } from "node:zlib";
import { PDFContentStream, type PDFContext, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import type { FlattenField, PageBox } from "../pdf/flatten";
import { flattenInto } from "../pdf/flatten";
import { type FlateCodec, scrubTextIn } from "../pdf/scrub-text";
import { addSealPlaceholder, type SealIdentity, type SealOptions, signPrepared } from "./seal";

export const NODE_FLATE: FlateCodec = {
  deflate: (bytes) => new Uint8Array(deflateSync(bytes)),
  inflate: (bytes) => new Uint8Array(inflateSync(bytes)),
};

/** What a completed document gets: its tags' boxes cleared, its fields' values drawn. */
export interface FinalDocumentInput {
  hideTags: readonly PageBox[];
  fields: readonly FlattenField[];
}

/** Where the time went, for the benchmark (milliseconds). */
export interface FinalDocumentTimings {
  load: number;
  scrub: number;
  draw: number;
  save: number;
  sign: number;
}

/** pdf-lib's context, writing its streams with node:zlib (same zlib format, native speed). */
function useNativeFlate(context: PDFContext): void {
  context.flateStream = (contents, dict = {}) =>
    context.stream(
      NODE_FLATE.deflate(typeof contents === "string" ? Buffer.from(contents, "latin1") : contents),
      { ...dict, Filter: "FlateDecode" },
    );
}

/**
 * The content streams pdf-lib drew into (compressed by pako when saved) as raw streams deflated by
 * node:zlib. Called after the last drawing, just before the save.
 */
function deflateContentStreams(doc: PDFDocument): void {
  const { context } = doc;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFContentStream)) continue;
    const dict = object.dict.clone(context);
    dict.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
    context.assign(ref, PDFRawStream.of(dict, NODE_FLATE.deflate(object.getUnencodedContents())));
  }
}

/**
 * The document's final form drawn into a loaded document: the tags' text removed, their place
 * covered, the fields' values drawn. The one place it is made, for the sealed document and for the
 * copy a signer is shown (domain/signer-document.ts), so that both look alike. `afterScrub` marks the
 * phase for the benchmark.
 */
export async function drawFinalForm(
  doc: PDFDocument,
  input: FinalDocumentInput,
  afterScrub?: () => void,
): Promise<void> {
  await scrubTextIn(doc, input.hideTags, NODE_FLATE);
  afterScrub?.();
  await flattenInto(doc, { fields: input.fields, hideTags: input.hideTags });
}

/**
 * The final form, not sealed: what a signer is shown while the package is in flight (no tag text,
 * the values given so far drawn where the sealed document will have them).
 */
export async function unsealedFinalForm(pdf: Uint8Array, input: FinalDocumentInput): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  useNativeFlate(doc.context);
  await drawFinalForm(doc, input);
  await doc.flush();
  deflateContentStreams(doc);
  return doc.save({ useObjectStreams: false });
}

/** The final document, sealed: tag text removed, tags covered, values drawn, signed by the seal. */
export async function sealedFinalDocument(
  pdf: Uint8Array,
  input: FinalDocumentInput,
  identity: SealIdentity,
  seal: SealOptions & { signingTime: Date },
  timings?: FinalDocumentTimings,
): Promise<Uint8Array> {
  let t = performance.now();
  const lap = (phase: keyof FinalDocumentTimings) => {
    const now = performance.now();
    if (timings) timings[phase] += now - t;
    t = now;
  };
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  useNativeFlate(doc.context);
  lap("load");
  await drawFinalForm(doc, input, () => lap("scrub"));
  addSealPlaceholder(doc, identity, seal);
  // Images are embedded (through useNativeFlate's flateStream) when flushed; then the drawn content.
  await doc.flush();
  deflateContentStreams(doc);
  lap("draw");
  const prepared = await doc.save({ useObjectStreams: false });
  lap("save");
  const sealed = await signPrepared(prepared, identity);
  lap("sign");
  return sealed;
}
