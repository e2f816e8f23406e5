// PNG and JPEG documents become one-page PDFs (contract §6.2), so everything downstream handles
// PDF only. The page is the image's physical size when the image says its resolution (scans do:
// a 300 dpi scan of a Letter page becomes a Letter page); otherwise the image is taken at 72 dpi
// (one pixel a point) and, if that is larger than an A4 page, shrunk to fit one, since a photo of
// 4000 pixels would otherwise make a page 1.4 m wide. Runs in the browser too: Uint8Array only.
import { PDFDocument } from "pdf-lib";
import { InvalidDocumentError, sniffType } from "./inspect";

/** A4 in points; the box an image of unknown resolution is shrunk into (turned to match it). */
const A4 = { short: 595.28, long: 841.89 } as const;
/** Resolutions outside this range are taken for junk metadata (many tools write 1 or 0). */
const MIN_DPI = 50;
const MAX_DPI = 2400;
/** PDF viewers refuse pages over 200 inches. */
const MAX_PAGE_POINTS = 14400;

export interface ImageResolution {
  dpiX: number;
  dpiY: number;
}

function u32(b: Uint8Array, i: number): number {
  return ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
}

function u16(b: Uint8Array, i: number): number {
  return (b[i]! << 8) | b[i + 1]!;
}

/** A PNG's pHYs chunk, when it gives a unit (metres). */
function pngResolution(b: Uint8Array): ImageResolution | null {
  let i = 8;
  while (i + 8 <= b.length) {
    const length = u32(b, i);
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    if (type === "pHYs" && length === 9 && i + 17 <= b.length) {
      if (b[i + 16] !== 1) return null;
      return { dpiX: u32(b, i + 8) * 0.0254, dpiY: u32(b, i + 12) * 0.0254 };
    }
    if (type === "IDAT" || type === "IEND") return null; // pHYs must come before the image data
    i += 12 + length;
  }
  return null;
}

/** A JPEG's JFIF density, when it gives a unit (inches or centimetres). */
function jpegResolution(b: Uint8Array): ImageResolution | null {
  let i = 2;
  while (i + 4 <= b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    const length = u16(b, i + 2);
    if (
      marker === 0xe0 &&
      i + 16 <= b.length &&
      String.fromCharCode(...b.subarray(i + 4, i + 9)) === "JFIF\0"
    ) {
      const units = b[i + 11];
      const x = u16(b, i + 12);
      const y = u16(b, i + 14);
      if (units === 1) return { dpiX: x, dpiY: y };
      if (units === 2) return { dpiX: x * 2.54, dpiY: y * 2.54 };
      return null;
    }
    if (marker === 0xda) return null; // start of scan: no more headers
    i += 2 + length;
  }
  return null;
}

/** The resolution an image states, or null when it states none we believe. */
export function imageResolution(bytes: Uint8Array): ImageResolution | null {
  const kind = sniffType(bytes);
  return believableResolution(
    kind === "png" ? pngResolution(bytes) : kind === "jpeg" ? jpegResolution(bytes) : null,
  );
}

/** `r` if both its resolutions are believable, else null (image-file-to-pdf.ts reads its own). */
export function believableResolution(r: ImageResolution | null): ImageResolution | null {
  if (!r) return null;
  const ok = (d: number) => d >= MIN_DPI && d <= MAX_DPI;
  return ok(r.dpiX) && ok(r.dpiY) ? r : null;
}

/** The page size, in points, for an image of `width`×`height` pixels. */
export function imagePageSize(
  width: number,
  height: number,
  resolution: ImageResolution | null,
): { width: number; height: number } {
  let w: number;
  let h: number;
  if (resolution) {
    w = (width * 72) / resolution.dpiX;
    h = (height * 72) / resolution.dpiY;
  } else {
    w = width;
    h = height;
    const [boxW, boxH] = w > h ? [A4.long, A4.short] : [A4.short, A4.long];
    const shrink = Math.min(1, boxW / w, boxH / h);
    w *= shrink;
    h *= shrink;
  }
  const cap = Math.min(1, MAX_PAGE_POINTS / w, MAX_PAGE_POINTS / h);
  return { width: w * cap, height: h * cap };
}

/**
 * A one-page PDF showing the PNG or JPEG `bytes`, the page exactly the image's size. Throws
 * InvalidDocumentError "broken_image" for an image pdf-lib cannot read.
 */
export async function imageToPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const kind = sniffType(bytes);
  if (kind !== "png" && kind !== "jpeg") {
    throw new InvalidDocumentError("mislabeled", "The file is not a PNG or JPEG image.");
  }
  const doc = await PDFDocument.create();
  let image;
  try {
    image = kind === "png" ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    throw new InvalidDocumentError("broken_image");
  }
  if (!(image.width > 0 && image.height > 0)) throw new InvalidDocumentError("broken_image");
  const size = imagePageSize(image.width, image.height, imageResolution(bytes));
  const page = doc.addPage([size.width, size.height]);
  page.drawImage(image, { x: 0, y: 0, width: size.width, height: size.height });
  return doc.save();
}
