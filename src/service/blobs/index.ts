// The blob store the service uses: S3 when SIGN_BLOB_URL is set, else files under SIGN_DATA_DIR.
import path from "node:path";
import { LocalBlobStore } from "./local";
import type { S3BlobStore as S3Store } from "./s3";
import type { BlobStore } from "./types";
import type { S3BlobConfig } from "./url";

export { LocalBlobStore } from "./local";
export { parseBlobUrl, BlobUrlError } from "./url";
export type { S3BlobConfig } from "./url";
export * from "./types";

export function openBlobStore(config: { dataDir: string; blobStore: S3BlobConfig | null }): BlobStore {
  if (!config.blobStore) return new LocalBlobStore(path.join(config.dataDir, "blobs"));
  // Loaded only when S3 is configured: the AWS SDK is large, and under a browser-like test
  // environment (jsdom) it resolves to an ES-module build that cannot be required.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { S3BlobStore } = require("./s3") as { S3BlobStore: typeof S3Store };
  return new S3BlobStore(config.blobStore, path.join(config.dataDir, "blob-spool"));
}
