/**
 * What the Send view's browser tests share: the pane, the real service and Chromium started once per
 * file (browser-stack.ts); the pane opened 320 px wide under the workbench's simulated Outlook, signed
 * in before it loads; a screenshot, axe-core and the 320 px check per step; dropping a field with the
 * mouse. send-view-more.test.ts and send-template.test.ts use all of it; send-view.test.ts (which signs
 * in through Settings and keeps the lesser axe findings) the field and document helpers.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { PAT_STORAGE_KEY } from "../../src/auth/pat";
import { SERVICE_URL_STORAGE_KEY } from "../../src/taskpane/session";
import type { MessageFixture } from "../../src/workbench/bridge";
import type { TestService } from "../service/harness";
import { expectAccessible } from "./axe";
import { ARTIFACTS, useBrowserStack } from "./browser-stack";

export { ARTIFACTS, ROOT, chromiumMissing, skipBrowser } from "./browser-stack";
export const PANE_WIDTH = 320;

export type Mode = "read" | "compose";
/** "contrast": forced colours (Windows high contrast), under which the pane takes its high-contrast theme. */
export type Theme = "light" | "dark" | "contrast";

/** Retries an assertion until it holds (or throws its last failure after `timeoutMs`). */
export async function eventually(assertion: () => Promise<void> | void, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export interface SendStack {
  service(): TestService;
  /** The pane on the Send view, signed in with `token`; `fixture` replaces the message when given. */
  openPane(
    token: string,
    mode: Mode,
    theme: Theme,
    fixture?: MessageFixture,
    /** Opened without `?view=` (as Outlook opens it): the tab list is waited for, not Send. */
    options?: { noView?: boolean; view?: string; query?: string },
  ): Promise<{ page: Page; errors: string[] }>;
}

/** Registers the hooks of browser-stack.ts (the pane, the service, Chromium) for a Send view test file. */
export function useSendStack(
  options: { serviceEnv?: Record<string, string>; signingPage?: boolean } = {},
): SendStack {
  const stack = useBrowserStack(options);
  return {
    service: stack.service,
    async openPane(token, mode, theme, fixture, options = {}) {
      const context = await stack.newContext({ viewport: { width: PANE_WIDTH, height: 900 } });
      await context.addInitScript(
        ([urlKey, patKey, url, pat]) => {
          sessionStorage.setItem(urlKey!, url!);
          sessionStorage.setItem(patKey!, pat!);
        },
        [SERVICE_URL_STORAGE_KEY, PAT_STORAGE_KEY, stack.service().url, token],
      );
      if (fixture) {
        await context.route("**/fixtures/message.json", (route) => route.fulfill({ json: fixture }));
      }
      const page = await context.newPage();
      if (theme === "contrast") await page.emulateMedia({ forcedColors: "active" });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`uncaught: ${e.message}`));
      await page.goto(
        `${stack.origin()}/taskpane.html?workbench=1&mode=${mode}&theme=${theme === "dark" ? "dark" : "light"}` +
          (options.noView ? "" : `&view=${options.view ?? "send"}`) +
          (options.query ?? ""),
      );
      if (options.view) return { page, errors };
      if (options.noView) {
        await page.getByRole("tablist", { name: "Sign for Outlook views" }).waitFor({ timeout: 60_000 });
        return { page, errors };
      }
      await page
        .getByRole("tabpanel", { name: "Send" })
        .getByRole("heading", { name: "Send for signature" })
        .first()
        .waitFor({ timeout: 60_000 });
      return { page, errors };
    },
  };
}

/** A screenshot of the whole step (test/artifacts/send-<name>-<mode>-<theme>.png), axe-core, no scrolling sideways. */
export async function step(page: Page, name: string, mode: Mode, theme: Theme): Promise<void> {
  await checkScreen(
    page,
    `send-${name}-${mode}-${theme}`,
    `the Send view's ${name} step (${mode}, ${theme})`,
    name,
  );
}

/**
 * Waits until the pane has drawn what it is loading: fonts loaded, nothing marked busy (aria-busy),
 * then two animation frames so that layout and paint have caught up. A state, not a fixed pause,
 * which a loaded machine outruns.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.fonts.status === "loaded" && !document.querySelector('[aria-busy="true"]'),
    undefined,
    {
      timeout: 30_000,
    },
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * A screenshot of the whole screen as test/artifacts/<file>.png, axe-core (no serious violation in
 * `what`), and nothing wider than the pane (`name` labels the failure).
 */
export async function checkScreen(page: Page, file: string, what: string, name: string): Promise<void> {
  await settled(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: PANE_WIDTH, height: Math.max(600, Math.min(height, 4000)) });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(ARTIFACTS, `${file}.png`) });
  await page.setViewportSize({ width: PANE_WIDTH, height: 900 });
  await expectAccessible(page, what);
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""} ${e.textContent?.slice(0, 40) ?? ""}`),
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect({ step: name, overflow: overflow > 1 ? wide : [] }).toEqual({ step: name, overflow: [] });
}

/** A point on the shown page: where it was clicked on screen and where that is on the page, in points. */
export interface PagePoint {
  clientX: number;
  clientY: number;
  /** Points from the page's left and top edges, from its rendered size and its size in points. */
  x: number;
  y: number;
}

/** Where a fraction of the shown page is, on screen and in points (from the rendered box, not the draft). */
export async function pagePoint(page: Page, fx: number, fy: number): Promise<PagePoint> {
  const target = page.getByTestId("send-page");
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const widthPt = Number(await target.getAttribute("data-page-width"));
  const clientX = box.x + fx * box.width;
  const clientY = box.y + fy * box.height;
  const k = widthPt / box.width; // points per pixel
  return { clientX, clientY, x: fx * box.width * k, y: fy * box.height * k };
}

/** Points per screen pixel on the shown page. */
export async function pointsPerPixel(page: Page): Promise<number> {
  const target = page.getByTestId("send-page");
  const box = (await target.boundingBox())!;
  return Number(await target.getAttribute("data-page-width")) / box.width;
}

/** Drops a field by clicking on the page at fractions of its width and height; the point clicked. */
export async function dropAt(
  page: Page,
  signer: string,
  type: string,
  fx: number,
  fy: number,
): Promise<PagePoint> {
  await page.getByRole("combobox", { name: "Signer" }).selectOption({ label: signer });
  await page.getByRole("combobox", { name: "Field type" }).selectOption({ label: type });
  const at = await pagePoint(page, fx, fy);
  const before = await page.getByTestId("send-field").count();
  await page.mouse.click(at.clientX, at.clientY);
  await eventually(async () => expect(await page.getByTestId("send-field").count()).toBe(before + 1));
  return at;
}

export async function openDocument(page: Page, name: string): Promise<void> {
  await page.getByRole("combobox", { name: "Document" }).selectOption({ label: name });
  await page.getByRole("list", { name: `Pages of ${name}` }).waitFor();
  await page.getByText(/^Tags already in this document|^No text tags/).waitFor();
}
