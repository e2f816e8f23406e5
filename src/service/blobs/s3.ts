// Blobs in an S3-compatible object store, key <prefix>blobs/<sha256>. The bytes are first spooled
// to a local temporary file while they are counted and hashed (the key is their hash, known only
// at the end), then uploaded with one PutObject, which S3 makes visible whole or not at all. So a
// crash mid-upload leaves only the local temporary file, which sweepOrphans removes.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { randomUUID } from "node:crypto";
import { createReadStream, promises as fs } from "node:fs";
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
import type { S3BlobConfig } from "./url";

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata?.httpStatusCode === 404;
  }
  return false;
}

export class S3BlobStore implements BlobStore {
  readonly description: string;
  private readonly client: S3Client;
  private readonly writing = new Set<string>();

  /** `spoolDir`: local directory for the temporary files (under the data directory). */
  constructor(
    private readonly config: S3BlobConfig,
    private readonly spoolDir: string,
  ) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      // The SDK's default since 2025 streams uploads as aws-chunked with a trailing CRC, which
      // S3-compatible servers (s3rver, older MinIO/Ceph) store verbatim; our own sha256, sent as a
      // plain header below, gives Amazon S3 an end-to-end check instead.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      ...(config.credentials ? { credentials: config.credentials } : {}),
    });
    this.description = `S3 bucket ${config.bucket}${config.prefix ? `/${config.prefix}` : ""} at ${config.endpoint ?? `AWS ${config.region}`}`;
  }

  private keyOf(sha256: string): string {
    return `${this.config.prefix}blobs/${sha256}`;
  }

  async put(source: BlobSource, options?: PutOptions): Promise<StoredBlob> {
    await fs.mkdir(this.spoolDir, { recursive: true });
    const name = `${randomUUID()}.part`;
    const temp = path.join(this.spoolDir, name);
    this.writing.add(name);
    try {
      const { sha256, size } = await spoolToFile(source, temp, options);
      if (await this.has(sha256)) return { sha256, size, created: false };
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: this.keyOf(sha256),
          Body: createReadStream(temp),
          ContentLength: size,
          ContentType: "application/octet-stream",
          ChecksumSHA256: Buffer.from(sha256, "hex").toString("base64"),
        }),
      );
      return { sha256, size, created: true };
    } finally {
      await fs.rm(temp, { force: true });
      this.writing.delete(name);
    }
  }

  async putFile(file: string, known: { sha256: string; size: number }): Promise<StoredBlob> {
    checkKey(known.sha256);
    try {
      if (await this.has(known.sha256)) return { ...known, created: false };
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: this.keyOf(known.sha256),
          Body: createReadStream(file, { highWaterMark: 1024 * 1024 }),
          ContentLength: known.size,
          ContentType: "application/octet-stream",
          ChecksumSHA256: Buffer.from(known.sha256, "hex").toString("base64"),
        }),
      );
      return { ...known, created: true };
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  async get(sha256: string, range?: ByteRange): Promise<Readable> {
    checkKey(sha256);
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.config.bucket,
          Key: this.keyOf(sha256),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // In Node the SDK's body is an http.IncomingMessage, a Readable.
      return out.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new BlobNotFoundError(sha256);
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    checkKey(sha256);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(sha256) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async delete(sha256: string): Promise<void> {
    checkKey(sha256);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(sha256) }));
  }

  async ping(): Promise<void> {
    // The bucket is there and these credentials reach it.
    await this.client.send(new HeadBucketCommand({ Bucket: this.config.bucket }));
  }

  async sweepOrphans(): Promise<number> {
    return removeFilesExcept(this.spoolDir, this.writing);
  }

  close(): void {
    this.client.destroy();
  }
}
