// Kept, measured need (issue 30): without change 5 the service's reader spent 1,300-1,400 ms of CPU over 100 text pages against 1,020-1,130 with it (2026-11-27, load 16-23; a larger young generation did not help); goal 1 s.
// pdf.js for reading stored files (service only, Node only): the same pdfjs-dist with one change
// (below) to its core (the "worker" module), made to its source text when it is loaded. pdf.js has
// no option for it; it concerns what it allocates, never what it computes. What it would read past
// the memory bound it is no longer given (overlay.ts: images with their data empty, large content
// streams reduced to their text, a flat page tree written again as two levels), and the refusals it
// cannot make are made before it reads (object-survey.ts); so the other changes are gone.
//
// 5. The text transform of each glyph (getCurrentTextTransform, called twice a glyph while it
//    extracts text) is computed into one new array instead of three: the same products and sums in
//    the same order (zero terms kept, so even NaN and -0 come out alike). Allocating and collecting
//    the arrays measured a fifth of tag detection's time on text pages, and more in the reader
//    thread, whose heap is capped (its collections run more often).
//
// The change is checked to apply exactly once: a pdfjs-dist whose source differs fails loudly (the
// pdf-reader test loads it) instead of silently losing it.
import { readFileSync } from "node:fs";
import { type PdfJs, keepingNativeBuiltins } from "../../pdf/find-tags";

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
];

/** The worker module's source with the change above; throws if it does not apply exactly once. */
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
 * pdf.js with the change above, its core in this thread. Loads the core as an ES module from a
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
