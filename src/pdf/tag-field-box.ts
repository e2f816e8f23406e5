// The box of a field made from a text tag: it sits on the tag's line and in the free
// space around the tag, not a default-sized box hung from the tag's top-left corner (which, under a
// "Signature:" line, covered the "Name:" and "Title:" lines below it). Pure arithmetic on boxes in
// points from the page's visible top-left, y down; shared by the service (apply-detected-tags,
// templates) and the pane (the Fields step's boxes) so both place the same field. Browser-safe.
import { FIELD_SIZES, type TagType } from "../tags";
import { TEXT_ASCENT, TEXT_DESCENT } from "./geometry";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far a field keeps from the text around it, in points (so its border never touches a glyph). */
export const FIELD_MARGIN = 1;

/** The types whose field may grow upward into empty space above the tag's line. */
const GROWS_UP: ReadonlySet<TagType> = new Set<TagType>(["Signature", "Initials"]);

const round = (n: number) => Math.round(n * 100) / 100;
const bottomOf = (b: Box) => b.y + b.height;
const rightOf = (b: Box) => b.x + b.width;

/** Whether two boxes share an area (touching edges do not). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < rightOf(b) && b.x < rightOf(a) && a.y < bottomOf(b) && b.y < bottomOf(a);
}

/**
 * The field for a tag of `type` whose text box is `tag`, among the page's other text boxes
 * (`others`: the rest of the page's text, other tags included) on a page of `page` size:
 * - its left is the tag's, its bottom the tag's bottom (raised only to clear text of the next line
 *   that overlaps the tag's box);
 * - it is at least as wide as the tag, and grows right to the next text on the line, the type's
 *   usual width (FIELD_SIZES) or the page's right edge, whichever comes first;
 * - a Signature or Initials field grows upward into empty space, up to the type's usual height;
 *   the others are the line's height (the tag's own, so a field the pane stamped at the size the
 *   user gave it keeps that size);
 * - it covers no box of `others` that does not overlap the tag's own box.
 * An unparsed tag (`type` null) keeps its own box.
 */
export function tagFieldBox(
  tag: Box,
  type: TagType | null,
  others: readonly Box[],
  page: { width: number; height: number },
): Box {
  const left = Math.max(0, tag.x);
  const tagRight = Math.min(rightOf(tag), page.width);
  let top = Math.max(0, tag.y);
  let bottom = Math.min(bottomOf(tag), page.height);
  if (type === null || !(tagRight > left) || !(bottom > top)) return roundBox(tag);
  const usual = FIELD_SIZES[type];
  const tagBand = { x: left, y: top, width: tagRight - left, height: bottom - top };

  // Text of the lines above and below whose box reaches into the tag's (tight leading): the line
  // band shrinks to clear it, unless that would leave under half of the tag's height.
  let bandTop = top;
  let bandBottom = bottom;
  for (const o of others) {
    if (!intersects(o, tagBand)) continue;
    const above = o.y + o.height / 2 < top + (bottom - top) / 2;
    if (above) bandTop = Math.max(bandTop, bottomOf(o));
    else bandBottom = Math.min(bandBottom, o.y);
  }
  if (bandBottom - bandTop >= (bottom - top) / 2) {
    top = bandTop;
    bottom = bandBottom;
  }
  // What overlaps the tag's own box itself cannot be avoided by a field at least as wide as the tag.
  const clear = others.filter(
    (o) => !intersects(o, { x: left, y: top, width: tagRight - left, height: bottom - top }),
  );

  // Rightward along the line: up to the next text whose box shares the line's band.
  let right = Math.min(Math.max(tagRight, left + usual.width), page.width);
  for (const o of clear) {
    if (o.y < bottom && bottomOf(o) > top && rightOf(o) > tagRight && o.x < right) {
      right = Math.min(right, Math.max(tagRight, o.x - FIELD_MARGIN));
    }
  }
  // An obstacle starting inside the tag's span but beyond its band is handled by the height below.
  const lineHeight = bottom - top;
  let fieldTop: number;
  if (type && GROWS_UP.has(type)) {
    fieldTop = Math.max(0, bottom - Math.max(usual.height, lineHeight));
    for (const o of clear) {
      if (o.x < right && rightOf(o) > left && o.y < bottom && bottomOf(o) > fieldTop) {
        // Above the line (it does not share the band, or it would have stopped `right`).
        fieldTop = Math.max(fieldTop, Math.min(top, bottomOf(o) + FIELD_MARGIN));
      }
    }
    fieldTop = Math.min(fieldTop, top);
  } else {
    fieldTop = top;
  }
  const box = { x: left, y: fieldTop, width: right - left, height: bottom - fieldTop };
  return roundInside(box, clear);
}

/** To 1/100 pt (as tag boxes are), rounded inward where rounding out would touch a neighbour. */
function roundInside(box: Box, others: readonly Box[]): Box {
  const x = round(box.x);
  const y = round(box.y);
  const rounded = { x, y, width: round(rightOf(box) - x), height: round(bottomOf(box) - y) };
  if (!others.some((o) => intersects(o, rounded) && !intersects(o, box))) return rounded;
  const x2 = Math.ceil(box.x * 100) / 100;
  const y2 = Math.ceil(box.y * 100) / 100;
  return {
    x: x2,
    y: y2,
    width: Math.floor((rightOf(box) - x2) * 100) / 100,
    height: Math.floor((bottomOf(box) - y2) * 100) / 100,
  };
}

function roundBox(b: Box): Box {
  return { x: round(b.x), y: round(b.y), width: round(b.width), height: round(b.height) };
}

/**
 * The field for a tag read before fields were computed from the page (its other text unknown): the
 * tag's box, widened to the type's usual width within the page, its bottom on the tag's bottom, one
 * line high. Narrower than a computed field can be, never covering more than the tag's line.
 */
export function fallbackFieldBox(
  tag: Box,
  type: TagType | null,
  page: { width: number; height: number },
): Box {
  if (type === null) return roundBox(tag);
  const width = Math.max(tag.width, Math.min(FIELD_SIZES[type].width, page.width - tag.x));
  return roundBox({ x: tag.x, y: tag.y, width, height: tag.height });
}

/** The font size whose text box (TEXT_ASCENT over, TEXT_DESCENT under the baseline) is `height`. */
export function sizeOfTextBox(height: number): number {
  return height / (TEXT_ASCENT + TEXT_DESCENT);
}

/** What a detected tag carries about its field and the text around it (contract §6.2). */
export interface TagPlacement {
  field: Box;
  /** The font size of the document's text beside the tag on its line, at most 1.4 × the tag's height. */
  textSize: number;
  /** The y of the tag's baseline, points from the page's visible top. */
  baseline: number;
}

/** The largest text size a value may take: 1.4 times the tag's text height. */
export const TEXT_SIZE_CAP = 1.4;

/**
 * A stored tag with its placement: one stored without `field`, `textSize` or `baseline` gets them
 * estimated from its box (fallbackFieldBox, its own font size, its baseline where Helvetica's would
 * be).
 */
export function withPlacement<T extends Box & { type: TagType | null; page: number } & Partial<TagPlacement>>(
  tag: T,
  pages: readonly { width: number; height: number }[],
): T & TagPlacement {
  if (tag.field && typeof tag.textSize === "number" && typeof tag.baseline === "number")
    return tag as T & TagPlacement;
  const page = pages[tag.page - 1] ?? { width: Infinity, height: Infinity };
  const size = sizeOfTextBox(tag.height);
  return {
    ...tag,
    field: tag.field ?? fallbackFieldBox(tag, tag.type, page),
    textSize: tag.textSize ?? round(size),
    baseline: tag.baseline ?? round(tag.y + tag.height - TEXT_DESCENT * size),
  };
}
