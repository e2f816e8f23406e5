// Drawing text at a known place on the visible page, whatever the page's rotation, so tests can
// say where a tag is and check that detection finds it there.
import { PDFDocument, StandardFonts, degrees, type PDFFont, type PDFPage } from "pdf-lib";
import { fromTopLeft, geometryOfPage } from "../../src/pdf/geometry";

/** Helvetica's ascent and descent as fractions of the font size (its AFM). */
export const HELVETICA_ASCENT = 0.718;
export const HELVETICA_DESCENT = 0.207;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Draws `pieces` one after the other on one baseline that starts at (x, baseline) in points from
 * the page's visible top-left, upright as the reader sees the page. Each piece may have its own
 * font (a tag split over runs). Returns the glyphs' box, as the reader sees it.
 */
export function drawUpright(
  page: PDFPage,
  pieces: { text: string; font: PDFFont }[],
  at: { x: number; baseline: number; size?: number },
): Box {
  const g = geometryOfPage(page);
  const size = at.size ?? 12;
  let x = at.x;
  let top = Infinity;
  let bottom = -Infinity;
  for (const { text, font } of pieces) {
    const origin = fromTopLeft(g, x, at.baseline);
    page.drawText(text, { x: origin.x, y: origin.y, size, font, rotate: degrees(g.rotation) });
    x += font.widthOfTextAtSize(text, size);
    top = Math.min(top, at.baseline - font.heightAtSize(size, { descender: false }));
    bottom = Math.max(bottom, at.baseline + HELVETICA_DESCENT * size);
  }
  return { x: at.x, y: top, width: x - at.x, height: bottom - top };
}

export async function newDoc(): Promise<{
  doc: PDFDocument;
  helvetica: PDFFont;
  times: PDFFont;
  courier: PDFFont;
}> {
  const doc = await PDFDocument.create();
  return {
    doc,
    helvetica: await doc.embedFont(StandardFonts.Helvetica),
    times: await doc.embedFont(StandardFonts.TimesRoman),
    courier: await doc.embedFont(StandardFonts.Courier),
  };
}

/** A page of `doc` turned `rotation`°, with a tag and a tag split over two runs in two fonts. */
export function addTaggedPage(
  doc: PDFDocument,
  rotation: number,
  { helvetica, times }: { helvetica: PDFFont; times: PDFFont },
): PDFPage {
  const page = doc.addPage([612, 792]);
  page.setRotation(degrees(rotation));
  drawUpright(page, [{ text: "{{sig:1}}", font: helvetica }], { x: 72, baseline: 100 });
  drawUpright(
    page,
    [
      { text: "{{text:2;", font: helvetica },
      { text: "label=Amount due}}", font: times },
    ],
    { x: 200, baseline: 300, size: 11 },
  );
  return page;
}

/** Three pages turned 0, 90 and 180°, each with a tag and a tag split over two runs, and a blank page. */
export async function taggedDoc(): Promise<PDFDocument> {
  const { doc, ...fonts } = await newDoc();
  for (const rotation of [0, 90, 180]) addTaggedPage(doc, rotation, fonts);
  doc.addPage([300, 400]);
  return doc;
}

/** Asserts that `actual` is within `tolerance` points of `expected` on every side. */
export function expectNear(actual: Box, expected: Box, tolerance = 2): void {
  const sides = (b: Box) => ({ left: b.x, top: b.y, right: b.x + b.width, bottom: b.y + b.height });
  const a = sides(actual);
  const e = sides(expected);
  for (const side of ["left", "top", "right", "bottom"] as const) {
    if (Math.abs(a[side] - e[side]) > tolerance) {
      throw new Error(
        `${side} is ${a[side].toFixed(2)}, expected ${e[side].toFixed(2)} ±${tolerance}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`,
      );
    }
  }
}
