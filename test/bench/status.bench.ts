// Benchmark of the Status view (issue 18) in Chromium against the local service with 100,000 packages
// in the tenant (from 20,000 threads, as test/bench/packages.bench.ts seeds them) and 5 packages sent
// from the workbench fixture's thread through the service's routes. The pane is the production build
// (dist/, `npm run build`; reused when newer than src/, or built) served statically, as Outlook loads it
// from a host, with the workbench's simulated Outlook in Office.js's place (test/bench/production-pane.ts).
// - "opened on Status": the pane opened with Status as its start view (taskpane.html?view=status, as
//   the mobile read surface and a reopened pane show it); the clock runs from navigation start to
//   every package card of the thread in the page with its signers (goal <= 300 ms). "first" has an
//   empty browser cache (the add-in's first opening), "cached" the scripts in the HTTP cache.
// - "tab shown": the pane open on Settings (signed in, identity known), then the Status tab clicked:
//   from the click to the same paint, the view's chunk loaded for the first time in that page.
// - the CPU time of the tab's showing (the page's main thread, from Chrome's trace, and this process:
//   the service, the static host, Playwright), which a machine busy with other work stretches far less
//   than the wall time; and the load average around the timed runs.
// - the requests a minute of polling makes while the pane stays on screen, and how many were 304.
// Run: node --import tsx test/bench/status.bench.ts [--packages N] [--runs N] [--poll-seconds S] [--rebuild]
// Prints figures; asserts nothing. Needs Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH).
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { buildApp } from "../../src/service/app";
import { loadConfig } from "../../src/service/config";
import { createPersonalAccessToken } from "../../src/service/domain/credentials";
import { openStorage } from "../../src/service/storage";
import { PAT_STORAGE_KEY } from "../../src/auth/pat";
import { SERVICE_URL_STORAGE_KEY } from "../../src/taskpane/session";
import type { MessageFixture } from "../../src/workbench/bridge";
import { freshPlace } from "../service/harness";
import { seedPackage } from "../taskpane/status-seed";
import { ensureProductionBuild, fakeOfficeScript, serveDist } from "./production-pane";
import { seedPackages } from "./seed-packages";
import { seededRandom } from "./seeded-random";
import { CHROMIUM, CHROMIUM_ARGS } from "../browser/chromium";

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
const { next } = seededRandom(20261125);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  ensureProductionBuild(process.argv.includes("--rebuild"));
  const officeScript = await fakeOfficeScript();
  const place = await freshPlace("sqlite");
  const host = await serveDist(officeScript);
  const config = loadConfig({
    SIGN_DATA_DIR: place.dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    SIGN_SCHEDULER_INTERVAL_MS: "0",
    SIGN_CORS_ORIGINS: host.origin,
  });
  const storage = await openStorage(config);
  const app = await buildApp({ storage, config });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const { token, tenantId } = await createPersonalAccessToken(storage, { tenant: "bench", scopes: [] });
    const seedStart = performance.now();
    await seedPackages(storage, { tenantId, count: PACKAGES, threads: THREADS, next });
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
    const origin = host.origin;

    /** A browser profile of its own (an empty HTTP cache), signed in; the host answers Office.js with the fake. */
    const newContext = async () => {
      const context = await browser.newContext({ viewport: { width: 320, height: 900 } });
      await context.addInitScript(
        ([urlKey, patKey, url, pat]) => {
          sessionStorage.setItem(urlKey!, url!);
          sessionStorage.setItem(patKey!, pat!);
        },
        [SERVICE_URL_STORAGE_KEY, PAT_STORAGE_KEY, serviceUrl, token],
      );
      return context;
    };
    const context = await newContext();
    const page = await context.newPage();
    const painted = `document.querySelectorAll('[data-package-id]').length >= ${THREAD_PACKAGES} &&
      document.querySelectorAll('ul[aria-label^="Signers of"]').length >= ${THREAD_PACKAGES}`;

    /** Opens the pane on Settings (signed in, identity known), then shows Status: ms to painted. */
    const showStatus = async (): Promise<{ shown: number; cold: number }> => {
      await page.goto(`${origin}/taskpane.html?view=settings`);
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
    /** Opens the pane with Status as its start view: ms from navigation start to painted. */
    const coldLoad = async (on = page): Promise<number> => {
      await on.goto(`${origin}/taskpane.html?view=status`);
      await on.waitForFunction(painted, undefined, { timeout: 60_000, polling: "raf" });
      const at = await on.evaluate(() => performance.now());
      if (process.env.PROBE) {
        const marks = await on.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .map(
              (e) =>
                `${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)} ${e.name.slice(-70)}`,
            ),
        );
        console.log(Math.round(at), marks.join("\n"));
      }
      return at;
    };
    /** The same in a browser profile of its own: nothing of the add-in in the HTTP cache. */
    const firstLoad = async (): Promise<number> => {
      const fresh = await newContext();
      try {
        return await coldLoad(await fresh.newPage());
      } finally {
        await fresh.close();
      }
    };

    /**
     * The tab shown again under Chrome's tracing: the CPU time of the page's main thread (the
     * renderer's CrRendererMain tasks, from the click to the paint) and of this process (the service,
     * the static host and Playwright's client), which a busy machine stretches far less than wall time.
     */
    const showStatusCpu = async (): Promise<{ mainThread: number; benchProcess: number }> => {
      await page.goto(`${origin}/taskpane.html?view=settings`);
      await page.getByText("Signed in", { exact: true }).waitFor({ timeout: 60_000 });
      await browser.startTracing(page, { categories: ["disabled-by-default-devtools.timeline"] });
      const before = process.cpuUsage();
      await page.evaluate(() => (document.getElementById("tab-status") as HTMLElement).click());
      await page.waitForFunction(painted, undefined, { timeout: 60_000, polling: "raf" });
      const used = process.cpuUsage(before);
      const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as {
        traceEvents: {
          name: string;
          ph: string;
          pid: number;
          tid: number;
          tdur?: number;
          args?: { name?: string };
        }[];
      };
      const mains = new Set(
        trace.traceEvents
          .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
          .map((e) => `${e.pid}:${e.tid}`),
      );
      const perThread = new Map<string, number>();
      for (const e of trace.traceEvents) {
        const key = `${e.pid}:${e.tid}`;
        if (e.name === "RunTask" && e.ph === "X" && mains.has(key))
          perThread.set(key, (perThread.get(key) ?? 0) + (e.tdur ?? 0));
      }
      return {
        mainThread: Math.max(0, ...perThread.values()) / 1000,
        benchProcess: (used.user + used.system) / 1000,
      };
    };

    await coldLoad(); // warm the service's and the browser's caches
    const shown: number[] = [];
    const cold: number[] = [];
    const first: number[] = [];
    const loadBefore = os.loadavg()[0]!;
    for (let i = 0; i < RUNS; i++) shown.push((await showStatus()).shown);
    const cpu: { mainThread: number; benchProcess: number }[] = [];
    for (let i = 0; i < 3; i++) cpu.push(await showStatusCpu());
    for (let i = 0; i < RUNS; i++) cold.push(await coldLoad());
    for (let i = 0; i < RUNS; i++) first.push(await firstLoad());
    const loadAfter = os.loadavg()[0]!;

    // A minute of polling with the pane on screen: every request the pane sends to the service.
    const requests: { url: string; status: number; askedAt: number }[] = [];
    const askedAt = new Map<object, number>();
    page.on("request", (r) => askedAt.set(r, Date.now()));
    page.on("response", (r) => {
      if (r.url().startsWith(serviceUrl) && r.request().method() !== "OPTIONS") {
        requests.push({ url: r.url(), status: r.status(), askedAt: askedAt.get(r.request()) ?? Date.now() });
      }
    });
    await coldLoad();
    const settled = requests.length;
    const windowEnd = Date.now() + POLL_SECONDS * 1000;
    await page.waitForTimeout(POLL_SECONDS * 1000);
    // A refresh that started inside the minute counts whole: its answers may come just after.
    await page.waitForTimeout(5_000);
    const polled = requests.slice(settled).filter((r) => r.askedAt <= windowEnd);
    const packageReads = polled.filter((r) => new URL(r.url).pathname.startsWith("/api/v1/packages"));
    const notModified = packageReads.filter((r) => r.status === 304).length;

    console.log(
      JSON.stringify(
        {
          packagesInTenant: PACKAGES,
          threadPackages: THREAD_PACKAGES,
          seedSeconds: Math.round(seedSeconds),
          build: "production (dist/)",
          openedOnStatusToPaintedMs: {
            first: { median: Math.round(median(first)), max: Math.round(Math.max(...first)) },
            cached: { median: Math.round(median(cold)), max: Math.round(Math.max(...cold)) },
          },
          tabShownToPaintedMs: { median: Math.round(median(shown)), max: Math.round(Math.max(...shown)) },
          // Median of 3 traced showings: CPU time, not wall time (see showStatusCpu).
          tabShownCpuMs: {
            pageMainThread: Math.round(median(cpu.map((c) => c.mainThread))),
            serviceHostAndClient: Math.round(median(cpu.map((c) => c.benchProcess))),
          },
          // The machine's 1-minute load average before and after the timed runs.
          loadAverage: { before: Number(loadBefore.toFixed(1)), after: Number(loadAfter.toFixed(1)) },
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
    await host.close();
    await app.close();
    await storage.close();
    await place.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
