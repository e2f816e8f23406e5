// Documents (contract §6.2) and applying their detected tags (§6.4), through HTTP against the real
// service: SQLite and PostgreSQL with local files, and SQLite with an S3-compatible server (s3rver).
// The PDFs are made here with pdf-lib, with tags drawn at known places.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { PDFDocument, PDFName, PDFRawStream, StandardFonts, degrees } from "pdf-lib";
import { collectBlobGarbage, expireUploads } from "../../src/service/domain/documents/maintenance";
import { openBlobStore } from "../../src/service/blobs";
import { UploadStaging } from "../../src/service/blobs/staging";
import { TINY_PNG, makeRgbaPng } from "../pdf/images";
import { expectProblem, startTestService, type TestService } from "./harness";
import { STORE_SETUPS, startS3, type TestS3 } from "./s3-server";

type Json = Record<string, unknown> & { id: string };
const P = "/api/v1/packages";
const MiB = 1024 * 1024;

/** A Letter PDF with the given tags drawn in Helvetica 12 at (x, y from the top-left), page by page. */
async function pdfWithTags(pages: { tags: { text: string; x: number; y: number }[]; rotate?: number }[]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const spec of pages) {
    const page = doc.addPage([612, 792]);
    if (spec.rotate) page.setRotation(degrees(spec.rotate));
    for (const tag of spec.tags) {
      page.drawText(tag.text, { x: tag.x, y: 792 - tag.y - 12 * 0.718, size: 12, font });
    }
  }
  return doc.save();
}

/** A PDF of about `bytes` bytes: one page and an incompressible stream (a large scan, say). */
async function bigPdf(bytes: number) {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const stream = doc.context.stream(randomBytes(bytes), { Length: bytes });
  doc.context.register(stream);
  return doc.save({ useObjectStreams: false });
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(STORE_SETUPS)("documents on $label", ({ backend, s3: useS3 }) => {
  let service: TestService;
  let s3: TestS3 | null = null;
  let token: string;
  const env: Record<string, string> = { SIGN_SCHEDULER_INTERVAL_MS: "0" };
  beforeAll(async () => {
    if (useS3) {
      s3 = await startS3();
      env.SIGN_BLOB_URL = s3.url;
    }
    service = await startTestService(backend, env);
    token = await service.token("documents");
  }, 120_000);
  afterAll(async () => {
    await service.close();
    await s3?.stop();
  });

  async function call<T = Json>(method: string, route: string, body?: unknown, as = token) {
    const response = await service.call(method, route, { token: as, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
  const draft = async () => (await call("POST", P, { name: "Lease" })).body;

  function upload(
    packageId: string,
    bytes: Uint8Array,
    fileName: string,
    type: string,
    name?: string,
    as = token,
  ) {
    const form = new FormData();
    if (name !== undefined) form.append("name", name);
    form.append("file", new Blob([new Uint8Array(bytes)], { type }), fileName);
    return fetch(`${service.url}${P}/${packageId}/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${as}` },
      body: form,
    });
  }
  const putBlock = (packageId: string, uploadId: string, n: number | string, bytes: Uint8Array) =>
    fetch(`${service.url}${P}/${packageId}/uploads/${uploadId}/blocks/${n}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
      body: new Uint8Array(bytes),
    });

  test("direct upload: pages, detected tags at their places, list and get", async () => {
    const pkg = await draft();
    const bytes = await pdfWithTags([
      {
        tags: [
          { text: "{{sig:1}}", x: 72, y: 600 },
          { text: "{{datesigned:1}}", x: 300, y: 600 },
        ],
      },
      { tags: [{ text: "\\s2\\", x: 100, y: 100 }], rotate: 90 },
    ]);
    const response = await upload(pkg.id, bytes, "lease.pdf", "application/pdf", "Lease agreement");
    expect(response.status).toBe(201);
    const doc = (await response.json()) as Json;
    expect(doc).toMatchObject({
      name: "Lease agreement",
      fileName: "lease.pdf",
      contentType: "application/pdf",
      size: bytes.length,
      sha256: sha256(bytes),
      pageCount: 2,
      pages: [
        { width: 612, height: 792 },
        { width: 792, height: 612 }, // turned by /Rotate 90
      ],
      order: 1,
      detectedTagCount: 3,
    });
    const tags = (
      await call<Record<string, unknown>[]>("GET", `${P}/${pkg.id}/documents/${doc.id}/detected-tags`)
    ).body;
    expect(tags.map((t) => [t.text, t.format, t.type, t.signerIndex, t.page])).toEqual([
      ["{{sig:1}}", "Platform", "Signature", 1, 1],
      ["{{datesigned:1}}", "Platform", "DateSigned", 1, 1],
      ["\\s2\\", "DocuSign", "Signature", 2, 2],
    ]);
    expect(Math.abs((tags[0]!.x as number) - 72)).toBeLessThanOrEqual(2);
    expect(Math.abs((tags[0]!.y as number) - 600)).toBeLessThanOrEqual(2);
    const list = (await call<{ items: Json[] }>("GET", `${P}/${pkg.id}/documents`)).body;
    expect(list.items.map((d) => d.id)).toEqual([doc.id]);
    expect((await call("GET", `${P}/${pkg.id}/documents/${doc.id}`)).body).toEqual(doc);
    expect((await call("GET", `${P}/${pkg.id}`)).body).toMatchObject({ documentCount: 1 });
    // Scanning again finds the same tags.
    const again = await call<unknown[]>("POST", `${P}/${pkg.id}/documents/${doc.id}/detect-tags`);
    expect(again.body).toEqual(tags);
  });

  test("a PNG becomes a one-page PDF; a file name with a path keeps only its last part", async () => {
    const pkg = await draft();
    const response = await upload(pkg.id, TINY_PNG, "C:\\scans\\id.png", "image/png");
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      name: "id.png",
      fileName: "id.png",
      contentType: "image/png",
      pageCount: 1,
      sha256: sha256(TINY_PNG),
    });
  });

  test("an RGBA screenshot of 1920×1080 becomes one page of its size, the image with its transparency", async () => {
    const pkg = await draft();
    // 72 dpi stated (as 2835 pixels a metre, 72.009 dpi): a point a pixel, within a quarter.
    const png = makeRgbaPng(1920, 1080, 72);
    const response = await upload(pkg.id, png, "screenshot.png", "image/png");
    expect(response.status).toBe(201);
    const doc = (await response.json()) as Json;
    expect(doc).toMatchObject({
      contentType: "image/png",
      size: png.length,
      sha256: sha256(png),
      pageCount: 1,
      detectedTagCount: 0,
    });
    const [page] = doc.pages as { width: number; height: number }[];
    expect(Math.abs(page!.width - 1920)).toBeLessThan(0.25);
    expect(Math.abs(page!.height - 1080)).toBeLessThan(0.25);
    const link = (await call<{ url: string }>("GET", `${P}/${pkg.id}/documents/${doc.id}/download-pdf`)).body;
    const pdf = await PDFDocument.load(
      new Uint8Array(await (await fetch(service.url + link.url)).arrayBuffer()),
    );
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize().width).toBeCloseTo(page!.width, 1);
    expect(pdf.getPage(0).getSize().height).toBeCloseTo(page!.height, 1);
    // The image and its soft mask (the alpha), both of the screenshot's size.
    const images = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (o): o is PDFRawStream =>
          o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
      );
    expect(images).toHaveLength(2);
    const image = images.find((i) => i.dict.has(PDFName.of("SMask")))!;
    const mask = pdf.context.lookup(image.dict.get(PDFName.of("SMask"))) as PDFRawStream;
    expect(mask).toBeInstanceOf(PDFRawStream);
    for (const i of [image, mask]) {
      expect([
        i.dict.get(PDFName.of("Width"))?.toString(),
        i.dict.get(PDFName.of("Height"))?.toString(),
      ]).toEqual(["1920", "1080"]);
    }
    expect(image.dict.get(PDFName.of("ColorSpace"))).toBe(PDFName.of("DeviceRGB"));
    expect(mask.dict.get(PDFName.of("ColorSpace"))).toBe(PDFName.of("DeviceGray"));
  });

  test("refusals: wrong type 415, mislabeled, broken or encrypted 400 invalid_document, over 50 MB 413", async () => {
    const pkg = await draft();
    await expectProblem(
      await upload(pkg.id, new TextEncoder().encode("hello"), "a.txt", "text/plain"),
      415,
      "unsupported_media_type",
    );
    const mislabeled = await expectProblem(
      await upload(pkg.id, TINY_PNG, "a.pdf", "application/pdf"),
      400,
      "invalid_document",
    );
    expect(mislabeled.detail).toMatch(/PNG, not the application\/pdf/);
    const good = await pdfWithTags([{ tags: [] }]);
    const broken = await expectProblem(
      await upload(pkg.id, good.subarray(0, Math.floor(good.length / 2)), "half.pdf", "application/pdf"),
      400,
      "invalid_document",
    );
    expect(broken.detail).toMatch(/damaged/);
    const encrypted = await PDFDocument.create();
    encrypted.addPage();
    encrypted.context.trailerInfo.Encrypt = encrypted.context.register(
      encrypted.context.obj({ Filter: "Standard", V: 2, R: 3 }),
    );
    const locked = await expectProblem(
      await upload(
        pkg.id,
        await encrypted.save({ useObjectStreams: false }),
        "locked.pdf",
        "application/pdf",
      ),
      400,
      "invalid_document",
    );
    expect(locked.detail).toMatch(/password/);
    await expectProblem(
      await upload(pkg.id, new Uint8Array(0), "empty.pdf", "application/pdf"),
      400,
      "invalid_document",
    );
    const huge = new Uint8Array(50 * MiB + 10);
    huge.set(new TextEncoder().encode("%PDF-1.7\n"));
    await expectProblem(await upload(pkg.id, huge, "huge.pdf", "application/pdf"), 413, "payload_too_large");
    const noFile = new FormData();
    noFile.append("name", "x");
    await expectProblem(
      await fetch(`${service.url}${P}/${pkg.id}/documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: noFile,
      }),
      400,
      "validation_failed",
    );
    await expectProblem(
      await service.call("POST", `${P}/${pkg.id}/documents`, { token, body: { file: "x" } }),
      415,
      "unsupported_media_type",
    );
    expect((await call<{ items: unknown[] }>("GET", `${P}/${pkg.id}/documents`)).body.items).toEqual([]);
  });

  test("direct upload: one file part, the name before it; anything else is 400 naming the part, with nothing stored", async () => {
    const pkg = await draft();
    const pdf = await pdfWithTags([{ tags: [] }]);
    // Large enough that the service is spooling it while the rest of the form arrives.
    const big = await bigPdf(3 * MiB);
    const file = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: "application/pdf" });
    type Part = [string, string] | [string, Blob, string];
    const send = (parts: Part[]) => {
      const form = new FormData();
      for (const part of parts) {
        if (part.length === 2) form.append(part[0], part[1]);
        else form.append(part[0], part[1], part[2]);
      }
      return fetch(`${service.url}${P}/${pkg.id}/documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    };
    const list = async () => (await call<{ items: Json[] }>("GET", `${P}/${pkg.id}/documents`)).body.items;
    const refusals: { parts: Part[]; field: string; message: RegExp }[] = [
      {
        parts: [
          ["file", file(pdf), "a.pdf"],
          ["file", file(pdf), "b.pdf"],
        ],
        field: "file",
        message: /one file part/,
      },
      {
        parts: [
          ["file", file(big), "a.pdf"],
          ["file", file(pdf), "b.pdf"],
        ],
        field: "file",
        message: /one file part/,
      },
      {
        parts: [
          ["name", "Lease"],
          ["file", file(pdf), "a.pdf"],
          ["file", file(big), "b.pdf"],
        ],
        field: "file",
        message: /one file part/,
      },
      {
        parts: [
          ["file", file(pdf), "a.pdf"],
          ["other", file(pdf), "b.pdf"],
        ],
        field: "file",
        message: /one file part/,
      },
      {
        parts: [
          ["file", file(pdf), "a.pdf"],
          ["name", "Late"],
        ],
        field: "name",
        message: /before the file/,
      },
      {
        parts: [
          ["file", file(big), "a.pdf"],
          ["name", "Late"],
        ],
        field: "name",
        message: /before the file/,
      },
      { parts: [["attachment", file(pdf), "a.pdf"]], field: "attachment", message: /named file/ },
      {
        parts: [
          ["attachment", file(pdf), "a.pdf"],
          ["file", file(pdf), "b.pdf"],
        ],
        field: "attachment",
        message: /named file/,
      },
    ];
    for (const { parts, field, message } of refusals) {
      const problem = await expectProblem(await send(parts), 400, "validation_failed");
      expect(problem.errors).toEqual([{ field, message: expect.stringMatching(message) }]);
      // busboy's words ("reach files limit") are not an answer.
      expect(JSON.stringify(problem)).not.toMatch(/reach|limit/i);
      expect(await list()).toEqual([]);
    }
    const fields: Part[] = Array.from({ length: 11 }, (_, i) => [`x${i}`, "1"]);
    const crowded = await expectProblem(
      await send([...fields, ["file", file(pdf), "a.pdf"]]),
      413,
      "payload_too_large",
    );
    expect(crowded.detail).toBe("The form has too many fields.");
    expect(await list()).toEqual([]);

    // Fields of other names are skipped, before or after the file.
    const stored = await send([
      ["note", "x"],
      ["name", "Lease"],
      ["file", file(big), "scan.pdf"],
      ["after", "y"],
    ]);
    expect(stored.status).toBe(201);
    expect(await list()).toEqual([
      expect.objectContaining({ name: "Lease", fileName: "scan.pdf", size: big.length }),
    ]);
  });

  test("a block is raw bytes whatever its Content-Type: application/pdf, none, JSON or a form are not parsed", async () => {
    const pkg = await draft();
    const bytes = await bigPdf(5 * MiB);
    const init = await call("POST", `${P}/${pkg.id}/uploads`, {
      fileName: "scan.pdf",
      contentType: "application/pdf",
      size: bytes.length,
      sha256: sha256(bytes),
    });
    const url = (n: number) => `${service.url}${P}/${pkg.id}/uploads/${init.body.id}/blocks/${n}`;
    const put = (n: number, body: Uint8Array, type?: string) =>
      fetch(url(n), {
        method: "PUT",
        headers: {
          authorization: `Bearer ${token}`,
          ...(type === undefined ? {} : { "content-type": type }),
        },
        body: new Uint8Array(body),
      });
    const block = (n: number) => bytes.subarray(n * 4 * MiB, Math.min(bytes.length, (n + 1) * 4 * MiB));
    for (const type of [
      "application/pdf",
      undefined,
      "application/json",
      "multipart/form-data; boundary=x",
      "text/plain",
      "application/octet-stream",
    ]) {
      expect({ type, status: (await put(0, block(0), type)).status }).toEqual({ type, status: 200 });
      // A wrong length is the block's fault (400), never the type's (415).
      await expectProblem(await put(1, block(1).subarray(1), type), 400, "validation_failed");
    }
    expect((await put(1, block(1))).status).toBe(200);
    const committed = await call("POST", `${P}/${pkg.id}/uploads/${init.body.id}/commit`);
    expect(committed.status).toBe(201);
    expect(committed.body).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
  });

  test("chunked upload: blocks in any order, again idempotent, status, commit checks, 404 after", async () => {
    const pkg = await draft();
    const bytes = await bigPdf(9 * MiB);
    const init = await call("POST", `${P}/${pkg.id}/uploads`, {
      fileName: "scan.pdf",
      contentType: "application/pdf",
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect(init.status).toBe(201);
    expect(init.body).toMatchObject({
      blockSize: 4 * MiB,
      blockCount: 3,
      receivedBlocks: [],
      status: "Open",
    });
    const id = init.body.id;
    const block = (n: number) => bytes.subarray(n * 4 * MiB, Math.min(bytes.length, (n + 1) * 4 * MiB));
    expect((await putBlock(pkg.id, id, 2, block(2))).status).toBe(200);
    expect((await putBlock(pkg.id, id, 0, block(0))).status).toBe(200);
    expect((await putBlock(pkg.id, id, 0, block(0))).status).toBe(200); // a retry
    const status = await call("GET", `${P}/${pkg.id}/uploads/${id}`);
    expect(status.body).toMatchObject({ receivedBlocks: [0, 2] });
    const missing = await expectProblem(
      await service.call("POST", `${P}/${pkg.id}/uploads/${id}/commit`, { token }),
      400,
      "validation_failed",
    );
    expect(missing.detail).toBe("Block 1 is missing.");
    await expectProblem(await putBlock(pkg.id, id, 1, block(1).subarray(1)), 400, "validation_failed");
    await expectProblem(await putBlock(pkg.id, id, 3, block(1)), 400, "validation_failed");
    await expectProblem(await putBlock(pkg.id, id, "x", block(1)), 400, "validation_failed");
    expect((await putBlock(pkg.id, id, 1, block(1))).status).toBe(200);
    const committed = await call("POST", `${P}/${pkg.id}/uploads/${id}/commit`);
    expect(committed.status).toBe(201);
    expect(committed.body).toMatchObject({
      fileName: "scan.pdf",
      size: bytes.length,
      sha256: sha256(bytes),
      pageCount: 1,
    });
    await expectProblem(
      await service.call("GET", `${P}/${pkg.id}/uploads/${id}`, { token }),
      404,
      "not_found",
    );
    await expectProblem(
      await service.call("POST", `${P}/${pkg.id}/uploads/${id}/commit`, { token }),
      404,
      "not_found",
    );
    await expectProblem(await putBlock(pkg.id, id, 0, block(0)), 404, "not_found");
  });

  test("chunked upload: a wrong sha256 is refused at commit (a wrong size at the block's PUT), abort is final, limits at initiate", async () => {
    const pkg = await draft();
    const bytes = await pdfWithTags([{ tags: [] }]);
    const init = async (extra: Record<string, unknown> = {}) =>
      call("POST", `${P}/${pkg.id}/uploads`, {
        fileName: "a.pdf",
        contentType: "application/pdf",
        size: bytes.length,
        ...extra,
      });
    const wrong = (await init({ sha256: "0".repeat(64) })).body;
    await putBlock(pkg.id, wrong.id, 0, bytes);
    const refused = await expectProblem(
      await service.call("POST", `${P}/${pkg.id}/uploads/${wrong.id}/commit`, { token }),
      400,
      "validation_failed",
    );
    expect(refused.errors![0]).toMatchObject({ field: "sha256" });
    // A size other than announced cannot reach the commit: the block of the wrong length is refused.
    const longer = (await init({ size: bytes.length + 1 })).body;
    await expectProblem(await putBlock(pkg.id, longer.id, 0, bytes), 400, "validation_failed");
    const short = await expectProblem(
      await service.call("POST", `${P}/${pkg.id}/uploads/${longer.id}/commit`, { token }),
      400,
      "validation_failed",
    );
    expect(short.detail).toBe("Block 0 is missing.");
    const aborted = (await init()).body;
    expect((await service.call("DELETE", `${P}/${pkg.id}/uploads/${aborted.id}`, { token })).status).toBe(
      204,
    );
    await expectProblem(
      await service.call("GET", `${P}/${pkg.id}/uploads/${aborted.id}`, { token }),
      404,
      "not_found",
    );
    await expectProblem(
      await service.call("DELETE", `${P}/${pkg.id}/uploads/${aborted.id}`, { token }),
      404,
      "not_found",
    );
    for (const [body, status, code] of [
      [{ size: 50 * MiB + 1 }, 413, "payload_too_large"],
      [{ size: 0 }, 400, "validation_failed"],
      [{ size: "big" }, 400, "validation_failed"],
      [{ contentType: "application/zip" }, 415, "unsupported_media_type"],
      [{ fileName: "" }, 400, "validation_failed"],
      [{ sha256: "abc" }, 400, "validation_failed"],
    ] as const) {
      const r = await service.call("POST", `${P}/${pkg.id}/uploads`, {
        token,
        body: { ...{ fileName: "a.pdf", contentType: "application/pdf", size: 10 }, ...body },
      });
      await expectProblem(r, status, code);
    }
  });

  test("an upload left open expires after 24 hours: swept by the scheduler's step, its blocks collected", async () => {
    const pkg = await draft();
    const bytes = await pdfWithTags([{ tags: [] }]);
    const session = (
      await call("POST", `${P}/${pkg.id}/uploads`, {
        fileName: "a.pdf",
        contentType: "application/pdf",
        size: bytes.length,
      })
    ).body;
    expect((await putBlock(pkg.id, session.id, 0, bytes)).status).toBe(200);
    const blobs = openBlobStore(service.config);
    const blockHash = sha256(bytes);
    // On S3 the block is a blob; on local files it is written into the session's file.
    const staging = useS3 ? null : new UploadStaging(path.join(service.config.dataDir, "uploads"));
    if (staging) expect(existsSync(staging.fileOf(session.id))).toBe(true);
    else expect(await blobs.has(blockHash)).toBe(true);
    const later = new Date(Date.now() + 25 * 3600 * 1000);
    // Past its expiry it is gone at once, swept or not.
    expect(await expireUploads(service.storage, new Date(), staging)).toBe(0);
    expect(await expireUploads(service.storage, later, staging)).toBeGreaterThanOrEqual(1);
    await expectProblem(
      await service.call("GET", `${P}/${pkg.id}/uploads/${session.id}`, { token }),
      404,
      "not_found",
    );
    await expectProblem(await putBlock(pkg.id, session.id, 0, bytes), 404, "not_found");
    if (staging) {
      expect(existsSync(staging.fileOf(session.id))).toBe(false);
      return;
    }
    // Not before the grace period, then gone.
    await collectBlobGarbage(service.storage, blobs, new Date());
    expect(await blobs.has(blockHash)).toBe(true);
    await collectBlobGarbage(service.storage, blobs, new Date(later.getTime() + 2 * 3600 * 1000));
    expect(await blobs.has(blockHash)).toBe(false);
  });

  test("chunked upload: a mislabeled, encrypted or cut-off file is refused at commit with invalid_document, and the upload is closed", async () => {
    const pkg = await draft();
    const encrypted = await PDFDocument.create();
    encrypted.addPage();
    encrypted.context.trailerInfo.Encrypt = encrypted.context.register(
      encrypted.context.obj({ Filter: "Standard", V: 2, R: 3 }),
    );
    const good = await pdfWithTags([{ tags: [] }]);
    const cases: [string, Uint8Array, RegExp][] = [
      ["mislabeled.pdf", TINY_PNG, /PNG, not the application\/pdf/],
      ["locked.pdf", await encrypted.save({ useObjectStreams: false }), /password/],
      ["half.pdf", good.subarray(0, Math.floor(good.length / 2)), /damaged/],
    ];
    for (const [fileName, bytes, message] of cases) {
      const session = (
        await call("POST", `${P}/${pkg.id}/uploads`, {
          fileName,
          contentType: "application/pdf",
          size: bytes.length,
        })
      ).body;
      expect((await putBlock(pkg.id, session.id, 0, bytes)).status).toBe(200);
      const refused = await expectProblem(
        await service.call("POST", `${P}/${pkg.id}/uploads/${session.id}/commit`, { token }),
        400,
        "invalid_document",
      );
      expect(refused.detail).toMatch(message);
      // Nothing is stored; the upload stays open (the client may stage other bytes) until aborted or expired.
      const open = await call("GET", `${P}/${pkg.id}/uploads/${session.id}`);
      expect(open.body).toMatchObject({ status: "Open", receivedBlocks: [0] });
      expect((await service.call("DELETE", `${P}/${pkg.id}/uploads/${session.id}`, { token })).status).toBe(
        204,
      );
    }
    expect((await call<{ items: unknown[] }>("GET", `${P}/${pkg.id}/documents`)).body.items).toEqual([]);
  });

  test("a package's limits (§6.2): 25 documents, 2,000 pages a document, each said in the 413", async () => {
    const pkg = await draft();
    const one = await pdfWithTags([{ tags: [] }]);
    for (let i = 0; i < 25; i++) {
      expect((await upload(pkg.id, one, `page ${i}.pdf`, "application/pdf")).status).toBe(201);
    }
    const full = await expectProblem(
      await upload(pkg.id, one, "26.pdf", "application/pdf"),
      413,
      "payload_too_large",
    );
    expect(full.detail).toMatch(/at most 25 documents/);
    // A chunked upload is refused when it is opened, before any block is sent.
    const opened = await expectProblem(
      await service.call("POST", `${P}/${pkg.id}/uploads`, {
        token,
        body: { fileName: "26.pdf", contentType: "application/pdf", size: one.length },
      }),
      413,
      "payload_too_large",
    );
    expect(opened.detail).toMatch(/at most 25 documents/);

    const pages = await PDFDocument.create();
    for (let i = 0; i < 2001; i++) pages.addPage([200, 200]);
    const tooLong = await expectProblem(
      await upload((await draft()).id, await pages.save(), "long.pdf", "application/pdf"),
      413,
      "payload_too_large",
    );
    expect(tooLong.detail).toMatch(/2,?001 pages/);
    expect(tooLong.detail).toMatch(/2,?000/);
  });

  test("the running scheduler closes an upload left open past its 24 hours, with no call to it", async () => {
    // A service of its own whose scheduler ticks every 50 ms. The upload is opened (and its block sent)
    // with the clock set 25 hours back; then the clock is real again and the scheduler finds it expired.
    const ticking = await startTestService(backend, { ...env, SIGN_SCHEDULER_INTERVAL_MS: "50" });
    const onlyDate = [
      "setTimeout",
      "clearTimeout",
      "setInterval",
      "clearInterval",
      "setImmediate",
      "clearImmediate",
      "nextTick",
      "queueMicrotask",
      "hrtime",
      "performance",
    ] as const;
    try {
      let pkg: Json;
      let session: Json;
      jest.useFakeTimers({ now: Date.now() - 25 * 3600 * 1000, doNotFake: [...onlyDate] });
      try {
        const as = await ticking.token("documents-expiry");
        pkg = (await (
          await ticking.call("POST", P, { token: as, body: { name: "Left open" } })
        ).json()) as Json;
        const bytes = await pdfWithTags([{ tags: [] }]);
        session = (await (
          await ticking.call("POST", `${P}/${pkg.id}/uploads`, {
            token: as,
            body: { fileName: "a.pdf", contentType: "application/pdf", size: bytes.length },
          })
        ).json()) as Json;
        // On local files the block goes into the session's file. (On S3 it would be a blob, and the
        // S3 server refuses requests signed 25 hours off: the session stays without a block.)
        if (!useS3) {
          const staged = await fetch(`${ticking.url}${P}/${pkg.id}/uploads/${session.id}/blocks/0`, {
            method: "PUT",
            headers: { authorization: `Bearer ${as}`, "content-type": "application/octet-stream" },
            body: new Uint8Array(bytes),
          });
          expect(staged.status).toBe(200);
        }
        expect(Date.parse(session.expiresOn as string)).toBeLessThan(Date.now() + 25 * 3600 * 1000);
      } finally {
        jest.useRealTimers();
      }
      const staging = useS3 ? null : new UploadStaging(path.join(ticking.config.dataDir, "uploads"));
      const deadline = performance.now() + 20_000;
      // The row goes first (in the step's transaction), the staged file right after.
      const open = async () =>
        (await ticking.storage.uploads.exists(session.id)) ||
        (staging !== null && existsSync(staging.fileOf(session.id)));
      while ((await open()) && performance.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await ticking.storage.uploads.exists(session.id)).toBe(false);
      if (staging) expect(existsSync(staging.fileOf(session.id))).toBe(false);
      const now = await ticking.token("documents-expiry");
      await expectProblem(
        await ticking.call("GET", `${P}/${pkg.id}/uploads/${session.id}`, { token: now }),
        404,
        "not_found",
      );
    } finally {
      jest.useRealTimers();
      await ticking.close();
    }
  }, 90_000);

  test("download and download-pdf: links of ours, no credential needed, the bytes and their type", async () => {
    const pkg = await draft();
    const pdf = await pdfWithTags([{ tags: [] }]);
    const doc = (await (await upload(pkg.id, pdf, "Lease v2.pdf", "application/pdf")).json()) as Json;
    const image = (await (await upload(pkg.id, TINY_PNG, "id card.png", "image/png")).json()) as Json;
    const fetchLink = async (route: string) => {
      const r = await call<{ url: string; expiresOn: string }>("GET", route);
      expect(r.status).toBe(200);
      expect(Date.parse(r.body.expiresOn) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000 + 1000);
      return fetch(service.url + r.body.url); // no credential
    };
    const original = await fetchLink(`${P}/${pkg.id}/documents/${doc.id}/download`);
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toMatch(/^application\/pdf/);
    expect(original.headers.get("content-disposition")).toMatch(/attachment; filename="Lease v2.pdf"/);
    expect(sha256(new Uint8Array(await original.arrayBuffer()))).toBe(doc.sha256);
    const png = await fetchLink(`${P}/${pkg.id}/documents/${image.id}/download`);
    expect(png.headers.get("content-type")).toMatch(/^image\/png/);
    expect(sha256(new Uint8Array(await png.arrayBuffer()))).toBe(image.sha256);
    const asPdf = await fetchLink(`${P}/${pkg.id}/documents/${image.id}/download-pdf`);
    expect(asPdf.headers.get("content-type")).toMatch(/^application\/pdf/);
    expect(asPdf.headers.get("content-disposition")).toMatch(/filename="id card.pdf"/);
    const bytes = new Uint8Array(await asPdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const other = await service.token("documents-other-links");
    await expectProblem(
      await service.call("GET", `${P}/${pkg.id}/documents/${doc.id}/download`, { token: other }),
      404,
      "not_found",
    );
  });

  test("apply-detected-tags: to the signer at that routing position, skipped with reasons, twice creates nothing", async () => {
    const pkg = await draft();
    const bytes = await pdfWithTags([
      {
        tags: [
          { text: "{{sig:1:req;label=Tenant}}", x: 72, y: 600 },
          { text: "{{initial:3}}", x: 400, y: 600 },
          { text: "{{nope:1}}", x: 72, y: 700 },
        ],
      },
    ]);
    const doc = (await (await upload(pkg.id, bytes, "a.pdf", "application/pdf")).json()) as Json;
    const [bob, ada] = (
      await call<Json[]>("POST", `${P}/${pkg.id}/signers/bulk`, {
        signers: [
          { email: "bob@contoso.com", routingOrder: 2 },
          { email: "ada@contoso.com", routingOrder: 1 },
        ],
      })
    ).body;
    const first = await call<{ created: Json[]; skipped: { text: string; reason: string }[] }>(
      "POST",
      `${P}/${pkg.id}/apply-detected-tags`,
      {},
    );
    expect(first.status).toBe(200);
    expect(first.body.created).toHaveLength(1);
    // Signer 1 is the first in routing order: Ada (order 1), though Bob was added first.
    expect(bob!.routingOrder).toBe(2);
    expect(first.body.created[0]).toMatchObject({
      signerId: ada!.id,
      type: "Signature",
      label: "Tenant",
      required: true,
      source: "TextTag",
      documentId: doc.id,
      width: 150, // the tag's box is smaller than a signature: the type's default size
      height: 40,
    });
    expect(first.body.skipped.map((s) => [s.text, s.reason])).toEqual([
      ["{{initial:3}}", "no_signer_for_index"],
      ["{{nope:1}}", "invalid_tag"],
    ]);
    const second = await call<{ created: Json[]; skipped: { reason: string }[] }>(
      "POST",
      `${P}/${pkg.id}/apply-detected-tags`,
    );
    expect(second.body.created).toEqual([]);
    expect(second.body.skipped.map((s) => s.reason)).toContain("already_applied");
    expect((await call<{ totalCount: number }>("GET", `${P}/${pkg.id}/annotations`)).body.totalCount).toBe(1);
    await expectProblem(
      await service.call("POST", `${P}/${pkg.id}/apply-detected-tags`, {
        token,
        body: { documentIds: ["nope"] },
      }),
      400,
      "validation_failed",
    );
  });

  test("removal-impact, delete with its annotations, and the blob collected once nothing refers to it", async () => {
    const pkg = await draft();
    const bytes = await pdfWithTags([{ tags: [{ text: "{{sig:1}}", x: 72, y: 600 }] }]);
    const doc = (await (await upload(pkg.id, bytes, "a.pdf", "application/pdf")).json()) as Json;
    const other = (await (
      await upload(pkg.id, await pdfWithTags([{ tags: [] }, { tags: [] }]), "b.pdf", "application/pdf")
    ).json()) as Json;
    expect(other).toMatchObject({ order: 2 });
    const signer = (await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com" })).body;
    await call("POST", `${P}/${pkg.id}/apply-detected-tags`);
    expect((await call("GET", `${P}/${pkg.id}/documents/${doc.id}/removal-impact`)).body).toEqual({
      annotationCount: 1,
      signersLeftWithoutFields: [signer.id],
    });
    // A clone shares the bytes: deleting the original's document keeps the blob.
    const copy = (await call("POST", `${P}/${pkg.id}/clone`)).body;
    expect((await service.call("DELETE", `${P}/${pkg.id}/documents/${doc.id}`, { token })).status).toBe(204);
    await expectProblem(
      await service.call("GET", `${P}/${pkg.id}/documents/${doc.id}`, { token }),
      404,
      "not_found",
    );
    expect((await call<{ totalCount: number }>("GET", `${P}/${pkg.id}/annotations`)).body.totalCount).toBe(0);
    const blobs = openBlobStore(service.config);
    await collectBlobGarbage(service.storage, blobs, new Date(), 0);
    expect(await blobs.has(doc.sha256 as string)).toBe(true);
    expect((await service.call("DELETE", `${P}/${copy.id}`, { token })).status).toBe(204);
    await collectBlobGarbage(service.storage, blobs, new Date(), 0);
    expect(await blobs.has(doc.sha256 as string)).toBe(false);
    expect(await blobs.has(other.sha256 as string)).toBe(true);
  });

  test("a sent package takes no document; another tenant's package is unknown; scopes", async () => {
    const pkg = await draft();
    const bytes = await pdfWithTags([{ tags: [{ text: "{{sig:1}}", x: 72, y: 600 }] }]);
    const doc = (await (await upload(pkg.id, bytes, "a.pdf", "application/pdf")).json()) as Json;
    await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com" });
    await call("POST", `${P}/${pkg.id}/apply-detected-tags`);
    expect((await call("POST", `${P}/${pkg.id}/send`)).status).toBe(200);
    await expectProblem(await upload(pkg.id, bytes, "b.pdf", "application/pdf"), 400, "invalid_state");
    await expectProblem(
      await service.call("POST", `${P}/${pkg.id}/uploads`, {
        token,
        body: { fileName: "a.pdf", contentType: "application/pdf", size: 10 },
      }),
      400,
      "invalid_state",
    );
    await expectProblem(
      await service.call("DELETE", `${P}/${pkg.id}/documents/${doc.id}`, { token }),
      400,
      "invalid_state",
    );

    const other = await service.token("documents-other");
    for (const [method, route] of [
      ["GET", `${P}/${pkg.id}/documents`],
      ["GET", `${P}/${pkg.id}/documents/${doc.id}`],
      ["GET", `${P}/${pkg.id}/documents/${doc.id}/detected-tags`],
      ["GET", `${P}/${pkg.id}/documents/${doc.id}/removal-impact`],
      ["POST", `${P}/${pkg.id}/documents/${doc.id}/detect-tags`],
      ["DELETE", `${P}/${pkg.id}/documents/${doc.id}`],
      ["POST", `${P}/${pkg.id}/apply-detected-tags`],
    ] as const) {
      await expectProblem(await service.call(method, route, { token: other }), 404, "not_found");
    }
    await expectProblem(
      await upload(pkg.id, bytes, "a.pdf", "application/pdf", undefined, other),
      404,
      "not_found",
    );
    const readOnly = await service.token("documents", ["sign.package.read"]);
    await expectProblem(
      await upload(pkg.id, bytes, "a.pdf", "application/pdf", undefined, readOnly),
      403,
      "insufficient_scope",
    );
  });

  // It moves 200 MB through the service: once, on the first setup.
  (backend === "sqlite" && !useS3 ? test : test.skip)(
    "a package holds at most 200 MB of documents: the one past it is refused with what the package has",
    async () => {
      const pkg = await draft();
      const big = await bigPdf(45 * MiB);
      // The same bytes four times: stored once (content-addressed), counted four times.
      for (let i = 0; i < 4; i++) {
        const r = await upload(pkg.id, big, `scan ${i}.pdf`, "application/pdf");
        expect(r.status).toBe(201);
      }
      const more = await bigPdf(25 * MiB);
      expect(4 * big.length + more.length).toBeGreaterThan(200 * MiB);
      const refused = await expectProblem(
        await upload(pkg.id, more, "one more.pdf", "application/pdf"),
        413,
        "payload_too_large",
      );
      expect(refused.detail).toBe(
        `A package holds at most ${200 * MiB} bytes (200 MB) of documents; it has ${4 * big.length} and this one is ${more.length}.`,
      );
      // A chunked upload is refused when it is opened, before any block is sent.
      const opened = await expectProblem(
        await service.call("POST", `${P}/${pkg.id}/uploads`, {
          token,
          body: { fileName: "one more.pdf", contentType: "application/pdf", size: more.length },
        }),
        413,
        "payload_too_large",
      );
      expect(opened.detail).toMatch(/200 MB/);
      // What still fits, fits.
      const small = await pdfWithTags([{ tags: [] }]);
      expect((await upload(pkg.id, small, "cover.pdf", "application/pdf")).status).toBe(201);
      const listed = await call<{ items: unknown[] }>("GET", `${P}/${pkg.id}/documents`);
      expect(listed.body.items).toHaveLength(5);
    },
    120_000,
  );

  test("after a crash: work files and unrecorded blobs are gone at the next start, stored documents stay", async () => {
    const pkg = await draft();
    const bytes = await pdfWithTags([{ tags: [] }]);
    const kept = (await (await upload(pkg.id, bytes, "kept.pdf", "application/pdf")).json()) as Json;
    // What a process killed mid-upload leaves: a work file, and a blob queued but never recorded.
    const workFile = path.join(service.config.dataDir, "work", "cut-off.upload");
    await fs.writeFile(workFile, randomBytes(1000));
    const blobs = openBlobStore(service.config);
    const orphanBytes = randomBytes(2000);
    const orphan = sha256(orphanBytes);
    await service.storage.transaction((s) => s.blobGarbage.queue([orphan], new Date().toISOString()));
    await blobs.put(Readable.from([orphanBytes]));
    const restarted = await startTestService(backend, env, service.place);
    try {
      await expect(fs.stat(workFile)).rejects.toThrow();
      // Collected at once: on local files every unrecorded blob, on S3 (shared by several instances)
      // those only this instance queued (the S3 test further down has the others).
      expect(await blobs.has(orphan)).toBe(false);
      const r = await restarted.call("GET", `${P}/${pkg.id}/documents/${kept.id}`, { token });
      expect(r.status).toBe(200);
      expect(await blobs.has(kept.sha256 as string)).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  test("apply-detected-tags: signers tied in routing order count in the order they were added", async () => {
    const pkg = await draft();
    const bytes = await pdfWithTags([
      {
        tags: [
          { text: "{{sig:1}}", x: 72, y: 100 },
          { text: "{{sig:2}}", x: 72, y: 300 },
          { text: "{{sig:3}}", x: 72, y: 500 },
        ],
      },
    ]);
    const doc = (await (await upload(pkg.id, bytes, "a.pdf", "application/pdf")).json()) as Json;
    // Added one by one: Carol (order 2) first, then Bob and Ada, both at order 1.
    const carol = (
      await call("POST", `${P}/${pkg.id}/signers`, { email: "carol@contoso.com", routingOrder: 2 })
    ).body;
    const bob = (await call("POST", `${P}/${pkg.id}/signers`, { email: "bob@contoso.com", routingOrder: 1 }))
      .body;
    const ada = (await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com", routingOrder: 1 }))
      .body;
    const applied = await call<{ created: Json[]; skipped: unknown[] }>(
      "POST",
      `${P}/${pkg.id}/apply-detected-tags`,
      {},
    );
    expect(applied.status).toBe(200);
    expect(applied.body.skipped).toEqual([]);
    const byPlace = [...applied.body.created].sort((a, b) => (a.y as number) - (b.y as number));
    expect(byPlace.map((a) => [a.signerId, a.documentId])).toEqual([
      [bob.id, doc.id], // {{sig:1}}: the first added of the two at order 1
      [ada.id, doc.id],
      [carol.id, doc.id],
    ]);
  });

  test("apply-detected-tags with documentIds: only those documents' tags; an id not of this package refused, nothing applied", async () => {
    const pkg = await draft();
    const first = (await (
      await upload(
        pkg.id,
        await pdfWithTags([{ tags: [{ text: "{{sig:1}}", x: 72, y: 100 }] }]),
        "a.pdf",
        "application/pdf",
      )
    ).json()) as Json;
    const second = (await (
      await upload(
        pkg.id,
        await pdfWithTags([
          {
            tags: [
              { text: "{{initial:1}}", x: 72, y: 200 },
              { text: "{{sig:4}}", x: 72, y: 400 },
            ],
          },
        ]),
        "b.pdf",
        "application/pdf",
      )
    ).json()) as Json;
    await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com" });
    const elsewhere = await draft();
    const foreign = (await (
      await upload(
        elsewhere.id,
        await pdfWithTags([{ tags: [{ text: "{{sig:1}}", x: 72, y: 100 }] }]),
        "c.pdf",
        "application/pdf",
      )
    ).json()) as Json;
    const count = async () =>
      (await call<{ totalCount: number }>("GET", `${P}/${pkg.id}/annotations`)).body.totalCount;

    // Refused, all or nothing: an unknown id, another package's document, next to a valid one.
    for (const [ids, bad] of [
      [[second.id, "00000000-0000-4000-8000-000000000000"], 1],
      [[foreign.id], 0],
      [[first.id, second.id, foreign.id], 2],
    ] as const) {
      const refused = await expectProblem(
        await service.call("POST", `${P}/${pkg.id}/apply-detected-tags`, {
          token,
          body: { documentIds: ids },
        }),
        400,
        "validation_failed",
      );
      expect(refused.errors).toEqual([
        { field: `documentIds[${bad}]`, message: expect.stringMatching(/is not in this package/) },
      ]);
    }
    expect(await count()).toBe(0);

    const only = await call<{ created: Json[]; skipped: { text: string; reason: string }[] }>(
      "POST",
      `${P}/${pkg.id}/apply-detected-tags`,
      { documentIds: [second.id] },
    );
    expect(only.status).toBe(200);
    expect(only.body.created.map((a) => [a.documentId, a.type])).toEqual([[second.id, "Initials"]]);
    expect(only.body.skipped.map((s) => [s.text, s.reason])).toEqual([["{{sig:4}}", "no_signer_for_index"]]);
    expect(await count()).toBe(1);
    // The other document's tags are still there to apply.
    const rest = await call<{ created: Json[] }>("POST", `${P}/${pkg.id}/apply-detected-tags`, {
      documentIds: [first.id],
    });
    expect(rest.body.created.map((a) => [a.documentId, a.type])).toEqual([[first.id, "Signature"]]);
    // The other package was not touched.
    expect(
      (await call<{ totalCount: number }>("GET", `${P}/${elsewhere.id}/annotations`)).body.totalCount,
    ).toBe(0);
  });

  test.each([90, 270])(
    "a tag on a page turned %p° is reported where the reader sees it drawn (within 2 points)",
    async (rotation) => {
      const { drawUpright, expectNear, newDoc } = await import("../pdf/draw");
      const { doc: pdf, helvetica } = await newDoc();
      const page = pdf.addPage([612, 792]);
      page.setRotation(degrees(rotation));
      const sig = drawUpright(page, [{ text: "{{sig:1}}", font: helvetica }], { x: 80, baseline: 120 });
      const text = drawUpright(page, [{ text: "{{text:1;label=Rent}}", font: helvetica }], {
        x: 400,
        baseline: 500,
        size: 10,
      });
      const pkg = await draft();
      const response = await upload(pkg.id, await pdf.save(), "turned.pdf", "application/pdf");
      expect(response.status).toBe(201);
      const doc = (await response.json()) as Json;
      expect(doc.pages).toEqual([{ width: 792, height: 612 }]);
      const tags = (
        await call<{ text: string; x: number; y: number; width: number; height: number }[]>(
          "GET",
          `${P}/${pkg.id}/documents/${doc.id}/detected-tags`,
        )
      ).body;
      expect(tags.map((t) => t.text)).toEqual(["{{sig:1}}", "{{text:1;label=Rent}}"]);
      expectNear(tags[0]!, sig);
      expectNear(tags[1]!, text);
      // Applied, the field's top-left is the tag's (its size the type's default, larger than the tag).
      await call("POST", `${P}/${pkg.id}/signers`, { email: "ada@contoso.com" });
      const applied = (await call<{ created: Json[] }>("POST", `${P}/${pkg.id}/apply-detected-tags`, {}))
        .body;
      const field = applied.created.find((a) => a.type === "Text")!;
      expect(Math.abs((field.x as number) - text.x)).toBeLessThanOrEqual(2);
      expect(Math.abs((field.y as number) - text.y)).toBeLessThanOrEqual(2);
    },
  );

  // On S3 a start removes at once the unrecorded blobs its own crash left (those only it queued);
  // a blob another instance queued too (an upload of the same bytes there may be about to refer to
  // it) is left to the running collector, once its grace period is over.
  (useS3 ? test : test.skip)(
    "after a crash on S3: the next start removes the orphans only it queued; one another instance (or a version without ids) queued waits for its grace period",
    async () => {
      const { BLOB_GRACE_MS } = await import("../../src/service/domain/documents/maintenance");
      const { openStorage } = await import("../../src/service/storage");
      const blobs = openBlobStore(service.config);
      // Another instance of the deployment: the same database and bucket, its own data directory.
      const other = await openStorage(service.config);
      other.setBlobInstance("another-instance");
      const orphan = async (queuedAgoMs: number, by = service.storage) => {
        const bytes = randomBytes(2000);
        const sha = sha256(bytes);
        const queuedOn = new Date(Date.now() - queuedAgoMs).toISOString();
        await by.transaction((s) => s.blobGarbage.queue([sha], queuedOn));
        await blobs.put(Readable.from([bytes]));
        return sha;
      };
      try {
        expect(service.storage.blobInstance).toMatch(/^[0-9a-f-]{36}$/);
        // Crashes of this instance more than an hour ago and a minute ago; a blob of an upload
        // under way on the other instance; one both queued; and a document's blob queued again
        // (as a deleted copy of it queues it) that a document still refers to.
        const old = await orphan(BLOB_GRACE_MS + 60_000);
        const recent = await orphan(60_000);
        const othersRecent = await orphan(60_000, other);
        const both = await orphan(30_000);
        await other.transaction((s) => s.blobGarbage.queue([both], new Date().toISOString()));
        // Queued by this instance, then again by a version that names no instance (an upgrade under way).
        const requeued = await orphan(30_000);
        other.setBlobInstance(null);
        await other.transaction((s) => s.blobGarbage.queue([requeued], new Date().toISOString()));
        other.setBlobInstance("another-instance");
        const pkg = await draft();
        const kept = (await (
          await upload(pkg.id, await pdfWithTags([{ tags: [] }]), "kept.pdf", "application/pdf")
        ).json()) as Json;
        await service.storage.transaction((s) =>
          s.blobGarbage.queue([kept.sha256 as string], new Date().toISOString()),
        );

        // The scheduler off: what goes, goes at the start.
        const restarted = await startTestService(
          backend,
          { ...env, SIGN_SCHEDULER_INTERVAL_MS: "0" },
          service.place,
        );
        try {
          expect(restarted.storage.blobInstance).toBe(service.storage.blobInstance);
          expect(await blobs.has(old)).toBe(false);
          expect(await blobs.has(recent)).toBe(false);
          expect(await blobs.has(othersRecent)).toBe(true);
          expect(await blobs.has(both)).toBe(true);
          expect(await blobs.has(requeued)).toBe(true);
          expect(await blobs.has(kept.sha256 as string)).toBe(true);
          const download = await call<{ url: string }>(
            "GET",
            `${P}/${pkg.id}/documents/${kept.id as string}/download`,
          );
          expect(
            sha256(
              new Uint8Array(await (await fetch(new URL(download.body.url, service.url))).arrayBuffer()),
            ),
          ).toBe(kept.sha256);
          // The others' turn comes when their hour is over (the collector as the scheduler calls it).
          await collectBlobGarbage(service.storage, blobs, new Date(Date.now() + BLOB_GRACE_MS));
          expect(await blobs.has(othersRecent)).toBe(false);
          expect(await blobs.has(both)).toBe(false);
          expect(await blobs.has(requeued)).toBe(false);
          expect(await blobs.has(kept.sha256 as string)).toBe(true);
        } finally {
          await restarted.close();
        }
      } finally {
        await other.close();
      }
    },
    120_000,
  );
});
