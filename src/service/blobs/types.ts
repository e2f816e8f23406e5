// The blob store: where document bytes live, behind one small interface so the service runs on
// local files (one machine) or an S3-compatible object store (several instances). Blobs are
// content-addressed: the key is the sha256 of the bytes, so identical documents (a cloned
// package, the same attachment sent twice) are stored once.
import type { Readable } from "node:stream";

export interface StoredBlob {
  /** Lowercase hex sha256 of the bytes; also the blob's key. */
  sha256: string;
  size: number;
  /** False when the same bytes were already stored (nothing new was written). */
  created: boolean;
}

export interface PutOptions {
  /** Refuse (BlobTooLargeError) as soon as more than this many bytes have arrived. */
  maxBytes?: number;
  /** Refuse (BlobIntegrityError) when the bytes' sha256 is not this (lowercase hex). */
  expectedSha256?: string;
  /** Refuse (BlobIntegrityError) when the bytes are not exactly this long. */
  expectedSize?: number;
}

/** Bytes start to end, both included (an HTTP Range's numbers). */
export interface ByteRange {
  start: number;
  end: number;
}

export type BlobSource = AsyncIterable<Uint8Array> | Readable;

export interface BlobStore {
  /**
   * Stores the bytes of `source`, computing their size and sha256 as they stream past. The blob
   * appears under its key whole or not at all: a failure or a crash part-way leaves at most a
   * temporary file that sweepOrphans removes.
   */
  put(source: BlobSource, options?: PutOptions): Promise<StoredBlob>;
  /**
   * Stores a file the caller has already spooled (whole, fsynced) and whose hash and size it knows:
   * the local store moves it into place (no second copy), S3 uploads it. The file is consumed: it is
   * gone afterwards, stored or not. It must be on the same file system as the store's directory.
   */
  putFile(file: string, known: { sha256: string; size: number }): Promise<StoredBlob>;
  /**
   * The bytes as a stream, or those from `range.start` to `range.end` (both included, as HTTP Range);
   * BlobNotFoundError when there is no such blob.
   */
  get(sha256: string, range?: ByteRange): Promise<Readable>;
  has(sha256: string): Promise<boolean>;
  /** Removes the blob; removing one that is not there is no error. */
  delete(sha256: string): Promise<void>;
  /**
   * Removes temporary files left by writes that never finished (a crash mid-upload). Call on
   * start; writes in flight in this process are left alone. Returns how many were removed.
   */
  sweepOrphans(): Promise<number>;
  /** Resolves when the store can be written to now (GET /readyz); rejects with why not. */
  ping(): Promise<void>;
  /** A short description for logs, without secrets. */
  readonly description: string;
}

export class BlobNotFoundError extends Error {
  constructor(readonly sha256: string) {
    super(`No blob ${sha256}`);
    this.name = "BlobNotFoundError";
  }
}

export class BlobTooLargeError extends Error {
  readonly code = "payload_too_large" as const;
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = "BlobTooLargeError";
  }
}

export class BlobIntegrityError extends Error {
  constructor(
    readonly field: "sha256" | "size",
    readonly expected: string | number,
    readonly actual: string | number,
  ) {
    super(`The file's ${field} is ${actual}, expected ${expected}.`);
    this.name = "BlobIntegrityError";
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Keys come from our database, but a key is also a path or an object name: check its shape. */
export function checkKey(sha256: string): void {
  if (!SHA256_HEX.test(sha256)) throw new BlobNotFoundError(String(sha256));
}
