// Completion's first step: draw every field value into the PDF as page content (no form fields left
// to edit) and cover the text tags the sender placed. Pure pdf-lib, bytes in and out, so the add-in
// could preview the same result the service seals.
//
// Coordinates are points from the top-left of the page as a reader shows it (after /Rotate and
// inside the CropBox clipped to the MediaBox: src/pdf/geometry.ts, geometryOfPage).
import UPNG from "@pdf-lib/upng";
import {
  clip,
  type Color,
  concatTransformationMatrix,
  endPath,
  PDFDocument,
  PDFFont,
  type PDFImage,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFontEmbedder,
  StandardFonts,
} from "pdf-lib";
import { geometryOfPage } from "../../pdf/geometry";
import type { FieldType } from "../../shared/field-types";

/** Contract §5 field types, declared once in src/shared. */
export type FlattenFieldType = FieldType;

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
  /**
   * Text values: the size of the document's text around the tag the field was made from (points).
   * Without it a size is chosen from the box. Either way the text shrinks (or wraps) to stay inside.
   */
  textSize?: number;
  /** Text values: y of the tag's baseline, points from the visible top; without it, near the box's bottom. */
  baseline?: number;
}

export interface FlattenInput {
  fields: readonly FlattenField[];
  /** Rectangles of text tags to cover with the page background (white). */
  hideTags?: readonly PageBox[];
}

export class FlattenError extends Error {}

// Functions rather than constants: pdf-lib loads when a document is first drawn, not at the service's
// start (scripts/build-service.ts, LAZY_PACKAGES).
const INK = () => rgb(0.05, 0.1, 0.35);
const WHITE = () => rgb(1, 1, 1);
const CHECKED = new Set(["true", "yes", "on", "1", "checked", "x"]);

interface Frame {
  /** Visible width and height in points. */
  width: number;
  height: number;
}

/**
 * Visible frame of a page and a matrix mapping visible coordinates (origin bottom-left, y up) to user
 * space: the visible box and rotation are src/pdf/geometry.ts's, as tag detection measures them.
 */
function frameOf(page: PDFPage): Frame & { matrix: [number, number, number, number, number, number] } {
  // geometry.ts reads any other /Rotate as 0, as viewers do; completion has always refused it.
  const angle = page.getRotation().angle;
  if (!Number.isFinite(angle) || angle % 90 !== 0) {
    throw new FlattenError(`page rotation ${angle} is not a multiple of 90`);
  }
  const { box, rotation, width, height } = geometryOfPage(page);
  const { x: x0, y: y0, width: w, height: h } = box;
  switch (rotation) {
    case 90:
      return { width, height, matrix: [0, 1, -1, 0, x0 + w, y0] };
    case 180:
      return { width, height, matrix: [-1, 0, 0, -1, x0 + w, y0 + h] };
    case 270:
      return { width, height, matrix: [0, -1, 1, 0, x0, y0 + h] };
    case 0:
      return { width, height, matrix: [1, 0, 0, 1, x0, y0] };
  }
}

/** Characters a standard (WinAnsi) font cannot encode become "?" rather than failing completion. */
function encodable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) out += set.has(ch.codePointAt(0)!) ? ch : "?";
  return out;
}

/** Text never shrinks below this to fit a box's width; it wraps (and at worst is clipped) instead. */
export const MIN_TEXT_SIZE = 6;
/** Lines of wrapped text are this many sizes apart. */
const LEADING = 1.15;
/** A field without a size from its tag: at most this, and at most this share of the box's height. */
const DEFAULT_TEXT_SIZE = 11;
const DEFAULT_SIZE_OF_HEIGHT = 0.7;

/** Glyph extent above and below the baseline, per point of size (the font's ascender and descender). */
function metrics(font: PDFFont): { ascent: number; descent: number } {
  const ascent = font.heightAtSize(1, { descender: false });
  return { ascent, descent: font.heightAtSize(1) - ascent };
}

/** Splits text into lines no wider than `width`, breaking a word that alone is too wide. */
export function wrapText(font: PDFFont, size: number, text: string, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (rest.length > 1 && !fits(rest)) {
      let n = rest.length - 1;
      while (n > 1 && !fits(rest.slice(0, n))) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

export interface TextLayout {
  size: number;
  lines: string[];
  /** Baselines of the lines, points from the box's page top. */
  baselines: number[];
}

/**
 * Where a text value goes in its box: at the wanted size (the document's text around the tag, or
 * one chosen from the box) on the wanted baseline, else the largest smaller size at which it fits
 * on one line or, wrapped, on several; below MIN_TEXT_SIZE lines that do not fit are left out (the
 * drawing is clipped to the box anyway). Lines never reach above or below the box.
 */
export function layoutText(
  font: PDFFont,
  text: string,
  box: Pick<PageBox, "x" | "y" | "width" | "height">,
  wanted: { textSize?: number; baseline?: number } = {},
  pad = 0,
): TextLayout {
  const { ascent, descent } = metrics(font);
  const inner = Math.max(1, box.width - 2 * pad);
  const want =
    wanted.textSize !== undefined && Number.isFinite(wanted.textSize) && wanted.textSize > 0
      ? wanted.textSize
      : Math.min(DEFAULT_TEXT_SIZE, DEFAULT_SIZE_OF_HEIGHT * box.height);
  // One line's glyphs fill the box's height at this size.
  const tallest = box.height / (ascent + descent);
  const linesAt = (size: number): string[] | null => {
    if (font.widthOfTextAtSize(text, size) <= inner) return [text];
    const lines = wrapText(font, size, text, inner);
    const height = (lines.length - 1) * LEADING * size + (ascent + descent) * size;
    return height <= box.height ? lines : null;
  };
  let size = Math.min(want, tallest);
  let lines = linesAt(size);
  // Shrink in quarter points to the largest size that fits (one line or wrapped).
  while (!lines && size > MIN_TEXT_SIZE) {
    size = Math.max(MIN_TEXT_SIZE, Math.floor((size - 0.25) * 4) / 4);
    lines = linesAt(size);
  }
  if (!lines) {
    // Too long even at the minimum: the lines that fit, the rest left out.
    const all = wrapText(font, size, text, inner);
    const room = Math.max(1, Math.floor((box.height - (ascent + descent) * size) / (LEADING * size)) + 1);
    lines = all.slice(0, room);
  }
  const lead = LEADING * size;
  const top = box.y + ascent * size; // highest allowed first baseline
  const bottom = box.y + box.height - descent * size; // lowest allowed last baseline
  const given = wanted.baseline;
  let last = given !== undefined && Number.isFinite(given) ? given : bottom;
  last = Math.min(last, bottom);
  last = Math.max(last, top + (lines.length - 1) * lead);
  return { size, lines, baselines: lines.map((_, i) => last - (lines.length - 1 - i) * lead) };
}

function drawTextIn(
  page: PDFPage,
  frame: Frame,
  field: FlattenField,
  raw: string,
  font: PDFFont,
  color: Color,
): void {
  const text = encodable(font, raw).trim();
  if (!text) return;
  const pad = Math.min(1.5, field.width / 10);
  const layout = layoutText(font, text, field, field, pad);
  layout.lines.forEach((line, i) => {
    page.drawText(line, {
      x: field.x + pad,
      y: frame.height - layout.baselines[i]!,
      size: layout.size,
      font,
      color,
    });
  });
}

/** Typed signature or initials: as large as the box allows, standing on its bottom, from its left. */
function drawTypedSignature(page: PDFPage, frame: Frame, box: PageBox, raw: string, font: PDFFont): void {
  const text = encodable(font, raw).trim();
  if (!text) return;
  const { ascent, descent } = metrics(font);
  const pad = Math.min(2, box.width / 10);
  const width = font.widthOfTextAtSize(text, 1);
  const size = Math.min(box.height / (ascent + descent), Math.max(1, box.width - 2 * pad) / width);
  const bottom = frame.height - box.y - box.height;
  page.drawText(text, { x: box.x + pad, y: bottom + descent * size, size, font, color: INK() });
}

function drawCheck(page: PDFPage, frame: Frame, box: PageBox): void {
  const s = Math.min(box.width, box.height);
  // At the box's left: a field from a tag is as wide as the tag, and the tick belongs where the tag
  // began, beside its label (centred, a long Adobe Sign tag put it 70 pt away).
  const left = box.x;
  const bottom = frame.height - box.y - box.height + (box.height - s) / 2;
  const thickness = Math.max(1, s / 8);
  const p1 = { x: left + s * 0.15, y: bottom + s * 0.5 };
  const p2 = { x: left + s * 0.4, y: bottom + s * 0.2 };
  const p3 = { x: left + s * 0.85, y: bottom + s * 0.85 };
  page.drawLine({ start: p1, end: p2, thickness, color: INK() });
  page.drawLine({ start: p2, end: p3, thickness, color: INK() });
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

/** Where a drawing's ink is, in its pixels (from the top-left). */
interface InkBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Drawing {
  image: PDFImage;
  /** Null when the whole image is to be fitted (no ink found, or too large to look through). */
  ink: InkBox | null;
}

/** Same bytes, same image: a signer's drawn signature on ten fields is embedded once. */
type ImageCache = Map<number, { png: Uint8Array; drawing: Promise<Drawing> }[]>;

/** FNV-1a over the bytes: the cache's bucket (equal bytes are then compared in full). */
function fnv1a(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** Images larger than this are fitted whole rather than decoded once more to find their ink. */
const MAX_INK_PIXELS = 4_000_000;

/**
 * The rectangle of a drawing's ink: pixels neither (nearly) transparent nor (nearly) white. A
 * signing pad gives its whole canvas, the signature somewhere in it with empty margins; fitting the
 * ink, not the canvas, makes the signature as large as its box and puts it on the box's bottom.
 */
export function inkBox(png: Uint8Array): InkBox | null {
  let decoded;
  try {
    decoded = UPNG.decode(png.slice().buffer);
    if (decoded.width * decoded.height > MAX_INK_PIXELS) return null;
  } catch {
    return null; // embedPng reports an unreadable PNG
  }
  const { width, height } = decoded;
  const rgba = new Uint8Array(UPNG.toRGBA8(decoded)[0]!);
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (rgba[i + 3]! < 16 || Math.min(rgba[i]!, rgba[i + 1]!, rgba[i + 2]!) > 240) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < 0) return null;
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

function embedOnce(doc: PDFDocument, images: ImageCache, png: Uint8Array): Promise<Drawing> {
  const key = fnv1a(png);
  const bucket = images.get(key) ?? [];
  const same = bucket.find((e) => e.png.length === png.length && e.png.every((b, i) => b === png[i]));
  if (same) return same.drawing;
  const drawing = doc.embedPng(png).then((image) => ({ image, ink: inkBox(png) }));
  bucket.push({ png, drawing });
  images.set(key, bucket);
  return drawing;
}

async function drawImage(
  doc: PDFDocument,
  images: ImageCache,
  page: PDFPage,
  frame: Frame,
  box: PageBox,
  png: Uint8Array,
): Promise<void> {
  let drawing;
  try {
    drawing = await embedOnce(doc, images, png);
  } catch (e) {
    throw new FlattenError(`a drawn signature is not a readable PNG: ${(e as Error).message}`);
  }
  const { image } = drawing;
  const ink = drawing.ink ?? { x: 0, y: 0, width: image.width, height: image.height };
  // The ink fitted inside the box keeping the drawing's proportions, standing on the box's bottom
  // (the line signed on) from its left edge (after the label), as a signature is written. The
  // empty canvas around the ink falls outside the box, where the caller's clip hides it.
  const scale = Math.min(box.width / ink.width, box.height / ink.height);
  const inkBottom = image.height - ink.y - ink.height; // pixels below the ink, PDF's y being up
  page.drawImage(image, {
    x: box.x - ink.x * scale,
    y: frame.height - box.y - box.height - inkBottom * scale,
    width: image.width * scale,
    height: image.height * scale,
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
        color: WHITE(),
      });
    }
    for (const f of fields) {
      const v = f.value;
      if (v === null || v === "") continue;
      const signature = f.type === "Signature" || f.type === "Initials";
      if (v instanceof Uint8Array && !signature) {
        throw new FlattenError(`a ${f.type} field takes text, not an image`);
      }
      // Whatever is drawn stays in the field's box: the sealed page shows nothing outside its fields.
      page.pushOperators(
        pushGraphicsState(),
        rectangle(f.x, frame.height - f.y - f.height, f.width, f.height),
        clip(),
        endPath(),
      );
      if (v instanceof Uint8Array) await drawImage(doc, images, page, frame, f, v);
      else if (f.type === "Checkbox") {
        if (CHECKED.has(v.trim().toLowerCase())) drawCheck(page, frame, f);
      } else if (signature) drawTypedSignature(page, frame, f, v, fonts.hand());
      else drawTextIn(page, frame, f, v, fonts.text(), INK());
      page.pushOperators(popGraphicsState());
    }
    page.pushOperators(popGraphicsState());
  }
  // Not in the document's own font list (see standardFont): written into it here.
  for (const font of [text, hand]) if (font) await (font as PDFFont).embed();
}
