import { PDFDocument, PDFName, degrees } from "pdf-lib";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  DocumentLimitError,
  InvalidDocumentError,
  checkDeclaredType,
  checkDocumentSize,
  inspectPdf,
  sniffType,
} from "../../src/pdf/inspect";
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_PAGES } from "../../src/pdf/limits";
import { TINY_JPEG, TINY_PNG } from "./images";

async function pdfWith(build: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  build(doc);
  return doc.save();
}

async function refusal(p: Promise<unknown>): Promise<InvalidDocumentError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidDocumentError);
  return error as InvalidDocumentError;
}

describe("sniffType", () => {
  it("recognises PDF, PNG and JPEG by their signatures", async () => {
    expect(sniffType(await pdfWith((d) => d.addPage()))).toBe("pdf");
    expect(sniffType(TINY_PNG)).toBe("png");
    expect(sniffType(TINY_JPEG)).toBe("jpeg");
    expect(sniffType(new TextEncoder().encode("hello"))).toBe("other");
    expect(sniffType(new Uint8Array())).toBe("other");
  });

  it("finds a PDF header after junk in the first KiB, but not further", () => {
    const pdf = new TextEncoder().encode("%PDF-1.7\n");
    const within = new Uint8Array([...new Uint8Array(500).fill(32), ...pdf]);
    const beyond = new Uint8Array([...new Uint8Array(2000).fill(32), ...pdf]);
    expect(sniffType(within)).toBe("pdf");
    expect(sniffType(beyond)).toBe("other");
  });
});

describe("checkDeclaredType", () => {
  it("accepts bytes that are what they claim", async () => {
    expect(checkDeclaredType("application/pdf", await pdfWith((d) => d.addPage()))).toBe("pdf");
    expect(checkDeclaredType("image/png", TINY_PNG)).toBe("png");
    expect(checkDeclaredType("image/jpeg; charset=binary", TINY_JPEG)).toBe("jpeg");
  });

  it("refuses a PNG sent as a PDF, and text sent as a JPEG, as mislabeled", () => {
    const e1 = (() => {
      try {
        checkDeclaredType("application/pdf", TINY_PNG);
      } catch (e) {
        return e as InvalidDocumentError;
      }
    })();
    expect(e1).toBeInstanceOf(InvalidDocumentError);
    expect(e1).toMatchObject({ code: "invalid_document", reason: "mislabeled" });
    expect(e1?.message).toContain("PNG");
    expect(() => checkDeclaredType("image/jpeg", new TextEncoder().encode("text"))).toThrow(
      /no type we accept/,
    );
  });
});

describe("inspectPdf", () => {
  it("counts pages and gives visible sizes honouring /Rotate and the CropBox", async () => {
    const bytes = await pdfWith((doc) => {
      doc.addPage([612, 792]);
      doc.addPage([612, 792]).setRotation(degrees(90));
      const cropped = doc.addPage([600, 800]);
      cropped.setCropBox(100, 100, 300, 400);
      const both = doc.addPage([600, 800]);
      both.setCropBox(0, 0, 300, 400);
      both.setRotation(degrees(-90));
    });
    expect(await inspectPdf(bytes)).toEqual({
      pageCount: 4,
      pages: [
        { width: 612, height: 792 },
        { width: 792, height: 612 },
        { width: 300, height: 400 },
        { width: 400, height: 300 },
      ],
    });
  });

  it("reads the repository's sample PDFs", async () => {
    const bytes = new Uint8Array(readFileSync(path.join(__dirname, "../fixtures/mutual-nda.pdf")));
    const result = await inspectPdf(bytes);
    expect(result.pageCount).toBeGreaterThan(0);
    expect(result.pages).toHaveLength(result.pageCount);
  });

  it("refuses bytes that are no PDF", async () => {
    expect((await refusal(inspectPdf(TINY_PNG))).reason).toBe("not_pdf");
    expect((await refusal(inspectPdf(new Uint8Array()))).reason).toBe("not_pdf");
  });

  it("refuses a broken PDF: header and garbage, or truncated before its pages", async () => {
    const garbage = new TextEncoder().encode("%PDF-1.7\nthis is not a pdf at all\n%%EOF");
    expect((await refusal(inspectPdf(garbage))).reason).toBe("broken");
    const good = await pdfWith((d) => d.addPage());
    expect((await refusal(inspectPdf(good.slice(0, 20)))).reason).toBe("broken");
  });

  it("refuses an encrypted PDF", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    // pdf-lib cannot encrypt; a trailer /Encrypt dictionary is what marks a PDF as encrypted.
    const encrypt = doc.context.obj({ Filter: PDFName.of("Standard"), V: 2, R: 3, Length: 128, P: -44 });
    doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
    const bytes = await doc.save({ useObjectStreams: false });
    const error = await refusal(inspectPdf(bytes));
    expect(error.reason).toBe("encrypted");
    expect(error.message).toMatch(/password/);
  });

  it("refuses more than 2,000 pages", async () => {
    const bytes = await pdfWith((doc) => {
      for (let i = 0; i < MAX_DOCUMENT_PAGES + 1; i++) doc.addPage([100, 100]);
    });
    const error = await inspectPdf(bytes).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentLimitError);
    expect(error).toMatchObject({ code: "payload_too_large", limit: "pages", actual: 2001, maximum: 2000 });
  });

  it("accepts exactly 2,000 pages", async () => {
    const bytes = await pdfWith((doc) => {
      for (let i = 0; i < MAX_DOCUMENT_PAGES; i++) doc.addPage([100, 100]);
    });
    expect((await inspectPdf(bytes)).pageCount).toBe(2000);
  });

  it("refuses more than 50 MB", () => {
    expect(() => checkDocumentSize(MAX_DOCUMENT_BYTES)).not.toThrow();
    expect(() => checkDocumentSize(MAX_DOCUMENT_BYTES + 1)).toThrow(DocumentLimitError);
  });
});
