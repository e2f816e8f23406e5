/**
 * @jest-environment ./test/leak-guard/node-environment.js
 */
/**
 * The Send view's Fields step in Chromium (issue 28.12), set up as send-view-more.test.ts (the real
 * task pane bundle under the workbench's simulated Outlook, the real service): Send → the message's
 * two PDFs → Fields.
 *
 * - the tags already in the MSA (its page 2: "Signature: {{sig:1:req}}", "Name: {{name:1}}", …) are
 *   thin dashed outlines with no fill, and each badge is outside its outline, inside the page, and
 *   over none of the page's words (their boxes from pdf.js in Node): the labels stay readable;
 * - the page fills the pane at 320 px and at 500 px; zoom in/out/fit width by button and by key;
 * - a field dropped at 200 % lands, on the service, where it was clicked (within 2 points);
 * - screenshots: test/artifacts/fields-step-{320,500,320-zoom}.png.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { loadPdfJs } from "../../src/pdf/find-tags";
import {
  ARTIFACTS,
  ROOT,
  checkScreen,
  eventually,
  openDocument,
  settled,
  skipBrowser,
  useSendStack,
} from "./send-browser-setup";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The words of `page` of the fixture `file`, boxes in points from the top-left. */
async function wordsOf(file: string, page: number): Promise<(Box & { text: string })[]> {
  const pdfjs = await loadPdfJs();
  const data = new Uint8Array(readFileSync(path.join(ROOT, "test", "fixtures", file)));
  const doc = await pdfjs.getDocument({ data, verbosity: 0 }).promise;
  try {
    const p = await doc.getPage(page);
    const viewport = p.getViewport({ scale: 1 });
    const content = await p.getTextContent();
    return content.items.flatMap((item) => {
      if (!("str" in item) || !item.str.trim()) return [];
      const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]) as [
        number,
        number,
      ];
      // The baseline is at y; the glyphs rise about their size above it.
      return [{ text: item.str, x, y: y - item.height * 0.8, width: item.width, height: item.height }];
    });
  } finally {
    await doc.destroy();
  }
}

/** Each tag's outline and badge, on screen, as points on the page. */
async function tagBoxes(page: Page): Promise<{ outline: Box; badge: Box; style: string; fill: string }[]> {
  const pageBox = (await page.getByTestId("send-page").boundingBox())!;
  const k = Number(await page.getByTestId("send-page").getAttribute("data-page-width")) / pageBox.width;
  const toPt = (b: Box): Box => ({
    x: (b.x - pageBox.x) * k,
    y: (b.y - pageBox.y) * k,
    width: b.width * k,
    height: b.height * k,
  });
  const boxes = await page.getByTestId("send-tag-box").evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      const b = e.querySelector('[data-testid="send-tag-badge"]')!.getBoundingClientRect();
      const s = getComputedStyle(e);
      return {
        outline: { x: r.x, y: r.y, width: r.width, height: r.height },
        badge: { x: b.x, y: b.y, width: b.width, height: b.height },
        style: `${s.borderTopStyle} ${s.borderTopWidth}`,
        fill: s.backgroundColor,
      };
    }),
  );
  return boxes.map((b) => ({ ...b, outline: toPt(b.outline), badge: toPt(b.badge) }));
}

/** The tags' outlines are thin and unfilled; each badge is outside its outline, on the page, off the words. */
async function expectReadableTags(page: Page, words: (Box & { text: string })[], size: Box): Promise<void> {
  const boxes = await tagBoxes(page);
  expect(boxes.length).toBe(8);
  const placed: Box[] = [];
  for (const b of boxes) {
    expect({ style: b.style, fill: b.fill }).toEqual({ style: "dashed 1px", fill: "rgba(0, 0, 0, 0)" });
    expect(overlaps(b.badge, b.outline)).toBe(false);
    // Inside the page (half a point of rounding).
    expect(b.badge.x).toBeGreaterThanOrEqual(-0.5);
    expect(b.badge.y).toBeGreaterThanOrEqual(-0.5);
    expect(b.badge.x + b.badge.width).toBeLessThanOrEqual(size.width + 0.5);
    expect(b.badge.y + b.badge.height).toBeLessThanOrEqual(size.height + 0.5);
    const covered = words.filter((w) => overlaps(w, b.badge)).map((w) => w.text);
    expect(covered).toEqual([]);
    // Nor on another badge.
    expect(placed.filter((p) => overlaps(p, b.badge))).toEqual([]);
    placed.push(b.badge);
  }
}

async function screenshotAt(page: Page, width: number, file: string): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await settled(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(600, Math.min(height, 4000)) });
  await settled(page);
  await page.screenshot({ path: path.join(ARTIFACTS, `${file}.png`) });
  await page.setViewportSize({ width, height: 900 });
}

(skipBrowser ? describe.skip : describe)("the Fields step in Chromium against the real service", () => {
  const stack = useSendStack();

  test("tags readable beside their outlines at 320 and 500 px and zoomed; a field dropped at 200 % lands where clicked", async () => {
    const service = stack.service();
    const token = await service.token("Fields-Step");
    const { page, errors } = await stack.openPane(token, "read", "light");
    const send = page.getByRole("tabpanel", { name: "Send" });
    await send.getByRole("button", { name: "Next: fields" }).click();
    await openDocument(page, "master-services-agreement.pdf");
    await page
      .getByRole("list", { name: "Pages of master-services-agreement.pdf" })
      .getByRole("button", { name: /^Page 2/ })
      .click();
    await eventually(async () => expect(await page.getByTestId("send-tag-box").count()).toBe(8));
    const words = await wordsOf("master-services-agreement.pdf", 2);
    expect(words.map((w) => w.text).join(" ")).toContain("Signature:");
    const pageEl = page.getByTestId("send-page");
    const size = {
      x: 0,
      y: 0,
      width: Number(await pageEl.getAttribute("data-page-width")),
      height: Number(await pageEl.getAttribute("data-page-height")),
    };

    // 320 px: the page as wide as the pane allows; the tags readable.
    await checkScreen(page, "fields-step-320", "the Fields step at 320 px", "fields-320");
    const fills = async () => {
      const [p, v] = await Promise.all([
        pageEl.boundingBox(),
        page.getByTestId("send-page-viewport").boundingBox(),
      ]);
      return { page: p!.width, viewport: v!.width, window: page.viewportSize()!.width };
    };
    let w = await fills();
    expect(w.page).toBeGreaterThan(w.viewport - 6);
    expect(w.viewport).toBeGreaterThan(w.window - 48);
    await expectReadableTags(page, words, size);

    // 500 px: wider page, still fitted.
    await screenshotAt(page, 500, "fields-step-500");
    w = await fills();
    expect(w.window).toBe(500);
    expect(w.page).toBeGreaterThan(w.viewport - 6);
    expect(w.viewport).toBeGreaterThan(w.window - 48);
    await expectReadableTags(page, words, size);

    // Zoom: by the buttons (named), then by keys on the focused preview.
    await page.setViewportSize({ width: 320, height: 900 });
    const zoomIn = page.getByRole("button", { name: "Zoom in" });
    await zoomIn.click();
    const fitted = (await page.getByTestId("send-page-viewport").boundingBox())!.width;
    await eventually(async () =>
      expect((await pageEl.boundingBox())!.width).toBeGreaterThan(1.4 * (fitted - 4)),
    );
    await page.getByRole("region", { name: /^Page 2 of master-services-agreement\.pdf, zoom 150%/ }).focus();
    await page.keyboard.press("+");
    await page.getByRole("region", { name: /zoom 200%/ }).waitFor();
    await page.keyboard.press("0");
    await page.getByRole("region", { name: /zoom 100%/ }).waitFor();
    await page.getByRole("button", { name: "Zoom out" }).click();
    await page.getByRole("region", { name: /zoom 75%/ }).waitFor();
    await page.getByRole("button", { name: "Fit width" }).click();
    await page.getByRole("region", { name: /zoom 100%/ }).waitFor();
    await zoomIn.click();
    await zoomIn.click();
    await page.getByRole("region", { name: /zoom 200%/ }).waitFor();
    await expectReadableTags(page, words, size);
    // The window does not scroll sideways: the preview does.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(1);
    await settled(page);
    await page.getByTestId("send-page-viewport").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, "fields-step-320-zoom200.png") });

    // Page 1 at 200 %: scrolled right and down inside the preview, a signature dropped in its middle.
    await page
      .getByRole("list", { name: "Pages of master-services-agreement.pdf" })
      .getByRole("button", { name: /^Page 1/ })
      .click();
    await page.getByRole("region", { name: /^Page 1 of .*zoom 200%/ }).waitFor();
    const viewport = page.getByTestId("send-page-viewport");
    // Chosen first: choosing scrolls the window to the list, which would move the page under the pointer.
    const signer = (
      await page.getByRole("combobox", { name: "Signer" }).locator("option").allTextContents()
    )[0]!;
    await page.getByRole("combobox", { name: "Signer" }).selectOption({ label: signer });
    await page.getByRole("combobox", { name: "Field type" }).selectOption({ label: "Signature" });
    // A blank part of the page (the service fits a field dropped on text around the text), scrolled
    // to the middle of the preview.
    const target = { fx: 0.6, fy: 0.62 };
    await viewport.evaluate((v, t) => {
      v.scrollLeft = t.fx * v.scrollWidth - v.clientWidth / 2;
      v.scrollTop = t.fy * v.scrollHeight - v.clientHeight / 2;
    }, target);
    await viewport.scrollIntoViewIfNeeded();
    await settled(page);
    const shown = (await viewport.boundingBox())!;
    const pageBox = (await pageEl.boundingBox())!;
    const click = {
      x: pageBox.x + target.fx * pageBox.width,
      y: pageBox.y + target.fy * pageBox.height,
    };
    // Scrolled inside the preview: the point is in its visible part and in the window.
    expect(await viewport.evaluate((v) => [v.scrollLeft > 0, v.scrollTop > 0])).toEqual([true, true]);
    expect(click.x).toBeGreaterThan(shown.x);
    expect(click.x).toBeLessThan(shown.x + shown.width);
    expect(click.y).toBeGreaterThan(Math.max(shown.y, 0));
    expect(click.y).toBeLessThan(Math.min(shown.y + shown.height, page.viewportSize()!.height));
    const k = size.width / pageBox.width;
    expect(k).toBeLessThan(0.75 * (size.width / fitted)); // zoomed: fewer points per pixel
    const expected = { x: (click.x - pageBox.x) * k, y: (click.y - pageBox.y) * k };
    await page.mouse.click(click.x, click.y);
    await eventually(async () => expect(await page.getByTestId("send-field").count()).toBe(1));
    await page.getByTestId("send-field").getByTestId("send-field-badge").waitFor();
    // On screen: centred where clicked, its badge beside it.
    const fieldBox = (await page.getByTestId("send-field").boundingBox())!;
    expect(Math.abs(fieldBox.x + fieldBox.width / 2 - click.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(fieldBox.y + fieldBox.height / 2 - click.y)).toBeLessThanOrEqual(2);
    const badgeBox = (await page.getByTestId("send-field-badge").boundingBox())!;
    expect(overlaps(badgeBox, fieldBox)).toBe(false);

    await send.getByRole("button", { name: "Next: check" }).click();
    await send.getByRole("list", { name: "Fields per signer" }).waitFor();
    for (const box of await send.getByRole("checkbox", { name: /^Send anyway/ }).all()) await box.check();
    await send.getByText("Ready to send.").waitFor();
    await send.getByRole("button", { name: "Next: send" }).click();
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await send.getByText(/^Sent: /).waitFor({ timeout: 90_000 });

    const call = async (route: string) =>
      (await (await service.call("GET", route, { token })).json()) as { items: Record<string, unknown>[] };
    const [pkg] = (await call("/api/v1/packages")).items as { id: string }[];
    const docs = (await call(`/api/v1/packages/${pkg!.id}/documents`)).items as {
      id: string;
      name: string;
    }[];
    const msa = docs.find((d) => d.name === "master-services-agreement.pdf")!;
    const annotations = (await call(`/api/v1/packages/${pkg!.id}/annotations`)).items as unknown as (Box & {
      documentId: string;
      page: number;
      type: string;
    })[];
    const dropped = annotations.filter(
      (a) => a.documentId === msa.id && a.page === 1 && a.type === "Signature",
    );
    expect(dropped).toHaveLength(1);
    const centre = { x: dropped[0]!.x + dropped[0]!.width / 2, y: dropped[0]!.y + dropped[0]!.height / 2 };
    expect(Math.abs(centre.x - expected.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(centre.y - expected.y)).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
  }, 300_000);
});
