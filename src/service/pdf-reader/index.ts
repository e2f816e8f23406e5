// The service reads PDFs (page sizes, text tags) in a thread of its own, one file at a time. pdf.js
// needs memory in proportion to what a file holds, and a file can be made to hold a great deal (a
// huge cross-reference table, millions of text runs): the thread's heap is capped
// (resourceLimits), so such a file costs its upload a 400 invalid_document `too_complex` instead of
// costing the service its memory. The thread outlives a reading (starting one and loading pdf.js
// takes a second) and is started again after a reading that overran it.
import path from "node:path";
import { Worker } from "node:worker_threads";
import { DocumentLimitError, InvalidDocumentError } from "../../pdf/inspect";
import type { PdfFileReading } from "../pdf/pdf-file";
import type { ReaderReply, ReaderRequest } from "./protocol";

export interface PdfReaderOptions {
  /** The thread's old-generation heap cap, MB (default 96). */
  maxOldGenerationSizeMb?: number;
  /** Its young generation, MB (default 8: garbage is collected young rather than piling up). */
  maxYoungGenerationSizeMb?: number;
}

interface Pending {
  resolve: (reading: PdfFileReading) => void;
  reject: (error: unknown) => void;
}

export class PdfReader {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Readings run one after another: two 50 MB files at once would need twice the memory. */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(private readonly options: PdfReaderOptions = {}) {}

  /** Page count, sizes and (unless `tags` is false) text tags of the PDF file; refusals as readPdfFile's. */
  read(file: string, { tags = true }: { tags?: boolean } = {}): Promise<PdfFileReading> {
    const run = this.queue.then(() => this.run(file, tags));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private run(file: string, tags: boolean): Promise<PdfFileReading> {
    if (this.closed) return Promise.reject(new Error("The PDF reader is closed."));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    // Referenced while it works: an idle reader does not keep the process alive.
    worker.ref();
    return new Promise<PdfFileReading>((resolve, reject) => {
      this.pending.set(id, {
        resolve: (reading) => {
          if (this.pending.size === 0) worker.unref();
          resolve(reading);
        },
        reject: (error) => {
          if (this.pending.size === 0) worker.unref();
          reject(error);
        },
      });
      worker.postMessage({ id, file, tags } satisfies ReaderRequest);
    });
  }

  private start(): Worker {
    // The service runs its TypeScript through tsx; a worker thread does not inherit its loader
    // hooks (Node 20), so the thread registers tsx's require hook before loading the reader.
    // Without source maps, which tsx turns on: with them Node parses and keeps the map of every
    // module the thread loads (pdf.js's is 2.4 MB), and the first error's stack made it build a
    // table of all of one's mappings: 20 MB of the thread's 58 MB heap, counted by its cap and by
    // every full collection (a cost of reading). Stacks from the thread name compiled lines.
    const ext = path.extname(__filename);
    const entry = path.join(__dirname, `worker${ext}`);
    const source =
      ext === ".ts"
        ? `require("tsx/cjs"); process.setSourceMapsEnabled(false); require(${JSON.stringify(entry)});`
        : null;
    const worker = new Worker(source ?? entry, {
      eval: source !== null,
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.maxOldGenerationSizeMb ?? 96,
        maxYoungGenerationSizeMb: this.options.maxYoungGenerationSizeMb ?? 8,
      },
      stdout: false,
      stderr: false,
    });
    worker.on("message", (reply: ReaderReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.reading);
      else if (reply.kind === "invalid")
        pending.reject(new InvalidDocumentError(reply.reason, reply.message));
      else if (reply.kind === "limit")
        pending.reject(new DocumentLimitError(reply.limit, reply.actual, reply.maximum));
      else pending.reject(new Error(`Reading the PDF failed: ${reply.message}`));
    });
    const fail = (error: unknown) => {
      if (this.worker === worker) this.worker = null;
      const outOfMemory = (error as { code?: string } | null)?.code === "ERR_WORKER_OUT_OF_MEMORY";
      for (const [id, pending] of this.pending) {
        this.pending.delete(id);
        pending.reject(
          outOfMemory
            ? new InvalidDocumentError("too_complex")
            : error instanceof Error
              ? error
              : new Error(`The PDF reader stopped: ${String(error)}`),
        );
      }
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`The PDF reader stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }

  /** Stops the thread; readings in flight fail. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
