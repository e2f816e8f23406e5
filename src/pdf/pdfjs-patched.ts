// pdf.js for reading stored files with bounded memory (service only, Node only): the same pdfjs-dist
// with two changes to its core (the "worker" module), made to its source text when it is loaded.
// pdf.js has no option for either; both concern only what it fetches, never what it computes.
//
// 1. It never fetches the data of an image when reading text and page sizes. Before it extracts a
//    page's text, pdf.js loads every stream among the page's resources (its ObjectLoader), and to
//    read any stream's dictionary it first makes sure the whole stream is there (ChunkedStream's
//    makeSubStream). For a scan that is every page's image: megabytes read, copied and kept until the
//    document is closed, for a text layer of a few kilobytes. Text extraction only asks an image
//    XObject its /Subtype, which the dictionary says; nothing here renders.
// 2. It asks for at most REQUEST_BYTES at a time. It asks for a stream it needs in one request,
//    which it gets as one buffer and copies into its own copy of the file: a content stream of 50 MB
//    held twice, 100 MB. In pieces, the pieces are freed as they are copied.
//
// Each change is checked to apply exactly once: a pdfjs-dist whose source differs fails loudly
// (the pdf-reader test loads it) instead of silently reading everything again.
import { readFileSync } from "node:fs";
import type { PdfJs } from "./find-tags";

/** The most pdf.js asks for in one request, in its chunks (8 KiB in pdf-file.ts): 1 MiB. */
const REQUEST_CHUNKS = 128;

interface SourcePatch {
  name: string;
  find: string;
  replace: string;
}

/** `stream` is one of pdf.js's streams; true for an image XObject, by its dictionary alone. */
const IS_IMAGE = (stream: string) => `(${stream}?.dict?.getRaw?.("Subtype")?.name === "Image")`;

const PATCHES: readonly SourcePatch[] = [
  {
    name: "makeSubStream leaves an image's data unread",
    find: "  makeSubStream(start, length, dict = null) {\n    if (length) {\n      if (start + length > this.progressiveDataLength) {",
    replace:
      '  makeSubStream(start, length, dict = null) {\n    if (length && dict?.getRaw?.("Subtype")?.name !== "Image") {\n      if (start + length > this.progressiveDataLength) {',
  },
  {
    name: "ObjectLoader skips images",
    find: "      if (currentNode instanceof BaseStream) {\n        const baseStreams = currentNode.getBaseStreams();",
    replace: `      if (currentNode instanceof BaseStream && ${IS_IMAGE("currentNode")}) {\n        continue;\n      }\n      if (currentNode instanceof BaseStream) {\n        const baseStreams = currentNode.getBaseStreams();`,
  },
  {
    name: "requests of at most REQUEST_CHUNKS chunks",
    find: "      const groupedChunksToRequest = this.groupChunks(chunksToRequest);",
    replace: `      const groupedChunksToRequest = this.groupChunks(chunksToRequest).flatMap(g => {
        const pieces = [];
        for (let b = g.beginChunk; b < g.endChunk; b += ${REQUEST_CHUNKS}) {
          pieces.push({ beginChunk: b, endChunk: Math.min(g.endChunk, b + ${REQUEST_CHUNKS}) });
        }
        return pieces;
      });`,
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
  loading ??= (async () => {
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
  })();
  return loading;
}
