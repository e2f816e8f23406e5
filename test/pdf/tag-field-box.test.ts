import fc from "fast-check";
import { FIELD_SIZES, TAG_TYPES, type TagType } from "../../src/tags";
import {
  type Box,
  fallbackFieldBox,
  intersects,
  tagFieldBox,
  withPlacement,
} from "../../src/pdf/tag-field-box";

const LETTER = { width: 612, height: 792 };
const bottom = (b: Box) => b.y + b.height;
const right = (b: Box) => b.x + b.width;

/**
 * A signature block as the fixtures draw it (11 pt Helvetica, lines 16 pt apart, text boxes 11 pt
 * high): a heading, room for the signature, "Signature: {{sig:1}}", then "Name:", "Title:" lines.
 */
const heading = { x: 72, y: 140, width: 110, height: 11 };
const sigLabel = { x: 72, y: 184, width: 52, height: 11 };
const sigTag = { x: 125, y: 184, width: 57, height: 11 };
const nameLine = { x: 72, y: 200, width: 88, height: 11 };
const titleLine = { x: 72, y: 216, width: 90, height: 11 };
const block = [heading, sigLabel, nameLine, titleLine];

describe("tagFieldBox", () => {
  it("puts a signature on the tag's line, grown up into the empty space, clear of the lines below", () => {
    const field = tagFieldBox(sigTag, "Signature", block, LETTER);
    expect(field).toEqual({ x: 125, y: 155, width: 150, height: 40 });
    for (const text of block) expect(intersects(field, text)).toBe(false);
  });

  it("grows a signature up only to the text above it (keeping a point's margin)", () => {
    const close = { x: 72, y: 160, width: 300, height: 11 }; // 13 pt above the tag's top
    const field = tagFieldBox(sigTag, "Signature", [close, sigLabel, nameLine], LETTER);
    expect(field).toEqual({ x: 125, y: 172, width: 150, height: 23 });
  });

  it("never makes a signature lower than its line, even under text right above", () => {
    const touching = { x: 72, y: 172, width: 300, height: 12 }; // ends at the tag's top
    const field = tagFieldBox(sigTag, "Signature", [touching], LETTER);
    expect(field).toEqual({ x: 125, y: 184, width: 150, height: 11 });
  });

  it("grows right up to the next text on the line, a point short of it", () => {
    const date = { x: 230, y: 184, width: 25, height: 11 };
    const field = tagFieldBox(sigTag, "Signature", [...block, date], LETTER);
    expect(field).toMatchObject({ x: 125, width: 104 });
    expect(bottom(field)).toBe(bottom(sigTag));
  });

  it("is as wide as the tag when the next text follows right after it", () => {
    const next = { x: 182.5, y: 184, width: 40, height: 11 };
    const field = tagFieldBox(sigTag, "Name", [next], LETTER);
    expect(field).toEqual({ ...sigTag });
  });

  it("keeps a tag wider than the usual width its own width", () => {
    const wide = { x: 72, y: 300, width: 200, height: 11 };
    expect(tagFieldBox(wide, "Date", [], LETTER)).toEqual(wide);
  });

  it("stops at the page's right edge", () => {
    const tag = { x: 540, y: 300, width: 40, height: 11 };
    expect(tagFieldBox(tag, "Text", [], LETTER)).toEqual({ x: 540, y: 300, width: 72, height: 11 });
  });

  it("gives text types the line's height: the tag's own, however tall", () => {
    expect(tagFieldBox({ x: 72, y: 300, width: 40, height: 11 }, "Name", [], LETTER)).toMatchObject({
      y: 300,
      height: 11,
    });
    // 24 pt type (or a field the pane stamped 24 pt tall): the tag's place, not the usual 20.
    expect(tagFieldBox({ x: 72, y: 300, width: 40, height: 24 }, "Name", [], LETTER)).toMatchObject({
      y: 300,
      height: 24,
    });
  });

  it("rises off a next line whose box reaches into the tag's (tight leading)", () => {
    const tag = { x: 72, y: 300, width: 40, height: 11 };
    const below = { x: 60, y: 309, width: 200, height: 11 };
    const field = tagFieldBox(tag, "Text", [below], LETTER);
    expect(field).toEqual({ x: 72, y: 300, width: 150, height: 9 });
    expect(intersects(field, below)).toBe(false);
  });

  it("leaves an unparsed tag its own box", () => {
    expect(tagFieldBox(sigTag, null, block, LETTER)).toEqual(sigTag);
  });

  const tagType = fc.constantFrom(...TAG_TYPES.map((t) => t.type));
  /** A box on the 1/100 pt grid (as find-tags rounds), within a page of `page` size. */
  const boxOn = (page: { width: number; height: number }, maxW: number, maxH: number) =>
    fc
      .record({
        x: fc.integer({ min: 0, max: Math.round(page.width * 100) - 100 }),
        y: fc.integer({ min: 0, max: Math.round(page.height * 100) - 100 }),
        w: fc.integer({ min: 100, max: maxW * 100 }),
        h: fc.integer({ min: 100, max: maxH * 100 }),
      })
      .map(({ x, y, w, h }) => ({
        x: x / 100,
        y: y / 100,
        width: Math.min(w, page.width * 100 - x) / 100,
        height: Math.min(h, page.height * 100 - y) / 100,
      }));
  const scene = fc
    .record({ width: fc.integer({ min: 100, max: 1200 }), height: fc.integer({ min: 100, max: 1200 }) })
    .chain((page) =>
      fc.record({
        page: fc.constant(page),
        type: tagType,
        tag: boxOn(page, 250, 30),
        others: fc.array(boxOn(page, 300, 30), { maxLength: 40 }),
        // Text near the tag, where it matters most: beside it, above and below it.
        near: fc.array(
          fc.record({
            dx: fc.integer({ min: -5000, max: 25000 }),
            dy: fc.integer({ min: -5000, max: 3000 }),
            w: fc.integer({ min: 50, max: 20000 }),
            h: fc.integer({ min: 50, max: 2000 }),
          }),
          { maxLength: 12 },
        ),
      }),
    );

  it("never covers other text, stands on the tag's line, is at least the tag's width, stays on the page", () => {
    fc.assert(
      fc.property(scene, ({ page, type, tag, others, near }) => {
        const around = near.map((n) => ({
          x: tag.x + n.dx / 100,
          y: tag.y + n.dy / 100,
          width: n.w / 100,
          height: n.h / 100,
        }));
        // Page text does not overlap the tag's own text.
        const text = [...others, ...around].filter((o) => !intersects(o, tag));
        const field = tagFieldBox(tag, type, text, page);
        for (const o of text) expect(intersects(field, o)).toBe(false);
        expect(bottom(field)).toBeLessThanOrEqual(bottom(tag) + 3);
        expect(bottom(field)).toBeGreaterThanOrEqual(bottom(tag) - 0.011);
        expect(field.x).toBe(tag.x);
        expect(field.width).toBeGreaterThanOrEqual(tag.width - 0.011);
        expect(field.width).toBeLessThanOrEqual(Math.max(tag.width, FIELD_SIZES[type].width) + 0.011);
        expect(field.height).toBeLessThanOrEqual(Math.max(tag.height, FIELD_SIZES[type].height) + 0.011);
        expect(field.height).toBeGreaterThan(0);
        expect(field.y).toBeGreaterThanOrEqual(0);
        expect(right(field)).toBeLessThanOrEqual(page.width + 0.011);
        if (type !== "Signature" && type !== "Initials")
          expect(field.y).toBeGreaterThanOrEqual(tag.y - 0.011);
      }),
      { numRuns: 500 },
    );
  });
});

describe("tags stored before fields fitted their place", () => {
  const stored = {
    ...sigTag,
    type: "Signature" as TagType | null,
    page: 1,
  };

  it("get the tag's box widened to the usual width, bottom on the tag's bottom", () => {
    expect(fallbackFieldBox(sigTag, "Signature", LETTER)).toEqual({ x: 125, y: 184, width: 150, height: 11 });
    const nearEdge = { x: 580, y: 184, width: 20, height: 11 };
    expect(fallbackFieldBox(nearEdge, "Signature", LETTER)).toEqual({ ...nearEdge, width: 32 });
  });

  it("read with withPlacement: a field, the tag's own text size and its baseline", () => {
    expect(withPlacement(stored, [LETTER])).toEqual({
      ...stored,
      field: { x: 125, y: 184, width: 150, height: 11 },
      textSize: 11,
      baseline: 192.25,
    });
  });

  it("keep what they have, and do not fail on a page the document does not have", () => {
    const placed = { ...stored, field: { x: 1, y: 2, width: 3, height: 4 }, textSize: 9, baseline: 190 };
    expect(withPlacement(placed, [LETTER])).toBe(placed);
    expect(withPlacement({ ...stored, page: 7 }, [LETTER]).field).toEqual({
      x: 125,
      y: 184,
      width: 150,
      height: 11,
    });
  });
});
