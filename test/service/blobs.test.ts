import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import {
  BlobIntegrityError,
  BlobNotFoundError,
  BlobTooLargeError,
  LocalBlobStore,
  openBlobStore,
  parseBlobUrl,
  type BlobStore,
} from "../../src/service/blobs";
import { S3BlobStore } from "../../src/service/blobs/s3";
import { ConfigError, loadConfig } from "../../src/service/config";
import { startS3, type TestS3 } from "./s3-server";

interface Backend {
  store: BlobStore;
  /** Where the store keeps temporary files (to plant a crash's leftovers). */
  tempDir: string;
  /** Files holding stored blobs, where the backend can tell (local only). */
  storedFiles?: () => string[];
  close(): Promise<void>;
}

const BACKENDS: [string, () => Promise<Backend>][] = [
  [
    "local files",
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "blobs-"));
      const root = path.join(dir, "blobs");
      return {
        store: new LocalBlobStore(root),
        tempDir: path.join(root, "tmp"),
        storedFiles: () =>
          readdirSync(root)
            .filter((d) => d !== "tmp")
            .flatMap((d) => readdirSync(path.join(root, d))),
        close: async () => rmSync(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const s3: TestS3 = await startS3();
      const dir = mkdtempSync(path.join(os.tmpdir(), "blobs-s3-"));
      const store = new S3BlobStore(parseBlobUrl(s3.url), path.join(dir, "spool"));
      return {
        store,
        tempDir: path.join(dir, "spool"),
        close: async () => {
          store.close();
          await s3.stop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];

function sha(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function bytesOf(n: number, seed = 1): Uint8Array {
  const b = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    b[i] = x >> 16;
  }
  return b;
}

/** A stream of `bytes` in chunks of `chunk` bytes. */
function chunked(bytes: Uint8Array, chunk = 64 * 1024): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(Buffer.from(bytes.subarray(i, i + chunk)));
  return Readable.from(parts);
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(Buffer.from(c as Uint8Array));
  return new Uint8Array(Buffer.concat(parts));
}

describe.each(BACKENDS)("blob store: %s", (_name, open) => {
  let b: Backend;
  beforeEach(async () => {
    b = await open();
  });
  afterEach(async () => {
    await b.close();
  });

  it("stores a stream under its sha256, with its size, and gives the same bytes back", async () => {
    const bytes = bytesOf(3 * 1024 * 1024 + 17);
    const stored = await b.store.put(chunked(bytes));
    expect(stored).toEqual({ sha256: sha(bytes), size: bytes.length, created: true });
    expect(await b.store.has(stored.sha256)).toBe(true);
    expect(sha(await readAll(await b.store.get(stored.sha256)))).toBe(sha(bytes));
  });

  it("stores identical bytes once", async () => {
    const bytes = bytesOf(100_000, 7);
    const first = await b.store.put(chunked(bytes));
    const second = await b.store.put(chunked(bytes, 999));
    expect(second).toEqual({ ...first, created: false });
    if (b.storedFiles) expect(b.storedFiles()).toEqual([first.sha256]);
    expect(readdirSync(b.tempDir)).toEqual([]);
  });

  it("putFile takes a spooled file in (consuming it), once per content", async () => {
    const bytes = bytesOf(2 * 1024 * 1024 + 5, 3);
    mkdirSync(b.tempDir, { recursive: true });
    const file = path.join(b.tempDir, "..", "spooled-1");
    writeFileSync(file, bytes);
    const stored = await b.store.putFile(file, { sha256: sha(bytes), size: bytes.length });
    expect(stored).toEqual({ sha256: sha(bytes), size: bytes.length, created: true });
    expect(existsSync(file)).toBe(false);
    expect(sha(await readAll(await b.store.get(stored.sha256)))).toBe(sha(bytes));
    const again = path.join(b.tempDir, "..", "spooled-2");
    writeFileSync(again, bytes);
    expect(await b.store.putFile(again, { sha256: sha(bytes), size: bytes.length })).toEqual({
      ...stored,
      created: false,
    });
    expect(existsSync(again)).toBe(false);
    await expect(b.store.putFile(again, { sha256: "../etc/passwd", size: 1 })).rejects.toThrow();
  });

  it("accepts an empty blob and any async iterable", async () => {
    async function* gen() {
      yield new Uint8Array([1, 2]);
      yield new Uint8Array([3]);
    }
    expect(await b.store.put(gen())).toMatchObject({ size: 3, sha256: sha(new Uint8Array([1, 2, 3])) });
    expect(await b.store.put(Readable.from([]))).toMatchObject({ size: 0, sha256: sha(new Uint8Array()) });
  });

  it("refuses more than maxBytes as soon as it arrives, keeping nothing", async () => {
    const bytes = bytesOf(1024 * 1024, 3);
    let pulled = 0;
    async function* source() {
      for (let i = 0; i < 100; i++) {
        pulled++;
        yield bytes.subarray(0, 64 * 1024);
      }
    }
    const error = await b.store.put(source(), { maxBytes: 200 * 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlobTooLargeError);
    expect(error).toMatchObject({ code: "payload_too_large" });
    expect(pulled).toBeLessThanOrEqual(4); // stopped reading, did not drain the source
    expect(readdirSync(b.tempDir)).toEqual([]);
    if (b.storedFiles) expect(b.storedFiles()).toEqual([]);
  });

  it("refuses bytes whose sha256 or size is not the expected one, keeping nothing", async () => {
    const bytes = bytesOf(5000, 4);
    const wrongSha = await b.store
      .put(chunked(bytes), { expectedSha256: "0".repeat(64) })
      .catch((e: unknown) => e);
    expect(wrongSha).toBeInstanceOf(BlobIntegrityError);
    expect(wrongSha).toMatchObject({ field: "sha256", actual: sha(bytes) });
    const wrongSize = await b.store.put(chunked(bytes), { expectedSize: 4999 }).catch((e: unknown) => e);
    expect(wrongSize).toMatchObject({ field: "size", expected: 4999, actual: 5000 });
    expect(await b.store.has(sha(bytes))).toBe(false);
    expect(readdirSync(b.tempDir)).toEqual([]);
    // The right expectations pass, the sha256 in either case.
    const ok = await b.store.put(chunked(bytes), {
      expectedSha256: sha(bytes).toUpperCase(),
      expectedSize: 5000,
    });
    expect(ok.created).toBe(true);
  });

  it("keeps nothing when the source fails part-way", async () => {
    async function* failing() {
      yield bytesOf(10_000);
      throw new Error("connection reset");
    }
    await expect(b.store.put(failing())).rejects.toThrow("connection reset");
    expect(readdirSync(b.tempDir)).toEqual([]);
    if (b.storedFiles) expect(b.storedFiles()).toEqual([]);
  });

  it("answers BlobNotFoundError for a missing blob or a key that is no sha256", async () => {
    await expect(b.store.get(sha(new Uint8Array([9])))).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(b.store.get("../../etc/passwd")).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(b.store.has("ABC")).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it("deletes, and deleting twice is no error", async () => {
    const { sha256 } = await b.store.put(chunked(bytesOf(1000, 5)));
    await b.store.delete(sha256);
    expect(await b.store.has(sha256)).toBe(false);
    await expect(b.store.delete(sha256)).resolves.toBeUndefined();
    await expect(b.store.get(sha256)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it("sweepOrphans removes a crashed write's temporary file but not a write in flight", async () => {
    mkdirSync(b.tempDir, { recursive: true });
    writeFileSync(path.join(b.tempDir, "crashed-upload.part"), bytesOf(5000));
    // A write in flight: its source waits until the sweep has run.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const bytes = bytesOf(200_000, 6);
    async function* slow() {
      yield bytes.subarray(0, 100_000);
      await gate;
      yield bytes.subarray(100_000);
    }
    const inFlight = b.store.put(slow());
    // Wait until the first chunk reached the temporary file.
    for (let i = 0; i < 200 && readdirSync(b.tempDir).length < 2; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(readdirSync(b.tempDir)).toHaveLength(2);
    expect(await b.store.sweepOrphans()).toBe(1);
    release();
    expect(await inFlight).toMatchObject({ sha256: sha(bytes), created: true });
    expect(sha(await readAll(await b.store.get(sha(bytes))))).toBe(sha(bytes));
    expect(await b.store.sweepOrphans()).toBe(0);
  });

  it("sweepOrphans on a store that has never written is no error", async () => {
    rmSync(b.tempDir, { recursive: true, force: true });
    expect(await b.store.sweepOrphans()).toBe(0);
  });
});

describe("parseBlobUrl", () => {
  it("reads credentials, host, bucket, prefix and options", () => {
    expect(
      parseBlobUrl("s3://AK:s%2Fecret@minio.local:9000/docs/sign/prod?region=eu-west-1&tls=false"),
    ).toEqual({
      endpoint: "http://minio.local:9000",
      region: "eu-west-1",
      bucket: "docs",
      prefix: "sign/prod/",
      forcePathStyle: true,
      credentials: { accessKeyId: "AK", secretAccessKey: "s/ecret" },
    });
  });

  it("takes host aws as Amazon S3 itself, with the SDK's credentials when none are given", () => {
    expect(parseBlobUrl("s3://aws/my-bucket?region=us-west-2")).toEqual({
      endpoint: null,
      region: "us-west-2",
      bucket: "my-bucket",
      prefix: "",
      forcePathStyle: false,
      credentials: null,
    });
  });

  it.each([
    ["http://host/bucket", /s3:\/\//],
    ["s3://host", /bucket/],
    ["s3://host/b?tls=yes", /tls/],
    ["s3://host/b?regoin=x", /unknown parameter/],
    ["s3://KEY@host/b", /both/],
    ["not a url", /URL/],
  ])("refuses %p", (url, message) => {
    expect(() => parseBlobUrl(url)).toThrow(message);
  });
});

describe("configuration", () => {
  it("SIGN_BLOB_URL selects the S3 store; unset, local files under the data directory", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "blobs-config-"));
    try {
      const local = loadConfig({ SIGN_DATA_DIR: dataDir });
      expect(local.blobStore).toBeNull();
      expect(openBlobStore(local)).toBeInstanceOf(LocalBlobStore);
      const s3 = loadConfig({ SIGN_DATA_DIR: dataDir, SIGN_BLOB_URL: "s3://K:S@127.0.0.1:1/b?tls=false" });
      expect(s3.blobStore).toMatchObject({ bucket: "b", endpoint: "http://127.0.0.1:1" });
      const store = openBlobStore(s3);
      expect(store).toBeInstanceOf(S3BlobStore);
      expect(store.description).not.toContain("S:");
      (store as S3BlobStore).close();
      expect(existsSync(path.join(dataDir, "blobs"))).toBe(false); // nothing written until used
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a malformed SIGN_BLOB_URL stops the service from starting", () => {
    expect(() => loadConfig({ SIGN_BLOB_URL: "s3://host" })).toThrow(ConfigError);
  });
});
