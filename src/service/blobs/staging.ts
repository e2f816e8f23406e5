// Chunked uploads on local files: each session's blocks are written straight into one file,
// <dataDir>/uploads/<session id>.part, block n at n × blockSize, so committing needs no second
// copy: the file is linked into the blob store as it is. (With S3 each block is a blob of its own,
// so that any instance can take the next block; see docs/packages-and-documents.md.)
//
// A staged block is not fsynced: that would cost each 4 MiB block a disk flush (about 20 ms here),
// most of an upload's time. What makes it safe: the block's row records a CRC-32 of its bytes, and
// a commit checks every block against its CRC while it computes the file's sha256, unless this
// process wrote every block in order itself since it started (then it hashed them as they came, and
// the page cache still holds what it wrote: only a machine crash loses unsynced writes, and that
// also ends this process). A block lost to a machine crash is so found at commit and asked for
// again; the file is fsynced once, at commit, before its document is recorded.
import { createHash, type Hash } from "node:crypto";
import { constants, promises as fs } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { collectYoungGarbage } from "../memory";
import type { BlobSource } from "./types";

/** How a block's checksum is stored in its row (upload_blocks.sha256 holds blob keys for S3). */
export function blockChecksum(crc: number): string {
  return `crc32:${crc.toString(16).padStart(8, "0")}`;
}

export class BlockLengthError extends Error {
  constructor(readonly expected: number) {
    super(`The block must be exactly ${expected} bytes.`);
    this.name = "BlockLengthError";
  }
}

/** A session's file hashed so far: blocks 0 … next-1, in order, written by this process. */
interface Progress {
  next: number;
  hash: Hash;
  /** A block being written; while set, nothing else may use `hash`. */
  busy: boolean;
}

export interface StagedBlock {
  n: number;
  /** What blockChecksum gave when it was written. */
  sha256: string;
  size: number;
}

export type Verified = { sha256: string; size: number } | { lost: number[] };

/**
 * The file a megabyte at a time, through one buffer: each piece is valid until the next is asked
 * for (a read stream would allocate a buffer a megabyte, garbage that piles up; see memory.ts).
 */
export async function* readPieces(file: string, pieceBytes = 1024 * 1024): AsyncGenerator<Buffer> {
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.allocUnsafe(pieceBytes);
    for (let at = 0; ;) {
      const { bytesRead } = await handle.read(buffer, 0, pieceBytes, at);
      if (bytesRead === 0) return;
      at += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

export class UploadStaging {
  private readonly progress = new Map<string, Progress>();

  constructor(readonly dir: string) {}

  fileOf(sessionId: string): string {
    return path.join(this.dir, `${sessionId}.part`);
  }

  /**
   * Writes block `n` (exactly `expected` bytes, at `offset`) of the session's file from `body`;
   * answers the checksum for its row. BlockLengthError when the body is longer or shorter.
   */
  async write(
    sessionId: string,
    n: number,
    offset: number,
    expected: number,
    body: BlobSource,
  ): Promise<string> {
    const file = this.fileOf(sessionId);
    await this.unshare(file);
    const handle = await this.openForWriting(file);
    let progress = this.progress.get(sessionId);
    if (!progress && n === 0) {
      progress = { next: 0, hash: createHash("sha256"), busy: false };
      this.progress.set(sessionId, progress);
    }
    if (progress && n < progress.next) {
      // A block hashed already is written again (the same bytes, most likely; we cannot know).
      this.progress.delete(sessionId);
      progress = undefined;
    }
    const hashing = progress && progress.next === n && !progress.busy ? progress : null;
    // Hashed into a copy, which replaces the state only once the whole block is written.
    const hash = hashing ? hashing.hash.copy() : null;
    if (hashing) hashing.busy = true;
    let crc = 0;
    let size = 0;
    try {
      let pending: Uint8Array[] = [];
      let pendingBytes = 0;
      let at = offset;
      const flush = async () => {
        if (!pendingBytes) return;
        const { bytesWritten } = await handle.writev(pending, at);
        if (bytesWritten !== pendingBytes)
          throw new Error(`Short write: ${bytesWritten} of ${pendingBytes} bytes.`);
        at += pendingBytes;
        pending = [];
        pendingBytes = 0;
      };
      for await (const chunk of body as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > expected) throw new BlockLengthError(expected);
        crc = crc32(chunk, crc);
        hash?.update(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= 1024 * 1024) await flush();
      }
      await flush();
      if (size !== expected) throw new BlockLengthError(expected);
    } catch (error) {
      const maybe = body as { destroy?: () => void; destroyed?: boolean };
      if (typeof maybe.destroy === "function" && !maybe.destroyed) maybe.destroy();
      throw error;
    } finally {
      if (hashing) hashing.busy = false;
      await handle.close();
    }
    // The body's chunks are garbage now: see memory.ts.
    collectYoungGarbage();
    if (hashing && hash && this.progress.get(sessionId) === hashing && hashing.next === n) {
      hashing.hash = hash;
      hashing.next = n + 1;
    }
    return blockChecksum(crc);
  }

  /**
   * The file's sha256 and size, for a session whose rows say `blocks` (all of them, in order) were
   * written. From what was hashed as the blocks came when this process wrote them all in order;
   * otherwise by reading the file once, checking each block against its checksum: `lost` names the
   * blocks whose bytes are not what was acknowledged (a machine crash before they reached the disk).
   */
  async verify(sessionId: string, blocks: StagedBlock[], blockSize: number, size: number): Promise<Verified> {
    const file = this.fileOf(sessionId);
    const progress = this.progress.get(sessionId);
    let stat;
    try {
      stat = await fs.stat(file);
    } catch {
      return { lost: blocks.map((b) => b.n) };
    }
    if (stat.size > size) await fs.truncate(file, size);
    if (progress && !progress.busy && progress.next === blocks.length && stat.size >= size) {
      return { sha256: progress.hash.copy().digest("hex"), size };
    }
    const hash = createHash("sha256");
    const lost: number[] = [];
    let block = 0;
    let crc = 0;
    let inBlock = 0;
    let total = 0;
    const check = () => {
      const b = blocks[block];
      if (!b || b.sha256 !== blockChecksum(crc) || inBlock !== b.size) lost.push(block);
      block++;
      crc = 0;
      inBlock = 0;
    };
    for await (const chunk of readPieces(file)) {
      hash.update(chunk);
      total += chunk.length;
      for (let p = 0; p < chunk.length;) {
        const take = Math.min(chunk.length - p, blockSize - inBlock);
        crc = crc32(chunk.subarray(p, p + take), crc);
        inBlock += take;
        p += take;
        if (inBlock === blockSize) check();
      }
    }
    if (inBlock > 0) check();
    for (; block < blocks.length;) check(); // blocks past the end of the file
    if (lost.length) return { lost };
    return { sha256: hash.digest("hex"), size: total };
  }

  /** Makes the file durable (before its document is recorded). */
  async sync(sessionId: string): Promise<void> {
    const handle = await fs.open(this.fileOf(sessionId), "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Removes the session's file (finished, aborted or expired). */
  async remove(sessionId: string): Promise<void> {
    this.progress.delete(sessionId);
    await fs.rm(this.fileOf(sessionId), { force: true });
  }

  /** Forgets what was hashed for the session (its blocks are asked for again). */
  forget(sessionId: string): void {
    this.progress.delete(sessionId);
  }

  /**
   * Removes files of sessions that no longer exist (`exists` says), older than `minAgeMs` (a file
   * may be created by a block that raced its session's end). Answers how many.
   */
  async sweep(
    exists: (sessionId: string) => Promise<boolean>,
    minAgeMs: number,
    now = Date.now(),
  ): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.dir, name);
      const id = name.endsWith(".part") ? name.slice(0, -5) : null;
      if (id && (await exists(id))) continue;
      if (minAgeMs > 0) {
        const stat = await fs.stat(file).catch(() => null);
        if (!stat || now - stat.mtimeMs < minAgeMs) continue;
      }
      if (id) this.progress.delete(id);
      await fs.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  /** Opens (creating) a session's file; the directory is made the first time, or when it went. */
  private async openForWriting(file: string): Promise<fs.FileHandle> {
    try {
      return await fs.open(file, constants.O_RDWR | constants.O_CREAT);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      await fs.mkdir(this.dir, { recursive: true });
      return fs.open(file, constants.O_RDWR | constants.O_CREAT);
    }
  }

  /**
   * A commit links the file into the blob store; if its document was then not recorded (the
   * package left Draft meanwhile), the session lives on and may be written again. Blobs never
   * change, so a file shared with a blob is copied first.
   */
  private async unshare(file: string): Promise<void> {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat || stat.nlink <= 1) return;
    const copy = `${file}.copy`;
    await fs.copyFile(file, copy);
    await fs.rename(copy, file);
  }
}
