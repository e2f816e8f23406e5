// A block request whose client stalls mid-body (contract §6.2; issue 15), through HTTP against the
// real service on SQLite and PostgreSQL with local files. A block request is counted before its
// body is read and a commit waits for the counted ones; before the bounds of upload-bounds.ts a
// stalled block held the commit for ever (and every later block and commit of the upload). Now:
// - the commit gives up after its bound (shortened here through the in-process seam) with 400 invalid_state
//   invalid_state and Retry-After; the upload stays open, without the stalled block; once the
//   stalled request is gone the block can be sent again and the upload committed.
// - the stalled request itself is cut off after its idle bound (shortened likewise), and a commit
//   waiting for it then goes on (here: 400, the block is missing).
import { createHash, randomBytes } from "node:crypto";
import net from "node:net";
import { PDFDocument } from "pdf-lib";
import { setUploadSeamsForTest } from "../../src/service/domain/upload-bounds";
import { BACKENDS, expectProblem, startTestService, type TestService } from "./harness";

type Json = Record<string, unknown> & { id: string };
const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function bigPdf(bytes: number) {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const stream = doc.context.stream(randomBytes(bytes), { Length: bytes });
  doc.context.register(stream);
  return doc.save({ useObjectStreams: false });
}

describe.each(BACKENDS)("a stalled block request on %s, local files", (backend) => {
  let service: TestService;
  let token: string;
  let pdf: Uint8Array;
  const base = "/api/v1/packages";

  beforeAll(async () => {
    service = await startTestService(backend, { SIGN_SCHEDULER_INTERVAL_MS: "0" });
    token = await service.token("upload-stall");
    pdf = await bigPdf(5 * MiB); // two blocks
  }, 120_000);
  afterEach(() => setUploadSeamsForTest(null));
  afterAll(() => service.close());

  async function call(method: string, route: string, body?: unknown) {
    const response = await service.call(method, route, { token, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
  }
  const block = (n: number) => pdf.subarray(n * 4 * MiB, Math.min(pdf.length, (n + 1) * 4 * MiB));
  const put = (pkg: string, upload: string, n: number) =>
    fetch(`${service.url}${base}/${pkg}/uploads/${upload}/blocks/${n}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
      body: new Uint8Array(block(n)),
    });
  const commit = (pkg: string, upload: string) =>
    service.call("POST", `${base}/${pkg}/uploads/${upload}/commit`, { token });

  /** A package and an upload of `pdf` with block 0 staged. */
  async function opened() {
    const pkg = (await call("POST", base, { name: "Lease" })).body;
    const upload = (
      await call("POST", `${base}/${pkg.id}/uploads`, {
        fileName: "scan.pdf",
        contentType: "application/pdf",
        size: pdf.length,
      })
    ).body;
    expect(upload.blockCount).toBe(2);
    expect((await put(pkg.id, upload.id, 0)).status).toBe(200);
    return { pkg, upload };
  }

  /**
   * PUTs block 1 announcing its whole length, sends half and stalls; resolves once the service
   * has read that half (the request is counted by then). `closed` settles when the server closes.
   */
  async function stall(pkg: string, upload: string) {
    const bytes = block(1);
    const socket = net.connect(Number(new URL(service.url).port), "127.0.0.1");
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("error", () => undefined);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `PUT ${base}/${pkg}/uploads/${upload}/blocks/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: application/octet-stream\r\n` +
        `Content-Length: ${bytes.length}\r\n\r\n`,
    );
    await new Promise<void>((resolve) => socket.write(bytes.subarray(0, bytes.length >> 1), () => resolve()));
    // Give the service time to authenticate, count the request and read what was sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { socket, closed };
  }

  test("a commit gives up on a stalled block with 400 invalid_state and Retry-After; after it, the upload commits", async () => {
    setUploadSeamsForTest({ commitWaitMs: 300, blockIdleMs: 60_000 });
    const { pkg, upload } = await opened();
    const stalled = await stall(pkg.id, upload.id);
    try {
      const refused = await commit(pkg.id, upload.id);
      expect(refused.headers.get("retry-after")).toBe("60");
      const problem = await expectProblem(refused, 400, "invalid_state");
      expect(problem.detail).toMatch(/a request sending one of its blocks did not end/);
      // Still open, without the stalled block; commits again give up the same way (not hang).
      expect((await call("GET", `${base}/${pkg.id}/uploads/${upload.id}`)).body).toMatchObject({
        status: "Open",
        receivedBlocks: [0],
      });
      await expectProblem(await commit(pkg.id, upload.id), 400, "invalid_state");
    } finally {
      stalled.socket.destroy();
    }
    await stalled.closed;
    // Once the stalled request has ended (its client gone), the block is sent again and committed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await put(pkg.id, upload.id, 1)).status).toBe(200);
    const committed = await commit(pkg.id, upload.id);
    expect(committed.status).toBe(201);
    expect(await committed.json()).toMatchObject({ sha256: sha256(pdf), size: pdf.length });
  }, 60_000);

  test("the stalled block request is cut off after its idle bound, and the waiting commit goes on", async () => {
    setUploadSeamsForTest({ commitWaitMs: 60_000, blockIdleMs: 1_000 });
    const { pkg, upload } = await opened();
    const stalled = await stall(pkg.id, upload.id);
    try {
      // The commit waits for the stalled request; the service cuts that request off, the block is
      // not stored, and the commit answers that block 1 is missing.
      const refused = await expectProblem(await commit(pkg.id, upload.id), 400, "validation_failed");
      expect(refused.detail).toMatch(/Block 1 is missing/);
      await stalled.closed; // closed by the service, not by this test
    } finally {
      stalled.socket.destroy();
    }
    expect((await put(pkg.id, upload.id, 1)).status).toBe(200);
    const committed = await commit(pkg.id, upload.id);
    expect(committed.status).toBe(201);
    expect(await committed.json()).toMatchObject({ sha256: sha256(pdf) });
  }, 60_000);

  test("a slow block that keeps sending is not cut off by the idle bound", async () => {
    setUploadSeamsForTest({ blockIdleMs: 400 });
    const { pkg, upload } = await opened();
    const bytes = block(1);
    // Eight pieces, 200 ms apart: longer in all than the bound, never idle as long.
    const pieces = 8;
    const size = Math.ceil(bytes.length / pieces);
    async function* slowly() {
      for (let i = 0; i < pieces; i++) {
        yield bytes.subarray(i * size, (i + 1) * size);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const sent = await fetch(`${service.url}${base}/${pkg.id}/uploads/${upload.id}/blocks/1`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
      body: slowly() as unknown as BodyInit, // undici streams an async iterable
      duplex: "half",
    } as RequestInit);
    expect(sent.status).toBe(200);
    expect((await commit(pkg.id, upload.id)).status).toBe(201);
  }, 60_000);
});
