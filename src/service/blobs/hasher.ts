// The sha256 of chunked uploads' files, computed in a thread of its own (staging.ts): the service's
// main thread receives the blocks and writes them, this thread reads each block back from the file
// (the page cache) and hashes it, on the machine's other core, because hashing on the main thread
// would be the largest part of receiving an upload's blocks.
//
// A hash is named by a key; `update` asks for a range of a file to be added to it, in the order of
// the calls (the thread takes its messages one at a time), and `digest` answers the sha256 of all
// added so far, or null if a read failed. Nothing is awaited but the digest.
import { Worker } from "node:worker_threads";

/** The thread's code: plain JavaScript, so it needs no TypeScript loader. */
const THREAD = `
const { parentPort } = require("node:worker_threads");
const { createHash } = require("node:crypto");
const { openSync, readSync, closeSync } = require("node:fs");
const hashes = new Map();
const failed = new Set();
const piece = Buffer.allocUnsafe(1024 * 1024);
parentPort.on("message", (m) => {
  if (m.op === "update") {
    if (failed.has(m.key)) return;
    let hash = hashes.get(m.key);
    if (!hash) hashes.set(m.key, (hash = createHash("sha256")));
    let fd = -1;
    try {
      fd = openSync(m.file, "r");
      for (let done = 0; done < m.length; ) {
        const n = readSync(fd, piece, 0, Math.min(piece.length, m.length - done), m.offset + done);
        if (n === 0) throw new Error("short file");
        hash.update(piece.subarray(0, n));
        done += n;
      }
    } catch {
      failed.add(m.key);
      hashes.delete(m.key);
    } finally {
      if (fd >= 0) closeSync(fd);
    }
  } else if (m.op === "digest") {
    const hash = hashes.get(m.key);
    const sha256 = failed.has(m.key) ? null : (hash ?? createHash("sha256")).copy().digest("hex");
    parentPort.postMessage({ id: m.id, sha256 });
  } else if (m.op === "drop") {
    hashes.delete(m.key);
    failed.delete(m.key);
  }
});
`;

export class FileHasher {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, (sha256: string | null) => void>();
  private nextId = 1;
  private closed = false;
  /** Counts the threads started: a hash begun in an earlier one (which stopped) is lost. */
  private epoch = 0;
  /** The thread each hash began in. */
  private readonly began = new Map<string, number>();

  /** Adds `length` bytes of `file` from `offset` to the hash `key` (made on first use). */
  update(key: string, file: string, offset: number, length: number): void {
    const worker = this.thread();
    if (!worker) return;
    if (!this.began.has(key)) this.began.set(key, this.epoch);
    worker.postMessage({ op: "update", key, file, offset, length });
  }

  /** The sha256 of what was added to `key`; null if a read failed (or the hasher is closed). */
  digest(key: string): Promise<string | null> {
    const worker = this.thread();
    if (!worker || (this.began.get(key) ?? this.epoch) !== this.epoch) return Promise.resolve(null);
    const id = this.nextId++;
    // Referenced while a digest is awaited: an idle hasher does not keep the process alive.
    worker.ref();
    return new Promise((resolve) => {
      this.pending.set(id, (sha256) => {
        if (this.pending.size === 0) worker.unref();
        resolve(sha256);
      });
      worker.postMessage({ op: "digest", key, id });
    });
  }

  /** Forgets the hash `key`. */
  drop(key: string): void {
    this.began.delete(key);
    this.worker?.postMessage({ op: "drop", key });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.settleAll();
    if (worker) await worker.terminate();
  }

  private thread(): Worker | null {
    if (this.closed) return null;
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD, { eval: true, execArgv: [], stdout: false, stderr: false });
    this.epoch++;
    worker.unref();
    worker.on("message", (reply: { id: number; sha256: string | null }) => {
      const settle = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      settle?.(reply.sha256);
    });
    const fail = () => {
      // Its hashes are gone with it: every digest not answered is null (the commit reads the file).
      if (this.worker === worker) this.worker = null;
      this.settleAll();
    };
    worker.on("error", fail);
    worker.on("exit", fail);
    this.worker = worker;
    return worker;
  }

  private settleAll(): void {
    for (const [id, settle] of this.pending) {
      this.pending.delete(id);
      settle(null);
    }
  }
}
