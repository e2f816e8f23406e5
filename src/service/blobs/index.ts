// The blob store the service uses: S3 when SIGN_BLOB_URL is set, else files under SIGN_DATA_DIR.
import path from "node:path";
import { LocalBlobStore } from "./local";
import { S3BlobStore } from "./s3";
import type { BlobStore } from "./types";
import type { S3BlobConfig } from "./url";

export { LocalBlobStore } from "./local";
export { S3BlobStore } from "./s3";
export { parseBlobUrl, BlobUrlError } from "./url";
export type { S3BlobConfig } from "./url";
export * from "./types";

export function openBlobStore(config: { dataDir: string; blobStore: S3BlobConfig | null }): BlobStore {
  return config.blobStore
    ? new S3BlobStore(config.blobStore, path.join(config.dataDir, "blob-spool"))
    : new LocalBlobStore(path.join(config.dataDir, "blobs"));
}
