// UploadStaging (src/service/blobs/staging.ts), the local files of chunked uploads, below the HTTP
// layer: the sha256 computed while blocks arrive in any order, a block written twice, and what a
// commit after a restart takes as lost (blocks of an earlier boot, or whose CRC-32 differs).
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, promises as fs, rmSync } from "node:fs";
import os from "node:os";
import { FileHasher } from "../../src/service/blobs/hasher";
import path from "node:path";
import {
  BlockLengthError,
  UploadStaging,
  currentBootMark,
  type StagedBlock,
} from "../../src/service/blobs/staging";

const BLOCK = 64 * 1024;

let dir: string;
const opened: UploadStaging[] = [];
/** A staging closed after the test (its hashing thread stopped). */
function staged(bootMark: string | null) {
  const staging = new UploadStaging(dir, bootMark);
  opened.push(staging);
  return staging;
}
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "sfo-staging-"));
});
afterEach(async () => {
  for (const staging of opened.splice(0)) await staging.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A body as a socket gives it: pieces of a few KiB. */
async function* pieces(bytes: Uint8Array, size = 7000) {
  for (let p = 0; p < bytes.length; p += size) yield bytes.subarray(p, p + size);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const blockOf = (bytes: Uint8Array, n: number) =>
  bytes.subarray(n * BLOCK, Math.min(bytes.length, (n + 1) * BLOCK));

/** Writes the blocks `order` names, `concurrently` at a time; answers the rows they make. */
async function stage(
  staging: UploadStaging,
  id: string,
  bytes: Uint8Array,
  order: number[],
  concurrently = 1,
) {
  const rows = new Map<number, StagedBlock>();
  const queue = [...order];
  await Promise.all(
    Array.from({ length: concurrently }, async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        const block = blockOf(bytes, n);
        const mark = await staging.write(id, n, n * BLOCK, block.length, pieces(block));
        rows.set(n, { n, sha256: mark, size: block.length });
      }
    }),
  );
  return [...rows.values()].sort((a, b) => a.n - b.n);
}

describe("UploadStaging", () => {
  it("hashes blocks that arrive in any order, several at a time, to the file's sha256", async () => {
    const bytes = randomBytes(10 * BLOCK + 1234);
    const staging = staged("boot:a");
    const rows = await stage(staging, "s1", bytes, [3, 0, 1, 10, 2, 5, 4, 9, 6, 8, 7], 3);
    expect(rows.every((r) => r.sha256 === "boot:a")).toBe(true);
    expect(await staging.verify("s1", rows, BLOCK, bytes.length)).toEqual({
      sha256: sha256(bytes),
      size: bytes.length,
    });
    // The file is the upload's bytes, ready to be linked into the blob store.
    expect(sha256(await fs.readFile(staging.fileOf("s1")))).toBe(sha256(bytes));
  });

  it("a block written again with other bytes: the commit's sha256 is the file's as it ends", async () => {
    const bytes = randomBytes(4 * BLOCK);
    const staging = staged("boot:a");
    const rows = await stage(staging, "s2", bytes, [0, 1, 2, 3]);
    const other = Buffer.from(randomBytes(BLOCK));
    await staging.write("s2", 1, BLOCK, BLOCK, pieces(other));
    const final = Buffer.concat([blockOf(bytes, 0), other, blockOf(bytes, 2), blockOf(bytes, 3)]);
    expect(await staging.verify("s2", rows, BLOCK, bytes.length)).toEqual({
      sha256: sha256(final),
      size: final.length,
    });
  });

  it("a block cut short or too long is refused and the hash does not take it", async () => {
    const bytes = randomBytes(3 * BLOCK);
    const staging = staged("boot:a");
    const rows = await stage(staging, "s3", bytes, [0, 2]);
    await expect(staging.write("s3", 1, BLOCK, BLOCK, pieces(randomBytes(BLOCK - 1)))).rejects.toBeInstanceOf(
      BlockLengthError,
    );
    await expect(staging.write("s3", 1, BLOCK, BLOCK, pieces(randomBytes(BLOCK + 1)))).rejects.toBeInstanceOf(
      BlockLengthError,
    );
    rows.push(...(await stage(staging, "s3", bytes, [1])));
    rows.sort((a, b) => a.n - b.n);
    expect(await staging.verify("s3", rows, BLOCK, bytes.length)).toEqual({
      sha256: sha256(bytes),
      size: bytes.length,
    });
  });

  it("after a restart in the same boot the file is read once; blocks of an earlier boot are lost", async () => {
    const bytes = randomBytes(5 * BLOCK + 10);
    const before = staged("boot:a");
    const rows = await stage(before, "s4", bytes, [0, 1, 2, 3, 4, 5]);
    // The same boot, another process: it never saw the blocks, so it reads the file.
    const restarted = staged("boot:a");
    expect(await restarted.verify("s4", rows, BLOCK, bytes.length)).toEqual({
      sha256: sha256(bytes),
      size: bytes.length,
    });
    // The machine started again: unflushed bytes may be gone, so the blocks are asked for again.
    const rebooted = staged("boot:b");
    const resent = await stage(rebooted, "s4", bytes, [2, 4]);
    const mixed = rows.map((r) => resent.find((x) => x.n === r.n) ?? r);
    expect(await rebooted.verify("s4", mixed, BLOCK, bytes.length)).toEqual({ lost: [0, 1, 3, 5] });
  });

  it("without a boot id the rows hold CRC-32s, which find a block whose bytes changed", async () => {
    const bytes = randomBytes(3 * BLOCK);
    const staging = staged(null);
    const rows = await stage(staging, "s5", bytes, [0, 1, 2]);
    expect(rows.every((r) => /^crc32:[0-9a-f]{8}$/.test(r.sha256))).toBe(true);
    expect(await staged(null).verify("s5", rows, BLOCK, bytes.length)).toEqual({
      sha256: sha256(bytes),
      size: bytes.length,
    });
    // Block 1's bytes not what was acknowledged (as a machine crash before the flush leaves them).
    const handle = await fs.open(staging.fileOf("s5"), "r+");
    await handle.write(Buffer.from([bytes[BLOCK + 5]! ^ 1]), 0, 1, BLOCK + 5);
    await handle.close();
    // A staging with a boot id still checks rows that hold a CRC-32 (written before, or elsewhere).
    expect(await staged("boot:a").verify("s5", rows, BLOCK, bytes.length)).toEqual({
      lost: [1],
    });
  });

  it("knows this machine's boot where the system says it (Linux)", () => {
    const mark = currentBootMark();
    if (process.platform === "linux") expect(mark).toMatch(/^boot:[0-9a-f-]{36}$/);
  });
});

describe("FileHasher", () => {
  it("hashes ranges of files in the order asked, per key; a failed read or a closed hasher is null", async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const file = path.join(dir, "f");
    await fs.writeFile(file, bytes);
    const hasher = new FileHasher();
    try {
      hasher.update("a", file, 0, 1000);
      hasher.update("a", file, 1000, bytes.length - 1000);
      hasher.update("b", file, 5, 10);
      hasher.update("c", file, bytes.length - 5, 10); // past the end
      expect(await hasher.digest("a")).toBe(sha256(bytes));
      expect(await hasher.digest("b")).toBe(sha256(bytes.subarray(5, 15)));
      expect(await hasher.digest("c")).toBeNull();
      hasher.drop("a");
      expect(await hasher.digest("a")).toBe(sha256(new Uint8Array(0)));
    } finally {
      await hasher.close();
    }
    expect(await hasher.digest("b")).toBeNull();
  });
});
