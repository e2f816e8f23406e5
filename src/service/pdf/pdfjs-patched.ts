// Kept, measured need (issue 30): without changes 5, 6 and 8 the service's reader took 60% longer over 100 text pages (1,170 ms against 725 on a quiet machine; goal 1 s) and 2,000 pages raised its peak by 46-53 MB against 27-32 (bound 64 MB).
// pdf.js for reading stored files (service only, Node only): the same pdfjs-dist with the changes
// below to its core (the "worker" module), made to its source text when it is loaded. pdf.js has no
// option for any; they concern how fast it computes and what it allocates, never what it computes.
// What it would read past the memory bound it is no longer given (overlay.ts: images with their data
// empty, large content streams reduced to their text), and the refusals it cannot make are made
// before it reads (object-survey.ts); so the changes that bounded those are gone (1, 2, 4, 7, 9, 10),
// as is 3 (the reader thread has no DecompressionStream, so pdf.js inflates in its own thread).
//
// 5. The text transform of each glyph (getCurrentTextTransform, called twice a glyph while it
//    extracts text) is computed into one new array instead of three: the same products and sums in
//    the same order (zero terms kept, so even NaN and -0 come out alike). Allocating and collecting
//    the arrays measured a fifth of tag detection's time on text pages, and more in the reader
//    thread, whose heap is capped (its collections run more often).
// 6. Its copy of the file (ChunkedStream's array, as long as the file) may be lent by the caller
//    (CHUNK_BUFFER_KEY; pdf-file.ts lends one it reuses) instead of allocated anew for each opening.
//    A new array of 40 MB is memory outside V8's heap that V8 answers with collections: in the
//    reader's thread two or three young ones and every other time a full one, 60-120 ms of a
//    40 MB scan's reading whose own work is 40 ms. pdf.js reads only the chunks it has loaded
//    (its MissingDataException), so what an earlier file left in the lent array is never read;
//    pdf-file.ts clears it all the same.
// 8. It fetches the page tree's kids one at a time as it walks them, instead of starting a fetch of
//    every kid of the root at once first (Catalog.getPageDict, which opening calls for the last
//    page). The fetches end in the same objects; but for 2,000 pages 2,000 fetches at once, each a
//    missing-data exception and a request waiting behind the file's reads (pdf-file.ts reads one
//    at a time), held 20 MB of the reader's heap while opening. A request's reader is also let go
//    once it has delivered (pdf.js keeps every one until the document is closed).
//
// Each change is checked to apply exactly once: a pdfjs-dist whose source differs fails loudly
// (the pdf-reader test loads it) instead of silently losing them.
import { readFileSync } from "node:fs";
import { type PdfJs, keepingNativeBuiltins } from "../../pdf/find-tags";

/**
 * Change 6: a function on globalThis under Symbol.for(CHUNK_BUFFER_KEY), given a file's length,
 * answers a Uint8Array of exactly that length for pdf.js to keep its copy of the file in, or null
 * (pdf.js then allocates one).
 */
export const CHUNK_BUFFER_KEY = "sfo:chunk-buffer";

interface SourcePatch {
  name: string;
  find: string;
  replace: string;
}

const PATCHES: readonly SourcePatch[] = [
  {
    name: "text transforms computed without intermediate arrays",
    find: `      const tsm = [textState.fontSize * textState.textHScale, 0, 0, textState.fontSize, 0, textState.textRise];
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          tsm[3] *= glyphHeight * textState.fontMatrix[3];
        }
      }
      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));`,
    // Util.transform(ctm, Util.transform(textMatrix, tsm)) term by term, zero terms included (the
    // same numbers to the last bit, NaN and infinities alike), into one array instead of three.
    replace: `      const t0 = textState.fontSize * textState.textHScale, t5 = textState.textRise;
      let t3 = textState.fontSize;
      if (font.isType3Font && (textState.fontSize <= 1 || font.isCharBBox) && !isArrayEqual(textState.fontMatrix, FONT_IDENTITY_MATRIX)) {
        const glyphHeight = font.bbox[3] - font.bbox[1];
        if (glyphHeight > 0) {
          t3 *= glyphHeight * textState.fontMatrix[3];
        }
      }
      const m = textState.textMatrix, c = textState.ctm;
      const n0 = m[0] * t0 + m[2] * 0, n1 = m[1] * t0 + m[3] * 0;
      const n2 = m[0] * 0 + m[2] * t3, n3 = m[1] * 0 + m[3] * t3;
      const n4 = m[0] * 0 + m[2] * t5 + m[4], n5 = m[1] * 0 + m[3] * t5 + m[5];
      return [c[0] * n0 + c[2] * n1, c[1] * n0 + c[3] * n1, c[0] * n2 + c[2] * n3, c[1] * n2 + c[3] * n3, c[0] * n4 + c[2] * n5 + c[4], c[1] * n4 + c[3] * n5 + c[5]];`,
  },
  {
    name: "the file's copy in a lent array",
    find: "    super(new Uint8Array(length), 0, length, null);\n    this.chunkSize = chunkSize;",
    replace: `    super(globalThis[Symbol.for("${CHUNK_BUFFER_KEY}")]?.(length) ?? new Uint8Array(length), 0, length, null);\n    this.chunkSize = chunkSize;`,
  },
  {
    name: "the page tree's kids fetched as they are walked",
    find: `        if (currentNode === this.toplevelPagesDict && lastKid instanceof Ref && !pageDictCache.has(lastKid)) {
          pageDictCache.put(lastKid, xref.fetchAsync(lastKid));
        }
`,
    replace: "",
  },
  {
    name: "a range reader let go once read",
    find: "    const data = arrayBuffersToBytes(chunks);",
    replace:
      "    this.pdfStream._rangeReaders?.delete(rangeReader);\n    const data = arrayBuffersToBytes(chunks);",
  },
];

/** The worker module's source with the changes above; throws if one does not apply exactly once. */
export function patchWorkerSource(source: string): string {
  for (const patch of PATCHES) {
    const at = source.indexOf(patch.find);
    if (at < 0 || source.indexOf(patch.find, at + 1) >= 0) {
      throw new Error(`pdf.js change "${patch.name}" does not apply to this pdfjs-dist.`);
    }
    source = source.slice(0, at) + patch.replace + source.slice(at + patch.find.length);
  }
  return source;
}

let loading: Promise<PdfJs> | null = null;

/**
 * pdf.js with the changes above, its core in this thread. Loads the core as an ES module from a
 * data: URL, so it needs Node's own module loader: a worker thread or a plain process, not jest's
 * module registry. The thread must not also load the unchanged core (find-tags.ts's loadPdfJs).
 */
export function loadPatchedPdfJs(): Promise<PdfJs> {
  loading ??= keepingNativeBuiltins(async () => {
    const file = require.resolve("pdfjs-dist/legacy/build/pdf.worker.mjs");
    // Without its source map comment: relative to a data: URL it names nothing (and Node, with
    // source maps on, as tsx has them, fails to load the module over it).
    const source = patchWorkerSource(readFileSync(file, "utf8")).replace(
      /\n\/\/# sourceMappingURL=.*\s*$/,
      "\n",
    );
    const url = `data:text/javascript;base64,${Buffer.from(source).toString("base64")}`;
    const worker: unknown = await import(/* webpackIgnore: true */ url);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import("pdfjs-dist/legacy/build/pdf.mjs");
  });
  return loading;
}
