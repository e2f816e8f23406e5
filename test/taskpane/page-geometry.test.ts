/**
 * @jest-environment ./test/leak-guard/jsdom-environment.js
 */
/**
 * The Fields step's page preview geometry (src/taskpane/send/page-geometry.ts, issue 28.12): a
 * pointer on the shown page is the same PDF point at every zoom, and a tag's badge sits beside its
 * field, never on it, never off the page, and off the text around it.
 */
import {
  BADGE_GAP,
  FIT_WIDTH,
  ZOOM_LEVELS,
  badgePlacement,
  nextZoom,
  overlaps,
  toPagePoint,
  toPixels,
  type Rect,
} from "../../src/taskpane/send/page-geometry";

const LETTER = { width: 612, height: 792 };

describe("toPagePoint", () => {
  test.each([0.5, 0.75, 1, 1.5, 2, 3])(
    "at zoom %p, scrolled or not, a point on the page maps to the same PDF point",
    (zoom) => {
      const fitted = 300; // pane width in pixels
      const width = fitted * zoom;
      const height = (width * LETTER.height) / LETTER.width;
      const point = { x: 200, y: 520 }; // points
      for (const scroll of [
        { x: 0, y: 0 },
        { x: 150, y: 400 },
      ]) {
        // getBoundingClientRect of a page scrolled inside its preview: left and top move, size stays.
        const shown = { left: 10 - scroll.x, top: 120 - scroll.y, width, height };
        const clientX = shown.left + (point.x * width) / LETTER.width;
        const clientY = shown.top + (point.y * height) / LETTER.height;
        const at = toPagePoint(clientX, clientY, shown, LETTER);
        expect(at.x).toBeCloseTo(point.x, 6);
        expect(at.y).toBeCloseTo(point.y, 6);
      }
    },
  );

  test("in a jsdom element whose box is zoomed: corners map to the page's corners", () => {
    const element = document.createElement("div");
    document.body.append(element);
    for (const zoom of [1, 2, 3]) {
      const box = { left: 5, top: 50, width: 300 * zoom, height: (300 * zoom * 792) / 612 };
      element.getBoundingClientRect = () =>
        ({
          ...box,
          x: box.left,
          y: box.top,
          right: box.left + box.width,
          bottom: box.top + box.height,
        }) as DOMRect;
      const rect = element.getBoundingClientRect();
      expect(toPagePoint(rect.left, rect.top, rect, LETTER)).toEqual({ x: 0, y: 0 });
      const far = toPagePoint(rect.right, rect.bottom, rect, LETTER);
      expect(far.x).toBeCloseTo(612, 6);
      expect(far.y).toBeCloseTo(792, 6);
    }
    element.remove();
  });

  test("a page not laid out yet (no width) gives points as pixels, not NaN", () => {
    expect(toPagePoint(30, 40, { left: 0, top: 0, width: 0, height: 0 }, LETTER)).toEqual({ x: 30, y: 40 });
  });
});

describe("zoom steps", () => {
  test("in and out walk the steps and stop at the ends; fit width is 1", () => {
    expect(FIT_WIDTH).toBe(1);
    expect(nextZoom(1, 1)).toBe(1.5);
    expect(nextZoom(1.5, -1)).toBe(1);
    expect(nextZoom(1, -1)).toBe(0.75);
    expect(nextZoom(ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!, 1)).toBe(3);
    expect(nextZoom(ZOOM_LEVELS[0], -1)).toBe(0.5);
    expect(nextZoom(1.2, 1)).toBe(1.5);
  });
});

describe("badgePlacement", () => {
  const badge = { width: 14, height: 14 };
  // The MSA's page 2 at 320 px (0.49 px per point): "Name: {{name:1}}" and its neighbours.
  const k = 300 / 612;
  const page = { width: 612 * k, height: 792 * k };
  const labels: Rect[] = [
    { x: 72, y: 141, width: 50, height: 10 }, // Signature:
    { x: 72, y: 157, width: 32, height: 10 }, // Name:
    { x: 72, y: 173, width: 24, height: 10 }, // Title:
  ].map((b) => toPixels(b, k));
  const nameField = toPixels({ x: 107, y: 157, width: 150, height: 10 }, k);

  test("a field on a line beside its label: the badge to its right, clear of the field and the labels", () => {
    const at = badgePlacement(nameField, badge, page, labels);
    expect(at.side).toBe("right");
    expect(overlaps(at, nameField)).toBe(false);
    expect(labels.some((l) => overlaps(at, l))).toBe(false);
    expect(at.x).toBeCloseTo(nameField.x + nameField.width + BADGE_GAP, 6);
  });

  test("at the page's right edge: above, never clipped", () => {
    const edge = { x: page.width - 40, y: 100, width: 40, height: 10 };
    const at = badgePlacement(edge, badge, page);
    expect(at.side).toBe("above");
    expect(overlaps(at, edge)).toBe(false);
    expect(at.x + at.width).toBeLessThanOrEqual(page.width);
    expect(at.y).toBeGreaterThanOrEqual(0);
  });

  test("in the page's top right corner: below", () => {
    const corner = { x: page.width - 40, y: 0, width: 40, height: 10 };
    const at = badgePlacement(corner, badge, page);
    expect(at.side).toBe("below");
    expect(overlaps(at, corner)).toBe(false);
    expect(at.x + at.width).toBeLessThanOrEqual(page.width);
  });

  test("text to the right: the next free side, left last (where labels are)", () => {
    const field = { x: 100, y: 100, width: 50, height: 10 };
    const right = { x: 152, y: 95, width: 60, height: 20 };
    expect(badgePlacement(field, badge, page, [right]).side).toBe("above");
    const above = { x: 90, y: 80, width: 100, height: 19 };
    expect(badgePlacement(field, badge, page, [right, above]).side).toBe("below");
    const below = { x: 90, y: 111, width: 100, height: 19 };
    expect(badgePlacement(field, badge, page, [right, above, below]).side).toBe("left");
  });

  test("crowded on every side: the least covered side, still off the field and on the page", () => {
    const field = { x: 100, y: 100, width: 50, height: 10 };
    const around = [
      { x: 152, y: 90, width: 60, height: 30 },
      { x: 80, y: 80, width: 100, height: 19 },
      { x: 80, y: 111, width: 100, height: 4 }, // only a sliver below
      { x: 60, y: 90, width: 39, height: 30 },
    ];
    const at = badgePlacement(field, badge, page, around);
    expect(at.side).toBe("below");
    expect(overlaps(at, field)).toBe(false);
  });

  test("wide badges of placed fields keep inside the page at every zoom", () => {
    for (const zoom of [0.5, 1, 2, 3]) {
      const s = k * zoom;
      const p = { width: 612 * s, height: 792 * s };
      for (const fieldPt of [
        { x: 0, y: 0, width: 150, height: 40 },
        { x: 462, y: 752, width: 150, height: 40 },
        { x: 300, y: 400, width: 150, height: 20 },
      ]) {
        const field = toPixels(fieldPt, s);
        const at = badgePlacement(field, { width: 72, height: 14 }, p);
        expect(overlaps(at, field)).toBe(false);
        expect(at.x).toBeGreaterThanOrEqual(0);
        expect(at.y).toBeGreaterThanOrEqual(0);
        expect(at.x + at.width).toBeLessThanOrEqual(p.width + 1e-6);
        expect(at.y + at.height).toBeLessThanOrEqual(p.height + 1e-6);
      }
    }
  });
});
