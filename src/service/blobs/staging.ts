// Chunked uploads on local files: each session's blocks are written straight into one file,
// <dataDir>/uploads/<session id>.part, block n at n × blockSize, so committing needs no second
// copy: the file is linked into the blob store as it is. (With S3 each block is a blob of its own,
// so that any instance can take the next block; see docs/packages-and-documents.md.)
//
// The file's sha256 is computed while the blocks arrive, once: after a block is written, its bytes
// are read back from the file (the page cache: a memory copy) and hashed in a thread of its own
// (hasher.ts), in file order, a block that came early waiting for those before it; a commit then
// only waits for the last block's hashing. Clients send blocks several at a time, so they arrive out of order. When this process
// did not see every block written (it was restarted meanwhile) or a block was written twice, the
// commit reads the whole file once instead.
//
// A staged block is not fsynced: a disk flush per 4 MiB block would be most of an upload's time; the file is fsynced once, at commit, before its document is recorded.
// What makes that safe: a block's row records the machine's boot (Linux's boot_id) it was written
// in. Bytes written and not yet flushed are lost only with the machine (a killed process leaves
// them in the page cache), so a block of an earlier boot is taken as lost and asked for again.
// Where there is no boot id, the row records a CRC-32 of the block's bytes instead, which the
// commit checks while it reads the file; so does a row written that way before (crc32:…).
import { createHash } from "node:crypto";
import { constants, readFileSync, promises as fs } from "node:fs";
import path from "node:path";
import { crc32 } from "node:zlib";
import { collectYoungGarbage } from "../memory";
import { FileHasher } from "./hasher";
import type { BlobSource } from "./types";

/** How a block's checksum is stored in its row (upload_blocks.sha256 holds blob keys for S3). */
export function blockChecksum(crc: number): string {
  return `crc32:${crc.toString(16).padStart(8, "0")}`;
}

/** This machine's boot, for block rows: `boot:<boot_id>`; null where the system does not say. */
export function currentBootMark(): string | null {
  try {
    const id = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return /^[0-9a-f-]{8,64}$/i.test(id) ? `boot:${id}` : null;
  } catch {
    return null;
  }
}

/** A block for a session whose file a commit is about to read (staging.freeze): it is not written. */
export class SessionFrozenError extends Error {
  constructor() {
    super("The upload is being committed.");
    this.name = "SessionFrozenError";
  }
}

/** A commit waited its bound (COMMIT_WAIT_MS) for block requests under way; the session is thawed. */
export class FreezeTimeoutError extends Error {
  constructor(readonly waitedMs: number) {
    super(`Block requests of the upload did not end within ${waitedMs} ms.`);
    this.name = "FreezeTimeoutError";
  }
}

export class BlockLengthError extends Error {
  constructor(readonly expected: number) {
    super(`The block must be exactly ${expected} bytes.`);
    this.name = "BlockLengthError";
  }
}

/** A session's file as hashed so far by this process, in file order. */
interface Progress {
  /** Blocks 0 … next-1 are given to the hasher. */
  next: number;
  /** The hash's name in the hasher (one per Progress: a session's hash may begin again). */
  key: string;
  /** Blocks written (whole) and not hashed yet: n → [offset, length]. */
  ready: Map<number, [number, number]>;
  /** Blocks being written now. */
  writing: Set<number>;
  /** False once the hash can no longer be trusted (a block written twice): the commit reads the file. */
  valid: boolean;
}

export interface StagedBlock {
  n: number;
  /** What write answered for it (a boot mark or a checksum). */
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

let hashKeys = 0;

export class UploadStaging {
  private readonly progress = new Map<string, Progress>();
  /** Reads blocks back and hashes them, in a thread of its own (started on the first block). */
  private readonly hasher = new FileHasher();
  /** Sessions whose file a commit reads: how many commits (see freeze). */
  private readonly frozen = new Map<string, number>();
  /** Block requests under way (enter), a session: how many, and the commits waiting for none. */
  private readonly inFlight = new Map<string, { count: number; idle: (() => void)[] }>();

  /**
   * `bootMark` is what block rows record (currentBootMark()); null makes them record a CRC-32 of
   * the block instead (systems without a boot id; tests).
   */
  constructor(
    readonly dir: string,
    private readonly bootMark: string | null = currentBootMark(),
  ) {}

  fileOf(sessionId: string): string {
    return path.join(this.dir, `${sessionId}.part`);
  }

  /**
   * A block request of the session begins (before its bytes are written; left when its row is
   * recorded or refused): SessionFrozenError if a commit froze the session's file. Synchronous, so
   * a request either is counted before a commit's freeze (which then waits for it) or is refused.
   */
  enter(sessionId: string): () => void {
    if (this.frozen.has(sessionId)) throw new SessionFrozenError();
    let writes = this.inFlight.get(sessionId);
    if (!writes) this.inFlight.set(sessionId, (writes = { count: 0, idle: [] }));
    writes.count++;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (--writes.count === 0) {
        this.inFlight.delete(sessionId);
        for (const wake of writes.idle) wake();
      }
    };
  }

  /**
   * A commit is about to claim the session and read its file: block requests from now on are
   * refused (SessionFrozenError), and this waits for those under way (enter) to end, recorded or
   * refused, so that the commit's list of blocks and the file agree: a block acknowledged is in the
   * document, one refused is not (its bytes are not written into the file the commit reads, nor
   * into the blob's file after it). thaw() undoes it, whether the commit was recorded or failed.
   * The wait is bounded by `limitMs` (a request whose client stalled mid-body would hold it for
   * ever): past it, the session is thawed here and FreezeTimeoutError thrown.
   */
  async freeze(sessionId: string, limitMs: number): Promise<void> {
    this.frozen.set(sessionId, (this.frozen.get(sessionId) ?? 0) + 1);
    const writes = this.inFlight.get(sessionId);
    if (!writes) return;
    let wake!: () => void;
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      new Promise<boolean>((resolve) => writes.idle.push((wake = () => resolve(true)))),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), limitMs))),
    ]);
    clearTimeout(timer);
    if (ended) return;
    const at = writes.idle.indexOf(wake);
    if (at >= 0) writes.idle.splice(at, 1);
    this.thaw(sessionId);
    throw new FreezeTimeoutError(limitMs);
  }

  /** The commit that froze the session's file is over. */
  thaw(sessionId: string): void {
    const count = (this.frozen.get(sessionId) ?? 1) - 1;
    if (count > 0) this.frozen.set(sessionId, count);
    else this.frozen.delete(sessionId);
  }

  /**
   * Writes block `n` (exactly `expected` bytes, at `offset`) of the session's file from `body`;
   * answers what its row records. BlockLengthError when the body is longer or shorter.
   */
  async write(
    sessionId: string,
    n: number,
    offset: number,
    expected: number,
    body: BlobSource,
  ): Promise<string> {
    const file = this.fileOf(sessionId);
    let progress = this.progress.get(sessionId);
    if (!progress) {
      progress = {
        next: 0,
        key: `${sessionId}#${++hashKeys}`,
        ready: new Map(),
        writing: new Set(),
        valid: true,
      };
      this.progress.set(sessionId, progress);
    }
    // Written before, or being written: the bytes hashed (or being hashed) may not be the ones that
    // stay. The commit reads the file instead.
    if (n < progress.next || progress.ready.has(n) || progress.writing.has(n)) progress.valid = false;
    progress.writing.add(n);
    let crc = 0;
    let size = 0;
    let whole = false;
    try {
      await this.unshare(file);
      const handle = await this.openForWriting(file);
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
        const withCrc = this.bootMark === null;
        for await (const chunk of body as AsyncIterable<Uint8Array>) {
          size += chunk.length;
          if (size > expected) throw new BlockLengthError(expected);
          if (withCrc) crc = crc32(chunk, crc);
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= 1024 * 1024) await flush();
        }
        await flush();
        if (size !== expected) throw new BlockLengthError(expected);
        whole = true;
      } finally {
        await handle.close();
      }
    } catch (error) {
      const maybe = body as { destroy?: () => void; destroyed?: boolean };
      if (typeof maybe.destroy === "function" && !maybe.destroyed) maybe.destroy();
      throw error;
    } finally {
      progress.writing.delete(n);
      // A block cut short may have overwritten part of what was there: its row (if any) stays,
      // so the hash of this session cannot be trusted any more.
      if (!whole) progress.valid = false;
    }
    // The body's chunks are garbage now: see memory.ts.
    collectYoungGarbage();
    if (progress.valid && this.progress.get(sessionId) === progress) {
      progress.ready.set(n, [offset, size]);
      this.hashReady(sessionId, progress);
    }
    return this.bootMark ?? blockChecksum(crc);
  }

  /** Gives the hasher the blocks that are next in file order. */
  private hashReady(sessionId: string, progress: Progress): void {
    const file = this.fileOf(sessionId);
    for (let block = progress.ready.get(progress.next); block; block = progress.ready.get(progress.next)) {
      this.hasher.update(progress.key, file, block[0], block[1]);
      progress.ready.delete(progress.next);
      progress.next++;
    }
  }

  /**
   * The file's sha256 and size, for a session whose rows say `blocks` (all of them, in order) were
   * written. From what was hashed as the blocks came, when this process wrote them all; otherwise
   * by reading the file once: `lost` names the blocks whose bytes may not be what was acknowledged
   * (written before the machine last started, or not matching their CRC-32).
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
    if (
      progress &&
      progress.valid &&
      progress.writing.size === 0 &&
      progress.next === blocks.length &&
      stat.size >= size
    ) {
      const sha256 = await this.hasher.digest(progress.key);
      if (sha256 && progress.valid) return { sha256, size };
    }
    const hash = createHash("sha256");
    const lost: number[] = [];
    let block = 0;
    let crc = 0;
    let inBlock = 0;
    let total = 0;
    const check = () => {
      const b = blocks[block];
      const ok =
        b !== undefined &&
        inBlock === b.size &&
        (b.sha256.startsWith("crc32:") ? b.sha256 === blockChecksum(crc) : b.sha256 === this.bootMark);
      if (!ok) lost.push(block);
      block++;
      crc = 0;
      inBlock = 0;
    };
    // CRC-32s only for rows that recorded one.
    const withCrc = blocks.some((b) => b.sha256.startsWith("crc32:"));
    for await (const chunk of readPieces(file)) {
      hash.update(chunk);
      total += chunk.length;
      for (let p = 0; p < chunk.length;) {
        const take = Math.min(chunk.length - p, blockSize - inBlock);
        if (withCrc) crc = crc32(chunk.subarray(p, p + take), crc);
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
    this.forget(sessionId);
    await fs.rm(this.fileOf(sessionId), { force: true });
  }

  /** Forgets what was hashed for the session (its blocks are asked for again). */
  forget(sessionId: string): void {
    const progress = this.progress.get(sessionId);
    if (progress) this.hasher.drop(progress.key);
    this.progress.delete(sessionId);
  }

  /** Stops the hashing thread (the service is stopping). */
  close(): Promise<void> {
    return this.hasher.close();
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
      if (id) this.forget(id);
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
