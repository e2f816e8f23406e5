// Completion's first step: draw every field value into the PDF as page content (no form fields left
// to edit) and cover the text tags the sender placed. Pure pdf-lib, bytes in and out, so the add-in
// could preview the same result the service seals.
//
// Coordinates are points from the top-left of the page as a reader shows it (after /Rotate and
// inside the CropBox). The geometry here is deliberately local and small (one matrix per rotation);
// it should be unified with src/pdf/geometry.ts once that lands.
import {
  type Color,
  concatTransformationMatrix,
  PDFDocument,
  PDFFont,
  type PDFImage,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFontEmbedder,
  StandardFonts,
} from "pdf-lib";

/** Contract §5 field types. */
export type FlattenFieldType =
  | "Signature"
  | "Initials"
  | "DateSigned"
  | "Name"
  | "Email"
  | "Company"
  | "Title"
  | "Text"
  | "Date"
  | "Number"
  | "Checkbox"
  | "RadioGroup"
  | "Dropdown"
  | "Attachment";

/** A box on a page: 1-based page, points from the visible top-left corner. */
export interface PageBox {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FlattenField extends PageBox {
  type: FlattenFieldType;
  /**
   * Text for most types; for Checkbox "true"/"false" (also yes/no, on/off, 1/0, checked); for
   * Signature/Initials typed text or a drawn signature as PNG bytes; for Attachment the file name.
   * Null or "" draws nothing.
   */
  value: string | Uint8Array | null;
}

export interface FlattenInput {
  fields: readonly FlattenField[];
  /** Rectangles of text tags to cover with the page background (white). */
  hideTags?: readonly PageBox[];
}

export class FlattenError extends Error {}

const INK = rgb(0.05, 0.1, 0.35);
const WHITE = rgb(1, 1, 1);
const CHECKED = new Set(["true", "yes", "on", "1", "checked", "x"]);

interface Frame {
  /** Visible width and height in points. */
  width: number;
  height: number;
}

/** Visible frame of a page and a matrix mapping visible coordinates (origin bottom-left, y up) to user space. */
function frameOf(page: PDFPage): Frame & { matrix: [number, number, number, number, number, number] } {
  const box = page.getCropBox();
  const { x: x0, y: y0, width: w, height: h } = box;
  const rotation = (((page.getRotation().angle % 360) + 360) % 360) as number;
  switch (rotation) {
    case 90:
      return { width: h, height: w, matrix: [0, 1, -1, 0, x0 + w, y0] };
    case 180:
      return { width: w, height: h, matrix: [-1, 0, 0, -1, x0 + w, y0 + h] };
    case 270:
      return { width: h, height: w, matrix: [0, -1, 1, 0, x0, y0 + h] };
    case 0:
      return { width: w, height: h, matrix: [1, 0, 0, 1, x0, y0] };
    default:
      throw new FlattenError(`page rotation ${rotation} is not a multiple of 90`);
  }
}

/** Characters a standard (WinAnsi) font cannot encode become "?" rather than failing completion. */
function encodable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) out += set.has(ch.codePointAt(0)!) ? ch : "?";
  return out;
}

function drawTextIn(
  page: PDFPage,
  frame: Frame,
  box: PageBox,
  raw: string,
  font: PDFFont,
  color: Color,
): void {
  const text = encodable(font, raw).trim();
  if (!text) return;
  const pad = Math.min(2, box.width / 10);
  const inner = Math.max(1, box.width - 2 * pad);
  // As large as the box height allows, then shrunk until the line fits its width.
  let size = Math.max(4, Math.min(box.height * 0.75, 24));
  const width = font.widthOfTextAtSize(text, size);
  if (width > inner) size = Math.max(4, (size * inner) / width);
  const ascent = font.heightAtSize(size, { descender: false });
  const full = font.heightAtSize(size);
  const bottom = frame.height - box.y - box.height;
  const baseline = bottom + (box.height - full) / 2 + (full - ascent);
  page.drawText(text, { x: box.x + pad, y: baseline, size, font, color });
}

function drawCheck(page: PDFPage, frame: Frame, box: PageBox): void {
  const s = Math.min(box.width, box.height);
  const left = box.x + (box.width - s) / 2;
  const bottom = frame.height - box.y - box.height + (box.height - s) / 2;
  const thickness = Math.max(1, s / 8);
  const p1 = { x: left + s * 0.15, y: bottom + s * 0.5 };
  const p2 = { x: left + s * 0.4, y: bottom + s * 0.2 };
  const p3 = { x: left + s * 0.85, y: bottom + s * 0.85 };
  page.drawLine({ start: p1, end: p2, thickness, color: INK });
  page.drawLine({ start: p2, end: p3, thickness, color: INK });
}

/**
 * pdf-lib's embedder of a standard font decompresses the font's metrics (tens of KB of JSON) each
 * time a document embeds it: one per font for the whole process instead. The PDFFont made from it is
 * not in the document's list of fonts, so whoever draws with it calls its `embed()` when done.
 */
const EMBEDDERS = new Map<StandardFonts, StandardFontEmbedder>();

function standardFont(doc: PDFDocument, name: StandardFonts): PDFFont {
  let embedder = EMBEDDERS.get(name);
  if (!embedder)
    EMBEDDERS.set(
      name,
      (embedder = StandardFontEmbedder.for(
        name as unknown as Parameters<typeof StandardFontEmbedder.for>[0],
      )),
    );
  return PDFFont.of(doc.context.nextRef(), doc, embedder);
}

/** Same bytes, same image: a signer's drawn signature on ten fields is embedded once. */
type ImageCache = Map<number, { png: Uint8Array; image: Promise<PDFImage> }[]>;

/** FNV-1a over the bytes: the cache's bucket (equal bytes are then compared in full). */
function fnv1a(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

function embedOnce(doc: PDFDocument, images: ImageCache, png: Uint8Array): Promise<PDFImage> {
  const key = fnv1a(png);
  const bucket = images.get(key) ?? [];
  const same = bucket.find((e) => e.png.length === png.length && e.png.every((b, i) => b === png[i]));
  if (same) return same.image;
  const image = doc.embedPng(png);
  bucket.push({ png, image });
  images.set(key, bucket);
  return image;
}

async function drawImage(
  doc: PDFDocument,
  images: ImageCache,
  page: PDFPage,
  frame: Frame,
  box: PageBox,
  png: Uint8Array,
): Promise<void> {
  let image;
  try {
    image = await embedOnce(doc, images, png);
  } catch (e) {
    throw new FlattenError(`a drawn signature is not a readable PNG: ${(e as Error).message}`);
  }
  // Fit inside the box keeping the drawing's proportions, centred.
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const bottom = frame.height - box.y - box.height;
  page.drawImage(image, {
    x: box.x + (box.width - w) / 2,
    y: bottom + (box.height - h) / 2,
    width: w,
    height: h,
  });
}

function checkBox(box: PageBox, pageCount: number, what: string): void {
  if (!Number.isInteger(box.page) || box.page < 1 || box.page > pageCount) {
    throw new FlattenError(`${what} is on page ${box.page}, the document has ${pageCount}`);
  }
  for (const n of [box.x, box.y, box.width, box.height]) {
    if (!Number.isFinite(n)) throw new FlattenError(`${what} has a coordinate that is not a number`);
  }
  if (box.width <= 0 || box.height <= 0) throw new FlattenError(`${what} has no area`);
}

/** Draw the values and cover the tags; returns the new PDF (a full rewrite, not an incremental update). */
export async function flattenPdf(pdf: Uint8Array, input: FlattenInput): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  await flattenInto(doc, input);
  return doc.save({ useObjectStreams: false });
}

/**
 * flattenPdf on a loaded document, which the caller saves (completion scrubs, draws and seals in one
 * load and one save). Only the pages with a tag or a field get content added.
 */
export async function flattenInto(doc: PDFDocument, input: FlattenInput): Promise<void> {
  const pages = doc.getPages();
  const hide = input.hideTags ?? [];
  hide.forEach((b, i) => checkBox(b, pages.length, `tag ${i + 1}`));
  input.fields.forEach((f, i) => checkBox(f, pages.length, `field ${i + 1} (${f.type})`));

  // Each font embedded only when a value needs it. No handwriting font is installed (see the report):
  // Times italic stands in for one.
  let text: PDFFont | null = null;
  let hand: PDFFont | null = null;
  const fonts = {
    text: () => (text ??= standardFont(doc, StandardFonts.Helvetica)),
    hand: () => (hand ??= standardFont(doc, StandardFonts.TimesRomanItalic)),
  };
  const images: ImageCache = new Map();

  for (let p = 0; p < pages.length; p++) {
    const page = pages[p]!;
    const tags = hide.filter((b) => b.page === p + 1);
    const fields = input.fields.filter((f) => f.page === p + 1);
    if (tags.length === 0 && fields.length === 0) continue;
    const frame = frameOf(page);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...frame.matrix));
    // Tags first: a field often sits on its own tag, and its value must stay on top.
    for (const t of tags) {
      page.drawRectangle({
        x: t.x,
        y: frame.height - t.y - t.height,
        width: t.width,
        height: t.height,
        color: WHITE,
      });
    }
    for (const f of fields) {
      const v = f.value;
      if (v === null || v === "") continue;
      if (v instanceof Uint8Array) {
        if (f.type !== "Signature" && f.type !== "Initials") {
          throw new FlattenError(`a ${f.type} field takes text, not an image`);
        }
        await drawImage(doc, images, page, frame, f, v);
      } else if (f.type === "Checkbox") {
        if (CHECKED.has(v.trim().toLowerCase())) drawCheck(page, frame, f);
      } else {
        const font = f.type === "Signature" || f.type === "Initials" ? fonts.hand() : fonts.text();
        drawTextIn(page, frame, f, v, font, INK);
      }
    }
    page.pushOperators(popGraphicsState());
  }
  // Not in the document's own font list (see standardFont): written into it here.
  for (const font of [text, hand]) if (font) await (font as PDFFont).embed();
}
