// Blobs as files under the data directory: <dataDir>/blobs/ab/<sha256>, written first to
// <dataDir>/blobs/tmp/ and renamed into place, so a file under its final name is always whole.
import { randomUUID } from "node:crypto";
import { constants as fsConstants, promises as fs } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { removeFilesExcept, spoolToFile } from "./spool";
import {
  BlobNotFoundError,
  checkKey,
  type BlobSource,
  type BlobStore,
  type PutOptions,
  type StoredBlob,
  type ByteRange,
} from "./types";

async function fsyncDir(dir: string): Promise<void> {
  // A rename is durable only once its directory is synced (POSIX); Windows cannot open a
  // directory for this and does not need it.
  if (process.platform === "win32") return;
  const handle = await fs.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class LocalBlobStore implements BlobStore {
  readonly description: string;
  private readonly tmpDir: string;
  /** Temporary files of writes in flight, which sweepOrphans must not remove. */
  private readonly writing = new Set<string>();

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, "tmp");
    this.description = `local files in ${root}`;
  }

  private fileOf(sha256: string): string {
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(source: BlobSource, options?: PutOptions): Promise<StoredBlob> {
    await fs.mkdir(this.tmpDir, { recursive: true });
    const name = `${randomUUID()}.part`;
    const temp = path.join(this.tmpDir, name);
    this.writing.add(name);
    try {
      const { sha256, size } = await spoolToFile(source, temp, options);
      const final = this.fileOf(sha256);
      if (await this.exists(final)) {
        await fs.rm(temp, { force: true });
        return { sha256, size, created: false };
      }
      await fs.mkdir(path.dirname(final), { recursive: true });
      await fs.rename(temp, final);
      await fsyncDir(path.dirname(final));
      return { sha256, size, created: true };
    } finally {
      this.writing.delete(name);
    }
  }

  async putFile(file: string, known: { sha256: string; size: number }): Promise<StoredBlob> {
    checkKey(known.sha256);
    const final = this.fileOf(known.sha256);
    try {
      if (await this.exists(final)) return { ...known, created: false };
      await fs.mkdir(path.dirname(final), { recursive: true });
      await fs.rename(file, final);
      await fsyncDir(path.dirname(final));
      return { ...known, created: true };
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  private async exists(file: string): Promise<boolean> {
    try {
      await fs.access(file);
      return true;
    } catch {
      return false;
    }
  }

  async get(sha256: string, range?: ByteRange): Promise<Readable> {
    checkKey(sha256);
    const file = this.fileOf(sha256);
    // Open first, so a missing blob is an error here rather than on the stream.
    let handle;
    try {
      handle = await fs.open(file, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new BlobNotFoundError(sha256);
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async has(sha256: string): Promise<boolean> {
    checkKey(sha256);
    return this.exists(this.fileOf(sha256));
  }

  async delete(sha256: string): Promise<void> {
    checkKey(sha256);
    await fs.rm(this.fileOf(sha256), { force: true });
  }

  async ping(): Promise<void> {
    // The temporary directory is where every write begins (created by the first write).
    await fs.mkdir(this.tmpDir, { recursive: true });
    await fs.access(this.tmpDir, fsConstants.W_OK);
  }

  async sweepOrphans(): Promise<number> {
    return removeFilesExcept(this.tmpDir, this.writing);
  }
}
