// SIGN_BLOB_URL: where an S3-compatible object store is and how to sign in to it, in one value.
//
//   s3://ACCESS_KEY:SECRET_KEY@HOST[:PORT]/BUCKET[/PREFIX]?region=REGION&tls=true|false&forcePathStyle=true|false
//
// - Credentials are percent-encoded (a "/" in a secret is %2F). Without them, the AWS SDK's
//   default chain is used (AWS_ACCESS_KEY_ID…, a profile, an instance role).
// - HOST "aws" means Amazon S3 itself (the SDK's endpoint for the region); any other host is an
//   S3-compatible server (MinIO, Ceph, R2…), reached over https unless tls=false.
// - region defaults to us-east-1; forcePathStyle defaults to true for a custom host (most
//   compatible servers need it) and false for aws.
// - PREFIX, if given, is put before every key (several services may share a bucket).

export interface S3BlobConfig {
  /** null for Amazon S3 itself. */
  endpoint: string | null;
  region: string;
  bucket: string;
  prefix: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export class BlobUrlError extends Error {}

function flag(params: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = params.get(name);
  if (raw === null || raw === "") return fallback;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw new BlobUrlError(`SIGN_BLOB_URL: ${name} must be true or false, got "${raw}"`);
}

const KNOWN_PARAMS = new Set(["region", "tls", "forcePathStyle"]);

export function parseBlobUrl(value: string): S3BlobConfig {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BlobUrlError(
      "SIGN_BLOB_URL must be a URL such as s3://KEY:SECRET@host:9000/bucket?region=us-east-1",
    );
  }
  if (url.protocol !== "s3:") throw new BlobUrlError("SIGN_BLOB_URL must start with s3://");
  for (const key of url.searchParams.keys()) {
    if (!KNOWN_PARAMS.has(key)) throw new BlobUrlError(`SIGN_BLOB_URL: unknown parameter "${key}"`);
  }
  const [bucket = "", ...rest] = url.pathname.replace(/^\/+/, "").split("/");
  if (!bucket) throw new BlobUrlError("SIGN_BLOB_URL must name a bucket: s3://host/bucket");
  const prefix = rest.filter(Boolean).map(decodeURIComponent).join("/");
  const host = url.hostname;
  if (!host) throw new BlobUrlError("SIGN_BLOB_URL must name a host (or aws)");
  const aws = host === "aws";
  const tls = flag(url.searchParams, "tls", true);
  const user = decodeURIComponent(url.username);
  const secret = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(secret)) {
    throw new BlobUrlError("SIGN_BLOB_URL: give both the access key and the secret, or neither");
  }
  return {
    endpoint: aws ? null : `${tls ? "https" : "http"}://${url.host}`,
    region: url.searchParams.get("region") || "us-east-1",
    bucket: decodeURIComponent(bucket),
    prefix: prefix ? `${prefix}/` : "",
    forcePathStyle: flag(url.searchParams, "forcePathStyle", !aws),
    credentials: user ? { accessKeyId: user, secretAccessKey: secret } : null,
  };
}
