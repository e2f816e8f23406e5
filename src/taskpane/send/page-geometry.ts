/**
 * Geometry of the page preview in the Send view's Fields step: the zoom steps, where a
 * pointer on the shown page is in PDF points (the same at every zoom), and where a field's badge goes
 * so that it covers neither the field nor the document's text beside it. Pure: tested without a browser.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Zoom steps, as a share of the pane's width ("fit width" is 1). */
export const ZOOM_LEVELS = [0.5, 0.75, 1, 1.5, 2, 3] as const;
export const FIT_WIDTH = 1;

/** The next zoom step in `direction` (+1 in, -1 out) from `zoom`, staying at the ends. */
export function nextZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_LEVELS.find((z) => z > zoom + 1e-9) ?? ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!;
  return [...ZOOM_LEVELS].reverse().find((z) => z < zoom - 1e-9) ?? ZOOM_LEVELS[0];
}

/**
 * A pointer at (clientX, clientY) on a page drawn in `shown` (its on-screen box, as
 * getBoundingClientRect gives it: scrolled and zoomed) as points from the page's top-left, y down,
 * on a page of `size` points. The shown box is all that zoom and scrolling change, so this holds at
 * every zoom.
 */
export function toPagePoint(
  clientX: number,
  clientY: number,
  shown: { left: number; top: number; width: number; height: number },
  size: { width: number; height: number },
): { x: number; y: number } {
  const kx = size.width / (shown.width || size.width);
  const ky = size.height / (shown.height || size.height);
  return { x: (clientX - shown.left) * kx, y: (clientY - shown.top) * ky };
}

/** A box in points as pixels on a page shown `pixelsPerPoint` times its size. */
export const toPixels = (box: Rect, pixelsPerPoint: number): Rect => ({
  x: box.x * pixelsPerPoint,
  y: box.y * pixelsPerPoint,
  width: box.width * pixelsPerPoint,
  height: box.height * pixelsPerPoint,
});

/** Whether two boxes share an area (touching edges do not). */
export const overlaps = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const overlapArea = (a: Rect, b: Rect): number =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** Space between a field's outline and its badge, pixels. */
export const BADGE_GAP = 2;

export type BadgeSide = "right" | "above" | "below" | "left";

/**
 * Where a badge of `badge` size (pixels) goes beside the field `box` (pixels, on a page of `page`
 * pixels), outside the box and inside the page, away from the boxes in `avoid` (the other fields,
 * the tags' own text, badges already placed). A tag's field sits on its line right of its label
 * ("Signature: [field]"), so the space to its right is usually empty and is tried first; then above
 * (left-aligned), below, and left (where the label usually is). When every side touches something,
 * the side with the least overlap wins; a badge never covers its own field and is never clipped.
 */
export function badgePlacement(
  box: Rect,
  badge: { width: number; height: number },
  page: { width: number; height: number },
  avoid: readonly Rect[] = [],
): Rect & { side: BadgeSide } {
  const { width: w, height: h } = badge;
  const clampX = (x: number) => Math.max(0, Math.min(page.width - w, x));
  const clampY = (y: number) => Math.max(0, Math.min(page.height - h, y));
  const right = box.x + box.width + BADGE_GAP;
  const left = box.x - w - BADGE_GAP;
  const middle = clampY(box.y + box.height / 2 - h / 2);
  const above = box.y - h - BADGE_GAP;
  const below = box.y + box.height + BADGE_GAP;
  // On each side, centred or along one end: a badge taller than a line of small text (a page
  // shown narrow) then slides up or down, clear of the fields of the lines around.
  const candidates: { side: BadgeSide; x: number; y: number }[] = [
    { side: "right", x: right, y: middle },
    { side: "right", x: right, y: clampY(box.y) },
    { side: "right", x: right, y: clampY(box.y + box.height - h) },
    { side: "above", x: clampX(box.x), y: above },
    { side: "above", x: clampX(box.x + box.width - w), y: above },
    { side: "below", x: clampX(box.x), y: below },
    { side: "below", x: clampX(box.x + box.width - w), y: below },
    { side: "left", x: left, y: middle },
    { side: "left", x: left, y: clampY(box.y) },
    { side: "left", x: left, y: clampY(box.y + box.height - h) },
  ];
  const inPage = candidates
    .map((c) => ({ ...c, width: w, height: h }))
    .filter(
      (c) => c.x >= -0.01 && c.y >= -0.01 && c.x + w <= page.width + 0.01 && c.y + h <= page.height + 0.01,
    )
    .filter((c) => !overlaps(c, box));
  const cost = (c: Rect) => avoid.reduce((sum, a) => sum + overlapArea(c, a), 0);
  let best: (Rect & { side: BadgeSide }) | null = null;
  let bestCost = Infinity;
  for (const c of inPage) {
    const k = cost(c);
    if (k < bestCost - 1e-6) {
      best = c;
      bestCost = k;
    }
    if (k === 0) break; // first free side, in order of preference
  }
  if (best) return best;
  // A field as big as the page: no side outside it is on the page; its top-left corner inside then.
  return { side: "above", x: clampX(box.x), y: clampY(box.y), width: w, height: h };
}
