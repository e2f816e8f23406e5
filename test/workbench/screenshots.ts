/**
 * Screenshots of the workbench (not a jest test): the Tags and Settings views in read and compose
 * mode, light and dark, written to test/artifacts/ (ignored by git).
 *
 *   npm run dev-server &            # the workbench on http://localhost:3000
 *   node --import tsx test/workbench/screenshots.ts
 *
 * Settings signs in against a small stand-in for the service's GET /api/v1/me started here (with
 * CORS for the workbench's origin), so it needs no running service. Uses Debian's Chromium
 * (/usr/bin/chromium, or CHROMIUM_PATH) through playwright-core. Fails when a page logs an error.
 */
import { mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { chromium, type Frame, type Page } from "playwright-core";

const WORKBENCH = process.env.WORKBENCH_URL ?? `http://localhost:${process.env.ADDIN_PORT ?? 3000}`;
const OUT = join(__dirname, "..", "artifacts");
const TOKEN = "sfo_pat_workbench_demo";

function standInService() {
  const server = createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", req.headers.origin ?? "*");
    res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type");
    res.setHeader("Vary", "Origin");
    if (req.method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    };
    if (req.url !== "/api/v1/me")
      return json(404, {
        title: "Not Found",
        status: 404,
        code: "not_found",
        detail: "No such route",
        traceId: "00-stand-in",
      });
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      return json(401, {
        type: "https://sign.example.com/problems/unauthorized",
        title: "Unauthorized",
        status: 401,
        detail: "The access token is not valid.",
        code: "unauthorized",
        traceId: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      });
    }
    return json(200, {
      tenantId: "3f1c2a9e-5d7b-4e8a-9c1f-2b6d8e4a7c15",
      tenantName: "Contoso",
      credentialKind: "pat",
      scopes: ["sign.package.read", "sign.package.create", "sign.package.send", "sign.signinggroup.read"],
      subject: "megan.bowen@contoso.com",
    });
  });
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

async function pane(page: Page): Promise<Frame> {
  const element = await page.waitForSelector("iframe[title='Sign for Outlook task pane']");
  const frame = await element.contentFrame();
  if (!frame) throw new Error("no task pane frame");
  await frame.waitForSelector("[role=tablist]", { timeout: 20_000 });
  return frame;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const service = await standInService();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const errors: string[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
    const page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`${m.location().url}: ${m.text()}`);
    });
    page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));

    const shot = async (name: string): Promise<void> => {
      for (const frame of page.frames()) await frame.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(OUT, `${name}.png`) });
      console.log(`test/artifacts/${name}.png`);
    };

    for (const theme of ["light", "dark"] as const) {
      for (const mode of ["read", "compose"] as const) {
        await page.goto(`${WORKBENCH}/workbench.html?mode=${mode}&theme=${theme}`);
        let frame = await pane(page);
        await frame.getByRole("tab", { name: "Tags" }).click();
        await frame.getByLabel("Label").first().fill("Client signature");
        await frame.getByLabel("Signer").fill("2");
        await frame
          .getByRole("textbox", { name: "Tag" })
          .fill("{{dropdown:1:opt;label=Colour;options=Red,Green}}");
        if (mode === "compose") {
          await frame.getByRole("button", { name: "Insert Platform tag at the cursor" }).first().click();
          await page.getByText("Inserted").waitFor();
        }
        await shot(`tags-${mode}-${theme}`);

        if (theme === "light") {
          // Problems: a field error next to its field, and a tag that does not parse.
          await frame.getByLabel("Signer").fill("100");
          await frame.getByRole("textbox", { name: "Tag" }).fill("{{sig:x:req}}");
          await shot(`tags-${mode}-errors`);
        }

        await page.reload();
        frame = await pane(page);
        await frame.getByRole("tab", { name: "Settings" }).click();
        await frame.getByLabel("Service URL").fill(service.url);
        await frame.getByLabel("Personal access token").fill(mode === "read" ? "wrong-token" : TOKEN);
        await frame.getByRole("button", { name: "Sign in" }).click();
        await frame.getByText(mode === "read" ? "Sign-in failed" : "Signed in", { exact: true }).waitFor();
        await shot(`settings-${mode}-${theme}`);
        // Leave no token behind for the next round.
        if (mode === "compose") await frame.getByRole("button", { name: "Sign out" }).click();
      }
    }

    // High contrast: the system's forced colours (Windows contrast themes) win over Office's theme.
    const contrast = await browser.newContext({
      viewport: { width: 1280, height: 1200 },
      forcedColors: "active",
    });
    const contrastPage = await contrast.newPage();
    contrastPage.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
    await contrastPage.goto(`${WORKBENCH}/workbench.html?mode=compose&theme=light`);
    const contrastPane = await pane(contrastPage);
    await contrastPane.getByText("Build a tag").waitFor();
    await contrastPage.waitForTimeout(500);
    await contrastPage.screenshot({ path: join(OUT, "tags-compose-high-contrast.png") });
    console.log("test/artifacts/tags-compose-high-contrast.png");
  } finally {
    await browser.close();
    await service.close();
  }
  // A failed sign-in logs the 401 of the stand-in: expected.
  const unexpected = errors.filter((e) => !/401 \(Unauthorized\)/.test(e));
  if (unexpected.length > 0) {
    console.error(`Errors in the pages:\n${unexpected.join("\n")}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
