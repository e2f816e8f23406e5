import fc from "fast-check";
import { PDFDocument, degrees } from "pdf-lib";
import {
  fromTopLeft,
  geometryOfPage,
  normaliseRotation,
  pageGeometry,
  rectFromTopLeft,
  rectToTopLeft,
  toTopLeft,
  visibleBox,
} from "../../src/pdf/geometry";

describe("normaliseRotation", () => {
  it.each([
    [0, 0],
    [90, 90],
    [-90, 270],
    [450, 90],
    [720, 0],
    [45, 0],
    [Number.NaN, 0],
  ])("%p → %p", (input, expected) => {
    expect(normaliseRotation(input)).toBe(expected);
  });
});

describe("pageGeometry", () => {
  it("swaps width and height for 90 and 270", () => {
    const box = { x: 10, y: 20, width: 300, height: 500 };
    expect(pageGeometry(box, 0)).toMatchObject({ width: 300, height: 500 });
    expect(pageGeometry(box, 90)).toMatchObject({ width: 500, height: 300 });
    expect(pageGeometry(box, 180)).toMatchObject({ width: 300, height: 500 });
    expect(pageGeometry(box, 270)).toMatchObject({ width: 500, height: 300 });
  });

  it("normalises a box given with negative size", () => {
    expect(pageGeometry({ x: 100, y: 100, width: -50, height: -20 }, 0).box).toEqual({
      x: 50,
      y: 80,
      width: 50,
      height: 20,
    });
  });
});

describe("top-left mapping", () => {
  // The box's corners in user space, named by where they sit before rotation.
  const box = { x: 10, y: 20, width: 200, height: 100 };
  const BL = { x: 10, y: 20 };
  const TL = { x: 10, y: 120 };
  const TR = { x: 210, y: 120 };
  const BR = { x: 210, y: 20 };

  it.each([
    // Which user-space corner is shown at the visible top-left, for each clockwise rotation.
    [0, TL],
    [90, BL],
    [180, BR],
    [270, TR],
  ] as const)("rotation %p shows the right corner at the top-left", (rotation, corner) => {
    const g = pageGeometry(box, rotation);
    expect(toTopLeft(g, corner.x, corner.y)).toEqual({ x: 0, y: 0 });
  });

  it.each([0, 90, 180, 270])(
    "rotation %p: the corner a quarter turn clockwise is at the top-right",
    (rotation) => {
      const g = pageGeometry(box, rotation);
      // Turning clockwise, the top-left corner of an unrotated page moves to the top-right.
      const corners = [TL, TR, BR, BL];
      const shownTopLeft = corners[(4 - rotation / 90) % 4]!;
      const shownTopRight = corners[(corners.indexOf(shownTopLeft) + 1) % 4]!;
      expect(toTopLeft(g, shownTopRight.x, shownTopRight.y)).toEqual({ x: g.width, y: 0 });
    },
  );

  it("round-trips points and rectangles for every rotation", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 90, 180, 270),
        fc.record({
          x: fc.integer({ min: -500, max: 500 }),
          y: fc.integer({ min: -500, max: 500 }),
          width: fc.integer({ min: 1, max: 2000 }),
          height: fc.integer({ min: 1, max: 2000 }),
        }),
        fc.record({
          x: fc.double({ min: 0, max: 1, noNaN: true }),
          y: fc.double({ min: 0, max: 1, noNaN: true }),
        }),
        (rotation, b, p) => {
          const g = pageGeometry(b, rotation);
          const x = p.x * g.width;
          const y = p.y * g.height;
          const user = fromTopLeft(g, x, y);
          const back = toTopLeft(g, user.x, user.y);
          expect(back.x).toBeCloseTo(x, 6);
          expect(back.y).toBeCloseTo(y, 6);
          const rect = { x, y, width: 10, height: 5 };
          const rBack = rectToTopLeft(g, rectFromTopLeft(g, rect));
          expect(rBack.x).toBeCloseTo(rect.x, 6);
          expect(rBack.y).toBeCloseTo(rect.y, 6);
          expect(rBack.width).toBeCloseTo(10, 6);
          expect(rBack.height).toBeCloseTo(5, 6);
          // Every visible point lies inside the box.
          expect(user.x).toBeGreaterThanOrEqual(g.box.x - 1e-9);
          expect(user.x).toBeLessThanOrEqual(g.box.x + g.box.width + 1e-9);
          expect(user.y).toBeGreaterThanOrEqual(g.box.y - 1e-9);
          expect(user.y).toBeLessThanOrEqual(g.box.y + g.box.height + 1e-9);
        },
      ),
    );
  });

  it("a rectangle on a 90° page keeps its visible size (width and height exchange in user space)", () => {
    const g = pageGeometry({ x: 0, y: 0, width: 612, height: 792 }, 90);
    const user = rectFromTopLeft(g, { x: 100, y: 50, width: 120, height: 20 });
    expect(user).toEqual({ x: 50, y: 100, width: 20, height: 120 });
  });
});

describe("geometryOfPage", () => {
  it("reads a pdf-lib page's CropBox and /Rotate", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([600, 800]);
    page.setCropBox(50, 100, 400, 500);
    page.setRotation(degrees(270));
    const g = geometryOfPage(page);
    expect(g.box).toEqual({ x: 50, y: 100, width: 400, height: 500 });
    expect(g).toMatchObject({ rotation: 270, width: 500, height: 400 });
  });

  it("clips the CropBox to the MediaBox, as pdf.js and the PDF spec do", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([600, 800]);
    page.setCropBox(300, -100, 600, 500);
    expect(geometryOfPage(page).box).toEqual({ x: 300, y: 0, width: 300, height: 400 });
  });
});

describe("visibleBox", () => {
  const media = { x: 0, y: 0, width: 600, height: 800 };

  it("is the CropBox inside the MediaBox, given by any two corners", () => {
    expect(visibleBox(media, { x: 100, y: 100, width: 300, height: 400 })).toEqual({
      x: 100,
      y: 100,
      width: 300,
      height: 400,
    });
    expect(visibleBox(media, { x: 400, y: 500, width: -300, height: -400 })).toEqual({
      x: 100,
      y: 100,
      width: 300,
      height: 400,
    });
  });

  it("is the MediaBox for an empty CropBox or one outside it", () => {
    expect(visibleBox(media, { x: 10, y: 10, width: 0, height: 100 })).toEqual(media);
    expect(visibleBox(media, { x: 700, y: 0, width: 100, height: 100 })).toEqual(media);
  });
});
