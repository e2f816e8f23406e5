import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFDocument, PDFName, degrees } from "pdf-lib";
import { findTags } from "../../src/pdf/find-tags";
import { DocumentLimitError, InvalidDocumentError, inspectPdf } from "../../src/pdf/inspect";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_PAGES } from "../../src/pdf/limits";
import { readPdfFile } from "../../src/service/pdf/pdf-file";
import { writeBigPdf } from "./big-pdf";
import { addTaggedPage, drawUpright, newDoc } from "./draw";
import { encryptedPdf } from "./encrypted-pdf";
import { TINY_PNG } from "./images";

let dir: string;
let count = 0;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "pdf-file-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileOf(bytes: Uint8Array): string {
  const file = path.join(dir, `${++count}.pdf`);
  writeFileSync(file, bytes);
  return file;
}

/** What the in-memory path (inspectPdf, then findTags) says of the same bytes. */
async function inMemory(bytes: Uint8Array) {
  const { pageCount, pages } = await inspectPdf(bytes);
  return { pageCount, pages, tags: await findTags(bytes) };
}

async function expectSameAsInMemory(bytes: Uint8Array) {
  const reading = await readPdfFile(fileOf(bytes));
  expect(reading).toEqual(await inMemory(bytes));
  return reading;
}

async function refusalOf(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e,
  );
}

/** Refused by readPdfFile as InvalidDocumentError `reason`, as inspectPdf refuses the bytes. */
async function expectRefused(bytes: Uint8Array, reason: string) {
  const fromFile = await refusalOf(readPdfFile(fileOf(bytes)));
  expect(fromFile).toBeInstanceOf(InvalidDocumentError);
  expect(fromFile).toMatchObject({ code: "invalid_document", reason });
  expect(await refusalOf(inspectPdf(bytes))).toMatchObject({ reason });
}

describe("readPdfFile reads what inspectPdf and findTags read", () => {
  it.each(["mutual-nda.pdf", "master-services-agreement.pdf"])("the sample %s", async (name) => {
    const bytes = new Uint8Array(readFileSync(path.join(__dirname, "../fixtures", name)));
    const reading = await expectSameAsInMemory(bytes);
    expect(reading.tags.length).toBeGreaterThan(0);
  });

  it("tags of the three formats, split in two runs, on pages rotated 0, 90, 180 and 270°", async () => {
    const { doc, helvetica, times } = await newDoc();
    for (const rotation of [0, 90, 180, 270]) {
      const page = addTaggedPage(doc, rotation, { helvetica, times });
      drawUpright(page, [{ text: "\\i2\\", font: helvetica }], { x: 300, baseline: 400, size: 10 });
      drawUpright(page, [{ text: "{{*Amount_es_:signer3:text:number}}", font: times }], {
        x: 50,
        baseline: 500,
        size: 8,
      });
    }
    const reading = await expectSameAsInMemory(await doc.save());
    expect(reading.pages).toEqual([
      { width: 612, height: 792 },
      { width: 792, height: 612 },
      { width: 612, height: 792 },
      { width: 792, height: 612 },
    ]);
    expect(reading.tags.map((t) => [t.page, t.format])).toEqual(
      [1, 2, 3, 4].flatMap((page) => [
        [page, "Platform"],
        [page, "Platform"],
        [page, "DocuSign"],
        [page, "AdobeSign"],
      ]),
    );
    expect(reading.tags[1]).toMatchObject({ text: "{{text:2;label=Amount due}}", label: "Amount due" });
  });

  it("crop boxes, rotated or not, and one reaching past the MediaBox (clipped to it)", async () => {
    const { doc, helvetica } = await newDoc();
    const sizes: [number, number, number, number, number][] = [
      // x, y, width, height of the CropBox; rotation
      [100, 100, 300, 400, 0],
      [0, 0, 300, 400, -90],
      [20.5, 30.25, 400.125, 600.3333, 90],
      [50, 100, 400, 500, 270],
      [300, -100, 600, 500, 180], // half outside a 600 × 800 MediaBox
    ];
    for (const [x, y, width, height, rotation] of sizes) {
      const page = doc.addPage([600, 800]);
      page.setCropBox(x, y, width, height);
      page.setRotation(degrees(rotation));
      drawUpright(page, [{ text: "{{initial:1}}", font: helvetica }], { x: 30, baseline: 40 });
    }
    const reading = await expectSameAsInMemory(await doc.save());
    expect(reading.pages).toEqual([
      { width: 300, height: 400 },
      { width: 400, height: 300 },
      { width: 600.33, height: 400.13 },
      { width: 500, height: 400 },
      { width: 300, height: 400 },
    ]);
    expect(reading.tags).toHaveLength(5);
  });

  it("reads only the page sizes with tags: false", async () => {
    const bytes = new Uint8Array(readFileSync(path.join(__dirname, "../fixtures/mutual-nda.pdf")));
    const { pageCount, pages } = await inspectPdf(bytes);
    expect(await readPdfFile(fileOf(bytes), { tags: false })).toEqual({ pageCount, pages, tags: [] });
  });

  it("a flat page tree of 300 pages (written again over a level of new nodes), what the root gives its pages inherited", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont("Helvetica");
    for (let i = 0; i < 300; i++) {
      const page = doc.addPage([400 + (i % 7), 600]);
      page.drawText(i % 3 ? `{{sig:${(i % 4) + 1}}}` : `page ${i}`, { x: 40, y: 500, size: 12, font });
      // The rotation is the root's, as pdf.js and pdf-lib look it up through /Parent.
      page.node.delete(PDFName.of("Rotate"));
    }
    doc.catalog.Pages().set(PDFName.of("Rotate"), doc.context.obj(90));
    const reading = await expectSameAsInMemory(await doc.save());
    expect(reading.pageCount).toBe(300);
    expect(reading.pages[3]).toEqual({ width: 600, height: 403 });
    expect(reading.tags).toHaveLength(200);
  });

  it("accepts exactly 2,000 pages", async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < MAX_DOCUMENT_PAGES; i++) doc.addPage([100, 100]);
    const reading = await readPdfFile(fileOf(await doc.save()), { tags: false });
    expect(reading.pageCount).toBe(MAX_DOCUMENT_PAGES);
    expect(reading.pages[1999]).toEqual({ width: 100, height: 100 });
  });
});

describe("readPdfFile refuses what inspectPdf refuses", () => {
  it("a file that is no PDF (the header is looked for in the first KiB)", async () => {
    await expectRefused(TINY_PNG, "not_pdf");
    await expectRefused(new Uint8Array(), "not_pdf");
    const late = new Uint8Array([
      ...new Uint8Array(2000).fill(32),
      ...readFileSync(path.join(__dirname, "../fixtures/mutual-nda.pdf")),
    ]);
    await expectRefused(late, "not_pdf");
  });

  it("a broken PDF: header and garbage, truncated, or without pages", async () => {
    await expectRefused(new TextEncoder().encode("%PDF-1.7\nthis is not a pdf at all\n%%EOF"), "broken");
    const good = await PDFDocument.create().then(async (d) => {
      d.addPage();
      return d.save();
    });
    await expectRefused(good.slice(0, 20), "broken");
    await expectRefused(await (await PDFDocument.create()).save({ addDefaultPage: false }), "broken");
  });

  it("an encrypted PDF that needs a password", async () => {
    await expectRefused(encryptedPdf("secret", "owner"), "encrypted");
  });

  it("an encrypted PDF with an owner password only, which pdf.js opens without one", async () => {
    const bytes = encryptedPdf("", "owner");
    // pdf.js reads it (the tag is there), so refusing it takes more than opening it.
    expect(await findTags(bytes)).toHaveLength(1);
    await expectRefused(bytes, "encrypted");
  });

  it("an /Encrypt pdf.js cannot use: a malformed dictionary, a handler it does not know", async () => {
    for (const encrypt of [
      { Filter: PDFName.of("Standard"), V: 2, R: 3, Length: 128, P: -44 }, // no /O, /U
      { Filter: PDFName.of("Adobe.PubSec"), SubFilter: PDFName.of("adbe.pkcs7.s5"), V: 4 },
    ]) {
      const doc = await PDFDocument.create();
      doc.addPage();
      doc.context.trailerInfo.Encrypt = doc.context.register(doc.context.obj(encrypt));
      await expectRefused(await doc.save({ useObjectStreams: false }), "encrypted");
    }
  });

  const qpdf = (() => {
    try {
      execFileSync("qpdf", ["--version"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();
  // qpdf writes what current tools write (AES-256, linearized); the hand-made files above cover the
  // refusals where it is not installed.
  (qpdf ? it : it.skip)(
    "PDFs encrypted by qpdf: AES-256, with and without a user password, linearized",
    async () => {
      const plain = path.join(__dirname, "../fixtures/mutual-nda.pdf");
      const variants = [
        ["--encrypt", "user", "owner", "256", "--"],
        ["--encrypt", "", "owner", "256", "--"],
        ["--linearize", "--encrypt", "", "owner", "128", "--use-aes=y", "--"],
      ];
      for (const args of variants) {
        const out = path.join(dir, `qpdf-${++count}.pdf`);
        execFileSync("qpdf", [...args, plain, out]);
        await expectRefused(new Uint8Array(readFileSync(out)), "encrypted");
      }
    },
  );

  it("more than 2,000 pages, before reading any page", async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < MAX_DOCUMENT_PAGES + 1; i++) doc.addPage([100, 100]);
    const error = await refusalOf(readPdfFile(fileOf(await doc.save())));
    expect(error).toBeInstanceOf(DocumentLimitError);
    expect(error).toMatchObject({ code: "payload_too_large", limit: "pages", actual: 2001, maximum: 2000 });
  });

  it("more than 50 MB, before reading it", async () => {
    const file = fileOf(new TextEncoder().encode("%PDF-1.7\n"));
    truncateSync(file, MAX_DOCUMENT_BYTES + 1); // sparse: no 50 MB written
    const error = await refusalOf(readPdfFile(file));
    expect(error).toBeInstanceOf(DocumentLimitError);
    expect(error).toMatchObject({
      limit: "bytes",
      actual: MAX_DOCUMENT_BYTES + 1,
      maximum: MAX_DOCUMENT_BYTES,
    });
  });

  it("passes on a file it cannot open", async () => {
    await expect(readPdfFile(path.join(dir, "missing.pdf"))).rejects.toMatchObject({ code: "ENOENT" });
  });
});

describe("readPdfFile memory", () => {
  const MB = 1024 * 1024;

  it("reads a 50 MB PDF of scanned pages raising the process's memory by less than 64 MB", async () => {
    const file = path.join(dir, "big.pdf");
    const written = writeBigPdf(file, 40, 1_280_000);
    expect(written.bytes).toBeGreaterThan(48 * MB);
    expect(written.bytes).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES);
    // In a process of its own: jest and the other tests must not share the measurement.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--expose-gc", "--import", "tsx", path.join(__dirname, "memory-probe.ts"), file, "file"],
      { cwd: path.join(__dirname, "../.."), encoding: "utf8" },
    );
    const probe = JSON.parse(stdout) as { increase: number; pageCount: number; tags: string[] };
    expect(probe).toMatchObject({ pageCount: 40, tags: written.tags });
    expect(probe.increase).toBeLessThan(64 * MB);
  }, 60_000);
});
