// Writing a stream to a temporary file while counting and hashing it: the first half of every
// put, for both stores (the S3 store needs the sha256, its key, before it can upload).
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import { collectYoungGarbage } from "../memory";
import { BlobIntegrityError, BlobTooLargeError, type BlobSource, type PutOptions } from "./types";

export interface Spooled {
  sha256: string;
  size: number;
}

/**
 * Streams `source` into `file` (created, must not exist), fsynced, checking the limits and the
 * expected size and hash. On any failure the file is removed and the error rethrown.
 */
export async function spoolToFile(
  source: BlobSource,
  file: string,
  options: PutOptions = {},
): Promise<Spooled> {
  const hash = createHash("sha256");
  let size = 0;
  const handle = await fs.open(file, "wx");
  try {
    try {
      // Chunks (64 KB from a socket) are written a megabyte at a time: one system call, not sixteen.
      let pending: Uint8Array[] = [];
      let collectedAt = 0;
      let pendingBytes = 0;
      const flush = async () => {
        if (pending.length) {
          const { bytesWritten } = await handle.writev(pending);
          // A short write on a regular file means the disk is full: fail rather than keep a hole.
          if (bytesWritten !== pendingBytes)
            throw new Error(`Short write: ${bytesWritten} of ${pendingBytes} bytes.`);
        }
        pending = [];
        pendingBytes = 0;
        // The chunks written are garbage now (see memory.ts): collected every 4 MB.
        if (size - collectedAt >= 4 * 1024 * 1024) {
          collectedAt = size;
          collectYoungGarbage();
        }
      };
      for await (const chunk of source as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (options.maxBytes !== undefined && size > options.maxBytes)
          throw new BlobTooLargeError(options.maxBytes);
        hash.update(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= 1024 * 1024) await flush();
      }
      await flush();
      // Durable before we call it stored: a crash after put returns must not lose the bytes.
      await handle.sync();
    } finally {
      await handle.close();
    }
    const sha256 = hash.digest("hex");
    if (options.expectedSize !== undefined && size !== options.expectedSize) {
      throw new BlobIntegrityError("size", options.expectedSize, size);
    }
    if (options.expectedSha256 !== undefined && sha256 !== options.expectedSha256.toLowerCase()) {
      throw new BlobIntegrityError("sha256", options.expectedSha256.toLowerCase(), sha256);
    }
    return { sha256, size };
  } catch (error) {
    await fs.rm(file, { force: true });
    // A source stream that failed is left to its owner; destroy a Node stream we stopped reading.
    const maybe = source as { destroy?: (e?: Error) => void; destroyed?: boolean };
    if (typeof maybe.destroy === "function" && !maybe.destroyed) maybe.destroy();
    throw error;
  }
}

/** Removes the files in `dir` not named in `keep`; returns how many. */
export async function removeFilesExcept(dir: string, keep: ReadonlySet<string>): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (keep.has(name)) continue;
    await fs.rm(`${dir}/${name}`, { force: true });
    removed++;
  }
  return removed;
}
