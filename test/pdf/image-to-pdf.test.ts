import { PDFDocument } from "pdf-lib";
import { imagePageSize, imageResolution, imageToPdf } from "../../src/pdf/image-to-pdf";
import { InvalidDocumentError, inspectPdf } from "../../src/pdf/inspect";
import { TINY_JPEG, makePng } from "./images";

/** TINY_JPEG with its JFIF density and its frame size changed (pdf-lib reads both from headers). */
function jpegWith(width: number, height: number, units: number, density: number): Uint8Array {
  const b = new Uint8Array(TINY_JPEG);
  b[13] = units;
  b[14] = density >> 8;
  b[15] = density & 0xff;
  b[16] = density >> 8;
  b[17] = density & 0xff;
  // The fixture is progressive: its frame header is SOF2.
  const sof = b.findIndex((v, i) => v === 0xff && b[i + 1] === 0xc2);
  expect(sof).toBeGreaterThan(0);
  b[sof + 5] = height >> 8;
  b[sof + 6] = height & 0xff;
  b[sof + 7] = width >> 8;
  b[sof + 8] = width & 0xff;
  return b;
}

describe("imageResolution", () => {
  it("reads a PNG's pHYs and a JPEG's JFIF density", () => {
    const png = imageResolution(makePng(4, 4, 300));
    expect(png?.dpiX).toBeCloseTo(300, 0);
    expect(imageResolution(jpegWith(10, 10, 1, 200))).toEqual({ dpiX: 200, dpiY: 200 });
    expect(imageResolution(jpegWith(10, 10, 2, 118))?.dpiX).toBeCloseTo(299.7, 1);
  });

  it("ignores absent, unitless and implausible resolutions", () => {
    expect(imageResolution(makePng(4, 4))).toBeNull();
    expect(imageResolution(jpegWith(10, 10, 0, 1))).toBeNull();
    expect(imageResolution(jpegWith(10, 10, 1, 1))).toBeNull();
  });
});

describe("imagePageSize", () => {
  it("honours a stated resolution: a 300 dpi Letter scan is a Letter page", () => {
    const size = imagePageSize(2550, 3300, { dpiX: 300, dpiY: 300 });
    expect(size.width).toBeCloseTo(612, 6);
    expect(size.height).toBeCloseTo(792, 6);
  });

  it("takes a small image of unknown resolution at one pixel a point", () => {
    expect(imagePageSize(200, 100, null)).toEqual({ width: 200, height: 100 });
  });

  it("shrinks a large image of unknown resolution into A4, keeping its proportions", () => {
    const portrait = imagePageSize(3000, 4000, null);
    expect(portrait.width).toBeCloseTo(595.28, 2);
    expect(portrait.height).toBeLessThanOrEqual(841.89);
    expect(portrait.width / portrait.height).toBeCloseTo(0.75, 6);
    const landscape = imagePageSize(4000, 1000, null);
    expect(landscape.width).toBeCloseTo(841.89, 2);
  });
});

describe("imageToPdf", () => {
  it("turns a PNG into a one-page PDF the size of the image, with the image on it", async () => {
    const pdf = await imageToPdf(makePng(150, 300, 150));
    const { pageCount, pages } = await inspectPdf(pdf);
    expect(pageCount).toBe(1);
    // pHYs holds whole dots per metre, so 150 dpi is stored as 150.01.
    expect(pages[0]!.width).toBeCloseTo(72, 1);
    expect(pages[0]!.height).toBeCloseTo(144, 1);
    const doc = await PDFDocument.load(pdf);
    const xobjects = doc
      .getPage(0)
      .node.Resources()
      ?.get(doc.context.obj("XObject") as never);
    expect(xobjects).toBeDefined();
  });

  it("turns a JPEG into a one-page PDF", async () => {
    const pdf = await imageToPdf(jpegWith(600, 300, 1, 300));
    expect(await inspectPdf(pdf)).toEqual({ pageCount: 1, pages: [{ width: 144, height: 72 }] });
  });

  it("refuses bytes that are no image, and a damaged image", async () => {
    await expect(imageToPdf(new TextEncoder().encode("%PDF-1.7"))).rejects.toMatchObject({
      reason: "mislabeled",
    });
    const broken = makePng(4, 4).slice(0, 20);
    const error = await imageToPdf(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidDocumentError);
    expect(error).toMatchObject({ code: "invalid_document", reason: "broken_image" });
  });
});
