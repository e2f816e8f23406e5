// Documents against the service as its own process (as `npm run service` runs it), on local files:
// - uploading a 50 MB document of each hard kind through the chunked API raises the process's peak
//   memory (the kernel's high-water mark, VmHWM, reset before each upload) by at most 64 MB:
//   a scan of many pages, one page whose single content stream is 50 MB, 2,000 small pages, a JPEG,
//   a PNG and an RGBA PNG (decoded row by row) made into PDFs, one page of one 50 MB image, the
//   scan and the 2,000 pages with their cross-reference table damaged (repaired in constant
//   memory: accepted, the same pages and tags), both again written with object streams and a
//   cross-reference stream, that stream damaged,
//   and a compression bomb (refused as too complex, within the bound too);
// - kill -9 in the middle of a block and in the middle of a commit: after the restart every
//   committed document is there with its bytes, the upload goes on from what was acknowledged, and
//   no file is left that nothing refers to.
// Linux only (/proc); the numbers are printed, the bound is asserted.
import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, promises as fs, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { breakStartxref, writeBigPdf, writeDeflateBombPdf, writeHugeContentPdf } from "../pdf/big-pdf";
import { BACKENDS, freshPlace, type Place } from "./harness";
import { runAdmin, spawnService, type ServiceProcess } from "./processes";

const MiB = 1024 * 1024;
const P = "/api/v1/packages";
/** The bound of issue 15: what one 50 MB upload may add to the service's memory. */
const BOUND = 64 * MiB;
/** Just under the 50 MB (50 MiB) a document may be. */
const SIZE = 50 * MiB - 64 * 1024;

jest.setTimeout(15 * 60_000);

type Json = Record<string, unknown>;

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** A field of /proc/<pid>/status, in bytes. */
function status(pid: number, field: "VmRSS" | "VmHWM"): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)\s*kB/.exec(line ?? "")?.[1] ?? NaN) * 1024;
}

/**
 * The process's resident memory once it has settled (the same, within a megabyte, over three reads
 * 100 ms apart; at most 5 s), instead of after a fixed pause: what its last request freed is given
 * back first, and does not count as room for the upload measured next.
 */
async function settledRss(pid: number): Promise<number> {
  const reads = [status(pid, "VmRSS")];
  for (const deadline = Date.now() + 5_000; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    reads.push(status(pid, "VmRSS"));
    const last = reads.slice(-3);
    if (last.length === 3 && Math.max(...last) - Math.min(...last) <= MiB) break;
  }
  return reads.at(-1)!;
}

/** A JPEG's headers (JFIF, a baseline frame of 3 components) and `size` bytes in all. */
function writeBigJpeg(file: string, size: number): void {
  const head = Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x01,
    0x01,
    0x2c,
    0x01,
    0x2c,
    0x00,
    0x00, // JFIF, 300 dpi
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    0x17,
    0x70,
    0x17,
    0x70,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01, // SOF0: 6000 × 6000 (36 million pixels, under the limit), 3 components
    0xff,
    0xda,
    0x00,
    0x0c,
    0x03,
    0x01,
    0x00,
    0x02,
    0x11,
    0x03,
    0x11,
    0x00,
    0x3f,
    0x00, // SOS
  ]);
  // The entropy-coded data is never decoded on the way in (only a viewer would): random bytes
  // without 0xFF stand in for it.
  const body = randomBytes(size - head.length - 2).map((b) => (b === 0xff ? 0xfe : b));
  writeFileSync(file, Buffer.concat([head, body, Buffer.from([0xff, 0xd9])]));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, "latin1"), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG of random pixels (incompressible: stored as it is) of about `size` bytes: RGB, passed
 * through into its PDF; or with `alpha`, RGBA, decoded a row at a time into an image and its soft
 * mask (image-file-to-pdf.ts).
 */
function writeBigPng(file: string, size: number, { alpha = false } = {}): void {
  const channels = alpha ? 4 : 3;
  const width = 4000;
  const height = Math.floor(size / (width * channels + 1)) - 10;
  const raw = randomBytes(height * (width * channels + 1));
  // Plain: filter none on every row. RGBA: every filter type in turn.
  for (let y = 0; y < height; y++) raw[y * (width * channels + 1)] = alpha ? y % 5 : 0;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = alpha ? 6 : 2;
  const data = zlib.deflateSync(raw, { level: 0 });
  const idats: Buffer[] = [];
  for (let p = 0; p < data.length; p += MiB) idats.push(pngChunk("IDAT", data.subarray(p, p + MiB)));
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", ihdr),
      ...idats,
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

interface Shape {
  label: string;
  file: string;
  contentType: string;
  pages: number;
  tags: number;
  /** The refusal expected instead (a 400 invalid_document whose detail matches). */
  refused?: RegExp;
}

let scratch: string;
const shapes: Shape[] = [];

beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "sfo-docs-process-"));
  const at = (name: string) => path.join(scratch, name);
  const scan = writeBigPdf(at("scan.pdf"), 40, Math.floor(SIZE / 40) - 4000);
  shapes.push({
    label: "a scan of 40 pages",
    file: at("scan.pdf"),
    contentType: "application/pdf",
    pages: 40,
    tags: scan.tags.length,
  });
  writeHugeContentPdf(at("content.pdf"), SIZE - 4000);
  shapes.push({
    label: "one page, one 50 MB content stream",
    file: at("content.pdf"),
    contentType: "application/pdf",
    pages: 1,
    tags: 1,
  });
  const many = writeBigPdf(at("pages.pdf"), 2000, Math.floor(SIZE / 2000) - 1200);
  shapes.push({
    label: "2,000 small scanned pages",
    file: at("pages.pdf"),
    contentType: "application/pdf",
    pages: 2000,
    tags: many.tags.length,
  });
  writeBigJpeg(at("photo.jpg"), SIZE);
  shapes.push({ label: "a 50 MB JPEG", file: at("photo.jpg"), contentType: "image/jpeg", pages: 1, tags: 0 });
  writeBigPng(at("plan.png"), SIZE);
  shapes.push({ label: "a 50 MB PNG", file: at("plan.png"), contentType: "image/png", pages: 1, tags: 0 });
  writeBigPng(at("screen.png"), SIZE, { alpha: true });
  shapes.push({
    label: "a 50 MB RGBA PNG",
    file: at("screen.png"),
    contentType: "image/png",
    pages: 1,
    tags: 0,
  });
  const image = writeBigPdf(at("image.pdf"), 1, SIZE - 4000);
  shapes.push({
    label: "one page, one 50 MB image",
    file: at("image.pdf"),
    contentType: "application/pdf",
    pages: 1,
    tags: image.tags.length,
  });
  // Damaged copies: startxref points into the table's keyword, so the table must be rebuilt.
  for (const [name, label, pages, tags] of [
    ["scan", "the scan of 40 pages, its cross-reference table damaged", 40, scan.tags.length],
    ["pages", "the 2,000 pages, their cross-reference table damaged", 2000, many.tags.length],
  ] as const) {
    copyFileSync(at(`${name}.pdf`), at(`${name}-damaged.pdf`));
    breakStartxref(at(`${name}-damaged.pdf`));
    shapes.push({ label, file: at(`${name}-damaged.pdf`), contentType: "application/pdf", pages, tags });
  }
  // Written as PDF 1.5 writers (pdf-lib's default save) write: pages, page tree and catalog in
  // object streams, located only by a compressed cross-reference stream; damaged, startxref points
  // past the stream's object number (its " 0 obj"), so the stream must be found, inflated and
  // merged with the objects' headers (before the repair read them: pdf.js loaded the whole file).
  for (const [name, label, pages, imageBytes] of [
    [
      "scan-os",
      "the scan of 40 pages in object streams, its cross-reference stream damaged",
      40,
      Math.floor(SIZE / 40) - 4000,
    ],
    [
      "pages-os",
      "the 2,000 pages in object streams, their cross-reference stream damaged",
      2000,
      Math.floor(SIZE / 2000) - 1200,
    ],
  ] as const) {
    const written = writeBigPdf(at(`${name}.pdf`), pages, imageBytes, { objectStreams: true });
    breakStartxref(at(`${name}.pdf`), String(written.xrefStream).length + 1);
    shapes.push({
      label,
      file: at(`${name}.pdf`),
      contentType: "application/pdf",
      pages,
      tags: written.tags.length,
    });
  }
  // A content stream inflating to 256 MiB from a quarter of a megabyte.
  writeDeflateBombPdf(at("bomb.pdf"), 256 * MiB);
  shapes.push({
    label: "a compression bomb (refused)",
    file: at("bomb.pdf"),
    contentType: "application/pdf",
    pages: 1,
    tags: 1,
    refused: /too complex/,
  });
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Polls every 20 ms until `ready` answers true, or `over` (what would make the state pass) has
 * settled; throws after 60 s, naming `what` it waited for.
 */
async function until(what: string, ready: () => Promise<boolean>, over: Promise<unknown>): Promise<void> {
  let settled = false;
  const stop = () => void (settled = true);
  over.then(stop, stop);
  for (const deadline = Date.now() + 60_000; !settled && !(await ready());) {
    if (Date.now() > deadline) throw new Error(`Waited 60 s for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** PUT of raw bytes; `cut` sends only that many of them, then leaves the request hanging. */
function putBlock(url: string, token: string, body: Buffer, cut?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "PUT",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/octet-stream",
        "content-length": body.length,
      },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    if (cut === undefined) request.end(body);
    else request.write(body.subarray(0, cut));
  });
}

describe.each(BACKENDS)("documents in the service's own process on %s", (backend) => {
  let place: Place;
  let env: Record<string, string>;
  let token: string;
  let service: ServiceProcess | null = null;

  const call = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${service!.url}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
  };
  const draft = async () => (await call("POST", P, { name: "Process test" })).body.id as string;

  /** Initiates an upload of `file` and stages blocks `from` … `to`-1 of it; answers the session. */
  const stage = async (
    pkg: string,
    file: string,
    contentType: string,
    range?: { from: number; to: number },
  ) => {
    const size = (await fs.stat(file)).size;
    const session = (
      await call("POST", `${P}/${pkg}/uploads`, { fileName: path.basename(file), contentType, size })
    ).body;
    expect(session.id).toBeDefined();
    await sendBlocks(pkg, session, file, range?.from ?? 0, range?.to ?? (session.blockCount as number));
    return session;
  };
  const sendBlocks = async (pkg: string, session: Json, file: string, from: number, to: number) => {
    const handle = await fs.open(file, "r");
    try {
      for (let n = from; n < to; n++) {
        const block = Buffer.alloc(
          Math.min(session.blockSize as number, (session.size as number) - n * (session.blockSize as number)),
        );
        await handle.read(block, 0, block.length, n * (session.blockSize as number));
        const url = `${service!.url}${P}/${pkg}/uploads/${session.id as string}/blocks/${n}`;
        expect(await putBlock(url, token, block)).toBe(200);
      }
    } finally {
      await handle.close();
    }
  };
  const commit = (pkg: string, session: Json) =>
    call("POST", `${P}/${pkg}/uploads/${session.id as string}/commit`);

  /** Every file under the data directory, by what it is. */
  const filesOf = async () => {
    const list = async (dir: string): Promise<string[]> => {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      const out: string[] = [];
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) out.push(...(await list(full)));
        else out.push(full);
      }
      return out;
    };
    const blobs = (await list(path.join(place.dataDir, "blobs"))).map((f) =>
      path.relative(path.join(place.dataDir, "blobs"), f),
    );
    return {
      blobs: blobs
        .filter((f) => !f.startsWith("tmp"))
        .map((f) => path.basename(f))
        .sort(),
      blobTemps: blobs.filter((f) => f.startsWith("tmp")),
      work: await list(path.join(place.dataDir, "work")),
      staged: (await list(path.join(place.dataDir, "uploads"))).map((f) => path.basename(f)).sort(),
    };
  };

  /** What the documents of the packages refer to: their blobs must be exactly the files there. */
  const referenced = async (pkgs: string[]) => {
    const hashes = new Set<string>();
    for (const pkg of pkgs) {
      for (const d of (await call("GET", `${P}/${pkg}/documents`)).body.items as Json[]) {
        hashes.add(d.sha256 as string);
        // The PDF of an image is a blob of its own; its hash is the download-pdf's.
        const link = (await call("GET", `${P}/${pkg}/documents/${d.id as string}/download-pdf`)).body;
        const pdf = await fetch(new URL(link.url as string, service!.url));
        hashes.add(sha256(new Uint8Array(await pdf.arrayBuffer())));
      }
    }
    return [...hashes].sort();
  };

  beforeAll(async () => {
    place = await freshPlace(backend);
    env = { SIGN_DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl ?? "" };
    token = (await runAdmin(["create-token", "--tenant", "process"], env)).stdout
      .trim()
      .split("\n")
      .at(-1)!
      .trim();
  });

  afterAll(async () => {
    if (service && service.child.exitCode === null) {
      service.child.kill("SIGTERM");
      await service.exited;
    }
    await place.dispose();
  });

  test("a 50 MB upload of each hard kind raises the service's peak memory by at most 64 MB", async () => {
    writeBigPdf(path.join(scratch, "warm.pdf"), 2, 1000);
    const report: string[] = [];
    for (const shape of shapes) {
      // Each upload in a service of its own: memory a process has taken and freed stays with it
      // (V8 keeps its heap, malloc its arenas) and would hide the next upload's cost. One at a
      // time: a service starting on the same data directory sweeps the uploads of one at work
      // (local files are one machine's), so the next cannot be warmed while this one is measured.
      if (service) {
        service.child.kill("SIGTERM");
        await service.exited;
      }
      service = await spawnService(env);
      // Warm, as a service that has read a PDF is: the reader's thread started and pdf.js loaded.
      const warmPkg = await draft();
      const warm = await commit(
        warmPkg,
        await stage(warmPkg, path.join(scratch, "warm.pdf"), "application/pdf"),
      );
      expect(warm.status).toBe(201);
      const pid = service!.child.pid!;
      const target = await draft();
      const before = await settledRss(pid);
      // The kernel's peak for this process starts again from what it holds now.
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
      const session = await stage(target, shape.file, shape.contentType);
      const done = await commit(target, session);
      const peak = status(pid, "VmHWM");
      const growth = peak - before;
      const line = `${shape.label}: +${(growth / MiB).toFixed(1)} MB (${(before / MiB).toFixed(0)} → ${(peak / MiB).toFixed(0)} MB)`;
      report.push(line);
      process.stdout.write(`${backend}: ${line}\n`);
      if (shape.refused) {
        expect(done.status).toBe(400);
        expect(done.body).toMatchObject({ code: "invalid_document" });
        expect(done.body.detail).toMatch(shape.refused);
        // A refused commit leaves the upload open until it expires (the client may send other
        // bytes); this client aborts it, and the session's staged file goes with it. (The kill -9
        // test below, on the same data, expects no staged file but those of open uploads: none.)
        const aborted = await call("DELETE", `${P}/${target}/uploads/${session.id as string}`);
        expect(aborted.status).toBe(204);
      } else {
        expect(done.status).toBe(201);
        expect(done.body).toMatchObject({
          pageCount: shape.pages,
          detectedTagCount: shape.tags,
          size: session.size,
        });
      }
      expect(growth).toBeLessThanOrEqual(BOUND);
    }
    process.stdout.write(`peak memory per 50 MB upload on ${backend}:\n  ${report.join("\n  ")}\n`);
  });

  test("kill -9 mid-block and mid-commit: committed documents stay, the upload goes on, no orphan file", async () => {
    // Each test starts its own service: what a test spawns is stopped after it (closed-at-end.ts).
    service = await spawnService(env);
    const pkgs: string[] = [];
    const pkg = await draft();
    pkgs.push(pkg);
    // A committed document before the crashes.
    const scan = shapes[0]!;
    const committed = (await commit(pkg, await stage(pkg, scan.file, scan.contentType))).body;
    expect(committed.pageCount).toBe(40);

    // 1. Killed while block 3 is half sent; blocks 0-2 were acknowledged.
    const session = await stage(pkg, scan.file, scan.contentType, { from: 0, to: 3 });
    const half = Buffer.alloc(session.blockSize as number);
    const hanging = putBlock(
      `${service!.url}${P}/${pkg}/uploads/${session.id as string}/blocks/3`,
      token,
      half,
      half.length / 2,
    ).catch(() => 0);
    // Killed once the service is writing block 3 (its first megabyte is in the staged file).
    const staged = path.join(place.dataDir, "uploads", `${session.id as string}.part`);
    const blocksBefore = 3 * (session.blockSize as number);
    await until(
      "block 3's first bytes in the staged file",
      async () => ((await fs.stat(staged).catch(() => null))?.size ?? 0) > blocksBefore,
      hanging,
    );
    service!.child.kill("SIGKILL");
    expect(await service!.exited).toEqual({ code: null, signal: "SIGKILL" });
    await hanging;
    service = await spawnService(env);
    const after = (await call("GET", `${P}/${pkg}/uploads/${session.id as string}`)).body;
    // Seen once under heavy load (not again): what the service answered instead, and its log.
    if (!after.receivedBlocks)
      process.stdout.write(`status after restart: ${JSON.stringify(after)}\n${service!.output()}\n`);
    expect(after.receivedBlocks).toEqual([0, 1, 2]);
    // The upload goes on from there and commits whole.
    await sendBlocks(pkg, session, scan.file, 3, session.blockCount as number);
    const resumed = (await commit(pkg, session)).body;
    expect(resumed).toMatchObject({ sha256: sha256(readFileSync(scan.file)), pageCount: 40 });

    // 2. Killed while a commit is at work (reading the 50 MB content stream takes seconds).
    const content = shapes[1]!;
    const pkg2 = await draft();
    pkgs.push(pkg2);
    const big = await stage(pkg2, content.file, content.contentType);
    const inFlight = commit(pkg2, big).catch(() => null);
    // Killed once the commit is reading the document: its file is in the work directory then.
    await until(
      "the commit's file in the work directory",
      async () =>
        (await fs.readdir(path.join(place.dataDir, "work")).catch(() => [])).some((f) =>
          f.endsWith(".upload"),
        ),
      inFlight,
    );
    service!.child.kill("SIGKILL");
    expect(await service!.exited).toEqual({ code: null, signal: "SIGKILL" });
    await inFlight;
    service = await spawnService(env);
    const documents = (await call("GET", `${P}/${pkg2}/documents`)).body.items as Json[];
    if (documents.length === 0) {
      // Not recorded: the session is still there, whole, and its commit succeeds now.
      const again = await commit(pkg2, big);
      expect(again.status).toBe(201);
    }
    expect(((await call("GET", `${P}/${pkg2}/documents`)).body.items as Json[]).length).toBe(1);

    // Every document committed before and after the crashes is there, with its bytes.
    for (const p of pkgs) {
      for (const d of (await call("GET", `${P}/${p}/documents`)).body.items as Json[]) {
        const link = (await call("GET", `${P}/${p}/documents/${d.id as string}/download`)).body;
        const bytes = new Uint8Array(
          await (await fetch(new URL(link.url as string, service!.url))).arrayBuffer(),
        );
        expect(sha256(bytes)).toBe(d.sha256);
      }
    }
    expect((await call("GET", `${P}/${pkg}/documents/${committed.id as string}`)).status).toBe(200);

    // No orphan: after a last restart (which sweeps), the blob files are exactly what the documents
    // refer to, and nothing is left in the work, temporary or staging directories.
    service!.child.kill("SIGKILL");
    await service!.exited;
    service = await spawnService(env);
    const files = await filesOf();
    const all = [...pkgs];
    // The first test's packages hold documents too.
    for (const p of (await call("GET", `${P}?pageSize=100`)).body.items as Json[]) {
      if (!all.includes(p.id as string)) all.push(p.id as string);
    }
    expect(files.blobs).toEqual(await referenced(all));
    expect(files.blobTemps).toEqual([]);
    expect(files.work).toEqual([]);
    expect(files.staged).toEqual([]);
  });
});
