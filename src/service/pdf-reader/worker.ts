// The PDF reader's thread (see index.ts): reads one file at a time with readPdfFile and pdf.js (its
// public API, the core loaded into this thread), and answers what it read or why it refused.
import v8 from "node:v8";
import vm from "node:vm";
import { parentPort } from "node:worker_threads";
import { DocumentLimitError, InvalidDocumentError } from "../../pdf/inspect";
import { readPdfFile } from "../pdf/pdf-file";
import type { ReaderReply, ReaderRequest } from "./protocol";

const port = parentPort!;

// pdf.js inflates a stream through a DecompressionStream when there is one: Node's zlib in its thread
// pool and back for every stream, which costs more than the rest of a page's reading. Without one it
// inflates in this thread, as it reads.
delete (globalThis as { DecompressionStream?: unknown }).DecompressionStream;

// A full collection now and then while pdf.js loads (see readPdfFile's collectGarbage). The flag
// only gives new contexts a gc(); the function collects this thread's heap.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

// pdf.js, looking for a page, starts a fetch of every kid of the page tree's root and awaits only
// those it walks to: where the file is damaged, the others reject with no handler. Unhandled, such a
// rejection would end this thread mid-reading (and the upload with a server error instead of
// invalid_document). The reading fails or succeeds through the promises it awaits, so a rejection
// with one of pdf.js's own exceptions is dropped here; any other still ends the thread.
const PDFJS_EXCEPTIONS = new Set([
  "AbortException",
  "FormatError",
  "InvalidPDFException",
  "MissingDataException",
  "ParserEOFException",
  "PasswordException",
  "ResponseException",
  "UnknownErrorException",
  "XRefEntryException",
  "XRefParseException",
]);
process.on("unhandledRejection", (reason) => {
  if (reason instanceof Error && PDFJS_EXCEPTIONS.has(reason.name)) return;
  throw reason;
});

port.on("message", (request: ReaderRequest) => {
  void readPdfFile(request.file, {
    tags: request.tags,
    collectGarbage,
    syncReads: true,
  }).then(
    (reading) => port.postMessage({ id: request.id, ok: true, reading } satisfies ReaderReply),
    (error: unknown) => {
      let reply: ReaderReply;
      if (error instanceof InvalidDocumentError) {
        reply = {
          id: request.id,
          ok: false,
          kind: "invalid",
          reason: error.reason,
          message: error.message,
        };
      } else if (error instanceof DocumentLimitError) {
        const { limit, actual, maximum } = error;
        reply = { id: request.id, ok: false, kind: "limit", limit, actual, maximum };
      } else {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        reply = { id: request.id, ok: false, kind: "error", message };
      }
      port.postMessage(reply);
    },
  );
});
