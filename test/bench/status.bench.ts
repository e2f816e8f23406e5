// Benchmark of the Status view (issue 18) in Chromium against the local service with 100,000 packages
// in the tenant (from 20,000 threads, as test/bench/packages.bench.ts seeds them) and 5 packages sent
// from the workbench fixture's thread through the service's routes.
// - "pane shown → thread's packages painted": the pane (taskpane.html, workbench's simulated Outlook,
//   signed in, on another view) shows the Status tab; the clock stops when every package card of the
//   thread is in the page with its signers (goal <= 300 ms). Includes loading the view's chunk the
//   first time (the "first" figure) and not after (the "again" figures: the pane reopened).
// - "cold": from navigation start to the same paint (dev bundle: unminified, so only indicative).
// - the requests a minute of polling makes while the pane stays on screen, and how many were 304.
// Run: node --import tsx test/bench/status.bench.ts [--packages N] [--runs N] [--poll-seconds S]
// Prints figures; asserts nothing. Needs Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH).
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { buildApp } from "../../src/service/app";
import { loadConfig } from "../../src/service/config";
import { createPersonalAccessToken } from "../../src/service/domain/credentials";
import { newId } from "../../src/service/domain/tokens";
import { openStorage, type PackageFields } from "../../src/service/storage";
import { PAT_STORAGE_KEY } from "../../src/auth/pat";
import { SERVICE_URL_STORAGE_KEY } from "../../src/taskpane/session";
import type { MessageFixture } from "../../src/workbench/bridge";
import { freePort, startDevServer } from "../browser/dev-server";
import { freshPlace } from "../service/harness";
import { seedPackage } from "../taskpane/status-seed";
import { seededRandom } from "./seeded-random";

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const PACKAGES = Number(option("packages", "100000"));
const RUNS = Math.max(3, Number(option("runs", "9")));
const POLL_SECONDS = Number(option("poll-seconds", "60"));
const THREADS = Math.max(1, Math.floor(PACKAGES / 5));
const THREAD_PACKAGES = 5;
const ROOT = path.resolve(__dirname, "../..");
const FIXTURE = JSON.parse(
  readFileSync(path.join(ROOT, "test", "fixtures", "message.json"), "utf8"),
) as MessageFixture;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const { next } = seededRandom(20261125);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const STATUSES = ["Draft", "Sent", "Completed", "Voided", "Sent", "Completed"] as const;

async function main() {
  const place = await freshPlace("sqlite");
  const port = await freePort();
  const devServer = startDevServer(port, 240_000);
  const config = loadConfig({
    SIGN_DATA_DIR: place.dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    SIGN_SCHEDULER_INTERVAL_MS: "0",
    SIGN_CORS_ORIGINS: `http://localhost:${port},https://localhost:${port}`,
  });
  const storage = await openStorage(config);
  const app = await buildApp({ storage, config });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const { token, tenantId } = await createPersonalAccessToken(storage, { tenant: "bench", scopes: [] });
    const seedStart = performance.now();
    const start = Date.UTC(2024, 0, 1);
    for (let first = 0; first < PACKAGES; first += 2_000) {
      await storage.transaction(async (s) => {
        for (let i = first; i < Math.min(PACKAGES, first + 2_000); i++) {
          const at = new Date(start + i * 300_000).toISOString();
          const status = STATUSES[Math.floor(next() * STATUSES.length)]!;
          const fields: PackageFields = {
            name: `Agreement ${i}`,
            status,
            updatedOn: at,
            sentOn: status === "Draft" ? null : at,
            completedOn: status === "Completed" ? at : null,
            enforceSigningOrder: false,
            expirationDate: null,
            scheduledSendOn: null,
            emailSubject: null,
            emailMessage: null,
            isArchived: false,
            voidedReason: status === "Voided" ? "Superseded" : null,
            source: {
              kind: "outlook",
              conversationId: `thread-${Math.floor(next() * THREADS)}`,
              internetMessageId: `<m${i}@contoso.com>`,
              subject: `Agreement ${i}`,
            },
            reminders: { enabled: false, firstAfterDays: null, everyDays: null },
            senderEmail: null,
            senderName: null,
          };
          await s.packages.insert(newId(), tenantId, at, fields);
        }
      });
    }
    await storage.transaction((s) => s.packages.compactCounts());
    await storage.optimize();
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const serviceUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    for (let i = 0; i < THREAD_PACKAGES; i++) {
      await seedPackage(serviceUrl, token, {
        name: `Fixture thread package ${i + 1}`,
        conversationId: FIXTURE.conversationId,
        signers: [
          { email: FIXTURE.from.emailAddress, name: FIXTURE.from.displayName },
          { email: `signer${i}@contoso.com`, name: `Signer ${i}` },
        ],
      });
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const origin = await devServer.ready;

    const context = await browser.newContext({ viewport: { width: 320, height: 900 } });
    await context.addInitScript(
      ([urlKey, patKey, url, pat]) => {
        sessionStorage.setItem(urlKey!, url!);
        sessionStorage.setItem(patKey!, pat!);
      },
      [SERVICE_URL_STORAGE_KEY, PAT_STORAGE_KEY, serviceUrl, token],
    );
    const page = await context.newPage();
    const painted = `document.querySelectorAll('[data-package-id]').length >= ${THREAD_PACKAGES} &&
      document.querySelectorAll('ul[aria-label^="Signers of"]').length >= ${THREAD_PACKAGES}`;

    /** Opens the pane on Settings (signed in, identity known), then shows Status: ms to painted. */
    const showStatus = async (): Promise<{ shown: number; cold: number }> => {
      await page.goto(`${origin}/taskpane.html?workbench=1&mode=read&theme=light&view=settings`);
      await page.getByText("Signed in", { exact: true }).waitFor({ timeout: 60_000 });
      const shownAt = await page.evaluate(() => {
        const at = performance.now();
        (document.getElementById("tab-status") as HTMLElement).click();
        return at;
      });
      await page.waitForFunction(painted, undefined, { timeout: 60_000, polling: "raf" });
      const doneAt = await page.evaluate(() => performance.now());
      // PROBE=1: when each script and request of the showing started and ended (where the time goes).
      if (process.env.PROBE) {
        const marks = await page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .map(
              (e) =>
                `${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name.slice(-70)}`,
            ),
        );
        console.log(
          Math.round(shownAt),
          Math.round(doneAt),
          marks.filter((m) => Number(m.split("-")[0]) >= shownAt - 5).join("\n"),
        );
      }
      return { shown: doneAt - shownAt, cold: 0 };
    };
    const coldLoad = async (): Promise<number> => {
      await page.goto(`${origin}/taskpane.html?workbench=1&mode=read&theme=light&view=status`);
      await page.waitForFunction(painted, undefined, { timeout: 60_000, polling: "raf" });
      return page.evaluate(() => performance.now());
    };

    await coldLoad(); // warm the dev server's and the browser's caches
    const shown: number[] = [];
    const cold: number[] = [];
    for (let i = 0; i < RUNS; i++) shown.push((await showStatus()).shown);
    for (let i = 0; i < RUNS; i++) cold.push(await coldLoad());

    // A minute of polling with the pane on screen: every request the pane sends to the service.
    const requests: { url: string; status: number }[] = [];
    page.on("response", (r) => {
      if (r.url().startsWith(serviceUrl) && r.request().method() !== "OPTIONS") {
        requests.push({ url: r.url(), status: r.status() });
      }
    });
    await coldLoad();
    const settled = requests.length;
    await page.waitForTimeout(POLL_SECONDS * 1000);
    const polled = requests.slice(settled);
    const packageReads = polled.filter((r) => new URL(r.url).pathname.startsWith("/api/v1/packages"));
    const notModified = packageReads.filter((r) => r.status === 304).length;

    console.log(
      JSON.stringify(
        {
          packagesInTenant: PACKAGES,
          threadPackages: THREAD_PACKAGES,
          seedSeconds: Math.round(seedSeconds),
          paneShownToPaintedMs: { median: Math.round(median(shown)), max: Math.round(Math.max(...shown)) },
          coldNavigationToPaintedMs: { median: Math.round(median(cold)), max: Math.round(Math.max(...cold)) },
          pollingPerMinute: {
            seconds: POLL_SECONDS,
            packageRequests: Math.round((packageReads.length * 60) / POLL_SECONDS),
            notModified: Math.round((notModified * 60) / POLL_SECONDS),
            // Telemetry batches and the like, not the Status view's polling.
            otherRequests: Math.round(((polled.length - packageReads.length) * 60) / POLL_SECONDS),
            firstLoadRequests: settled,
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close().catch(() => undefined);
    await devServer.stop();
    await app.close();
    await storage.close();
    await place.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
