// Page geometry: what a reader sees of a page, and the mapping between PDF user space (origin at
// the bottom-left of the MediaBox, y up, before /Rotate) and "points from the page's visible
// top-left" (y down, after /Rotate and the CropBox), which is how the contract (§6.2, §6.4)
// places everything. Pure arithmetic, shared by the pane and the service.

export type Rotation = 0 | 90 | 180 | 270;

/** A rectangle in PDF user space: lower-left corner and size. */
export interface UserRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A rectangle in points from the visible top-left of a page, y down. */
export interface TopLeftRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageGeometry {
  /** The visible box (the CropBox, else the MediaBox) in user space, normalised. */
  box: UserRect;
  /** /Rotate, normalised to 0, 90, 180 or 270 (the page is shown turned clockwise by it). */
  rotation: Rotation;
  /** Visible width in points, after rotation (the box's height for 90 and 270). */
  width: number;
  /** Visible height in points, after rotation. */
  height: number;
}

/**
 * /Rotate as one of the four legal values. The PDF spec requires a multiple of 90; negative and
 * over-360 values occur in the wild and mean the same as their remainder. Anything else is read as
 * 0, as viewers do.
 */
export function normaliseRotation(angle: number): Rotation {
  if (!Number.isFinite(angle) || angle % 90 !== 0) return 0;
  return (((angle % 360) + 360) % 360) as Rotation;
}

/** A box given by any two opposite corners, as PDF arrays may be, made lower-left + size. */
export function normaliseBox(x1: number, y1: number, x2: number, y2: number): UserRect {
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}

export function pageGeometry(box: UserRect, rotate: number): PageGeometry {
  const b = normaliseBox(box.x, box.y, box.x + box.width, box.y + box.height);
  const rotation = normaliseRotation(rotate);
  const turned = rotation === 90 || rotation === 270;
  return { box: b, rotation, width: turned ? b.height : b.width, height: turned ? b.width : b.height };
}

/** A user-space point as points from the visible top-left. */
export function toTopLeft(g: PageGeometry, ux: number, uy: number): { x: number; y: number } {
  const { x: x0, y: y0, width: w, height: h } = g.box;
  const x1 = x0 + w;
  const y1 = y0 + h;
  switch (g.rotation) {
    case 0:
      return { x: ux - x0, y: y1 - uy };
    case 90: // the box's left edge is shown at the top
      return { x: uy - y0, y: ux - x0 };
    case 180:
      return { x: x1 - ux, y: uy - y0 };
    case 270: // the box's right edge is shown at the top
      return { x: y1 - uy, y: x1 - ux };
  }
}

/** A point given from the visible top-left, in user space. */
export function fromTopLeft(g: PageGeometry, x: number, y: number): { x: number; y: number } {
  const { x: x0, y: y0, width: w, height: h } = g.box;
  const x1 = x0 + w;
  const y1 = y0 + h;
  switch (g.rotation) {
    case 0:
      return { x: x0 + x, y: y1 - y };
    case 90:
      return { x: x0 + y, y: y0 + x };
    case 180:
      return { x: x1 - x, y: y0 + y };
    case 270:
      return { x: x1 - y, y: y1 - x };
  }
}

function boundsOf(points: { x: number; y: number }[]): {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
} {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
}

/** A user-space rectangle as seen on the page (its visible bounding box). */
export function rectToTopLeft(g: PageGeometry, r: UserRect): TopLeftRect {
  const b = boundsOf([toTopLeft(g, r.x, r.y), toTopLeft(g, r.x + r.width, r.y + r.height)]);
  return { x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY };
}

/** A rectangle placed on the visible page, in user space. */
export function rectFromTopLeft(g: PageGeometry, r: TopLeftRect): UserRect {
  const b = boundsOf([fromTopLeft(g, r.x, r.y), fromTopLeft(g, r.x + r.width, r.y + r.height)]);
  return { x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY };
}

/**
 * The box a line of text occupies, as fractions of its font size above and below the baseline.
 * find-tags reports a tag's rectangle with these, and stamp-tags sizes its text with them, so a
 * stamped tag is found again exactly where it was stamped. Helvetica reaches 0.718 up and 0.207
 * down, inside this box.
 */
export const TEXT_ASCENT = 0.75;
export const TEXT_DESCENT = 0.25;

/**
 * The angle, in degrees counter-clockwise in user space, at which text must be drawn so that it
 * reads left to right on the visible (rotated) page.
 */
export function uprightTextAngle(g: PageGeometry): number {
  return g.rotation;
}

/**
 * The part of the page a reader sees: the CropBox clipped to the MediaBox (PDF 32000-1 §14.11.2),
 * as pdf.js computes its `view`. An empty CropBox, or one outside the MediaBox, shows the
 * MediaBox. The service reads pages with pdf.js and the pane with pdf-lib; both must see the same
 * page, or a tag stamped by one would be found elsewhere by the other.
 */
export function visibleBox(mediaBox: UserRect, cropBox: UserRect): UserRect {
  const media = normaliseBox(
    mediaBox.x,
    mediaBox.y,
    mediaBox.x + mediaBox.width,
    mediaBox.y + mediaBox.height,
  );
  const crop = normaliseBox(cropBox.x, cropBox.y, cropBox.x + cropBox.width, cropBox.y + cropBox.height);
  const x = Math.max(media.x, crop.x);
  const y = Math.max(media.y, crop.y);
  const width = Math.min(media.x + media.width, crop.x + crop.width) - x;
  const height = Math.min(media.y + media.height, crop.y + crop.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : media;
}

/** The geometry of a pdf-lib page (structural type, so this module does not import pdf-lib). */
export function geometryOfPage(page: {
  getMediaBox(): UserRect;
  getCropBox(): UserRect;
  getRotation(): { angle: number };
}): PageGeometry {
  // pdf-lib gives the MediaBox for a missing CropBox, and throws without either (inspectPdf refuses
  // such a page). A page with a CropBox but no MediaBox, which the spec does not allow, is measured
  // by its CropBox alone rather than refused.
  const crop = page.getCropBox();
  let media: UserRect;
  try {
    media = page.getMediaBox();
  } catch {
    media = crop;
  }
  return pageGeometry(visibleBox(media, crop), page.getRotation().angle);
}
